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
from typing import Any, Final

from undercroft.maps.lattice import beside_step, inside, lattice_step
from undercroft.maps.model import Exit, Point, Room, Segment, outward_normal, wall_length
from undercroft.maps.placement import Board, Placement
from undercroft.maps.shapes import Shape
from undercroft.rng import Stream

CARDINAL: Final = {"north": "N", "south": "S", "east": "E", "west": "W"}
FREE: Final = 0
MIXED: Final = -1
OFF_LEVEL: Final = -2

_MARKER: Final = 0.15
"""Half the side of the small square that marks a teleporter (or a floor stair)."""

_MARKER_SHARES: Final = (0.45, 0.25, 0.65, 0.0)
"""Where a floor marker may go, as a share of the way from the room's centre to a wall."""


class ShapeWalls:
    """An outline's walls at the origin, worked out once and shared by every room of it.

    Rooms are only ever outlines moved by whole units, so the walls' ends,
    facing and length, and the places in the floor that can hold a marker,
    are the outline's, shifted.
    """

    __slots__ = ("_facing", "centre", "lengths", "markers", "normals", "start_x", "start_y",
                 "unit_x", "unit_y")

    def __init__(self, shape: Shape) -> None:
        pts = [(int(x), int(y)) for x, y in shape.polygon]
        ends = [(pts[k], pts[(k + 1) % len(pts)]) for k in range(len(pts))]
        self.lengths: list[int] = [int(wall_length(a, b)) for a, b in ends]
        # Flat lists of plain ints: compiled, reading them costs next to nothing.
        self.start_x: list[int] = [a[0] for a, _ in ends]
        self.start_y: list[int] = [a[1] for a, _ in ends]
        steps = [lattice_step(*a, *b) for a, b in ends]
        self.unit_x: list[int] = [ux for _, ux, _ in steps]
        self.unit_y: list[int] = [uy for _, _, uy in steps]
        self.normals: list[str] = [outward_normal(a, b) for a, b in ends]
        polygon = list(shape.polygon)
        self.centre: Point = (sum(p[0] for p in polygon) / len(polygon),
                              sum(p[1] for p in polygon) / len(polygon))
        self.markers: list[list[Point]] = [_marker_places(polygon, self.centre, a, b)
                                           for a, b in ends]
        self._facing: dict[str, list[list[int]]] = {}

    def facing(self, direction: str) -> list[list[int]]:
        """Walls facing ``direction`` exactly, then the 45-degree walls that also take it."""
        groups = self._facing.get(direction)
        if groups is None:
            groups = self._facing[direction] = _facing(self.normals, direction)
        return groups


_SHAPE_WALLS: Final[dict[Shape, ShapeWalls]] = {}


def shape_walls(shape: Shape) -> ShapeWalls:
    """The walls of an outline (outlines are made once, so this is a lasting cache)."""
    found = _SHAPE_WALLS.get(shape)
    if found is None:
        found = _SHAPE_WALLS[shape] = ShapeWalls(shape)
    return found


class Spot:
    """A place for an exit: the wall (its index and facing) and the steps it covers."""

    __slots__ = ("start", "wall", "wall_index", "width")

    def __init__(self, wall: str, wall_index: int, start: int, width: int) -> None:
        self.wall = wall
        self.wall_index = wall_index
        self.start = start
        self.width = width


class RoomWalls:
    """A room's walls, and the steps of each that exits and murder holes already use.

    Exits are placed, counted and checked against walls many times per room;
    the walls come from the room's outline, so only the steps taken are its own.
    """

    __slots__ = ("dx", "dy", "lengths", "normals", "outline", "shape", "taken")

    def __init__(self, shape: Shape, dx: int, dy: int) -> None:
        self.shape = shape
        self.outline = shape_walls(shape)
        self.dx = dx
        self.dy = dy
        self.lengths = self.outline.lengths
        self.normals = self.outline.normals
        self.taken: list[int] = [0] * len(self.lengths)
        """Per wall, a bitset of the unit steps already used."""

    def __reduce__(self) -> tuple[type[RoomWalls], tuple[Shape, int, int], dict[str, Any]]:
        """How copy and snapshots (engine/snapshot.py) rebuild it (compiled classes need
        telling): only the steps taken are its own."""
        return (RoomWalls, (self.shape, self.dx, self.dy), {"taken": self.taken})

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def facing(self, direction: str) -> list[list[int]]:
        return self.outline.facing(direction)

    def corner(self, k: int, step: int) -> tuple[int, int]:
        """The lattice point ``step`` steps along wall ``k``."""
        outline = self.outline
        return (self.dx + outline.start_x[k] + step * outline.unit_x[k],
                self.dy + outline.start_y[k] + step * outline.unit_y[k])

    def segment(self, spot: Spot) -> Segment:
        ax, ay = self.corner(spot.wall_index, spot.start)
        bx, by = self.corner(spot.wall_index, spot.start + spot.width)
        return ((float(ax), float(ay)), (float(bx), float(by)))

    def mark(self, k: int, start: int, width: int, taken: bool = True) -> None:
        """Record (or release) ``width`` steps of wall ``k`` from ``start``."""
        bits = ((1 << width) - 1) << start
        self.taken[k] = self.taken[k] | bits if taken else self.taken[k] & ~bits

    def mark_spot(self, spot: Spot, taken: bool = True) -> None:
        self.mark(spot.wall_index, spot.start, spot.width, taken)

    def mark_segment(self, segment: Segment, facing: str) -> None:
        """Record the steps of a segment on a ``facing`` wall (the twin of another exit)."""
        found = self.steps_of(segment, facing)
        if found is not None:
            k, start, width = found
            self.mark(k, start, width)

    def steps_of(self, segment: Segment, facing: str) -> tuple[int, int, int] | None:
        """Which ``facing`` wall a segment lies on, from which step and how wide: (k, start,
        width)."""
        for k in range(len(self.lengths)):
            if self.normals[k] != facing:
                continue
            ta = self._position(k, segment[0])
            tb = self._position(k, segment[1])
            if ta >= 0 and tb >= 0:
                return k, min(ta, tb), abs(tb - ta)
        return None

    def _position(self, k: int, point: Point) -> int:
        """How many steps along wall ``k`` a lattice point lies, or -1 if it is off the wall."""
        outline = self.outline
        x, y = self.dx + outline.start_x[k], self.dy + outline.start_y[k]
        px, py = int(point[0]), int(point[1])
        if px != point[0] or py != point[1]:
            return -1
        t = max(abs(px - x), abs(py - y))
        if (x + t * outline.unit_x[k] != px or y + t * outline.unit_y[k] != py
                or t > self.lengths[k]):
            return -1
        return t


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


def beyond(board: Board, walls: RoomWalls, spot: Spot) -> int:
    """What lies just outside a spot: FREE, one room's id, MIXED or OFF_LEVEL."""
    occupancy = board.occupancy
    size, owner = occupancy.size, occupancy.owner
    ux, uy = walls.outline.unit_x[spot.wall_index], walls.outline.unit_y[spot.wall_index]
    ax, ay = walls.corner(spot.wall_index, spot.start)
    first = -3
    mixed = False
    for _ in range(spot.width):
        i, _, index, other = beside_step(ax, ay, ux, uy, spot.wall, size)
        if i < 0:
            return OFF_LEVEL
        for found in (owner[index], owner[other] if other >= 0 else owner[index]):
            if first == -3:
                first = found
            elif found != first:
                mixed = True
        ax, ay = ax + ux, ay + uy
    return MIXED if mixed else first


def spots(room: RoomWalls, direction: str, width: int) -> list[Spot]:
    """Every untaken place for an exit ``width`` steps wide on walls facing ``direction``.

    Exact-facing walls are used if any has room; 45-degree walls otherwise.
    What lies behind each place is left to the caller (``beyond``), who only
    needs to look at the places it actually considers.
    """
    window = (1 << width) - 1
    for group in room.facing(direction):
        found: list[Spot] = []
        for k in group:
            n = room.lengths[k]
            used = room.taken[k]
            for start in range(n - width + 1):
                if not (used >> start) & window:
                    found.append(Spot(room.normals[k], k, start, width))
        if found:
            return found
    return []


def pick_spot(options: list[Spot], board: Board, walls: RoomWalls, stream: Stream,
              accept: Callable[[int], bool]) -> tuple[Spot, int] | None:
    """A uniformly random place among those whose far side ``accept`` allows."""
    remaining = list(options)
    while remaining:
        index = int(stream.random() * len(remaining))
        spot = remaining[index]
        far = beyond(board, walls, spot)
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

    __slots__ = ("board", "exit", "high_i", "high_j", "low_i", "low_j", "mask", "off_level",
                 "steps")

    def __init__(self, board: Board, exit_: Exit) -> None:
        self.board = board
        self.exit = exit_
        occupancy = board.occupancy
        self.steps: list[tuple[Point, Point, list[int] | None]] = []
        self.mask = 0
        self.off_level = False
        size = occupancy.size
        (sx, sy), (ex, ey) = exit_.segment
        ax, ay, bx, by = int(sx), int(sy), int(ex), int(ey)
        n, ux, uy = lattice_step(ax, ay, bx, by)
        mask = 0
        self.low_i = self.low_j = size
        self.high_i = self.high_j = -1
        """The cells the footprint touches lie within these bounds (a cheap first test)."""
        for _ in range(n):
            a, b = (float(ax), float(ay)), (float(ax + ux), float(ay + uy))
            i, j, index, other = beside_step(ax, ay, ux, uy, exit_.wall, size)
            if i >= 0:
                self.low_i, self.high_i = min(self.low_i, i), max(self.high_i, i)
                self.low_j, self.high_j = min(self.low_j, j), max(self.high_j, j)
                if other < 0:
                    self.steps.append((a, b, [index]))
                    mask |= 1 << index
                else:
                    self.steps.append((a, b, [index, other]))
                    mask |= (1 << index) | (1 << other)
            else:
                self.off_level = True
                self.steps.append((a, b, None))
            ax, ay = ax + ux, ay + uy
        self.mask = mask

    def __reduce__(self) -> tuple[type[Footprint], tuple[Board, Exit]]:
        """How copy and snapshots (engine/snapshot.py) rebuild it (compiled classes need
        telling): it follows from the level's size and the exit's place (a footprint is
        dropped when its exit moves)."""
        return (Footprint, (self.board, self.exit))

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

    def covered_part(self, board: Board, room_id: int, placed: Placement) -> Segment | None:
        """The part of the exit that room ``room_id`` (just ``placed``) lies behind."""
        dx, dy = placed.offset
        if (self.high_i < dx or self.low_i >= dx + placed.shape.width
                or self.high_j < dy or self.low_j >= dy + placed.shape.height):
            return None
        if not self.mask & placed.mask:
            return None
        owner = board.occupancy.owner
        steps = [(a, b) for a, b, indices in self.steps
                 if indices is not None and all(owner[i] == room_id for i in indices)]
        if not steps:
            return None
        return (steps[0][0], steps[-1][1])


def floor_marker(room: Room, walls: RoomWalls, direction: str, stream: Stream) -> Segment:
    """A small square inside the room near its ``direction`` wall (teleporters, floor stairs).

    The segment is the square's diagonal, so every exit has a segment to draw.
    Places that hold a square come from the outline (``ShapeWalls.markers``);
    here they are only checked against markers already in the room.
    """
    outline = walls.outline
    candidates = [k for group in outline.facing(direction) for k in group] or list(
        range(len(outline.lengths)))
    taken = [((e.segment[0][0] + e.segment[1][0]) / 2, (e.segment[0][1] + e.segment[1][1]) / 2)
             for e in room.exits if not e.details.get("on_wall", True)]
    first = int(stream.random() * len(candidates))
    for turn in range(len(candidates)):
        for px, py in outline.markers[candidates[(first + turn) % len(candidates)]]:
            x, y = px + walls.dx, py + walls.dy
            if all(abs(x - tx) > 0.35 or abs(y - ty) > 0.35 for tx, ty in taken):
                return _square(x, y)
    return _square(outline.centre[0] + walls.dx, outline.centre[1] + walls.dy)


def _marker_places(polygon: list[Point], centre: Point, a: tuple[int, int],
                   b: tuple[int, int]) -> list[Point]:
    """Places between the centre and a wall's midpoint where a marker square fits.

    Every room shape is convex, so these points lie inside it; the square
    (with a margin) must too.
    """
    cx, cy = centre
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    places: list[Point] = []
    for share in _MARKER_SHARES:
        x, y = cx + (mx - cx) * share, cy + (my - cy) * share
        if _holds_square(polygon, x, y):
            places.append((x, y))
    return places


def _holds_square(polygon: list[Point], cx: float, cy: float) -> bool:
    """Whether a marker square (with a margin) around (cx, cy) lies inside the polygon."""
    m = _MARKER + 0.02
    return all(inside(cx + dx, cy + dy, polygon) for dx in (-m, m) for dy in (-m, m))


def _square(cx: float, cy: float) -> Segment:
    h = _MARKER
    return ((_thousandths(cx - h), _thousandths(cy - h)),
            (_thousandths(cx + h), _thousandths(cy + h)))


def _thousandths(value: float) -> float:
    """A level coordinate (never negative) to three decimals; cheaper than ``round`` here."""
    return int(value * 1000 + 0.5) / 1000


class Footprints:
    """Each exit's footprint, made the first time it is asked for. A cache, not the
    level's truth: a snapshot writes it empty (``__reduce__``), and a footprint is made
    again from the exit and the board's size alone."""

    def __init__(self) -> None:
        self.made: dict[str, Footprint] = {}

    def of(self, board: Board, exit_: Exit) -> Footprint:
        found = self.made.get(exit_.id)
        if found is None:
            found = self.made[exit_.id] = Footprint(board, exit_)
        return found

    def forget(self, exit_id: str) -> None:
        """The exit moved (a wall exit made a teleporter)."""
        self.made.pop(exit_id, None)

    def __reduce__(self) -> tuple[type[Footprints], tuple[()]]:
        return Footprints, ()
