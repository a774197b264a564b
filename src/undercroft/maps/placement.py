"""Fitting room outlines onto the level: behind a wall segment, or anywhere free.

The mapper of seed 001 chooses each new room's orientation, with one rule: it
shares a side with the room it was entered from. ``Board.behind`` lists every
way an outline can put one of its walls against the opening (in every
orientation, at every offset along the wall), shuffles them with the game's
stream, and keeps the first that overlaps nothing and stays inside the level.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from undercroft.maps.lattice import Occupancy, Quarter, polygon_quarters, side_quarters, unit_steps
from undercroft.maps.model import COMPASS, Point, Segment, outward_normal, wall_length
from undercroft.maps.shapes import Shape
from undercroft.rng import Stream


def opposite(direction: str) -> str:
    return COMPASS[(COMPASS.index(direction) + 4) % 8]


@dataclass(frozen=True)
class Placement:
    """An outline moved to (dx, dy): its polygon, quarters and bitset on the board."""

    shape: Shape
    offset: tuple[int, int]
    polygon: list[Point]
    quarters: list[Quarter]
    mask: int


Offsets = tuple[tuple[Shape, float, float], ...]


@cache
def _raster(shape: Shape, level_size: int) -> tuple[tuple[Quarter, ...], int]:
    """An outline's quarters at the origin and their bitset for a level of this size."""
    quarters = tuple(polygon_quarters(shape.polygon))
    return quarters, Occupancy(level_size).mask(quarters)


@cache
def _offsets(shapes: tuple[Shape, ...], want: str, ux: float, uy: float,
             width: int) -> tuple[Offsets, Offsets]:
    """Where each outline goes, relative to a segment's far end, to put a wall against it.

    Cached: the same few outlines meet the same few segment kinds all game long.
    """
    whole: list[tuple[Shape, float, float]] = []
    partial: list[tuple[Shape, float, float]] = []
    for shape in shapes:
        pts = shape.polygon
        for k in range(len(pts)):
            p, q = pts[k], pts[(k + 1) % len(pts)]
            if outward_normal(p, q) != want:
                continue
            n = int(wall_length(p, q))
            if ((q[0] - p[0]) / n, (q[1] - p[1]) / n) != (ux, uy):
                continue
            if n >= width:
                whole += [(shape, -p[0] - step * ux, -p[1] - step * uy)
                          for step in range(n - width + 1)]
            else:
                partial += [(shape, shift * ux - p[0], shift * uy - p[1])
                            for shift in (0, width - n)]
    return tuple(whole), tuple(partial)


def _in_random_order(stream: Stream, count: int) -> Iterator[int]:
    """Indices 0..count-1 in a random order, drawn only as far as the caller reads."""
    order = list(range(count))
    for i in range(count - 1, -1, -1):
        j = int(stream.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
        yield order[i]


class Board:
    """The level's occupancy; rasters of outlines are shared by every board of a size."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.occupancy = Occupancy(size)
        self._rasters: dict[Shape, tuple[tuple[Quarter, ...], int]] = {}
        self._nowhere: set[Shape] = set()
        """Outlines that fitted nowhere once; rooms are only ever added, so they never will."""

    def at(self, shape: Shape, dx: int, dy: int) -> Placement | None:
        """The outline at offset (dx, dy) if it is inside the level and overlaps nothing."""
        if dx < 0 or dy < 0 or dx + shape.width > self.size or dy + shape.height > self.size:
            return None
        raster = self._rasters.get(shape)
        if raster is None:
            raster = self._rasters[shape] = _raster(shape, self.size)
        quarters, mask = raster
        shifted = mask << (4 * (dy * self.size + dx))
        if not self.occupancy.fits(shifted):
            return None
        polygon = [(x + dx, y + dy) for x, y in shape.polygon]
        moved = [(i + dx, j + dy, q) for i, j, q in quarters]
        return Placement(shape, (dx, dy), polygon, moved, shifted)

    def claim(self, room_id: int, placement: Placement) -> None:
        self.occupancy.claim(room_id, placement.quarters, placement.mask)

    def behind(self, segment: Segment, facing: str, shapes: tuple[Shape, ...],
               stream: Stream) -> Placement | None:
        """An outline against ``segment`` on its ``facing`` side, or None if none fits.

        Outlines whose wall covers the whole segment come first; a wall shorter
        than the segment may cover one end of it (a walldoor wider than the
        room behind it opens onto a second room).
        """
        (ax, ay), (bx, by) = segment
        width = int(wall_length(segment[0], segment[1]))
        # The new room runs its wall the other way round: from b towards a.
        ux, uy = (ax - bx) / width, (ay - by) / width
        for options in _offsets(shapes, opposite(facing), ux, uy, width):
            order = list(range(len(options)))
            for i in range(len(order) - 1, -1, -1):
                j = int(stream.random() * (i + 1))
                order[i], order[j] = order[j], order[i]
                shape, ox, oy = options[order[i]]
                placed = self.at(shape, int(bx + ox), int(by + oy))
                if placed is not None:
                    return placed
        return None

    def anywhere(self, shapes: tuple[Shape, ...], stream: Stream,
                 centre: bool = False) -> Placement | None:
        """An outline anywhere it fits (the middle of the level if ``centre``).

        A few random probes find room quickly on an open level; only a crowded
        level pays for trying every position.
        """
        if centre:
            for index in _in_random_order(stream, len(shapes)):
                shape = shapes[index]
                placed = self.at(shape, (self.size - shape.width) // 2,
                                 (self.size - shape.height) // 2)
                if placed is not None:
                    return placed
        shapes = tuple(shape for shape in shapes if shape not in self._nowhere)
        if not shapes:
            return None
        for _ in range(8):
            shape = shapes[int(stream.random() * len(shapes))]
            placed = self.at(shape, stream.randint(0, self.size - shape.width),
                             stream.randint(0, self.size - shape.height))
            if placed is not None:
                return placed
        options = self._anchored(shapes)
        for index in _in_random_order(stream, len(options)):
            shape, dx, dy = options[index]
            placed = self.at(shape, dx, dy)
            if placed is not None:
                return placed
        self._nowhere.update(shapes)
        return None

    def _anchored(self, shapes: tuple[Shape, ...]) -> list[tuple[Shape, int, int]]:
        """Offsets that put each outline's first quarter on a free quarter of the level.

        Any placement that fits covers a free quarter with its first quarter, so
        these are all the places worth trying, and on a crowded level they are few.
        """
        owner = self.occupancy.owner
        size = self.size
        options: list[tuple[Shape, int, int]] = []
        for shape in shapes:
            i0, j0, q0 = _raster(shape, size)[0][0]
            for index in range(q0, 4 * size * size, 4):
                if owner[index] == 0:
                    cell = index // 4
                    dx, dy = cell % size - i0, cell // size - j0
                    if dx >= 0 and dy >= 0:
                        options.append((shape, dx, dy))
        return options

    def side_owners(self, segment: Segment, facing: str) -> list[int | None]:
        """Owner of each quarter just outside ``segment`` (0 free, None off the level)."""
        return [self.occupancy.owner_of(quarter)
                for a, b in unit_steps(segment[0], segment[1])
                for quarter in side_quarters(a, b, facing)]
