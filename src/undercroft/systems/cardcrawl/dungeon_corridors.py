"""Random Dungeons, layout step 3: corridors routed between placed rooms.

A corridor is found by A* over the squares no room covers, from a door of one
room to a door of the other (or to the west edge for the entrance). Bends and
squares another corridor already uses cost extra, so corridors come out simple
and spread out. What became of each link is a :class:`Corridor` (drawn) or a
:class:`DroppedLink` (not drawn, with the reason), so nothing is lost silently.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from undercroft.systems.cardcrawl.dungeon_grid import Cell, Point, Rect
from undercroft.systems.cardcrawl.dungeon_links import ENTRANCE
from undercroft.systems.cardcrawl.dungeon_plan import Edge

STEP, BEND, SHARED = 2, 1, 1
"""Corridor costs: a square, a bend, a square another corridor already uses."""
_DIRECTIONS: Final = ((1, 0), (0, 1), (-1, 0), (0, -1))


@dataclass(frozen=True)
class Corridor:
    """A drawn link: the squares it runs through and its polyline, door to door."""

    a: int
    """The first room, or 0 for the entrance (then the corridor ends on the west edge)."""
    b: int
    mutual: bool
    cells: tuple[Cell, ...]
    points: tuple[Point, ...]

    @property
    def kind(self) -> str:
        return "entrance" if self.a == ENTRANCE else "mutual" if self.mutual else "link"

    def to_dict(self) -> dict[str, Any]:
        return {"from": "entrance" if self.a == ENTRANCE else self.a, "to": self.b,
                "kind": self.kind, "squares": len(self.cells),
                "path": [list(point) for point in self.points]}


@dataclass(frozen=True)
class DroppedLink:
    """A link the map could not draw, and why."""

    a: int
    b: int
    mutual: bool
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"from": "entrance" if self.a == ENTRANCE else self.a, "to": self.b,
                "mutual": self.mutual, "reason": self.reason}


class Router:
    """A* over the squares no room covers; bends and shared squares cost extra."""

    def __init__(self, rects: Mapping[int, Rect], width: int, height: int) -> None:
        self.rects = rects
        self.width, self.height = width, height
        self.room_at = {cell: n for n, r in rects.items() for cell in r.cells()}
        self.used: set[Cell] = set()

    def free(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height and cell not in self.room_at

    def doors(self, number: int) -> set[Cell]:
        """Free squares touching a wall of the room: where a corridor may leave it."""
        rect = self.rects[number]
        return {(x + dx, y + dy) for x, y in rect.cells() for dx, dy in _DIRECTIONS
                if not rect.contains((x + dx, y + dy)) and self.free((x + dx, y + dy))}

    def use(self, cells: Iterable[Cell]) -> None:
        self.used.update(cells)

    def route(self, a: int, b: int) -> list[Cell] | None:
        """Squares from a door of ``b`` to a door of ``a`` (or the west edge for the entrance)."""
        goals = {(0, y) for y in range(self.height)} if a == ENTRANCE else self.doors(a)
        goals = {cell for cell in goals if self.free(cell)}
        if not goals:
            return None
        gx0 = min(c[0] for c in goals)
        gx1 = max(c[0] for c in goals)
        gy0 = min(c[1] for c in goals)
        gy1 = max(c[1] for c in goals)

        def guess(cell: Cell) -> int:
            x, y = cell
            return STEP * (max(gx0 - x, 0, x - gx1) + max(gy0 - y, 0, y - gy1))

        State = tuple[Cell, int]
        queue: list[tuple[int, int, State]] = []
        cost: dict[State, int] = {}
        back: dict[State, State | None] = {}
        for cell in sorted(self.doors(b)):
            state = (cell, -1)
            cost[state], back[state] = self._price(cell), None
            heapq.heappush(queue, (cost[state] + guess(cell), cost[state], state))
        while queue:
            _, spent, state = heapq.heappop(queue)
            if spent > cost[state]:
                continue
            cell, heading = state
            if cell in goals:
                return self._trace(state, back)
            for index, (dx, dy) in enumerate(_DIRECTIONS):
                step = (cell[0] + dx, cell[1] + dy)
                if not self.free(step):
                    continue
                bend = BEND if heading not in (-1, index) else 0
                total = spent + self._price(step) + bend
                following = (step, index)
                if total < cost.get(following, total + 1):
                    cost[following], back[following] = total, state
                    heapq.heappush(queue, (total + guess(step), total, following))
        return None

    def _price(self, cell: Cell) -> int:
        return STEP + (SHARED if cell in self.used else 0)

    @staticmethod
    def _trace(state: tuple[Cell, int], back: Mapping[tuple[Cell, int],
                                                   tuple[Cell, int] | None]) -> list[Cell]:
        cells: list[Cell] = []
        current: tuple[Cell, int] | None = state
        while current is not None:
            cells.append(current[0])
            current = back[current]
        return cells  # from a's side to b's side


def _door_point(cell: Cell, rect: Rect) -> Point:
    """Middle of the wall between a door square and the room it touches."""
    for dx, dy in _DIRECTIONS:
        if rect.contains((cell[0] + dx, cell[1] + dy)):
            return (cell[0] + 0.5 + dx / 2, cell[1] + 0.5 + dy / 2)
    raise ValueError(f"square {cell} does not touch the room at {rect}")


def corridor_polyline(cells: list[Cell], rects: Mapping[int, Rect],
                      edge: Edge) -> tuple[Point, ...]:
    """Door of a (or the west edge), the squares' centres, door of b; straight runs merged."""
    first, last = cells[0], cells[-1]
    start = (0.0, first[1] + 0.5) if edge.a == ENTRANCE else _door_point(first, rects[edge.a])
    points = [start, *((x + 0.5, y + 0.5) for x, y in cells), _door_point(last, rects[edge.b])]
    simple = [points[0]]
    for here, after in itertools.pairwise(points[1:]):
        before = simple[-1]
        if not (before[0] == here[0] == after[0] or before[1] == here[1] == after[1]):
            simple.append(here)
    simple.append(points[-1])
    return tuple(simple)
