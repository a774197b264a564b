"""Random Dungeons, layout step 2: snapping rooms to the grid near where the graph wants them.

Each room becomes a rectangle or an L of exactly its size in squares
(``grid.room_shape``), placed nearest its target with one empty square
to every other room's box. Entrance rooms go first, along the west side (the
facade), so nothing stands between them and the way in; then each room most
tied to those already placed, pulled toward its placed neighbours.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from undercroft.engine.tally import fired
from undercroft.systems.cardcrawl.dungeon.connect import Link
from undercroft.systems.cardcrawl.dungeon.grid import GAP, Cell, Point, Rect, room_shape
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan

MARGIN: Final = 2
"""Free squares between the rooms and the edge of the map, for corridors around the outside."""


@dataclass
class _Board:
    """Rooms placed so far, and the rules a new room must keep."""

    rects: dict[int, Rect] = field(default_factory=dict)
    blocked: set[Cell] = field(default_factory=set)
    """Squares of placed rooms and the empty ring they keep around them."""
    front: list[Rect] = field(default_factory=list)
    """Placed entrance rooms: nothing may stand west of them in their rows."""

    def fits(self, rect: Rect, entrance: bool) -> bool:
        if any((x, y) in self.blocked for x in range(rect.x, rect.x + rect.w)
               for y in range(rect.y, rect.y + rect.h)):
            return False
        if entrance:
            return not any(rect.rows_overlap(other) for other in self.front)
        if self.front and rect.x < min(other.x for other in self.front):
            return False
        return not any(rect.rows_overlap(other) and rect.x < other.x for other in self.front)

    def put(self, number: int, rect: Rect, entrance: bool) -> None:
        self.rects[number] = rect
        self.blocked.update((x, y) for x in range(rect.x - GAP, rect.x + rect.w + GAP)
                            for y in range(rect.y - GAP, rect.y + rect.h + GAP))
        if entrance:
            self.front.append(rect)


def place_rooms(plan: DungeonPlan, targets: Mapping[int, Point],
                links: Sequence[Link]) -> dict[int, Rect]:
    """Entrance rooms first (north to south), then each room most tied to those placed.

    ``links`` are the ones the map will try to draw (the polished plan's): their
    entrance rooms make the facade and their rooms pull on each other.
    """
    board = _Board()
    entrance = {link.b for link in links if link.a == ENTRANCE}
    weights: dict[int, dict[int, float]] = {room.number: {} for room in plan.rooms}
    for link in links:
        if link.a != ENTRANCE:
            weight = 3.0 if link.mutual else 1.0
            weights[link.a][link.b] = weights[link.b][link.a] = weight
    west = min(x for x, _ in targets.values())
    for number in sorted(entrance, key=lambda n: (-targets[n][1], n)):
        # The facade: every entrance room aims at the west-most column, at its own height.
        target = (west, targets[number][1])
        fired("cardcrawl.layout.entrance-west")
        board.put(number, _spot(plan.room(number).size, target, board, True), True)
    while len(board.rects) < len(plan.rooms):
        number = max((n for n in weights if n not in board.rects),
                     key=lambda n: (sum(w for m, w in weights[n].items() if m in board.rects),
                                    plan.room(n).size, -n))
        target = _pull(targets[number], weights[number], board.rects)
        board.put(number, _spot(plan.room(number).size, target, board, False), False)
    return board.rects


def _pull(target: Point, weights: Mapping[int, float], placed: Mapping[int, Rect]) -> Point:
    """Halfway between the graph's wish and the weighted centre of placed neighbours."""
    near = [(w, placed[m].center) for m, w in weights.items() if m in placed]
    if not near:
        if not placed:
            return target
        # A room nothing placed links to: the graph layout puts unconnected parts
        # far off, so keep it within the rooms already placed instead.
        xs = [r.center[0] for r in placed.values()]
        ys = [r.center[1] for r in placed.values()]
        return (min(max(target[0], min(xs)), max(xs)), min(max(target[1], min(ys)), max(ys)))
    total = sum(w for w, _ in near)
    mx = sum(w * c[0] for w, c in near) / total
    my = sum(w * c[1] for w, c in near) / total
    return ((target[0] + mx) / 2, (target[1] + my) / 2)


def _spot(size: int, target: Point, board: _Board, entrance: bool) -> Rect:
    """The free rectangle of ``size`` squares whose centre is nearest ``target``.

    Searches square rings outward; once one ring has a fit, the next is checked
    too (a ring's corner is farther than the next ring's side), then the nearest wins.
    """
    fired("cardcrawl.layout.grid")
    fired("cardcrawl.layout.no-overlap")
    wide, tall, cut = room_shape(size)
    shapes = [(wide, tall)] if wide == tall else [(wide, tall), (tall, wide)]
    cx, cy = round(target[0]), round(target[1])
    best: tuple[float, int, int, int, Rect] | None = None
    found_at: int | None = None
    radius = 0
    while found_at is None or radius <= found_at + 1:
        for dx, dy in _ring(radius):
            for index, (w, h) in enumerate(shapes):
                rect = Rect(cx + dx - w // 2, cy + dy - h // 2, w, h, cut)
                if board.fits(rect, entrance):
                    distance = math.dist(rect.center, target)
                    key = (distance, index, rect.y, rect.x, rect)
                    if best is None or key[:4] < best[:4]:
                        best = key
                        found_at = radius if found_at is None else found_at
        radius += 1
    assert best is not None
    return best[4]


def _ring(radius: int) -> list[Cell]:
    """Offsets at exactly ``radius`` squares (Chebyshev) from the centre."""
    if radius == 0:
        return [(0, 0)]
    return [(dx, dy) for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1)
            if max(abs(dx), abs(dy)) == radius]


def normalise(rects: Mapping[int, Rect]) -> dict[int, Rect]:
    """Shift the map so the rooms start ``MARGIN`` squares from the west and south edges."""
    dx = MARGIN - min(r.x for r in rects.values())
    dy = MARGIN - min(r.y for r in rects.values())
    return {n: replace(r, x=r.x + dx, y=r.y + dy) for n, r in sorted(rects.items())}
