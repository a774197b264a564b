"""Every level leaves a way down (seed 001's final-room Stair, applied to what the party
can reach), shown on levels laid out by hand and, as a property, over whole games: from
every room the party can enter, legal moves lead to a way down."""

from __future__ import annotations

from typing import Any

import laid_out
from laid_out import door, in_play, lay_out, out_of_reach, room

from undercroft.engine import snapshot
from undercroft.engine.agents import agent_stream
from undercroft.maps.model import Exit
from undercroft.systems.amulet.game.agents import SensibleAgent
from undercroft.systems.amulet.game.audit import can_win, reach
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.level_play import build_scene, rooms_behind
from undercroft.systems.amulet.game.meta_dungeon import new_game
from undercroft.systems.amulet.game.rules import legal_for, step, to_act
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.game.view import view
from undercroft.systems.amulet.generation.special_levels import secret_door_bonus
from undercroft.systems.amulet.room.actions import Action, parse_action

WAIT = Action("wait")


def game(seed: int = 3, **fields: Any) -> GameState:
    return new_game(GameConfig(**fields), seed)


def wait(state: GameState) -> None:
    step(state, {seat: WAIT for seat in to_act(state)})


def stairs(state: GameState, room_id: int) -> list[Exit]:
    return [e for e in state.level.room(room_id).exits if e.type == "stair"]


def two_rooms_made(state: GameState) -> GameState:
    """The level's generator has made its second room (its walls are known), so a room 2
    laid out by hand can be given a Stair."""
    state.level.generator.open(state.level.generator.pending[0])
    return state


# --- the final-room Stair in play ---------------------------------------------------------------


def test_exits_left_only_beyond_a_murder_hole_give_the_last_room_reached_a_stair() -> None:
    """Room 9 (seen through a murder hole; nobody climbs through one) still has an exit to
    open; rooms 1 and 2 have none: room 2, the last made that the party can reach, gets
    the Stair, and the legal moves lead to it."""
    state = in_play(lay_out(two_rooms_made(game()), room(1, door("1.1", "open", to=2)),
                            room(2, door("2.1", "open", to=1)), out_of_reach(),
                            pending=("9.1",)))
    assert reach(state).way is None
    wait(state)
    assert [e.type for e in stairs(state, 2)] == ["stair"] and not stairs(state, 1)
    assert reach(state).way is not None
    assert "room 2, the last it can reach, holds a Stair" in next(
        e.text for e in state.events if e.kind == "final stair")
    hero = state.heroes[0].name
    step(state, {hero: parse_action("leave by 1.1")} | {h.name: WAIT for h in state.heroes[1:]})
    assert any(a.verb == "descend" for a in legal_for(state, hero))


def test_an_unfound_secret_exit_is_not_a_way_the_party_can_reach() -> None:
    state = in_play(lay_out(game(), room(1, door("1.1", "secret", found=False)),
                            pending=("1.1",)))
    wait(state)
    assert [e.type for e in stairs(state, 1)] == ["stair"]
    assert "descend by 1.1" in {a.text for a in legal_for(state, state.heroes[0].name)}


def test_a_stair_seen_through_a_murder_hole_is_not_one_the_party_can_reach() -> None:
    beyond = room(9, door("9.1", "stair"))
    state = lay_out(game(), room(1), beyond)
    state.level.beyond_of[1] = 9
    wait(state)
    assert [e.type for e in stairs(state, 1)] == ["stair"]


def test_no_stair_is_added_while_an_exit_in_reach_is_left_to_open() -> None:
    state = lay_out(game(), room(1, door("1.1", "crumble")), pending=("1.1",))
    wait(state)
    assert not stairs(state, 1)
    found = lay_out(game(), room(1, door("1.1", "secret")), pending=("1.1",))
    wait(found)
    assert not stairs(found, 1)


def test_without_the_house_rule_the_stair_waits_for_the_whole_level() -> None:
    state = lay_out(game(final_stair_in_reach=False), room(1), out_of_reach(),
                    pending=("9.1",))
    wait(state)
    assert not stairs(state, 1)


def test_a_stair_the_generator_adds_to_a_room_in_play_is_in_play() -> None:
    """Opening its last exits can make no room (here a teleporter leads onto the unused
    one in room 3, where the Warrior stands); the generator then puts its own final-room
    Stair into the last room it made, room 3, already in play: play takes it into the
    room at once, so the party can find it and go down."""
    state = new_game(GameConfig(), 73)
    everyone = ("Warrior", "Elf", "Valkyrie", "Wizard")
    script = [dict.fromkeys(everyone, "pick up c1"),
              dict.fromkeys(everyone, "attack 1.1 with melee"),
              dict.fromkeys(everyone, "leave by 1.1"),
              dict.fromkeys(everyone, "pick up mimic-1-treasure") | {"Warrior": "teleport by 2.3"},
              dict.fromkeys(everyone, "teleport by 2.2") | {"Warrior": "attack mimic-1 with melee"}]
    for choices in script:
        step(state, {seat: parse_action(text) for seat, text in choices.items()})
    assert not state.level.generator.pending and stairs(state, 3)
    assert [e.kind for e in state.level.scenes[3].exits].count("stair") == 1
    assert any(a.verb == "descend" for a in legal_for(state, "Warrior"))


# --- the property over whole games -----------------------------------------------------------


OPENING: dict[str, str] = {"attack": "breaks", "pick up": "eats or collects", "open": "opens"}
"""Legal actions aimed at a closed exit that open it (a lock, a crumbling wall, a food or
treasure exit, a door with a key)."""


def _moves(probe: GameState, hero: str, room_id: int, findable: bool,
           ) -> tuple[bool, set[int]]:
    """Put ``hero`` alone in ``room_id`` (of a copy of the game) and read its legal list:
    whether it holds a way down (a Stair, or a way into a part of the level not made
    yet), and the rooms its moves lead into. A search counts as a way while it can be
    won: the secret exits hidden in the room's walls are then ways like the others."""
    level = probe.level
    build_scene(level, room_id, probe.config.play, probe.table, probe.dice, probe.events)
    for other in probe.heroes:
        probe.rooms[other.name] = room_id
        other.enter_room()
        other.points, other.ward_door = 0, False
        if other.name != hero:
            other.status = "gone"
    scene = level.scenes[room_id]
    scene.swarms, scene.monsters, scene.generators = [], [], []
    probe.forget()
    legal = legal_for(probe, hero)
    through: list[tuple[Exit, int | None]] = []
    for action in legal:
        if action.verb in ("descend", "race"):
            return True, set()
        name = action.target or ""
        exit_id = level.by_name.get(name)
        if exit_id is None:
            continue
        _, exit_ = level.generator.level.find_exit(exit_id)
        if action.verb in ("leave", "sneak", "teleport") or action.verb in OPENING:
            through.append((exit_, action.room))
    if findable and any(a.verb == "search" for a in legal):
        through += [(e, None) for e in level.room(room_id).exits
                    if not level.is_found(e) and e.type != "stair"]
    rooms: set[int] = set()
    for exit_, chosen in through:
        if exit_.id in level.generator.pending:
            return True, set()
        rooms.update([chosen] if chosen is not None else rooms_behind(exit_))
    return False, rooms


def _every_room_has_a_way_down(state: GameState) -> str | None:
    """From every room the party can enter (by legal moves from where it stands), legal
    moves lead to a way down; what fails, or None."""
    level = state.level
    present = [h for h in state.heroes if h.present]
    if level.kind != "normal" or not present:
        return None
    rules = state.config.play
    bonus = secret_door_bonus(level.bonus, rules.scaling, rules.secret_bonus)
    findable = can_win(max(h.hero.speed for h in present), bonus)
    probe: GameState = snapshot.loads(snapshot.dumps(state))
    hero = present[0].name
    ways: dict[int, tuple[bool, set[int]]] = {}
    waiting = sorted({state.rooms[h.name] for h in present})
    while waiting:
        room_id = waiting.pop()
        if room_id in ways:
            continue
        ways[room_id] = _moves(probe, hero, room_id, findable)
        waiting += [r for r in ways[room_id][1] if r not in ways]
    for room_id in ways:
        seen, waiting = {room_id}, [room_id]
        while waiting:
            here = waiting.pop()
            if ways[here][0]:
                break
            waiting += [r for r in ways[here][1] if r not in seen]
            seen.update(ways[here][1])
        else:
            return f"level {level.depth}, step {state.steps}: no way down from room {room_id}"
    return None


def test_from_every_room_the_party_can_enter_legal_moves_lead_down() -> None:
    agent = SensibleAgent()
    for seed in range(12):
        state = game(seed)
        streams = {h.name: agent_stream(seed, h.name) for h in state.heroes}
        while state.ended is None and state.steps < 600:
            if state.steps % 15 == 0:
                failed = _every_room_has_a_way_down(state)
                assert failed is None, f"seed {seed}: {failed}"
            step(state, {seat: agent.choose(view(state, seat), legal_for(state, seat),
                                            streams[seat]) for seat in to_act(state)})


def test_the_property_check_finds_a_level_with_no_way_down() -> None:
    """The check can fail: a level left sealed (the house rule off) is found."""
    state = laid_out.lay_out(game(final_stair_in_reach=False), room(1), out_of_reach(),
                             pending=("9.1",))
    assert _every_room_has_a_way_down(state) is not None
