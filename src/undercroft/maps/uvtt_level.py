"""A level map as a Universal VTT file: its drawn walls and its doors, for virtual tabletops.

The walls are the ones the map draws (``drawing.compose``), so what a tabletop blocks is
what the image shows: each shown room's walls, a wall two rooms share written once, and
pieces that meet joined into one polyline. Every opening of a wall is a portal (a door
that blocks while closed, an open way that does not), so a flood from inside a room
stops at its walls and doors and stays in it. What the format cannot carry (stairs,
teleporters, murder holes, Card Crawl's corridors) goes to the file's notes with its
square. docs/uvtt.md has the table of every exit type and the reasons.

Level maps have y to the north; the file has y to the south from the image's top-left,
so every point is flipped (``y_image = level_size - y``).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import Any, Final, Literal

from undercroft.maps.drawing import shown_rooms
from undercroft.maps.model import Exit, LevelMap, Point, Room, Segment
from undercroft.maps.uvtt import PIXELS_PER_GRID, VttMap, VttPoint, VttPortal, uvtt_document

Treatment = Literal["door", "opens", "open", "note"]
EXIT_TREATMENT: Final[dict[str, Treatment]] = {
    "door": "door",
    "walldoor": "door",
    "secret": "door",
    "crumble": "opens",
    "food": "opens",
    "treasure": "opens",
    "open": "open",
    "corridor": "open",
    "teleport": "note",
    "stair": "note",
}
"""What the file holds for each exit type (``maps.marks.MARKS``), as docs/uvtt.md says:
``door`` a portal, closed until opened; ``opens`` a wall until opened, then an open
portal; ``open`` an open portal; ``note`` the wall is left as drawn and the exit is
listed in the notes. A type not in the table is a note too."""
MAX_IMAGE: Final = 8192
"""The most pixels a side the image may have: a texture size every tabletop's graphics
take, and a file that stays a few tens of megabytes even for a 200-unit level."""
DIGITS: Final = 9
"""Decimal places points are rounded to, so pieces of wall that meet are joined."""

Interval = tuple[float, float]
LineKey = tuple[float, float, float]
"""A line through the level: its direction (x and y steps, the larger 1) and where it
crosses the axis it does not run along."""


def level_uvtt(level: LevelMap, *, player_view: bool,
               pixels_per_grid: int = PIXELS_PER_GRID) -> dict[str, Any]:
    """The Universal VTT file (as JSON) of ``level``: the players' version, or the game
    master's, drawn at ``pixels_per_grid`` pixels a unit (fewer for a level too big for
    that: :func:`image_grid`)."""
    from undercroft.maps.png import level_png

    pixels = image_grid(level.level_size, pixels_per_grid)
    image = level_png(level, player_view=player_view, pixels_per_unit=pixels)
    return uvtt_document(level_vtt(level, player_view=player_view), image, pixels)


def image_grid(size: int, pixels_per_grid: int = PIXELS_PER_GRID) -> int:
    """Pixels a grid square for a level ``size`` units a side: ``pixels_per_grid``, or
    fewer when the image would be wider than :data:`MAX_IMAGE` pixels."""
    return max(1, min(pixels_per_grid, MAX_IMAGE // max(size, 1)))


def level_vtt(level: LevelMap, *, player_view: bool) -> VttMap:
    """The walls, doors and notes of ``level`` in the file's units (grid squares from the
    image's top-left, y south)."""
    size = level.level_size
    rooms = {room.id: room for room in shown_rooms(level, player_view)}
    doors: list[tuple[Segment, bool]] = []
    whose = "players'" if player_view else "game master's"
    notes = [f"{level.title or 'Dungeon level'}: the {whose} map; one grid square is one "
             "map unit; squares are (column, row) from the top-left, counting from 0."]
    for room, exit_ in _shown_exits(rooms.values(), player_view):
        treatment = EXIT_TREATMENT.get(exit_.type, "note")
        if treatment == "door":
            doors.append((_opening(room, exit_), not exit_.opened))
        elif treatment == "open" or (treatment == "opens" and exit_.opened):
            doors.append((_opening(room, exit_), False))
        elif treatment == "note":
            notes.append(_exit_note(room, exit_, size))
    if not player_view:
        notes += [f"murder hole (a hidden window, drawn as a wall) in room {room.id}'s "
                  f"{hole.wall} wall at square {_square(_inside(room, hole.segment), size)}"
                  f"{'' if hole.to is None else f', looking into room {hole.to}'}"
                  for room in rooms.values() for hole in room.murder_holes]
    notes += [_passage_note(points, start, end, size) for points, start, end in
              ((p.points, p.start, p.end) for p in level.passages)]
    openings = [segment for segment, _ in doors]
    walls = [piece for room in rooms.values() for piece in room.walls()]
    pieces = _standing(walls, openings)
    return VttMap(size, size,
                  walls=[[_flip(p, size) for p in line] for line in _chains(pieces)],
                  portals=[VttPortal(_flip(a, size), _flip(b, size), closed)
                           for (a, b), closed in _unique(doors)],
                  notes=notes)


def _shown_exits(rooms: Iterable[Room], player_view: bool) -> Iterator[tuple[Room, Exit]]:
    """Every exit of the shown rooms the map's reader knows of (the players' version
    leaves out secret exits not found). Both sides of an opening come, and
    :func:`_unique` makes them one portal: ``drawing.shown_exits`` pairs the sides by
    their ids, which Card Crawl's players' map does not keep unique (each room names its
    exits by where they lead), so it would drop whole corridors' doors."""
    for room in rooms:
        for exit_ in room.exits:
            if exit_.found or not player_view:
                yield room, exit_


def _opening(room: Room, exit_: Exit) -> Segment:
    """The stretch of wall an exit opens. A corridor's exit is a point (where the corridor
    meets the wall): its opening is the unit of the room's wall around it, a corridor's
    width, kept within that wall."""
    a, b = exit_.segment
    if math.dist(a, b) > 1e-9:
        return a, b
    for start, end in room.walls():
        length = math.dist(start, end)
        t = ((a[0] - start[0]) * (end[0] - start[0])
             + (a[1] - start[1]) * (end[1] - start[1])) / (length * length or 1.0)
        foot = (start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1]))
        if length > 1e-9 and -1e-9 <= t <= 1 + 1e-9 and math.dist(foot, a) < 1e-9:
            half = 0.5 / length
            lo, hi = max(0.0, t - half), min(1.0, t + half)
            return ((start[0] + lo * (end[0] - start[0]), start[1] + lo * (end[1] - start[1])),
                    (start[0] + hi * (end[0] - start[0]), start[1] + hi * (end[1] - start[1])))
    across = exit_.wall in ("N", "S")
    half_step = (0.5, 0.0) if across else (0.0, 0.5)
    return ((a[0] - half_step[0], a[1] - half_step[1]),
            (a[0] + half_step[0], a[1] + half_step[1]))


def _unique(doors: list[tuple[Segment, bool]]) -> list[tuple[Segment, bool]]:
    """One portal for each way through a wall: the sides of an opening, and a wide exit
    with the narrower exits of the rooms behind it (a walldoor onto several rooms), lie
    over one another and become one portal along all of them, closed if any is. Ways
    that only touch end to end stay apart."""
    by_line: dict[LineKey, list[tuple[Interval, bool]]] = defaultdict(list)
    for (a, b), closed in doors:
        key, span = _line_of(a, b)
        by_line[key].append((span, closed))
    portals = []
    for key, spans in by_line.items():
        merged: list[tuple[float, float, bool]] = []
        for (lo, hi), closed in sorted(spans):
            if merged and lo < merged[-1][1] - 1e-9:
                start, end, shut = merged[-1]
                merged[-1] = (start, max(end, hi), shut or closed)
            else:
                merged.append((lo, hi, closed))
        portals += [((_point_on(key, lo), _point_on(key, hi)), closed)
                    for lo, hi, closed in merged]
    return portals


def _round(point: Point) -> Point:
    return (round(point[0], DIGITS) + 0.0, round(point[1], DIGITS) + 0.0)


def _flip(point: Point, size: int) -> VttPoint:
    x, y = _round(point)
    return (x, round(size - y, DIGITS) + 0.0)


# ------------------------------------------------------------------ walls left standing
def _line_of(a: Point, b: Point) -> tuple[LineKey, Interval]:
    """The line a segment lies on and the stretch of it the segment covers.

    The line's direction is scaled so that its larger component is 1, and the stretch is
    measured along that component: on the level's lattice (walls at multiples of 45
    degrees) every number stays exact, so pieces of wall meet at exactly the same point."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) >= abs(dy):
        slope = round(dy / dx, DIGITS) + 0.0
        return (1.0, slope, round(a[1] - a[0] * slope, DIGITS) + 0.0), (min(a[0], b[0]),
                                                                       max(a[0], b[0]))
    slope = round(dx / dy, DIGITS) + 0.0
    return (slope, 1.0, round(a[0] - a[1] * slope, DIGITS) + 0.0), (min(a[1], b[1]),
                                                                   max(a[1], b[1]))


def _point_on(key: LineKey, t: float) -> Point:
    run_x, run_y, offset = key
    if run_x == 1.0:
        return _round((t, offset + t * run_y))
    return _round((offset + t * run_x, t))


def _standing(walls: list[Segment], openings: list[Segment]) -> list[Segment]:
    """The walls, each stretch once however many rooms share it, less the openings."""
    on_line: dict[LineKey, list[Interval]] = defaultdict(list)
    holes: dict[LineKey, list[Interval]] = defaultdict(list)
    for a, b in walls:
        if math.dist(a, b) > 1e-9:
            key, span = _line_of(a, b)
            on_line[key].append(span)
    for a, b in openings:
        key, span = _line_of(a, b)
        holes[key].append(span)
    pieces = []
    for key, spans in on_line.items():
        for lo, hi in _minus(_union(spans), holes.get(key, [])):
            pieces.append((_point_on(key, lo), _point_on(key, hi)))
    return pieces


def _union(spans: list[Interval]) -> list[Interval]:
    merged: list[Interval] = []
    for lo, hi in sorted(spans):
        if merged and lo <= merged[-1][1] + 1e-9:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def _minus(spans: list[Interval], holes: list[Interval]) -> list[Interval]:
    left = []
    for lo, hi in spans:
        start = lo
        for hole_lo, hole_hi in sorted(holes):
            if hole_hi <= start + 1e-9 or hole_lo >= hi - 1e-9:
                continue
            if hole_lo > start + 1e-9:
                left.append((start, hole_lo))
            start = max(start, hole_hi)
        if hi > start + 1e-9:
            left.append((start, hi))
    return left


def _chains(pieces: list[Segment]) -> list[list[Point]]:
    """The pieces joined into polylines: a walk goes on through every point where exactly
    two pieces meet, and a closed ring comes back to its first point."""
    ends: dict[Point, list[int]] = defaultdict(list)
    for index, (a, b) in enumerate(pieces):
        ends[a].append(index)
        ends[b].append(index)
    used = [False] * len(pieces)
    starts = [point for point, touching in ends.items() if len(touching) != 2]
    lines = []
    for first in [*starts, *ends]:
        for index in ends[first]:
            if used[index]:
                continue
            line, here = [first], first
            while True:
                used[index] = True
                a, b = pieces[index]
                here = b if a == here else a
                line.append(here)
                following = [i for i in ends[here] if not used[i]]
                if len(ends[here]) != 2 or not following:
                    break
                index = following[0]
            lines.append(line)
    return lines


# ------------------------------------------------------------------ notes
def _square(point: Point, size: int) -> tuple[int, int]:
    """The (column, row) of the grid square holding ``point``, rows from the top."""
    column = min(max(math.floor(point[0]), 0), size - 1)
    row = min(max(math.floor(size - point[1]), 0), size - 1)
    return column, row


def _inside(room: Room, segment: Segment) -> Point:
    """A point just inside the room from the middle of a segment on (or in) it."""
    (ax, ay), (bx, by) = segment
    middle = ((ax + bx) / 2, (ay + by) / 2)
    length = math.dist(segment[0], segment[1])
    if length < 1e-9 or _contains(room.polygon, middle):
        return middle
    nx, ny = -(by - ay) / length * 0.25, (bx - ax) / length * 0.25
    for point in ((middle[0] + nx, middle[1] + ny), (middle[0] - nx, middle[1] - ny)):
        if _contains(room.polygon, point):
            return point
    return middle


def _contains(polygon: list[Point], point: Point) -> bool:
    """Whether ``point`` lies strictly inside ``polygon`` (even-odd rule)."""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _exit_note(room: Room, exit_: Exit, size: int) -> str:
    square = _square(_inside(room, exit_.segment), size)
    to = exit_.to
    where = "" if to is None else f" to room {to}" if isinstance(to, int) else (
        f" to rooms {', '.join(str(t) for t in to)}")
    if exit_.type == "stair":
        return f"stair down in room {room.id}, square {square}"
    if exit_.type == "teleport":
        return f"teleporter in room {room.id}, square {square}{where}"
    return f"exit {exit_.id} ({exit_.type}) in room {room.id}, square {square}{where}"


def _passage_note(points: list[Point], start: int | None, end: int | None, size: int) -> str:
    ends = " to ".join("outside" if room is None else f"room {room}" for room in (start, end))
    path = " - ".join(f"({x:g}, {y:g})" for x, y in (_flip(p, size) for p in points))
    return f"corridor from {ends}: open floor (no walls) along {path}"
