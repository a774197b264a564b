"""The map of one dungeon level: rooms as lattice polygons, exits on their walls.

Coordinates are in units (one unit is the seed's minimum wall length, about ten
feet); x grows to the east and y to the north, so the level is the square
0 <= x, y <= level_size with north at the top of a printed map. Room corners sit
on integer lattice points and every wall runs at a multiple of 45 degrees; a
wall at 45 degrees counts one "angular unit" per diagonal step, which the seed
calls "a bit longer" than a unit.

This module knows nothing of any one ruleset: a system fills ``contents``,
``labels`` and ``details`` with its own words, and the renderers draw exits by
their ``type`` using the marks in ``maps.marks``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

Point = tuple[float, float]
Segment = tuple[Point, Point]

MAX_LEVEL_SIZE: Final = 200
"""The largest level (and so the largest room), in units a side: what a level's config
accepts and what a snapshot may ask the map classes to make."""
COMPASS: Final = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")
"""Compass names in counter-clockwise order, starting east (angle 0)."""

_STEP_TO_COMPASS: Final = {
    (1, 0): "E", (1, 1): "NE", (0, 1): "N", (-1, 1): "NW",
    (-1, 0): "W", (-1, -1): "SW", (0, -1): "S", (1, -1): "SE",
}


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)


def direction_of(dx: float, dy: float) -> str:
    """Compass name of a vector that runs at a multiple of 45 degrees."""
    key = (_sign(dx), _sign(dy))
    if key == (0, 0) or (dx != 0 and dy != 0 and abs(dx) != abs(dy)):
        raise ValueError(f"vector ({dx}, {dy}) is not at a multiple of 45 degrees")
    return _STEP_TO_COMPASS[key]


def outward_normal(start: Point, end: Point) -> str:
    """Which way a wall of a counter-clockwise polygon faces (its outside)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    return direction_of(dy, -dx)


def wall_length(start: Point, end: Point) -> float:
    """Length of a wall in steps: units, or angular units for a 45-degree wall."""
    return max(abs(end[0] - start[0]), abs(end[1] - start[1]))


class Exit:
    """One exit of a room; ``twin`` names the same opening seen from the other room.

    Exit, MurderHole and Room are plain classes rather than dataclasses: the
    generator makes thousands a second, and under `make fast` a plain class
    compiles to a native one whose construction is several times cheaper.
    """

    __slots__ = ("details", "found", "id", "opened", "segment", "to", "twin", "type", "wall")

    def __init__(self, id: str, type: str, wall: str, segment: Segment,
                 to: int | list[int] | None = None, twin: str | None = None,
                 found: bool = True, opened: bool = False,
                 details: dict[str, Any] | None = None) -> None:
        self.id = id
        self.type = type
        self.wall = wall
        self.segment = segment
        self.to = to
        self.twin = twin
        self.found = found
        """False for a secret exit the players have not found yet."""
        self.opened = opened
        """A door or walldoor that was unlocked, a ward that was taken."""
        self.details: dict[str, Any] = {} if details is None else details

    def _fields(self) -> tuple[Any, ...]:
        return (self.id, self.type, self.wall, self.segment, self.to, self.twin, self.found,
                self.opened, self.details)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Exit) and self._fields() == other._fields()

    def __reduce__(self) -> tuple[type[Exit], tuple[Any, ...]]:
        """How copy, deepcopy and pickle rebuild it (compiled classes need telling)."""
        return Exit, self._fields()

    def __repr__(self) -> str:
        return (f"Exit(id={self.id!r}, type={self.type!r}, wall={self.wall!r}, "
                f"segment={self.segment!r}, to={self.to!r}, twin={self.twin!r}, "
                f"found={self.found!r}, opened={self.opened!r}, details={self.details!r})")


class MurderHole:
    """A hidden window in a wall, looking into room ``to``."""

    __slots__ = ("segment", "to", "wall")

    def __init__(self, wall: str, segment: Segment, to: int | None = None) -> None:
        self.wall = wall
        self.segment = segment
        self.to = to

    def _fields(self) -> tuple[Any, ...]:
        return self.wall, self.segment, self.to

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MurderHole) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return f"MurderHole(wall={self.wall!r}, segment={self.segment!r}, to={self.to!r})"

    def __reduce__(self) -> tuple[type[MurderHole], tuple[Any, ...]]:
        return MurderHole, self._fields()


class Room:
    """One room: a counter-clockwise lattice polygon with exits on its walls."""

    __slots__ = ("contents", "details", "discovered", "exits", "from_room", "id", "labels",
                 "murder_holes", "polygon", "shape", "size", "via")

    def __init__(self, id: int, polygon: list[Point], size: int, shape: str,
                 from_room: int | None = None, via: str | None = None,
                 exits: list[Exit] | None = None, contents: list[str] | None = None,
                 labels: list[str] | None = None,
                 murder_holes: list[MurderHole] | None = None, discovered: bool = True,
                 details: dict[str, Any] | None = None) -> None:
        self.id = id
        self.polygon = polygon
        self.size = size
        self.shape = shape
        self.from_room = from_room
        self.via = via
        self.exits: list[Exit] = [] if exits is None else exits
        self.contents: list[str] = [] if contents is None else contents
        self.labels: list[str] = [] if labels is None else labels
        """Short lines a map prints in the room (encounters and the like)."""
        self.murder_holes: list[MurderHole] = [] if murder_holes is None else murder_holes
        self.discovered = discovered
        self.details: dict[str, Any] = {} if details is None else details

    def _fields(self) -> tuple[Any, ...]:
        return (self.id, self.polygon, self.size, self.shape, self.from_room, self.via,
                self.exits, self.contents, self.labels, self.murder_holes, self.discovered,
                self.details)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Room) and self._fields() == other._fields()

    def __reduce__(self) -> tuple[type[Room], tuple[Any, ...]]:
        return Room, self._fields()

    def __repr__(self) -> str:
        return (f"Room(id={self.id!r}, shape={self.shape!r}, size={self.size!r}, "
                f"polygon={self.polygon!r}, exits={self.exits!r})")

    def walls(self) -> list[Segment]:
        """The room's walls in counter-clockwise order."""
        pts = self.polygon
        return [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]

    def exit(self, exit_id: str) -> Exit:
        for candidate in self.exits:
            if candidate.id == exit_id:
                return candidate
        raise KeyError(exit_id)


@dataclass
class Passage:
    """A way drawn outside the rooms between two of them (a plan's corridor): its
    polyline from door to door, and the rooms at its ``start`` and ``end`` (None: the
    way in from outside the level)."""

    points: list[Point]
    start: int | None
    end: int | None


@dataclass
class LevelMap:
    """A dungeon level: its rooms inside the square 0..level_size, and the passages
    between them where a system draws its ways outside the rooms (Amulet's rooms meet
    wall to wall and have none)."""

    level_size: int
    rooms: list[Room] = field(default_factory=list)
    title: str = ""
    passages: list[Passage] = field(default_factory=list)

    def room(self, room_id: int) -> Room:
        return self.rooms[room_id - 1]

    def find_exit(self, exit_id: str) -> tuple[Room, Exit]:
        room_id = int(exit_id.split(".")[0])
        room = self.room(room_id)
        return room, room.exit(exit_id)
