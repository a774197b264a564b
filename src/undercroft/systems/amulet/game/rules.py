"""One step of a whole game: every hero's action, the heroes' moves, then the monsters.

"No initiative" (seed 000): every seat chooses, the choices resolve in seat
order room by room, heroes who left a room arrive in the next (generated now if
new), and after every ``actions_per_round`` steps the monsters of every
occupied room act, pursuing swarms follow, and the countdown ticks. Every
choice is checked before anything changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.systems.amulet.game import level_choices
from undercroft.systems.amulet.game.level_choices import choosers
from undercroft.systems.amulet.game.level_play import (
    Level,
    adopt_exits,
    build_scene,
    destination,
    mark_seen,
    name_found_exits,
    openings_in,
    rooms_behind,
    way_out,
)
from undercroft.systems.amulet.game.meta_dungeon import (
    boss_check,
    claimable,
    descend_if_ready,
    settle_claims,
    spend_token,
)
from undercroft.systems.amulet.game.state import Claim, GameState
from undercroft.systems.amulet.game.treasure_level import race, racing_actions
from undercroft.systems.amulet.game.way_down import place_final_stair
from undercroft.systems.amulet.game.ways_through import into_each_room, slip_target, ways_from
from undercroft.systems.amulet.room.actions import HALF_VERBS, Action
from undercroft.systems.amulet.room.cover import drop_fallen_cover
from undercroft.systems.amulet.room.events import Event
from undercroft.systems.amulet.room.exits import pursuers
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.harm import BRAVERY, COUNTDOWN, scatter, set_health
from undercroft.systems.amulet.room.hero_actions import resolve, wear_specials
from undercroft.systems.amulet.room.legal import check, legal, room_attacks
from undercroft.systems.amulet.room.monster_phase import monsters_act
from undercroft.systems.amulet.room.scene import HeroState, Scene

WAIT: Final = Action("wait")
TRAPPED_OUT: Final = "Let's see you get out of here!"


def to_act(game: GameState) -> frozenset[str]:
    """Heroes in a room choose; a dead hero's player with tokens may spend one (even when
    the whole party fell at once: the dead then rise where they fell). Worked out
    once a step: the runner, the legal lists and the checks all ask."""
    cache = game.now()
    if cache.acting is None:
        free = choosers(game) if game.ended is None else frozenset()
        cache.acting = frozenset() if game.ended is not None else free or frozenset(
            h.name for h in game.heroes
            if h.present or (h.status == "dead" and game.tokens[h.name] > 0))
    return cache.acting


def legal_for(game: GameState, seat: str) -> list[Action]:
    """The seat's actions now (its hero's, plus spending a token); the list is kept
    until the next step, which both the chooser and the check read."""
    return list(_legal_kept(game, seat))


def _legal_kept(game: GameState, seat: str) -> list[Action]:
    """The seat's legal list of this step itself (read it, never change it)."""
    legal_kept = game.now().legal
    known = legal_kept.get(seat)
    if known is None:
        known = legal_kept[seat] = _legal_now(game, seat)
    return known


def _legal_now(game: GameState, seat: str) -> list[Action]:
    if seat not in to_act(game):
        return []
    hero = game.hero(seat)
    if hero.choosing_freely:
        return level_choices.legal_now(game, seat)
    token = [Action("token")] if game.tokens[seat] > 0 else []
    if hero.status == "dead":
        return [WAIT, *token]
    if game.level.kind == "treasure":
        return racing_actions() + token
    room_id = game.rooms[seat]
    scene = game.scene(room_id)
    cache = game.now()
    attacks = cache.attacks.get(room_id)
    if attacks is None:
        attacks = cache.attacks[room_id] = room_attacks(scene)
    actions = legal(scene, hero, attacks)
    wide = cache.wide.get(room_id)
    if wide is None:
        wide = cache.wide[room_id] = ways_from(game.level, room_id, scene)
    if wide:
        actions = into_each_room(actions, wide)
    return actions + token


def check_choice(game: GameState, seat: str, action: Action) -> None:
    """Refuse, in one line, a choice the seat may not make now."""
    if not any(h.name == seat for h in game.heroes):
        names = {h.name for h in game.heroes}
        raise BadInput(f"no seat named {seat!r} (seats: {', '.join(sorted(names))})")
    if seat not in to_act(game):
        raise BadInput(f"{seat}: {action.text!r} is not possible: {seat} does not act now")
    if action.claim and not claimable(game, seat):
        raise BadInput(f"{seat}: nothing to announce now")
    plain = action.plain()
    if game.hero(seat).choosing_freely:
        if action.half or plain not in _legal_kept(game, seat):
            raise BadInput(f"{seat}: {action.text!r} is not possible now (possible: "
                           f"{', '.join(a.text for a in _legal_kept(game, seat))})")
        return
    if plain.verb == "token":
        if game.tokens[seat] <= 0:
            raise BadInput(f"{seat}: no token left to spend")
        return
    hero = game.hero(seat)
    if hero.status == "dead":
        if plain != WAIT:
            raise BadInput(f"{seat}: {action.text!r} is not possible: {seat} is dead")
        return
    if game.level.kind == "treasure":
        if plain not in racing_actions():
            raise BadInput(f"{seat}: {action.text!r} is not possible on a treasure level "
                           "(possible: wait, race for treasure, spend a token)")
        return
    kept = _legal_kept(game, seat)
    if action.half and plain.verb not in HALF_VERBS:
        raise BadInput(f"{seat}: {action.text!r} cannot take half")
    if plain not in kept:
        check(game.scene(game.rooms[seat]), hero, action)
        raise BadInput(f"{seat}: {action.text!r} is not possible now (possible: "
                       f"{', '.join(a.text for a in kept[:8])}{', ...' if len(kept) > 8 else ''})")


def step(game: GameState, choices: Mapping[str, Action]) -> list[Event]:
    """Resolve one step; returns its events. Only a step changes the game's truth (what
    it keeps for its queries, ``GameState.cache``, holds for one step)."""
    if game.ended is not None:
        raise BadInput(f"the game is over ({game.ended})")
    for seat, action in choices.items():
        check_choice(game, seat, action)
    game.events.clear()
    game.steps += 1
    if choosers(game):
        settle_claims(game, choices)
        level_choices.step(game, choices)
    else:
        _step(game, choices)
    game.place_heroes()
    return game.events[:]


def _step(game: GameState, choices: Mapping[str, Action]) -> None:
    level, stood_in = game.level, set(game.rooms.values())
    present = {h.name: game.rooms[h.name] for h in game.heroes if h.present}
    made = (len(level.scenes), len(level.generator.level.rooms))
    frontier = list(level.generator.pending)
    openings = openings_in(level, stood_in)
    settle_claims(game, choices)
    claims: list[Claim] = []
    treasure = {h.name: h.treasure for h in game.heroes}
    moves: list[tuple[HeroState, Action, int]] = []
    revived = {h.name for h in game.heroes if h.status == "dead"
               and choices.get(h.name, WAIT).verb == "token"}
    for name in sorted(revived):
        spend_token(game, game.hero(name))
    if game.level.kind == "treasure":
        for hero in [h for h in game.heroes if h.present and h.name not in revived]:
            if choices.get(hero.name, WAIT).verb == "token":
                spend_token(game, hero)
        race(game, choices)
    else:
        for room_id in game.occupied():
            claims += _act_in_room(game, room_id, choices, revived, moves)
    level_choices.drop_idle_wards(game)
    before = len(game.events)
    _arrive(game, moves)
    _roll_behind_open_exits(game, {room_id for name, room_id in present.items()
                                   if game.hero(name).present
                                   and game.rooms[name] == room_id})
    claims += _caused(game, before, None)
    game.table.action += 1
    _wear_specials(game)
    if game.table.action % game.config.play.actions_per_round == 0:
        fired("amulet.combat.actions-per-round")
        before = len(game.events)
        for room_id in game.occupied():
            monsters_act(game.fight(room_id))
        claims += _caused(game, before, None)
        claims += _countdown(game)
        game.table.round += 1
    if any(h.treasure > treasure[h.name] for h in game.heroes):
        game.level.treasure_taken = True
    _level_cleared(game, claims)
    stair = place_final_stair(game)
    changed = _changed_rooms(game, stood_in, made, frontier)
    if stair is not None:
        changed.add(stair)
    changed.update(int(exit_id.split(".", 1)[0]) for exit_id in frontier
                   if exit_id not in level.generator.pending)
    changed |= name_found_exits(level, changed, openings)
    first_seen = mark_seen(level, changed)
    game.claims = claims
    game.forget_rooms(changed | _unmade_neighbours(level, changed) | first_seen
                      | {room_id for seen in first_seen for room_id in _behind(level, seen)})
    descend_if_ready(game)


def _changed_rooms(game: GameState, stood_in: set[int], made: tuple[int, int],
                   frontier: list[str]) -> set[int]:
    """The rooms a step can have changed (but through their exits' twins, which
    ``name_found_exits`` reports): those a hero stood or fell in before or after it, rooms made
    or brought into play and the rooms behind their exits (the generator joins a
    new room to the old rooms whose exits it meets), rooms in play the generator
    gave another exit (brought into play here: whenever it made a room or opened an
    exit of its ``frontier``, which can end in its own final-room Stair, or a
    teleporter, in a room already in play), and the rooms that looked into a
    room brought into play through a murder hole. (``step`` adds the rooms of exits
    that left the generator's frontier: a wide way of theirs no longer opens onto
    space where a room is still to be made.)"""
    level = game.level
    rooms = stood_in | set(game.rooms.values())
    new = {room.id for room in level.generator.level.rooms[made[1]:]}
    new.update(list(level.scenes)[made[0]:])
    rooms |= new
    if (new or frontier != level.generator.pending) and level.kind != "treasure":
        rooms.update(room_id for room_id, scene in level.scenes.items()
                     if adopt_exits(level, room_id, scene))
    for room_id in new:
        rooms.update(_behind(level, room_id))
        rooms.update(watcher for watcher, watched in level.beyond_of.items()
                     if watched == room_id)
    return rooms


def _behind(level: Level, room_id: int) -> list[int]:
    """The rooms behind a room's exits."""
    return [behind for exit_ in level.room(room_id).exits for behind in rooms_behind(exit_)]


def _unmade_neighbours(level: Level, rooms: set[int]) -> set[int]:
    """Rooms behind these rooms' exits that are not in play: what the players see of
    them (their found exits) changes when a secret exit is found from this side."""
    return {behind for room_id in rooms for behind in _behind(level, room_id)
            if behind not in level.scenes}


def _act_in_room(game: GameState, room_id: int, choices: Mapping[str, Action],
                 revived: set[str], moves: list[tuple[HeroState, Action, int]]) -> list[Claim]:
    """The actions of the heroes in one room, in seat order; those who left are added to
    ``moves``. Returns the announcements they caused."""
    claims: list[Claim] = []
    fight = game.fight(room_id)
    for hero in [h for h in fight.scene.present() if h.name not in revived]:
        action = choices.get(hero.name, WAIT)
        before = len(game.events)
        if action.verb == "token":
            spend_token(game, hero)
        elif hero.present:
            resolve(fight, hero, action)
            boss_check(game)
        claims += _caused(game, before, hero.name)
        if hero.status == "gone":
            moves.append((hero, action, room_id))
    drop_fallen_cover(fight)
    return claims


def _caused(game: GameState, since: int, cause: str | None) -> list[Claim]:
    """The announcements made since ``since``, each with the seat that caused it.

    In the monsters' turn the cause is the hero named just before the
    announcement (the one hurt, for the health calls)."""
    found = []
    last_hero = cause
    for event in game.events[since:]:
        if event.kind == "announcement":
            text = event.data["announcement"]
            found.append(Claim(text, last_hero, f"{text}|{last_hero}"))
        elif cause is None and "hero" in event.data:
            last_hero = event.data["hero"]
    return found


def _arrive(game: GameState, moves: list[tuple[HeroState, Action, int]]) -> None:
    """Heroes who left a room by an exit walk into the room behind it."""
    fled_to: dict[int, int] = {}
    for hero, action, room_id in moves:
        if hero.gone_by == "stair":
            continue
        target = _target(game, action, room_id)
        fight = game.fight(room_id)
        if target is None:
            hero.status, hero.gone_by = "in room", None
            game.moved()
            fight.say("no way", f"{hero.name} finds only rock beyond; {hero.name} stays",
                      hero=hero.name)
            continue
        entered_new = target not in game.level.scenes
        scene = build_scene(game.level, target, game.config.play, game.table, game.dice,
                            game.events)
        game.rooms[hero.name] = target
        hero.enter_room()
        game.moved()
        fight.say("enter", f"{hero.name} enters room {target}", hero=hero.name, room=target)
        if action.verb == "leave":
            fled_to.setdefault(room_id, target)
        if entered_new:
            _trapped_out(game, fight.scene, scene)
    for room_id, target in fled_to.items():
        _pursue(game, room_id, target)


def _target(game: GameState, action: Action, room_id: int) -> int | None:
    """Where a hero's way out leads (teleporters and Teleportability included)."""
    level = game.level
    if action.verb in ("leave", "sneak", "teleport") and action.target:
        return way_out(level, action.target, action.room)
    if action.verb == "slip":
        return slip_target(level, room_id, action)
    return None


def _trapped_out(game: GameState, left: Scene, scene: Scene) -> None:
    """Seed 000: "When the PCs enter a new room, facing a 100% swarm, and the previous
    room contains a swarm of at least 50% strength"."""
    ahead = any(s.health > 0 and s.place == "room" and s.health >= s.capacity
                for s in scene.swarms)
    behind = any(s.health > 0 and s.place == "room" and 2 * s.health >= s.capacity
                 for s in left.swarms)
    if ahead and behind:
        fired("amulet.call.get-out")
        Fight(scene, game.dice, game.events).announce(TRAPPED_OUT)


def _roll_behind_open_exits(game: GameState, stayed_in: set[int]) -> None:
    """Seed 001, Open: "If characters do not immediately investigate an open area
    (requiring room generation), the next room's Size and Encounter should be rolled
    as a minimum to see if any monsters will want to attack."

    House rule (``GameConfig.roll_behind_open_exits``): heroes who spend a whole step
    in a room (``stayed_in``: there before and after the step, present all along)
    without going through one of its open exits have not investigated it.
    The room behind is made then (the whole room is rolled), the heroes see it
    through the opening, and its swarms that would chase a fleeing hero come
    through to attack; its other monsters stay where they are."""
    level = game.level
    if not game.config.roll_behind_open_exits or level.kind == "treasure":
        return
    for room_id in sorted(stayed_in):
        for exit_ in list(level.room(room_id).exits):
            if exit_.type != "open" or exit_.id not in level.generator.pending:
                continue
            target = destination(level, exit_.id)
            if target is None or target in level.scenes:
                continue
            fired("amulet.game.roll-behind-open")
            build_scene(level, target, game.config.play, game.table, game.dice, game.events)
            name = level.exits[exit_.id].id
            game.fight(room_id).say("open way", f"beyond the open way {name} lies room {target}",
                                    room=target, exit=name)
            _swarms_follow(game, target, room_id, "open way", "comes through the open way into")


def _pursue(game: GameState, room_id: int, target: int) -> None:
    """House rule: when every hero has fled a room, its pursuing swarms follow them into
    the room the first of them went to (a new room: the swarming starts again)."""
    if any(game.rooms.get(h.name) == room_id and h.present for h in game.heroes):
        return
    _swarms_follow(game, room_id, target, "pursuit", "pursues the heroes into")


def _swarms_follow(game: GameState, room_id: int, target: int, kind: str, moving: str) -> None:
    """The swarms of one room that chase heroes move into another: they merge with a
    swarm of their kind there (capped at its capacity), and their swarming starts again.
    A swarm cut by a smaller room's capacity to its scatter size or below is scattered
    (seed 000: three monsters at full health, never more health than it had)."""
    left = game.level.scenes[room_id]
    ahead = game.level.scenes[target]
    for swarm in pursuers(left):
        if kind == "pursuit":
            fired("amulet.game.pursuit-rooms")
        left.swarms.remove(swarm)
        swarm.capacity = ahead.capacity("room")
        swarm.health = min(swarm.health, swarm.capacity)
        swarm.rounds = 0
        same = next((s for s in ahead.swarms if s.health > 0 and s.kind == swarm.kind
                     and s.place == "room"), None)
        if same is not None:
            same.health = min(same.capacity, same.health + swarm.health)
        else:
            swarm.id = ahead.new_id("swarm")
            ahead.swarms.append(swarm)
        fight = Fight(ahead, game.dice, game.events)
        fight.say(kind, f"a swarm of {swarm.kind}s {moving} room {target}", room=target)
        if same is None and swarm.health <= swarm.threshold:
            scatter(fight, swarm)


def _wear_specials(game: GameState) -> None:
    for hero in game.heroes:
        if hero.present and hero.specials:
            wear_specials(game.fight(game.rooms[hero.name]), hero)


def _countdown(game: GameState) -> list[Claim]:
    """Seed 000: the dungeon's toxic air drains every hero's health as time passes;
    returns the health calls it causes (each caused by the hero it names)."""
    config = game.config
    if not config.countdown_drain or game.table.round % config.countdown_every:
        return []
    drained = [h for h in game.heroes if h.present]
    if not drained:
        return []
    fired("amulet.game.countdown")
    first = game.rooms[drained[0].name]
    fights = {first: game.fight(first)}  # each room's, made once: nobody moves meanwhile
    fights[first].say("countdown", f"the countdown: every hero loses {config.countdown_drain} "
                      "health")
    claims = []
    for hero in drained:
        before, said = hero.health, len(game.events)
        hero.health = max(0, hero.health - config.countdown_drain)
        room_id = game.rooms[hero.name]
        fight = fights.get(room_id)
        if fight is None:
            fight = fights[room_id] = game.fight(room_id)
        set_health(fight, hero, before, COUNTDOWN)
        claims += _caused(game, said, hero.name)
    return claims


def _level_cleared(game: GameState, claims: list[Claim]) -> None:
    """Seed 000: "I've not seen such bravery!" the first time every generator and monster
    of a dungeon level is destroyed (every room made, and nothing hostile in any)."""
    level = game.level
    if level.bravery or level.generator.pending:
        return
    for room in level.generator.level.rooms:
        scene = level.scenes.get(room.id)
        if scene is None:
            if any(e["kind"] != "none" for e in room.details.get("encounters", [])):
                return
        elif scene.foes(None):
            return
    level.bravery = True
    fired("amulet.game.bravery-once")
    fired("amulet.call.bravery")
    before = len(game.events)
    game.fight(game.occupied()[0] if game.occupied() else 1).announce(BRAVERY, once="bravery")
    claims += _caused(game, before, None)

