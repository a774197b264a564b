"""Levels laid out by hand for Amulet tests: one-unit rooms joined by the exits given."""

from __future__ import annotations

from undercroft.maps.model import Exit, Room
from undercroft.systems.amulet.game.level_play import adopt_exits, mark_seen
from undercroft.systems.amulet.game.state import GameState

SQUARE = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
WALL = ((0.0, 0.0), (1.0, 0.0))


def door(exit_id: str, kind: str, to: int | list[int] | None = None, found: bool = True,
         opened: bool = False) -> Exit:
    return Exit(exit_id, kind, "N", WALL, to=to, found=found, opened=opened)


def room(room_id: int, *exits: Exit, contents: tuple[str, ...] = ()) -> Room:
    return Room(room_id, list(SQUARE), 1, "square", exits=list(exits), contents=list(contents))


def lay_out(state: GameState, *rooms: Room, pending: tuple[str, ...] = ()) -> GameState:
    """The level's map made of these rooms (the party in room 1, nothing in it), with
    these exits still to be opened."""
    level = state.level
    level.generator.level.rooms = list(rooms)
    level.generator.pending = list(pending)
    level.exits.clear()
    level.openings.clear()
    level.name_of.clear()
    level.by_name.clear()
    level.seen = {1}
    first = level.scenes[1]
    first.exits.clear()
    first.contents.clear()
    first.swarms.clear()
    first.monsters.clear()
    first.generators.clear()
    level.scenes = {1: first}
    return state


def out_of_reach() -> Room:
    """A room no way leads into (one seen through a murder hole), with an exit of its own
    still to be opened: the level is not all made, and has no Stair."""
    return room(9, door("9.1", "open"))


def in_play(state: GameState) -> GameState:
    """Room 1's exits in play and named, and what they show seen (as a step leaves it)."""
    level = state.level
    adopt_exits(level, 1, level.scenes[1])
    mark_seen(level)
    state.forget()
    return state
