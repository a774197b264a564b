"""Random Dungeons, layout step 3: corridors routed between placed rooms.

A corridor is found by A* over the squares no room covers, from a door of one
room to a door of another (or to the west edge for the entrance); a bend costs
extra, so corridors come out simple. How a corridor may treat the corridors
already drawn is the router's ``mode``:

* ``clear`` (what a printed plan needs): never on a square another corridor
  uses, never beside one, so every corridor reads as one line on the grid;
* ``junction`` (the last resort that keeps a room from being cut off): other
  corridors' squares and their neighbours cost a lot but may be used; where
  the new corridor meets or touches another is a :class:`Junction`, a place
  where the corridors connect;
* ``shared`` (a picture of every rolled link): squares another corridor uses
  cost a little extra, so corridors spread out, but may be shared.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from undercroft.systems.cardcrawl.dungeon.grid import Cell, Point, Rect
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE

STEP, BEND, SHARED = 2, 1, 1
"""Corridor costs: a square, a bend, a square another corridor already uses (``shared``)."""
CROWD, CROSS = 12, 24
"""Costs in ``junction`` mode of a square beside another corridor and of one it uses."""
_DIRECTIONS: Final = ((1, 0), (0, 1), (-1, 0), (0, -1))

Mode = Literal["clear", "junction", "shared"]


@dataclass(frozen=True)
class Corridor:
    """A drawn link: the squares it runs through and its polyline, door to door."""

    a: int
    """The first room, or 0 for the entrance (then the corridor ends on the west edge)."""
    b: int
    mutual: bool
    cells: tuple[Cell, ...]
    points: tuple[Point, ...]
    added: str = ""
    """Why the link was added to the plan's; empty for a link the plan rolled."""

    @property
    def kind(self) -> str:
        return "entrance" if self.a == ENTRANCE else "mutual" if self.mutual else "link"

    def to_dict(self) -> dict[str, Any]:
        document = {"from": "entrance" if self.a == ENTRANCE else self.a, "to": self.b,
                    "kind": self.kind, "squares": len(self.cells),
                    "path": [list(point) for point in self.points]}
        return {**document, "added": self.added} if self.added else document


@dataclass(frozen=True)
class Junction:
    """Squares where corridors meet or touch: the corridors connect there."""

    cells: tuple[Cell, ...]
    corridors: tuple[tuple[int, int], ...]
    """The corridors that meet, as (a, b) pairs."""

    def to_dict(self) -> dict[str, Any]:
        return {"squares": [list(cell) for cell in self.cells],
                "corridors": [["entrance" if a == ENTRANCE else a, b]
                              for a, b in self.corridors]}


class Router:
    """A* over the squares no room covers, keeping the corridors drawn so far."""

    def __init__(self, rects: Mapping[int, Rect], width: int, height: int) -> None:
        self.rects = rects
        self.width, self.height = width, height
        self.room_at = {cell: n for n, r in rects.items() for cell in r.cells()}
        self.owner: dict[Cell, int] = {}
        """Square -> index of the first corridor drawn through it."""
        self.beside: dict[Cell, set[int]] = {}
        """Free square -> the corridors with a square next to it."""
        self.count = 0

    def free(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height and cell not in self.room_at

    def clear(self, cell: Cell) -> bool:
        """Free, and neither on nor beside a corridor."""
        return self.free(cell) and cell not in self.owner and cell not in self.beside

    def doors(self, number: int) -> set[Cell]:
        """Free squares touching a wall of the room: where a corridor may leave it."""
        rect = self.rects[number]
        return {(x + dx, y + dy) for x, y in rect.cells() for dx, dy in _DIRECTIONS
                if not rect.contains((x + dx, y + dy)) and self.free((x + dx, y + dy))}

    def west_edge(self) -> set[Cell]:
        return {(0, y) for y in range(self.height)}

    def ends(self, number: int) -> set[Cell]:
        """Where a corridor to ``number`` may end: its doors, or the west edge (entrance)."""
        return self.west_edge() if number == ENTRANCE else self.doors(number)

    def touching(self, cells: Iterable[Cell]) -> dict[int, set[Cell]]:
        """Corridor index -> the given squares that lie on it or beside it."""
        met: dict[int, set[Cell]] = {}
        for cell in cells:
            for index in self.beside.get(cell, set()) | (
                    {self.owner[cell]} if cell in self.owner else set()):
                met.setdefault(index, set()).add(cell)
        return met

    def use(self, cells: Iterable[Cell]) -> None:
        """Record a drawn corridor's squares, as the next corridor (index ``count``)."""
        index = self.count
        self.count += 1
        for cell in cells:
            self.owner.setdefault(cell, index)
            for dx, dy in _DIRECTIONS:
                near = (cell[0] + dx, cell[1] + dy)
                if self.free(near):
                    self.beside.setdefault(near, set()).add(index)

    def route(self, starts: Collection[Cell], goals: Collection[Cell], mode: Mode,
              detour: float | None = None) -> list[Cell] | None:
        """Squares from a goal square to a start square (goal first), or None.

        ``detour``: give up when the corridor would cost more than this many times
        the straight way plus a few squares (None: search the whole map).
        """
        if mode == "clear":
            starts = [cell for cell in starts if self.clear(cell)]
            goals = {cell for cell in goals if self.clear(cell)}
        else:
            goals = {cell for cell in goals if self.free(cell)}
        if not starts or not goals:
            return None
        gx0, gx1 = min(c[0] for c in goals), max(c[0] for c in goals)
        gy0, gy1 = min(c[1] for c in goals), max(c[1] for c in goals)

        def guess(cell: Cell) -> int:
            x, y = cell
            return STEP * (max(gx0 - x, 0, x - gx1) + max(gy0 - y, 0, y - gy1))

        State = tuple[Cell, int]
        queue: list[tuple[int, int, State]] = []
        cost: dict[State, int] = {}
        back: dict[State, State | None] = {}
        for cell in sorted(starts):
            state = (cell, -1)
            cost[state], back[state] = self._price(cell, mode), None
            heapq.heappush(queue, (cost[state] + guess(cell), cost[state], state))
        budget = (None if detour is None
                  else detour * min(guess(cell) for cell in starts) + STEP * 4 + BEND * 4)
        while queue:
            estimate, spent, state = heapq.heappop(queue)
            if budget is not None and estimate > budget:
                return None
            if spent > cost[state]:
                continue
            cell, heading = state
            if cell in goals:
                return self._trace(state, back)
            for index, (dx, dy) in enumerate(_DIRECTIONS):
                step = (cell[0] + dx, cell[1] + dy)
                if not (self.clear(step) if mode == "clear" else self.free(step)):
                    continue
                bend = BEND if heading not in (-1, index) else 0
                total = spent + self._price(step, mode) + bend
                following = (step, index)
                if total < cost.get(following, total + 1):
                    cost[following], back[following] = total, state
                    heapq.heappush(queue, (total + guess(step), total, following))
        return None

    def _price(self, cell: Cell, mode: Mode) -> int:
        if mode == "shared":
            return STEP + (SHARED if cell in self.owner else 0)
        if mode == "junction":
            return STEP + (CROSS if cell in self.owner else CROWD if cell in self.beside else 0)
        return STEP

    @staticmethod
    def _trace(state: tuple[Cell, int], back: Mapping[tuple[Cell, int],
                                                   tuple[Cell, int] | None]) -> list[Cell]:
        cells: list[Cell] = []
        current: tuple[Cell, int] | None = state
        while current is not None:
            cells.append(current[0])
            current = back[current]
        return cells  # from the goal's side to the start's side


def door_point(cell: Cell, rect: Rect) -> Point:
    """Middle of the wall between a door square and the room it touches."""
    for dx, dy in _DIRECTIONS:
        if rect.contains((cell[0] + dx, cell[1] + dy)):
            return (cell[0] + 0.5 + dx / 2, cell[1] + 0.5 + dy / 2)
    raise ValueError(f"square {cell} does not touch the room at {rect}")


def corridor_polyline(cells: list[Cell], rects: Mapping[int, Rect],
                      a: int, b: int) -> tuple[Point, ...]:
    """Door of a (or the west edge), the squares' centres, door of b; straight runs merged."""
    first, last = cells[0], cells[-1]
    start = (0.0, first[1] + 0.5) if a == ENTRANCE else door_point(first, rects[a])
    points = [start, *((x + 0.5, y + 0.5) for x, y in cells), door_point(last, rects[b])]
    simple = [points[0]]
    for here, after in itertools.pairwise(points[1:]):
        before = simple[-1]
        if not (before[0] == here[0] == after[0] or before[1] == here[1] == after[1]):
            simple.append(here)
    simple.append(points[-1])
    return tuple(simple)
