"""Room shapes of a given size, in every orientation the 45-degree lattice allows.

A shape is a counter-clockwise polygon with its lowest corner at (0, 0) in x
and y. Sizes follow seed 001's ROOM SIZE, "the maximum dimension, in units":
in every orientation a room of size ``size`` fits a ``size`` x ``size`` square
of the map. A wall at 45 degrees is measured in angular units (one diagonal
step each) and spans one unit east-west and one north-south per step, so a
room turned by 45 degrees whose sides are ``a`` and ``b`` angular units spans
``a + b`` units each way, and every corner stays on the lattice:

- square: ``size`` x ``size``, or turned, a diamond of ``size // 2`` a side;
- rectangle: ``size`` long and 2 .. ``size - 1`` wide, or turned, sides that add
  up to ``size``, the short one more than one and less than the long one if
  possible;
- hallway: ``size`` x 1, or turned, ``size - 1`` x 1;
- triangle: legs of ``size`` units and a hypotenuse of ``size`` angular units
  (its legs are always one vertical and one horizontal wall);
- circle: an octagon inscribed in the ``size`` x ``size`` square.

Shapes that would need a turned side of less than one step, or a turned
hallway or rectangle no longer than it is wide, are drawn unturned only.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from undercroft.maps.model import MAX_LEVEL_SIZE, Point

SHAPES = ("square", "rectangle", "hallway", "triangle", "circle")


@dataclass(frozen=True, eq=False)
class Shape:
    """One concrete outline: which shape, its size, and the polygon at the origin.

    Outlines are made once (``outlines`` is cached) and compared by identity,
    which keeps them cheap as keys of the placement caches.
    """

    name: str
    size: int
    polygon: tuple[Point, ...]
    width: int
    height: int
    short_side: int

    def __reduce__(self) -> tuple[Callable[[str, int, int], Shape], tuple[str, int, int]]:
        """How copy, pickle and snapshots (engine/snapshot.py) rebuild it: as the very
        outline the caches know, since outlines are compared by identity."""
        return (Shape._interned, (self.name, self.size,
                                  outlines(self.name, self.size).index(self)))

    @staticmethod
    def _interned(name: str, size: int, index: int) -> Shape:
        """Outline ``index`` of ``outlines(name, size)`` (a size no level has is refused,
        so a damaged snapshot cannot ask for a huge one)."""
        if not 1 <= size <= MAX_LEVEL_SIZE:
            raise ValueError(f"an outline of size {size} (1 to {MAX_LEVEL_SIZE})")
        return outlines(name, size)[index]


def _normalised(points: list[tuple[int, int]]) -> tuple[Point, ...]:
    min_x = min(p[0] for p in points)
    min_y = min(p[1] for p in points)
    return tuple((float(x - min_x), float(y - min_y)) for x, y in points)


def _box(long: int, short: int, turned: int) -> list[tuple[int, int]]:
    """A long x short box turned by ``turned`` * 45 degrees (0..3), counter-clockwise."""
    (dx1, dy1), (dx2, dy2) = [((1, 0), (0, 1)), ((1, 1), (-1, 1)), ((0, 1), (-1, 0)),
                              ((-1, 1), (-1, -1))][turned]
    a = (0, 0)
    b = (a[0] + long * dx1, a[1] + long * dy1)
    c = (b[0] + short * dx2, b[1] + short * dy2)
    d = (a[0] + short * dx2, a[1] + short * dy2)
    return [a, b, c, d]


def _triangle(size: int, corner: int) -> list[tuple[int, int]]:
    """Right isosceles triangle with legs ``size``; right angle at SW, SE, NE or NW."""
    s = size
    return [
        [(0, 0), (s, 0), (0, s)],
        [(0, 0), (s, 0), (s, s)],
        [(s, 0), (s, s), (0, s)],
        [(0, 0), (s, s), (0, s)],
    ][corner]


def octagon_cut(size: int) -> int:
    """Corner cut of the octagon drawn for a circle: near-equal sides, at least a square."""
    return max(0, round(size / (2 + math.sqrt(2))))


def _octagon(size: int) -> list[tuple[int, int]]:
    c = octagon_cut(size)
    s = size
    if c == 0:
        return [(0, 0), (s, 0), (s, s), (0, s)]
    if 2 * c >= s:
        return [(c, 0), (s, c), (c, s), (0, c)]
    return [(c, 0), (s - c, 0), (s, c), (s, s - c), (s - c, s), (c, s), (0, s - c), (0, c)]


def _dedupe(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    unique: list[tuple[int, int]] = []
    for p in points:
        if p not in unique:
            unique.append(p)
    return unique


def rectangle_short_sides(size: int) -> list[int]:
    """Short sides "less than the Room Size, but more than one unit, if possible"."""
    sides = list(range(2, size))
    return sides or [1]


def _make(name: str, size: int, points: list[tuple[int, int]], short: int) -> Shape:
    polygon = _normalised(_dedupe(points))
    width = int(max(p[0] for p in polygon))
    height = int(max(p[1] for p in polygon))
    return Shape(name, size, polygon, width, height, short)


_OUTLINES: Final[dict[tuple[str, int], tuple[Shape, ...]]] = {}


def outlines(name: str, size: int) -> tuple[Shape, ...]:
    """Every outline of shape ``name`` at ``size``, one per orientation and proportion.

    Made once and kept (in a plain dict, cheaper to ask than ``functools.cache``):
    outlines are compared by identity.
    """
    found = _OUTLINES.get((name, size))
    if found is None:
        found = _OUTLINES[(name, size)] = _make_outlines(name, size)
    return found


_SMALLEST: Final[list[tuple[Shape, ...]]] = []


def smallest_outlines() -> tuple[Shape, ...]:
    """The one-unit square and triangles: what fits where nothing bigger does.

    One lasting tuple, like those of ``outlines``, so caches keyed by it stay small.
    """
    if not _SMALLEST:
        _SMALLEST.append(outlines("square", 1) + outlines("triangle", 1))
    return _SMALLEST[0]


def turned_sides(name: str, size: int) -> list[tuple[int, int]]:
    """(long, short) sides, in angular units, of each turned outline of a shape.

    A turned box spans long + short units each way, so they add up to the size;
    a rectangle's short side is more than one and less than the long side if
    possible (its sides would be equal otherwise), else one.
    """
    if name == "square":
        return [(size // 2, size // 2)] if size >= 2 else []
    if name == "hallway":
        return [(size - 1, 1)] if size >= 3 else []
    if name == "rectangle":
        shorts = [short for short in range(2, size) if short < size - short]
        if not shorts and size >= 3:
            shorts = [1]
        return [(size - short, short) for short in shorts]
    return []


def _make_outlines(name: str, size: int) -> tuple[Shape, ...]:
    found: list[Shape] = []
    if name == "square":
        found = [_make(name, size, _box(size, size, 0), size)]
        found += [_make(name, size, _box(long, short, 1), short)
                  for long, short in turned_sides(name, size)]
    elif name in ("rectangle", "hallway"):
        shorts = rectangle_short_sides(size) if name == "rectangle" else [1]
        for short in shorts:
            turns = (0, 2) if short != size else (0,)
            found += [_make(name, size, _box(size, short, t), short) for t in turns]
        for long, short in turned_sides(name, size):
            found += [_make(name, size, _box(long, short, t), short) for t in (1, 3)]
    elif name == "triangle":
        found = [_make(name, size, _triangle(size, corner), size) for corner in range(4)]
    elif name == "circle":
        found = [_make(name, size, _octagon(size), size)]
    else:
        raise ValueError(f"unknown room shape {name!r}; expected one of {', '.join(SHAPES)}")
    return tuple(found)
