"""Random Dungeons, the grid: squares, points and room shapes on the 10-ft grid.

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
LONGEST: Final = 2
"""The longest a rectangular room may be for its width before an L shape is squarer."""

Cell = tuple[int, int]
Point = tuple[float, float]


def room_shape(size: int) -> tuple[int, int, int]:
    """(width, height, cut) of a room of exactly ``size`` squares, wide side first.

    The most square rectangle of that area when it is at most twice as long as
    wide (6 is 3 x 2, 8 is 4 x 2); otherwise the box at most twice as long as wide
    that needs the fewest squares cut from one corner (fewer than its height), so
    an L of the right area (3 is 2 x 2 less 1, 7 is 4 x 2 less 1, 10 is 4 x 3 less
    2) instead of a 1 x p or 2 x 5 hall.
    """
    height = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    if size // height <= LONGEST * height:
        return size // height, height, 0
    shapes = [(w > LONGEST * h, w * h - size, w - h, w, h)
              for h in range(1, math.isqrt(size - 1) + 2)
              for w in (-(-size // h),) if w >= h and w * h - size < h]
    _, cut, _, wide, tall = min(shapes)
    return wide, tall, cut


@dataclass(frozen=True)
class Rect:
    """A room on the grid: the box x..x+w-1 by y..y+h-1 (x east, y north), less ``cut``
    squares at its north-east corner (down the east column of a wide box, along the
    north row of a tall one), which makes an L of the room's exact area."""

    x: int
    y: int
    w: int
    h: int
    cut: int = 0

    @property
    def area(self) -> int:
        return self.w * self.h - self.cut

    @property
    def center(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def _missing(self, cell: Cell) -> bool:
        """Whether a square of the box is one of the cut corner's."""
        x, y = cell
        if self.w >= self.h:
            return x == self.x + self.w - 1 and y >= self.y + self.h - self.cut
        return y == self.y + self.h - 1 and x >= self.x + self.w - self.cut

    def cells(self) -> Iterable[Cell]:
        return ((x, y) for x in range(self.x, self.x + self.w)
                for y in range(self.y, self.y + self.h) if not self._missing((x, y)))

    def contains(self, cell: Cell) -> bool:
        return (self.x <= cell[0] < self.x + self.w and self.y <= cell[1] < self.y + self.h
                and not self._missing(cell))

    def outline(self) -> tuple[Point, ...]:
        """The walls, counter-clockwise from the south-west corner."""
        x0, y0, x1, y1 = self.x, self.y, self.x + self.w, self.y + self.h
        if not self.cut:
            return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        if self.w >= self.h:
            return ((x0, y0), (x1, y0), (x1, y1 - self.cut), (x1 - 1, y1 - self.cut),
                    (x1 - 1, y1), (x0, y1))
        return ((x0, y0), (x1, y0), (x1, y1 - 1), (x1 - self.cut, y1 - 1),
                (x1 - self.cut, y1), (x0, y1))

    def apart(self, other: Rect) -> bool:
        """At least ``GAP`` empty squares between the two boxes along one axis."""
        return (self.x >= other.x + other.w + GAP or other.x >= self.x + self.w + GAP
                or self.y >= other.y + other.h + GAP or other.y >= self.y + self.h + GAP)

    def rows_overlap(self, other: Rect) -> bool:
        return self.y < other.y + other.h and other.y < self.y + self.h

    def to_dict(self) -> dict[str, int]:
        shape = {"x": self.x, "y": self.y, "w": self.w, "h": self.h}
        return {**shape, "cut": self.cut} if self.cut else shape
