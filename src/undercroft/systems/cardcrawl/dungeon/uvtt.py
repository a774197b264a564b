"""Random Dungeons for virtual tabletops: a plan's walls and doors as a Universal VTT file.

The plan is drawn on the grid as rooms (rectangles and Ls) and corridors (lines through
whole squares), so its floor is every square a room or a corridor covers. A wall runs
along every square edge that parts two different kinds of square: floor and rock, a room
and a corridor, or two rooms. A door (a closed portal) fills the one edge where a
corridor's end square meets the room it leads to, exactly where the drawing ends the
corridor's line (doors side by side make one wider door; a corner post holds a door no
wall touches); an entrance corridor's way in on the map's west edge is an open portal.
Corridor squares are one floor among themselves: where corridors meet (a junction, or
any shared square) they are open to each other. What the format cannot carry (the way
in, the stairs to a lower level, the junctions) is written in the file's notes with its
square. docs/uvtt-cardcrawl.md gives the reasons.

Everything here is in grid squares; the layout's y runs north, the file's south, so a
point's y becomes ``layout.height - y``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from undercroft.maps.marks import PAPER
from undercroft.maps.png import exact_png
from undercroft.maps.uvtt import PIXELS_PER_GRID, VttMap, VttPoint, VttPortal, uvtt_document
from undercroft.systems.cardcrawl.dungeon import drawing
from undercroft.systems.cardcrawl.dungeon.corridors import door_point
from undercroft.systems.cardcrawl.dungeon.grid import Cell, Point, Rect
from undercroft.systems.cardcrawl.dungeon.layout import Layout
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan

Edge = tuple[Point, Point]
"""One square's side, in the layout's units (y north), its lower or western end first."""
CORRIDOR: Final = -1
"""The region of every corridor square (rooms are their numbers)."""
POST: Final = 0.1
"""Grid squares of a room's outline kept as wall at a door's end that no wall touches."""


def plan_vtt(plan: DungeonPlan, layout: Layout) -> VttMap:
    """The plan's walls, doors and notes in the file's units (grid squares, y south)."""
    regions = _regions(layout)
    door_edges = {_door_edge(cell, layout.rects[number])
                  for cell, number in _corridor_ends(layout)}
    way_in_edges = {((0.0, float(c.cells[0][1])), (0.0, float(c.cells[0][1] + 1)))
                    for c in layout.corridors if c.a == ENTRANCE}
    walls = [edge for edge in _parting_edges(regions, layout.width, layout.height)
             if edge not in door_edges and edge not in way_in_edges]
    doors, posts = _posts(_merge(door_edges), walls)
    ways_in = _merge(way_in_edges)

    def flip(point: Point) -> VttPoint:
        return (point[0], layout.height - point[1])

    return VttMap(
        width=layout.width, height=layout.height,
        walls=[[flip(a), flip(b)] for a, b in [*_merge(walls), *posts]],
        portals=[VttPortal(flip(a), flip(b), closed=True) for a, b in doors]
        + [VttPortal(flip(a), flip(b), closed=False) for a, b in ways_in],
        notes=_notes(plan, layout, ways_in))


def plan_uvtt(plan: DungeonPlan, layout: Layout,
              pixels_per_grid: int = PIXELS_PER_GRID) -> dict[str, Any]:
    """The whole file: the plan drawn without its key (one grid square, ``pixels_per_grid``
    pixels), its walls and doors. A plan hides nothing from the players, so this one file
    serves the GM and the players alike."""
    image = exact_png(drawing.compose(plan, layout, legend=False), drawing._paint,
                      drawing.INCH, pixels_per_grid, PAPER)
    return uvtt_document(plan_vtt(plan, layout), image, pixels_per_grid)


def _regions(layout: Layout) -> dict[Cell, int]:
    """Floor square -> its room's number, or CORRIDOR."""
    regions = {cell: CORRIDOR for corridor in layout.corridors for cell in corridor.cells}
    for number, rect in layout.rects.items():
        regions.update((cell, number) for cell in rect.cells())
    return regions


def _corridor_ends(layout: Layout) -> Iterable[tuple[Cell, int]]:
    """(corridor square, room) for every place a corridor enters a room."""
    for corridor in layout.corridors:
        if corridor.a != ENTRANCE:
            yield corridor.cells[0], corridor.a
        yield corridor.cells[-1], corridor.b


def _door_edge(cell: Cell, rect: Rect) -> Edge:
    """The side of ``cell`` the corridor's line crosses into the room (``door_point``)."""
    x, y = door_point(cell, rect)
    if x == int(x):
        return ((x, y - 0.5), (x, y + 0.5))
    return ((x - 0.5, y), (x + 0.5, y))


def _parting_edges(regions: dict[Cell, int], width: int, height: int) -> list[Edge]:
    """Every square side between two different regions, rock (outside every region)
    included, in a fixed order."""
    edges: list[Edge] = []
    for x in range(-1, width + 1):
        for y in range(-1, height + 1):
            here = regions.get((x, y))
            east, north = regions.get((x + 1, y)), regions.get((x, y + 1))
            if here != east:
                edges.append(((x + 1.0, float(y)), (x + 1.0, y + 1.0)))
            if here != north:
                edges.append(((float(x), y + 1.0), (x + 1.0, y + 1.0)))
    return edges


def _merge(edges: Iterable[Edge]) -> list[Edge]:
    """Unit sides joined into the longest straight runs, so a wall is one segment."""
    rows: dict[tuple[str, float], list[float]] = {}
    for (ax, ay), (_, by) in edges:
        if ay == by:
            rows.setdefault(("h", ay), []).append(ax)
        else:
            rows.setdefault(("v", ax), []).append(ay)
    runs: list[Edge] = []
    for (axis, fixed), starts in sorted(rows.items()):
        starts.sort()
        first = previous = starts[0]
        for start in [*starts[1:], None]:
            if start is not None and start == previous + 1:
                previous = start
                continue
            ends = (first, previous + 1)
            runs.append(((ends[0], fixed), (ends[1], fixed)) if axis == "h"
                        else ((fixed, ends[0]), (fixed, ends[1])))
            if start is not None:
                first = previous = start
    return runs


def _posts(doors: list[Edge], walls: list[Edge]) -> tuple[list[Edge], list[Edge]]:
    """The doors, each stopped short of an end no wall touches, and the posts there.

    Where two doors meet at a room's corner with corridor all around it (corridors
    that run into each other), nothing would hold them: the last ``POST`` of the room's
    outline at that end becomes a wall, a corner post, so every door hangs in a wall and
    the room stays closed."""
    held = {point for edge in walls for point in edge}
    shortened: list[Edge] = []
    posts: list[Edge] = []
    for a, b in doors:
        ux, uy = b[0] - a[0], b[1] - a[1]
        length = abs(ux) + abs(uy)
        ux, uy = ux / length * POST, uy / length * POST
        start, end = a, b
        if a not in held:
            start = (a[0] + ux, a[1] + uy)
            posts.append((a, start))
        if b not in held:
            end = (b[0] - ux, b[1] - uy)
            posts.append((end, b))
        shortened.append((start, end))
    return shortened, posts


def _notes(plan: DungeonPlan, layout: Layout, ways_in: list[Edge]) -> list[str]:
    """What the format has no field for, each with its square (column, row from the
    top-left, counting from 0, as the file's coordinates)."""

    def square(cell: Cell) -> str:
        return f"square ({cell[0]}, {layout.height - 1 - cell[1]})"

    notes = [f"Card Crawl random dungeon, {len(plan.rooms)} rooms; one grid square is 10 ft."]
    notes += [f"Way in from outside: the open portal on the west edge of "
              f"{', '.join(square((0, y)) for y in range(int(a[1]), int(b[1])))}."
              for a, b in ways_in]
    for room in plan.rooms:
        if room.lower_level:
            notes.append(f"Room {room.number} ({room.type.name}): stairs down to a lower "
                         f"level, marked 'down' in {square(_stairs(layout.rects[room.number]))}.")
    for junction in layout.junctions:
        meeting = " and ".join(f"{'entrance' if a == ENTRANCE else a}-{b}"
                               for a, b in junction.corridors)
        places = ", ".join(square(cell) for cell in junction.cells)
        notes.append(f"Junction: corridors {meeting} meet in {places}.")
    return notes


def _stairs(rect: Rect) -> Cell:
    """The square the drawing writes 'down' in: the south-east corner of the room's
    largest rectangle (an L less its cut column)."""
    east = rect.x + rect.w - (1 if rect.cut and rect.w >= rect.h else 0)
    return (east - 1, rect.y)
