"""Random Dungeons, the grid: squares, points and room rectangles on the 10-ft grid.

Every step of the layout (placing rooms, routing corridors, checking the
result) and the drawing speak in these terms, so they live apart from all of
them: x runs east and y north, one unit is one 10-ft square.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

GAP: Final = 1
"""Empty squares kept between any two rooms, so a corridor can pass every wall."""

Cell = tuple[int, int]
Point = tuple[float, float]


def room_shape(size: int) -> tuple[int, int]:
    """(width, height) of the most square rectangle of exactly ``size`` squares, wide side first.

    Rooms stay rectangles (area = size, no empty corner): primes become 1 x p halls.
    """
    height = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    return size // height, height


@dataclass(frozen=True)
class Rect:
    """A room on the grid: squares x..x+w-1 by y..y+h-1, x east, y north."""

    x: int
    y: int
    w: int
    h: int

    @property
    def area(self) -> int:
        return self.w * self.h

    @property
    def center(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def cells(self) -> Iterable[Cell]:
        return ((x, y) for x in range(self.x, self.x + self.w)
                for y in range(self.y, self.y + self.h))

    def contains(self, cell: Cell) -> bool:
        return self.x <= cell[0] < self.x + self.w and self.y <= cell[1] < self.y + self.h

    def apart(self, other: Rect) -> bool:
        """At least ``GAP`` empty squares between the two along one axis."""
        return (self.x >= other.x + other.w + GAP or other.x >= self.x + self.w + GAP
                or self.y >= other.y + other.h + GAP or other.y >= self.y + self.h + GAP)

    def rows_overlap(self, other: Rect) -> bool:
        return self.y < other.y + other.h and other.y < self.y + self.h

    def to_dict(self) -> dict[str, int]:
        return {"x": self.x, "y": self.y, "w": self.w, "h": self.h}
