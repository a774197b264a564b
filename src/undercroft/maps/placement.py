"""Fitting room outlines onto the level: behind a wall segment, or anywhere free.

The mapper of seed 001 chooses each new room's orientation, with one rule: it
shares a side with the room it was entered from. ``Board.behind`` lists every
way an outline can put one of its walls against the opening (in every
orientation, at every offset along the wall), shuffles them with the game's
stream, and keeps the first that overlaps nothing and stays inside the level.
"""

from __future__ import annotations

from typing import Any, Final

from undercroft.maps.lattice import (
    Occupancy,
    lattice_step,
    polygon_quarters,
    quarter_index,
    quarter_mask,
)
from undercroft.maps.model import COMPASS, Point, Segment, outward_normal
from undercroft.maps.shapes import Shape
from undercroft.rng import Stream


class Placement:
    """An outline moved to (dx, dy): its polygon and its quarters' bitset on the board.

    A plain class, not a dataclass: thousands are made per second, and a plain
    class compiles to a cheap native one under `make fast`.
    """

    __slots__ = ("mask", "offset", "polygon", "shape")

    def __init__(self, shape: Shape, offset: tuple[int, int], polygon: list[Point],
                 mask: int) -> None:
        self.shape = shape
        self.offset = offset
        self.polygon = polygon
        self.mask = mask



class Raster:
    """An outline's quarters at the origin for a level of one size.

    ``indices`` and ``mask`` place and claim it; ``runs`` and ``loose`` say the
    same for the free-area search, in fewer steps: ``runs`` are (shift, length)
    for each row's stretch of whole cells, ``loose`` the quarters of cells the
    outline only partly covers. Moving the outline by (dx, dy) adds
    4 * (dy * size + dx) to every index.
    """

    __slots__ = ("indices", "loose", "mask", "runs")

    def __init__(self, shape: Shape, level_size: int) -> None:
        quarters = polygon_quarters(shape.polygon)
        self.indices = tuple(quarter_index(quarter, level_size) for quarter in quarters)
        self.mask = quarter_mask(quarters, level_size)
        by_cell: dict[tuple[int, int], int] = {}
        for i, j, _ in quarters:
            by_cell[(i, j)] = by_cell.get((i, j), 0) + 1
        self.loose = [index for index, (i, j, _) in zip(self.indices, quarters, strict=True)
                      if by_cell[(i, j)] < 4]
        self.runs: list[tuple[int, int]] = []
        last = (-2, -2)
        for j, i in sorted((j, i) for (i, j), count in by_cell.items() if count == 4):
            if (i, j) == (last[0] + 1, last[1]):
                shift, length = self.runs[-1]
                self.runs[-1] = (shift, length + 1)
            else:
                self.runs.append((4 * (j * level_size + i), 1))
            last = (i, j)


_RASTERS: Final[dict[int, dict[Shape, Raster]]] = {}
"""Per level size, each outline's raster (made once, shared by every board of that size)."""


_INSIDE: Final[dict[tuple[int, int, int], int]] = {}


def _inside_offsets(width: int, height: int, size: int) -> int:
    """Bits at 4 * (dy * size + dx) for every offset keeping a width x height box in the level.

    Kept in a plain dict, cheaper to ask than ``functools.cache``.
    """
    found = _INSIDE.get((width, height, size))
    if found is None:
        found = _INSIDE[(width, height, size)] = _work_out_inside(width, height, size)
    return found


def _work_out_inside(width: int, height: int, size: int) -> int:
    bits = 0
    for dy in range(size - height + 1):
        for dx in range(size - width + 1):
            bits |= 1 << (4 * (dy * size + dx))
    return bits


def _nth_set_bit(bits: int, n: int) -> int:
    """The position of the n-th (from 0) set bit, counting from the lowest.

    A binary search on how many bits lie below a position: a few dozen steps
    for a level's worth of bits, where scanning them one by one takes hundreds.
    """
    low, high = 0, bits.bit_length()
    while high - low > 1:
        middle = (low + high) // 2
        if (bits & ((1 << middle) - 1)).bit_count() > n:
            high = middle
        else:
            low = middle
    return low


class Fit:
    """One way to put an outline against a segment: the outline and its offset from the
    segment's far end (a plain class: compiled, its fields are read as machine integers)."""

    __slots__ = ("dx", "dy", "shape")

    def __init__(self, shape: Shape, dx: int, dy: int) -> None:
        self.shape = shape
        self.dx = dx
        self.dy = dy


Fits = tuple[list[Fit], list[Fit]]
"""Fits covering the whole segment, then fits covering one end of it."""

_OFFSETS: Final[dict[int, tuple[tuple[Shape, ...], dict[int, Fits]]]] = {}
"""By the id of a set of outlines (kept alive here, so the id stays theirs), then by
segment kind (``_segment_kind``): where each outline goes."""

_DIRECTION_NUMBER: Final = {name: number for number, name in enumerate(COMPASS)}
_OPPOSITE: Final = {name: COMPASS[(number + 4) % 8] for number, name in enumerate(COMPASS)}


def opposite(direction: str) -> str:
    return _OPPOSITE[direction]


def _segment_kind(want: str, ux: int, uy: int, width: int) -> int:
    """One integer for (facing, direction, width): a cheap dictionary key."""
    return width + 1000 * (uy + 1 + 3 * (ux + 1 + 3 * _DIRECTION_NUMBER[want]))


def _offsets(shapes: tuple[Shape, ...], want: str, ux: int, uy: int, width: int) -> Fits:
    """Where each outline goes, relative to a segment's far end, to put a wall against it.

    Cached: the same few outlines meet the same few segment kinds all game long.
    ``shapes`` is one of the lasting tuples of ``maps.shapes`` (a passing tuple
    would add an entry every time).
    """
    entry = _OFFSETS.get(id(shapes))
    if entry is None:
        entry = _OFFSETS[id(shapes)] = (shapes, {})
    kind = _segment_kind(want, ux, uy, width)
    found = entry[1].get(kind)
    if found is None:
        found = entry[1][kind] = _work_out_offsets(shapes, want, ux, uy, width)
    return found


def _work_out_offsets(shapes: tuple[Shape, ...], want: str, ux: int, uy: int,
                      width: int) -> Fits:
    whole: list[Fit] = []
    partial: list[Fit] = []
    for shape in shapes:
        pts = [(int(x), int(y)) for x, y in shape.polygon]
        for k in range(len(pts)):
            p, q = pts[k], pts[(k + 1) % len(pts)]
            if outward_normal(p, q) != want:
                continue
            n, step_x, step_y = lattice_step(*p, *q)
            if (step_x, step_y) != (ux, uy):
                continue
            if n >= width:
                whole += [Fit(shape, -p[0] - step * ux, -p[1] - step * uy)
                          for step in range(n - width + 1)]
            else:
                partial += [Fit(shape, shift * ux - p[0], shift * uy - p[1])
                            for shift in (0, width - n)]
    return whole, partial


_COUNTING: Final[list[list[int]]] = []


def _counting(count: int) -> list[int]:
    """A fresh list [0, 1, ..., count - 1] (copied from a kept one: cheaper than range)."""
    while len(_COUNTING) <= count:
        _COUNTING.append(list(range(len(_COUNTING))))
    return _COUNTING[count][:]


class Shuffle:
    """Indices 0 .. count-1 in a random order, drawn only as far as the caller reads.

    Fisher-Yates from the end, one draw per index read: stopping early costs
    no draws. A plain class with ``next`` rather than a generator, which costs
    more to start when compiled, and this runs tens of times per room.
    """

    __slots__ = ("_left", "_order", "_stream")

    def __init__(self, stream: Stream, count: int) -> None:
        self._stream = stream
        self._order = _counting(count)
        self._left = count

    def next(self) -> int:
        """The next index, or -1 when every index has been read."""
        i = self._left - 1
        if i < 0:
            return -1
        j = int(self._stream.random() * (i + 1))
        order = self._order
        order[i], order[j] = order[j], order[i]
        self._left = i
        return order[i]


class FreeArea:
    """The free part of a board as bitsets, worked out once per search over many outlines.

    ``quarters`` has a bit for every free quarter. ``run(n)`` has a bit at 4c
    when the n cells c .. c+n-1 are wholly free (all four quarters each).
    """

    __slots__ = ("_runs", "quarters")

    def __init__(self, taken: int, size: int) -> None:
        free = ~taken & ((1 << (4 * size * size)) - 1)
        self.quarters = free
        self._runs = [free & (free >> 1) & (free >> 2) & (free >> 3)]

    def run(self, length: int) -> int:
        runs = self._runs
        while len(runs) < length:
            runs.append(runs[-1] & (runs[0] >> (4 * len(runs))))
        return runs[length - 1]


class Board:
    """The level's occupancy; rasters of outlines are shared by every board of a size."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.occupancy = Occupancy(size)
        self._rasters = _RASTERS.setdefault(size, {})
        self._nowhere: set[Shape] = set()
        """Outlines that fitted nowhere once; rooms are only ever added, so they never will."""

    def __reduce__(self) -> tuple[type[Board], tuple[int], dict[str, Any]]:
        """How copy and snapshots (engine/snapshot.py) rebuild it (compiled classes need
        telling); the rasters are the shared ones of its size, not copied."""
        return (Board, (self.size,), {"occupancy": self.occupancy, "_nowhere": self._nowhere})

    def at(self, shape: Shape, dx: int, dy: int) -> Placement | None:
        """The outline at offset (dx, dy) if it is inside the level and overlaps nothing."""
        shifted = self._free_mask(shape, dx, dy)
        if not shifted:
            return None
        polygon = [(x + dx, y + dy) for x, y in shape.polygon]
        return Placement(shape, (dx, dy), polygon, shifted)

    def _free_mask(self, shape: Shape, dx: int, dy: int) -> int:
        """The outline's bitset at offset (dx, dy), or 0 if it leaves the level or overlaps."""
        if dx < 0 or dy < 0 or dx + shape.width > self.size or dy + shape.height > self.size:
            return 0
        raster = self._raster(shape)
        shifted = raster.mask << (4 * (dy * self.size + dx))
        return 0 if self.occupancy.bits & shifted else shifted

    def _raster(self, shape: Shape) -> Raster:
        raster = self._rasters.get(shape)
        if raster is None:
            raster = self._rasters[shape] = Raster(shape, self.size)
        return raster

    def claim(self, room_id: int, placement: Placement) -> None:
        dx, dy = placement.offset
        indices = self._rasters[placement.shape].indices
        self.occupancy.claim(room_id, indices, 4 * (dy * self.size + dx), placement.mask)

    def behind(self, segment: Segment, facing: str, shapes: tuple[Shape, ...],
               stream: Stream) -> Placement | None:
        """An outline against ``segment`` on its ``facing`` side, or None if none fits.

        Outlines whose wall covers the whole segment come first; a wall shorter
        than the segment may cover one end of it (a walldoor wider than the
        room behind it opens onto a second room).
        """
        bx, by, fits = self._fits_against(segment, facing, shapes)
        for options in fits:
            shuffle = Shuffle(stream, len(options))
            index = shuffle.next()
            while index >= 0:
                fit = options[index]
                placed = self.at(fit.shape, bx + fit.dx, by + fit.dy)
                if placed is not None:
                    return placed
                index = shuffle.next()
        return None

    def fits_behind(self, segment: Segment, facing: str, shapes: tuple[Shape, ...]) -> bool:
        """Whether any of the outlines fits against ``segment``: a yes or no, no draws."""
        bx, by, fits = self._fits_against(segment, facing, shapes)
        return any(self._free_mask(fit.shape, bx + fit.dx, by + fit.dy)
                   for options in fits for fit in options)

    def _fits_against(self, segment: Segment, facing: str,
                      shapes: tuple[Shape, ...]) -> tuple[int, int, Fits]:
        """The segment's far end and the ways each outline can stand against it."""
        ax, ay = int(segment[0][0]), int(segment[0][1])
        bx, by = int(segment[1][0]), int(segment[1][1])
        # The new room runs its wall the other way round: from b towards a.
        width, ux, uy = lattice_step(bx, by, ax, ay)
        return bx, by, _offsets(shapes, opposite(facing), ux, uy, width)

    def anywhere(self, shapes: tuple[Shape, ...], stream: Stream,
                 centre: bool = False) -> Placement | None:
        """An outline anywhere it fits (the middle of the level if ``centre``).

        A few random probes find room quickly on an open level; otherwise every
        offset of every outline is tested at once and one that fits is chosen
        uniformly.
        """
        if centre:
            shuffle = Shuffle(stream, len(shapes))
            index = shuffle.next()
            while index >= 0:
                shape = shapes[index]
                placed = self.at(shape, (self.size - shape.width) // 2,
                                 (self.size - shape.height) // 2)
                if placed is not None:
                    return placed
                index = shuffle.next()
        shapes = tuple([shape for shape in shapes if shape not in self._nowhere])
        if not shapes:
            return None
        for _ in range(8):
            shape = shapes[int(stream.random() * len(shapes))]
            placed = self.at(shape, stream.randint(0, self.size - shape.width),
                             stream.randint(0, self.size - shape.height))
            if placed is not None:
                return placed
        fitting: list[tuple[Shape, int]] = []
        total = 0
        free = FreeArea(self.occupancy.bits, self.size)
        for shape in shapes:
            offsets = self._fitting_offsets(shape, free)
            if offsets:
                fitting.append((shape, offsets))
                total += offsets.bit_count()
            else:
                self._nowhere.add(shape)
        if not total:
            return None
        pick = int(stream.random() * total)
        for shape, offsets in fitting:
            count = offsets.bit_count()
            if pick < count:
                cell = _nth_set_bit(offsets, pick) // 4
                placed = self.at(shape, cell % self.size, cell // self.size)
                assert placed is not None
                return placed
            pick -= count
        raise AssertionError("a fitting offset was counted but not found")

    def _fitting_offsets(self, shape: Shape, free: FreeArea) -> int:
        """Every offset where the outline fits, as bits at 4 * (dy * size + dx), all at once.

        The outline fits at offset p when every quarter t it covers is free at
        p + t: the free bits shifted down by each t and ANDed together leave
        exactly those offsets. Whole cells are tested a row's stretch at a time.
        """
        size = self.size
        if shape.width > size or shape.height > size:
            return 0
        offsets = _inside_offsets(shape.width, shape.height, size)
        raster = self._raster(shape)
        for shift, length in raster.runs:
            offsets &= free.run(length) >> shift
            if not offsets:
                return 0
        for index in raster.loose:
            offsets &= free.quarters >> index
            if not offsets:
                break
        return offsets
