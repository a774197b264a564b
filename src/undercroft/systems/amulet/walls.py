"""Where an exit can go on a room's walls, and what lies beyond it.

Seed 001, "Location of exits": exits sit on the walls facing the rolled
direction; a wall at 45 degrees takes exits for either of its two cardinal
directions. An exit can only go where the wall is long enough and not taken
by another exit, and what lies behind it decides what it becomes: open
ground (an ordinary exit), the level's edge (impossible), or another room's
wall (a secret exit, unless that wall already had an exit there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from undercroft.maps.lattice import inside, side_quarters, unit_steps
from undercroft.maps.model import Exit, Point, Room, Segment, outward_normal, wall_length
from undercroft.maps.placement import Board
from undercroft.rng import Stream

CARDINAL = {"north": "N", "south": "S", "east": "E", "west": "W"}
FREE = 0
MIXED = -1
OFF_LEVEL = -2

_MARKER = 0.15
"""Half the side of the small square that marks a teleporter (or a floor stair)."""


class Spot(NamedTuple):
    """A place for an exit: which way its wall faces, the segment, and its steps on the wall."""

    wall: str
    segment: Segment
    wall_index: int
    steps: range


class RoomWalls:
    """A room's walls worked out once: ends, facing, length, and the steps already used.

    Exits are placed, counted and checked against walls many times per room;
    computing the walls once when the room is placed keeps that cheap.
    """

    __slots__ = ("_facing", "lengths", "normals", "taken", "walls")

    def __init__(self, room: Room) -> None:
        self.walls: list[Segment] = room.walls()
        self.normals: list[str] = [outward_normal(a, b) for a, b in self.walls]
        self.lengths: list[int] = [int(wall_length(a, b)) for a, b in self.walls]
        self.taken: list[set[int]] = [set() for _ in self.walls]
        """Per wall, the unit steps that exits and murder holes already use."""
        self._facing: dict[str, list[list[int]]] = {}

    def facing(self, direction: str) -> list[list[int]]:
        """Walls facing ``direction`` exactly, then the 45-degree walls that also take it."""
        groups = self._facing.get(direction)
        if groups is None:
            groups = self._facing[direction] = _facing(self.normals, direction)
        return groups

    def mark(self, segment: Segment, taken: bool = True,
             where: tuple[int, range] | None = None) -> None:
        """Record (or release) the steps a segment on one of the walls uses.

        ``where`` (wall index, steps) saves the search when the caller knows it.
        """
        found = where or self.steps_of(segment)
        if found is not None:
            steps = self.taken[found[0]]
            if taken:
                steps.update(found[1])
            else:
                steps.difference_update(found[1])

    def steps_of(self, segment: Segment) -> tuple[int, range] | None:
        """Which wall a segment lies on, and which of its unit steps it covers."""
        for k, wall in enumerate(self.walls):
            ta, tb = _position(wall, segment[0]), _position(wall, segment[1])
            if ta is not None and tb is not None:
                low, high = sorted((ta, tb))
                return k, range(int(low), int(high))
        return None


def _facing(normals: list[str], direction: str) -> list[list[int]]:
    """Wall indices facing ``direction`` exactly, then the 45-degree walls that also take it."""
    exact: list[int] = []
    near: list[int] = []
    for k, normal in enumerate(normals):
        if normal == direction:
            exact.append(k)
        elif len(normal) == 2 and len(direction) == 1 and direction in normal:
            near.append(k)
    return [exact, near]


def _position(wall: Segment, point: Point) -> float | None:
    """How many steps along ``wall`` the point lies, or None if it is off the wall."""
    (ax, ay), (bx, by) = wall
    n = wall_length(wall[0], wall[1])
    ux, uy = (bx - ax) / n, (by - ay) / n
    t = max(abs(point[0] - ax), abs(point[1] - ay))
    if abs(ax + t * ux - point[0]) > 1e-9 or abs(ay + t * uy - point[1]) > 1e-9:
        return None
    return t if 0 <= t <= n else None


def behind(board: Board, segment: Segment, facing: str) -> int:
    """What lies just outside a segment: FREE, one room's id, MIXED or OFF_LEVEL."""
    owners = board.side_owners(segment, facing)
    if None in owners:
        return OFF_LEVEL
    first = owners[0]
    assert first is not None
    return first if all(owner == first for owner in owners) else MIXED


def sub_segment(wall: Segment, start: int, width: int) -> Segment:
    (ax, ay), (bx, by) = wall
    n = wall_length(wall[0], wall[1])
    ux, uy = (bx - ax) / n, (by - ay) / n
    end = start + width
    return ((ax + start * ux, ay + start * uy), (ax + end * ux, ay + end * uy))


def spots(room: RoomWalls, direction: str, width: int) -> list[Spot]:
    """Every untaken place for an exit ``width`` steps wide on walls facing ``direction``.

    Exact-facing walls are used if any has room; 45-degree walls otherwise.
    What lies behind each place is left to the caller (``behind``), who only
    needs to look at the places it actually considers.
    """
    for group in room.facing(direction):
        found: list[Spot] = []
        for k in group:
            n = room.lengths[k]
            if n < width:
                continue
            wall = room.walls[k]
            used = room.taken[k]
            for start in range(n - width + 1):
                if not used.intersection(range(start, start + width)):
                    found.append(Spot(room.normals[k], sub_segment(wall, start, width), k,
                                      range(start, start + width)))
        if found:
            return found
    return []


def pick_spot(options: list[Spot], board: Board, stream: Stream,
              accept: Callable[[int], bool]) -> tuple[Spot, int] | None:
    """A uniformly random place among those whose far side ``accept`` allows."""
    remaining = list(options)
    while remaining:
        index = int(stream.random() * len(remaining))
        spot = remaining[index]
        far = behind(board, spot.segment, spot.wall)
        if accept(far):
            return spot, far
        remaining[index] = remaining[-1]
        remaining.pop()
    return None


class Footprint:
    """The quarters just outside an exit, step by step, with their bitset.

    Checking a new room against every waiting exit is then one AND each; only
    an exit the room really touches is looked at step by step.
    """

    __slots__ = ("mask", "off_level", "steps")

    def __init__(self, board: Board, exit_: Exit) -> None:
        occupancy = board.occupancy
        self.steps: list[tuple[Point, Point, list[int] | None]] = []
        self.mask = 0
        self.off_level = False
        for a, b in unit_steps(*exit_.segment):
            quarters = side_quarters(a, b, exit_.wall)
            if all(occupancy.in_bounds(q) for q in quarters):
                indices = [occupancy.index(q) for q in quarters]
                for index in indices:
                    self.mask |= 1 << index
                self.steps.append((a, b, indices))
            else:
                self.off_level = True
                self.steps.append((a, b, None))

    def free_runs(self, board: Board) -> list[Segment]:
        """Runs of steps with nothing yet behind them."""
        taken = board.occupancy.bits & self.mask
        if taken == self.mask and not self.off_level and self.mask:
            return []
        if not taken and not self.off_level:
            return [(self.steps[0][0], self.steps[-1][1])]
        runs: list[Segment] = []
        current: list[tuple[Point, Point]] = []
        owner = board.occupancy.owner
        for a, b, indices in self.steps:
            if indices is not None and all(owner[i] == 0 for i in indices):
                current.append((a, b))
                continue
            if current:
                runs.append((current[0][0], current[-1][1]))
                current = []
        if current:
            runs.append((current[0][0], current[-1][1]))
        return runs

    def covered_part(self, board: Board, room_id: int, room_mask: int) -> Segment | None:
        """The part of the exit that room ``room_id`` (bitset ``room_mask``) lies behind."""
        if not self.mask & room_mask:
            return None
        owner = board.occupancy.owner
        steps = [(a, b) for a, b, indices in self.steps
                 if indices is not None and all(owner[i] == room_id for i in indices)]
        if not steps:
            return None
        return (steps[0][0], steps[-1][1])


def floor_marker(room: Room, room_walls: RoomWalls, direction: str, stream: Stream) -> Segment:
    """A small square inside the room near its ``direction`` wall (teleporters, floor stairs).

    Every room shape is convex, so points between the room's centre and a
    wall's midpoint lie inside it. The segment is the square's diagonal, so
    every exit has a segment to draw.
    """
    walls = room_walls.walls
    candidates = [k for group in room_walls.facing(direction) for k in group] or list(
        range(len(walls)))
    pts = room.polygon
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    taken = [((e.segment[0][0] + e.segment[1][0]) / 2, (e.segment[0][1] + e.segment[1][1]) / 2)
             for e in room.exits if not e.details.get("on_wall", True)]
    first = int(stream.random() * len(candidates))
    for turn in range(len(candidates)):
        a, b = walls[candidates[(first + turn) % len(candidates)]]
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        for share in (0.45, 0.25, 0.65, 0.0):
            x, y = cx + (mx - cx) * share, cy + (my - cy) * share
            clear = all(abs(x - tx) > 0.35 or abs(y - ty) > 0.35 for tx, ty in taken)
            if clear and _holds_square(pts, x, y):
                return _square(x, y)
    return _square(cx, cy)


def _holds_square(polygon: list[Point], cx: float, cy: float) -> bool:
    """Whether a marker square (with a margin) around (cx, cy) lies inside the polygon."""
    m = _MARKER + 0.02
    return all(inside(cx + dx, cy + dy, polygon) for dx in (-m, m) for dy in (-m, m))


def _square(cx: float, cy: float) -> Segment:
    h = _MARKER
    return ((round(cx - h, 3), round(cy - h, 3)), (round(cx + h, 3), round(cy + h, 3)))
