"""Exact occupancy of the 45-degree lattice, fast enough to place rooms by the thousand.

Every wall of a room runs between integer lattice points at a multiple of 45
degrees, so it lies on a grid line or on a diagonal of a unit cell. Cut each unit
cell by both diagonals into four quarters (south, east, north, west) and every
room is exactly a union of quarters. Two rooms overlap if and only if they share
a quarter, which a bitset AND answers in one step; shapely is kept for output
and for checking this module in tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from undercroft.maps.model import MAX_LEVEL_SIZE, Point

SOUTH: Final = 0
EAST: Final = 1
NORTH: Final = 2
WEST: Final = 3
Quarter = tuple[int, int, int]
"""(cell x, cell y, which quarter)."""

_CENTROID: Final = {
    SOUTH: (0.5, 1 / 6),
    EAST: (5 / 6, 0.5),
    NORTH: (0.5, 5 / 6),
    WEST: (1 / 6, 0.5),
}


def inside(x: float, y: float, polygon: Sequence[Point]) -> bool:
    """Even-odd ray cast; quarter centroids never lie on a lattice wall, so it is exact there."""
    inside = False
    n = len(polygon)
    for k in range(n):
        x1, y1 = polygon[k]
        x2, y2 = polygon[(k + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def polygon_quarters(polygon: Sequence[Point]) -> list[Quarter]:
    """The quarters a lattice polygon covers."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    found: list[Quarter] = []
    for j in range(int(min(ys)), int(max(ys))):
        for i in range(int(min(xs)), int(max(xs))):
            for q, (cx, cy) in _CENTROID.items():
                if inside(i + cx, j + cy, polygon):
                    found.append((i, j, q))
    return found


def lattice_step(ax: int, ay: int, bx: int, by: int) -> tuple[int, int, int]:
    """A lattice segment from a to b as (steps, ux, uy): its length and its unit step."""
    n = max(abs(bx - ax), abs(by - ay))
    return n, (bx - ax) // n, (by - ay) // n


def beside_step(ax: int, ay: int, ux: int, uy: int, facing: str,
                size: int) -> tuple[int, int, int, int]:
    """The unit step from (ax, ay) by (ux, uy), seen from its ``facing`` side.

    (i, j, first, second): the cell there and the occupancy indices of the one
    or two quarters touching the step (second is -1 for one); i is -1 when the
    cell lies off a level of this size.
    """
    i, j, q, q2 = step_quarters(ax, ay, ax + ux, ay + uy, facing)
    if not (0 <= i < size and 0 <= j < size):
        return -1, -1, -1, -1
    base = 4 * (j * size + i)
    return i, j, base + q, base + q2 if q2 >= 0 else -1


def step_quarters(ax: int, ay: int, bx: int, by: int, facing: str) -> tuple[int, int, int, int]:
    """The quarters touching one unit step a-b on its ``facing`` side: (i, j, q, q2).

    A step along a grid line touches one quarter (q2 is -1); a step along a
    cell diagonal touches two quarters of the same cell. Integers only, so the
    generator's hot loops stay native when compiled.
    """
    x, y = min(ax, bx), min(ay, by)
    if ay == by:  # horizontal step
        return (x, y, SOUTH, -1) if "N" in facing else (x, y - 1, NORTH, -1)
    if ax == bx:  # vertical step
        return (x, y, WEST, -1) if "E" in facing else (x - 1, y, EAST, -1)
    if (bx - ax) * (by - ay) > 0:  # "/" diagonal of cell (x, y)
        return (x, y, SOUTH, EAST) if facing == "SE" else (x, y, NORTH, WEST)
    return (x, y, NORTH, EAST) if facing == "NE" else (x, y, SOUTH, WEST)


def quarter_index(quarter: Quarter, size: int) -> int:
    """A quarter's bit in a level of this size: 4 bits per cell, row by row."""
    i, j, q = quarter
    return ((j * size) + i) * 4 + q


def quarter_mask(quarters: Iterable[Quarter], size: int) -> int:
    """A bitset of quarters, all of which must lie in a level of this size."""
    value = 0
    for quarter in quarters:
        value |= 1 << quarter_index(quarter, size)
    return value


class Occupancy:
    """Which room owns each quarter of a level_size x level_size square."""

    __slots__ = ("bits", "owner", "size")

    def __init__(self, size: int) -> None:
        if not 0 <= size <= MAX_LEVEL_SIZE:  # a damaged snapshot must not ask for a huge one
            raise ValueError(f"a level of size {size} (at most {MAX_LEVEL_SIZE})")
        self.size = size
        self.bits = 0
        self.owner: list[int] = [0] * (size * size * 4)

    def __reduce__(self) -> tuple[type[Occupancy], tuple[int], dict[str, Any]]:
        """How copy and snapshots (engine/snapshot.py) rebuild it (compiled classes need
        telling)."""
        return (Occupancy, (self.size,), {"bits": self.bits, "owner": self.owner})

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def claim(self, room_id: int, indices: Iterable[int], base: int, mask: int) -> None:
        """Give the quarters at ``base + index`` to ``room_id``; ``mask`` is their bitset."""
        self.bits |= mask
        owner = self.owner
        for index in indices:
            owner[base + index] = room_id
