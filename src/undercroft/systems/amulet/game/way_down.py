"""Whether the party can reach a way down, and the final-room Stair applied to it.

Seed 001, LEVEL SIZE: "the final room drawn – the one that fills the last available
space before exceeding Level Size – must contain a Stair if there are no other
Stairs on that level." The generator places that Stair when no exit of the level is
left to open. In play, exits can be left to open in rooms nobody can enter (a room
seen through a murder hole, one behind a secret exit nobody has found), and then the
Stair never comes. So the rule is applied to what the party can reach: when no exit
the party can reach is left to open and no Stair is within its reach, the last room
made that it can reach gets a Stair (:func:`place_final_stair`).

House rules: a murder hole is a window, not a way (heroes see and shoot through it,
nobody climbs through it), so a room seen through one is not reached by it, nor is a
Stair in it; a secret exit nobody has found is not a way the party can reach. Ways
the party can pass or open are the open ones, crumbling walls (blows), food exits
(eaten or shot), treasure walls (collected), and Doors and Walldoors while a lock
can be opened: blows (``lock_hits``), a key held, or a key to be had within reach
(a key, a treasure, a ward; a trap may be a ward). The walk is the audit's too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from undercroft.engine.tally import fired
from undercroft.maps.model import Exit
from undercroft.systems.amulet.game.level_play import Level, adopt_exits, rooms_behind
from undercroft.systems.amulet.game.state import GameState

LOCKED: Final = ("door", "walldoor")
KEY_SOURCES: Final = frozenset({"key", "treasure", "ward", "trap"})
"""Contents that give a key (a treasure half the time) or open a door (a ward, and a
trap a quarter of the time)."""


@dataclass
class Walk:
    """Where a walk over the level's ways got to, and the first way down it met."""

    rooms: set[int] = field(default_factory=set)
    """Rooms reached before a way down was met (all of them, when none was)."""
    stair: tuple[Exit, int] | None = None
    """A Stair met, and its room."""
    frontier: tuple[Exit, int] | None = None
    """An exit met that is still to be opened (the room or rooms behind it not all made
    yet), and its room."""
    hidden: int = 0
    """Secret exits not found, passed by."""
    locked: int = 0
    """Locked doors passed by (no way to open them at hand)."""

    @property
    def way(self) -> bool:
        return self.stair is not None or self.frontier is not None


def exit_open_found(level: Level, exit_: Exit) -> tuple[bool, bool]:
    """Whether an exit is open, and whether it is found (either side may be in play)."""
    return level.is_open(exit_), level.is_found(exit_)


def walk(level: Level, start: set[int], secrets: bool, keys: bool) -> Walk:
    """Walk the level's rooms from ``start`` through every way the party can pass or
    open (unfound secret exits too if ``secrets``; locked doors only if ``keys``), and
    stop at the first way down: a Stair, or an exit still to be opened."""
    pending = level.generator.pending
    found = Walk(set(start))
    waiting = sorted(start)
    while waiting:
        room_id = waiting.pop()
        for exit_ in level.room(room_id).exits:
            if exit_.type == "stair":
                found.stair = (exit_, room_id)
                return found
            is_open, is_found = exit_open_found(level, exit_)
            if not is_found and not secrets:
                found.hidden += 1
                continue
            if not is_open and exit_.type in LOCKED and not keys:
                found.locked += 1
                continue
            if exit_.id in pending:
                found.frontier = (exit_, room_id)
                return found
            for behind in rooms_behind(exit_):
                if behind not in found.rooms:
                    found.rooms.add(behind)
                    waiting.append(behind)
    return found


def walk_opening_locks(level: Level, start: set[int], secrets: bool, keys: bool) -> Walk:
    """:func:`walk`; when locked doors stopped it short of a way down and a key may be
    had within reach, the walk goes on through them."""
    found = walk(level, start, secrets, keys)
    if not found.way and not keys and found.locked and key_within(level, found.rooms):
        found = walk(level, found.rooms, secrets, True)
    return found


def key_within(level: Level, rooms: set[int]) -> bool:
    """Whether a key (or a ward) may be had in these rooms; a mini-boss alive there drops
    a magic key when it is killed (seed 001)."""
    for room_id in rooms:
        scene = level.scenes.get(room_id)
        kinds = [c.kind for c in scene.contents if not c.gone] if scene is not None \
            else list(level.room(room_id).contents)
        if KEY_SOURCES.intersection(kinds):
            return True
        if scene is not None and any(m.kind.startswith("mini-boss") and m.health > 0
                                     for m in scene.monsters):
            return True
        if any(e.type == "treasure" and not exit_open_found(level, e)[0]
               for e in level.room(room_id).exits):
            return True
    return False


def party_rooms(game: GameState) -> set[int]:
    """The rooms of the heroes on the level (trapped ones included)."""
    return {game.rooms[h.name] for h in game.heroes if h.present}


def locks_at_hand(game: GameState) -> bool:
    """Whether a locked door can be opened without a key still to be found."""
    return game.config.play.lock_hits > 0 or any(
        h.keys for h in game.heroes if h.status != "dead")


def place_final_stair(game: GameState) -> int | None:
    """Seed 001's final-room Stair, applied to what the party can reach (see the module):
    the room given a Stair now, or None. Checked again only when what it depends on
    (the rooms made, the exits still to open, where the party is, locks) has changed."""
    level = game.level
    start = party_rooms(game)
    if level.kind != "normal" or not start or not game.config.final_stair_in_reach:
        return None
    keys = locks_at_hand(game)
    asked = (len(level.generator.level.rooms), tuple(level.generator.pending),
             tuple(sorted(start)), keys)
    if asked == level.way_checked:
        return None
    level.way_checked = asked
    found = walk_opening_locks(level, start, secrets=False, keys=keys)
    if found.way:
        return None
    last = max(found.rooms)
    fired("amulet.create.final-stair")
    level.generator.add_stair(last)
    scene = level.scenes.get(last)
    if scene is not None:
        adopt_exits(level, last, scene)
    level.way_checked = None
    game.fight(min(start)).say("final stair", f"no way down is left within the party's "
                               f"reach: room {last}, the last it can reach, holds a Stair",
                               room=last)
    return last
