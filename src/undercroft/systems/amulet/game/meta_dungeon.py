"""The meta-dungeon (seed 000): tokens, claimed announcements, stairs and new levels.

Seed 000 names these without numbers; the numbers are :class:`GameConfig`
fields (docs/rules/amulet.md, "The whole game"). A player claims the
announcements of the last step by adding ", and announce" to the next choice;
the first claimant after the cause, going round the table, earns a token, and
never twice for the same cause. Spending a token is one action: health for a
living hero, or a dead hero back in the game beside the party.
"""

from __future__ import annotations

from collections.abc import Mapping

from undercroft.engine.tally import drawn, fired
from undercroft.systems.amulet.characters.monster_numbers import mini_boss_kind
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.level_play import Level, build_scene, mark_seen
from undercroft.systems.amulet.game.state import Claim, GameState, new_heroes, play_dice
from undercroft.systems.amulet.game.way_down import place_final_stair
from undercroft.systems.amulet.generation.content_ids import LEVEL_KIND_IDS
from undercroft.systems.amulet.generation.generator import LevelGenerator
from undercroft.systems.amulet.generation.special_levels import (
    MINI_BOSS_ROOM_MIN_SIZE,
    TREASURE_ACTIONS,
    LevelKind,
    mini_boss,
    next_level_kind,
)
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.harm import BRAVERY, heal_hero
from undercroft.systems.amulet.room.scene import Content, HeroState, TableState


def new_game(config: GameConfig, seed: int) -> GameState:
    """The party wakes in the first room of level 1."""
    table = TableState(room_is_level=False)
    heroes = new_heroes(config)
    dice = play_dice(config, seed)
    level = _make_level(config, seed, 1, "normal")
    game = GameState(config, seed, heroes, {h.name: config.tokens for h in heroes}, table, dice,
                     level, rooms={h.name: 1 for h in heroes})
    _say(game, "level", f"level 1: the party wakes in room 1 (size {level.room(1).size})",
         depth=1)
    place_final_stair(game)
    mark_seen(level)
    game.place_heroes()
    return game


def _make_level(config: GameConfig, seed: int, depth: int, kind: LevelKind,
                bonus: int = 1) -> Level:
    generator = LevelGenerator(config.level, seed, depth)
    drawn(LEVEL_KIND_IDS[kind])
    if kind != "normal":
        fired("amulet.create.special-levels")
    if config.play.scaling and depth > 1:
        fired("amulet.game.scaling")
    if kind == "mini-boss":
        fired("amulet.level.mini-boss")
        fired("amulet.level.boss-numbers")
        boss = mini_boss(depth, config.miniboss_every)
        name = mini_boss_kind(depth, config.miniboss_every)
        generator.start_two_rooms(MINI_BOSS_ROOM_MIN_SIZE, {
            "kind": "mini-boss", "monster": name, "swarm_size": "1",
            "swarm_health": boss.health, "title": boss.name})
    else:
        generator.start()
    return Level(depth, kind, generator, bonus)


def boss_check(game: GameState) -> None:
    """Seed 001: "When the mini-boss is defeated, it drops a magic key"; seed 000: "I've
    not seen such bravery!" also "when PCs defeat a mini-boss"."""
    level = game.level
    if level.kind != "mini-boss" or level.boss_killed:
        return
    for room_id, scene in level.scenes.items():
        boss = next((m for m in scene.monsters if m.kind.startswith("mini-boss")), None)
        if boss is not None and boss.health <= 0:
            fired("amulet.level.boss-key")
            fired("amulet.game.bravery-once")
            fired("amulet.call.bravery")
            level.boss_killed = True
            level.bravery = True  # the level is clear: one call, not two
            scene.contents.append(Content("magic-key", "key"))
            fight = Fight(scene, game.dice, game.events)
            fight.say("boss", f"the mini-boss falls and drops a magic key (magic-key) in "
                      f"room {room_id}", room=room_id)
            fight.announce(BRAVERY)


def _say(game: GameState, kind: str, text: str, **data: object) -> None:
    room = next(iter(game.occupied()), 1)
    if room not in game.level.scenes:
        build_scene(game.level, room, game.config.play, game.table, game.dice, game.events)
    game.fight(room).say(kind, text, **data)


def claimable(game: GameState, seat: str) -> list[Claim]:
    """The last step's announcements this seat may claim (not its own hero's)."""
    return [claim for claim in game.claims if claim.cause != seat]


def settle_claims(game: GameState, choices: Mapping[str, Action]) -> None:
    """Award the last step's claimed announcements."""
    claimants = [seat for seat, action in choices.items() if action.claim]
    seats = [h.name for h in game.heroes]
    for claim in game.claims:
        if claim.key in game.awarded:
            continue
        start = seats.index(claim.cause) + 1 if claim.cause in seats else 0
        order = seats[start:] + seats[:start]
        winner = next((s for s in order if s in claimants and s != claim.cause), None)
        if winner is None:
            continue
        fired("amulet.game.claims")
        game.awarded.add(claim.key)
        game.tokens[winner] += 1
        _say(game, "token", f"{winner} announces \"{claim.text}\" first: +1 token "
             f"({game.tokens[winner]})", hero=winner)


def spend_token(game: GameState, hero: HeroState) -> None:
    """One token: health for the living, or the dead back beside the party (where they
    fell, when nobody is left standing)."""
    fired("amulet.game.tokens")
    game.tokens[hero.name] -= 1
    config = game.config
    if hero.status == "dead":
        beside = next((h for h in game.heroes if h.present), None)
        if beside is not None:
            game.rooms[hero.name] = game.rooms[beside.name]
        hero.enter_room()
        game.moved()
        hero.health = config.revive_health
        _say(game, "revived", f"{hero.name} spends a token and is back with "
             f"{config.revive_health} health", hero=hero.name)
        return
    fight = game.fight(game.rooms[hero.name])
    heal_hero(fight, hero, config.token_health, "a token", "token")


def descend_if_ready(game: GameState) -> None:
    """A level ends when every living hero has taken the stairs (or a treasure level's
    actions are spent); the game ends when everyone is dead and out of tokens."""
    if game.ended is not None:
        return
    living = [h for h in game.heroes if h.status != "dead"]
    if not living and not any(game.tokens[h.name] > 0 for h in game.heroes):
        fired("amulet.game.end")
        game.ended = "dead"
        _say(game, "game over", "every hero is dead and out of tokens")
        return
    if game.table.round > game.config.max_rounds:
        game.ended = "time up"
        return
    if not living:
        return
    downstairs = all(h.status == "gone" and h.gone_by == "stair" for h in living)
    race_over = game.level.kind == "treasure" and game.race_actions <= 0
    if race_over:
        fired("amulet.level.dissolve")
    if downstairs or race_over:
        next_level(game)


def next_level(game: GameState) -> None:
    """Stairs: each hero gains 10 health; the level left behind is lost."""
    config = game.config
    level = game.level
    if config.depth_limit and level.depth >= config.depth_limit:
        fired("amulet.game.end")
        game.ended = "depth limit"
        _say(game, "game over", f"the party has reached level {level.depth}, the limit")
        return
    treasure_taken = level.treasure_taken or level.kind == "treasure"
    by_stairs = level.kind != "treasure"
    kind = next_level_kind(level.depth + 1, level.kind, treasure_taken, level.boss_killed,
                           config.play.scaling, config.miniboss_every)
    fired("amulet.level.kinds")
    if level.kind == "mini-boss" and kind != "mini-boss":
        if level.boss_killed:
            fired("amulet.level.treasure-after-boss")
        else:
            fired("amulet.level.boss-alive")
    elif level.kind == "normal" and kind == "treasure":
        fired("amulet.level.treasure-after-none")
    if game.table.friendly_fire == "announced":
        fired("amulet.ff.announced")
        game.table.friendly_fire = "on"
    depth = level.depth + 1
    game.level = _make_level(config, game.seed, depth, kind,
                             level.bonus + (1 if kind == "normal" else 0))
    for hero in game.heroes:
        game.rooms[hero.name] = 1
        if hero.status != "dead":
            hero.enter_room()
    game.moved()
    build_scene(game.level, 1, config.play, game.table, game.dice, game.events)
    if kind == "treasure":
        game.race_actions = TREASURE_ACTIONS
    _say(game, "level", f"level {depth}" + (" (a treasure level)" if kind == "treasure"
                                           else "") + ": the party arrives in room 1",
         depth=depth)
    fight = game.fight(1)
    if by_stairs:
        fired("amulet.game.stairs")
    for hero in [h for h in game.heroes if h.status != "dead"]:
        if config.stair_health and by_stairs:
            heal_hero(fight, hero, config.stair_health, "the stairs", "stairs")
    _advance(game, fight)
    place_final_stair(game)
    mark_seen(game.level)


def _advance(game: GameState, fight: Fight) -> None:
    """House rule: every ``advance_every`` levels each hero gains a level point (the dead
    too, to spend when back). Its player spends it on any ability (seed 000: "a die
    amount (d#) increases by one die type, or a number increases by one"), at once, in
    a step that takes no time (``free_choices``)."""
    every = game.config.advance_every
    if not every or (game.depth - 1) % every:
        return
    fired("amulet.game.advance")
    for hero in game.heroes:
        hero.points += 1
        fight.say("level point", f"{hero.name} gains a level point to spend",
                  hero=hero.name)

