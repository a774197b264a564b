"""Random Dungeons, the independent check: every promise of a finished layout, with shapely.

The layout works in grid squares and its own bookkeeping; this module measures
the result again with another library's geometry, so a mistake in the
placement or the router cannot hide behind the same mistake in its check.
The tests call :func:`layout_problems` over many seeds; the generator does not.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from shapely import STRtree
from shapely.geometry import LineString, Polygon, box
from shapely.geometry import Point as ShapelyPoint

from undercroft.systems.cardcrawl.dungeon.corridors import Corridor
from undercroft.systems.cardcrawl.dungeon.grid import GAP, Cell
from undercroft.systems.cardcrawl.dungeon.layout import Layout
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan


def layout_problems(plan: DungeonPlan, layout: Layout) -> list[str]:
    """Every broken promise of a layout, one sentence each, found with shapely.

    Rooms inside the map, area equal to size, no two overlapping or touching;
    every corridor orthogonal, ending on its rooms' walls (or the west edge) and
    crossing no room; every link of the plan drawn or dropped with a reason,
    only the plan's links dropped, every corridor the plan did not roll marked added;
    nothing between an entrance room and the west edge; every room reached from
    the entrance.
    """
    problems: list[str] = []
    frame = box(0, 0, layout.width, layout.height)
    shapes = {n: Polygon(r.outline()) for n, r in layout.rects.items()}
    for number, shape in shapes.items():
        size = plan.room(number).size
        if shape.area != size:
            problems.append(f"room {number}: area {shape.area:g} but size {size}")
        if not frame.contains(shape):
            problems.append(f"room {number}: outside the map")
        for other, second in shapes.items():
            if other > number and shape.distance(second) < GAP:
                problems.append(f"rooms {number} and {other}: less than {GAP} square apart")
    numbers = list(shapes)
    inner = STRtree([shapes[n].buffer(-1e-6) for n in numbers])
    for corridor in layout.corridors:
        problems += _corridor_problems(corridor, shapes)
        crossed = inner.query(LineString(corridor.points), predicate="intersects")
        problems += [f"corridor {corridor.a}-{corridor.b}: crosses room {numbers[int(i)]}"
                     for i in sorted(crossed)]
    drawn = {(c.a, c.b) for c in layout.corridors} | {(d.a, d.b) for d in layout.dropped}
    problems += [f"link {e.a}-{e.b}: neither drawn nor dropped" for e in plan.edges()
                 if (e.a, e.b) not in drawn]
    rolled = {(e.a, e.b) for e in plan.edges()}
    problems += [f"link {d.a}-{d.b}: dropped, but the plan never rolled it"
                 for d in layout.dropped if (d.a, d.b) not in rolled]
    problems += [f"corridor {c.a}-{c.b}: the plan never rolled it, yet it is not marked added"
                 for c in layout.corridors if not c.added and (c.a, c.b) not in rolled]
    if not layout.entrance_rooms:
        problems.append("no corridor reaches the entrance")
    cut_off = sorted(set(layout.rects) - layout.reachable())
    problems += [f"room {number}: cannot be reached from the entrance" for number in cut_off]
    for number in layout.entrance_rooms:
        rect = layout.rects[number]
        strip = box(0, rect.y, rect.x, rect.y + rect.h)
        problems += [f"room {other} stands between entrance room {number} and the west edge"
                     for other, shape in shapes.items()
                     if other != number and shape.intersection(strip).area > 0]
    return problems


def _corridor_problems(corridor: Corridor, shapes: Mapping[int, Any]) -> list[str]:
    name = f"corridor {corridor.a}-{corridor.b}"
    problems = [f"{name}: not orthogonal" for p, q in itertools.pairwise(corridor.points)
                if p[0] != q[0] and p[1] != q[1]]
    ends = [corridor.b] if corridor.a == ENTRANCE else [corridor.a, corridor.b]
    if corridor.a == ENTRANCE and corridor.points[0][0] != 0:
        problems.append(f"{name}: does not reach the west edge")
    for end, point in zip(ends, (corridor.points[0], corridor.points[-1])
                          if corridor.a != ENTRANCE else (corridor.points[-1],), strict=True):
        if shapes[end].boundary.distance(ShapelyPoint(point)) > 1e-9:
            problems.append(f"{name}: does not end on a wall of room {end}")
    return problems



def crowding_problems(layout: Layout) -> list[str]:
    """Corridors of a fitted plan that share a square or run side by side where no
    junction says they meet: on paper those would read as one corridor, or a tangle.

    A junction lists the squares of the corridor that came to meet another; every
    square of one corridor on or beside the other must be one of them.
    """
    problems: list[str] = []
    met = {frozenset(j.corridors): set(j.cells) for j in layout.junctions}
    cells = [set(corridor.cells) for corridor in layout.corridors]
    near: dict[Cell, set[int]] = {}
    for index, squares in enumerate(cells):
        for cell in squares:
            for around in _around(cell):
                near.setdefault(around, set()).add(index)
    for first, one in enumerate(layout.corridors):
        for second in sorted({i for cell in cells[first] for i in near[cell] if i > first}):
            two = layout.corridors[second]
            junction = met.get(frozenset({(one.a, one.b), (two.a, two.b)}), set())
            sides = [{cell for cell in cells[a] if any(n in cells[b] for n in _around(cell))}
                     for a, b in ((first, second), (second, first))]
            if not any(side <= junction for side in sides):
                where = min(sides[0] - junction)
                problems.append(f"corridors {one.a}-{one.b} and {two.a}-{two.b} touch at "
                                f"{where} without a junction")
    return problems


def _around(cell: Cell) -> tuple[Cell, ...]:
    """The square and its four neighbours."""
    x, y = cell
    return ((x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
