"""A level as text for the terminal: walls in characters, exits by their letter.

Each unit is four columns by two rows, roughly square in a terminal font, so a
45-degree wall comes out as a staircase of '/' or '\\'. Which rooms and exits
show comes from ``maps.drawing`` (the same choice as the SVG and PNG maps) and
each exit's character from ``maps.marks``.
"""

from __future__ import annotations

import math
from collections import Counter

from undercroft.maps import marks as mk
from undercroft.maps.drawing import centroid, shown_exits, shown_rooms
from undercroft.maps.model import Exit, LevelMap, Point, Room

COLS, ROWS = 4, 2
"""Characters per unit across and down."""
WIDTH = 78


def render_ascii(level: LevelMap, *, player_view: bool = False) -> str:
    """The map as lines of text, north at the top, then a key and the rooms' notes."""
    canvas = _Canvas(level.level_size)
    rooms = sorted(shown_rooms(level, player_view), key=lambda r: r.discovered)
    for room in rooms:
        canvas.floor(room)
    for room in rooms:
        canvas.walls(room)
    for room in rooms:
        canvas.number(room)
    for _, ex in shown_exits(level, player_view):
        canvas.exit(ex)
    if not player_view:
        for room in rooms:
            for hole in room.murder_holes:
                canvas.put_near(_mid(*hole.segment), "m")
    view = "players' map" if player_view else "game master's map"
    head = [f"{level.title or 'Dungeon level'} ({view})", ""]
    return "\n".join([*head, *canvas.lines(), "", *_key(rooms, player_view)]) + "\n"


def _mid(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _round(value: float) -> int:
    """Round half up, the same way on both sides of zero's neighbours (unlike round())."""
    return math.floor(value + 0.5)


def _inside(x: float, y: float, poly: list[Point]) -> bool:
    """Even-odd ray cast: is (x, y) inside the polygon?"""
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


class _Canvas:
    """A character grid over the level square; row 0 is the northern edge."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.grid = [[" "] * (COLS * size + 1) for _ in range(ROWS * size + 1)]

    def cell(self, p: Point) -> tuple[int, int]:
        return (_round(ROWS * (self.size - p[1])), _round(COLS * p[0]))

    def put(self, p: Point, ch: str) -> None:
        row, col = self.cell(p)
        if 0 <= row < len(self.grid) and 0 <= col < len(self.grid[0]):
            self.grid[row][col] = ch

    def put_near(self, p: Point, ch: str) -> None:
        """Put ``ch`` at p, or beside it if a room number already sits there."""
        row, col = self.cell(p)
        for dc in (0, 1, -1, 2, -2):
            if 0 <= col + dc < len(self.grid[0]) and not self.grid[row][col + dc].isdigit():
                self.grid[row][col + dc] = ch
                return

    def trace(self, a: Point, b: Point) -> list[tuple[int, int]]:
        """Cells along a segment, endpoints included, in order."""
        (r0, c0), (r1, c1) = self.cell(a), self.cell(b)
        n = max(abs(r1 - r0), abs(c1 - c0), 1)
        return list(dict.fromkeys((_round(r0 + (r1 - r0) * i / n), _round(c0 + (c1 - c0) * i / n))
                                  for i in range(n + 1)))

    def floor(self, room: Room) -> None:
        ch = "." if room.discovered else ":"
        for r, row in enumerate(self.grid):
            for c in range(len(row)):
                if _inside(c / COLS, self.size - r / ROWS, room.polygon):
                    row[c] = ch

    def walls(self, room: Room) -> None:
        for a, b in room.walls():
            dx, dy = b[0] - a[0], b[1] - a[1]
            ch = "-" if dy == 0 else "|" if dx == 0 else "/" if dx * dy > 0 else "\\"
            for r, c in self.trace(a, b):
                self.grid[r][c] = ch
        for p in room.polygon:
            self.put(p, "+")

    def number(self, room: Room) -> None:
        row, col = self.cell(centroid(room.polygon))
        text = str(room.id)
        for i, ch in enumerate(text):
            self.grid[row][col - len(text) // 2 + i] = ch

    def exit(self, ex: Exit) -> None:
        """Write an exit's character; open walls become floor first."""
        style, (a, b) = mk.style_for(ex.type), ex.segment
        if style.square:
            self.put_near(_mid(a, b), style.ascii)
            return
        opened = ex.opened and style.opens
        inner = self.trace(a, b)[1:-1]
        if style.gap or opened:
            for r, c in inner:
                self.grid[r][c] = "~" if style.wavy else "."
        if style.wavy:
            return
        if style.per_unit and not opened:
            n = max(1, round(max(abs(b[0] - a[0]), abs(b[1] - a[1]))))
            for k in range(n):
                t = (k + 0.5) / n
                self.put((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), style.ascii)
            return
        letter = mk.OPENED_LETTER if opened else style.ascii if ex.found else mk.UNFOUND_ASCII
        self.put(_mid(a, b), letter)

    def lines(self) -> list[str]:
        """The grid's rows without the empty ones above and below the rooms."""
        rows = ["".join(row).rstrip() for row in self.grid]
        drawn = [i for i, row in enumerate(rows) if row]
        return rows[drawn[0]:drawn[-1] + 1] if drawn else []


BASIC_KEY: tuple[tuple[str, str], ...] = (
    ("12", "room number"), (".", "floor"), ("+ - | / \\", "walls"))
"""The marks every map has, keyed before the exits' (``marks.ASCII_LEGEND``)."""


def _key(rooms: list[Room], player_view: bool) -> list[str]:
    """The key to the map's marks and to the rooms' content codes, then one line per room
    that has contents or labels."""
    entries = [f"{ch} {text}" for ch, text in BASIC_KEY]
    entries += [f"{ch} {text}" for ch, text, gm in mk.ASCII_LEGEND if not (gm and player_view)]
    out = _wrapped("Key:", entries)
    names = {mk.content_code(n): n for room in rooms for n in mk.content_names(room.contents)}
    if names:
        codes = [f"{code} {names[code]}" for code in sorted(names)]
        repeats = ((n, name) for room in rooms
                   for name, n in Counter(mk.content_names(room.contents)).items() if n > 1)
        repeated = next(repeats, None)
        if repeated is not None:
            n, name = repeated
            codes.append(f"{n}{mk.content_code(name)} {n} × {name}")
        out += _wrapped("Rooms:", codes)
    for room in sorted(rooms, key=lambda r: r.id):
        parts = [" ".join(mk.content_codes(room.contents)), *room.labels]
        if any(parts):
            out.append(f"{room.id:>3}  " + "; ".join(p for p in parts if p))
    return out


def _wrapped(head: str, entries: list[str]) -> list[str]:
    """``head`` then the entries three spaces apart, in lines of at most WIDTH characters
    (the lines after the first indented under the first entry)."""
    indent = " " * len(head)
    out = [head]
    for entry in entries:
        if len(out[-1]) + 3 + len(entry) > WIDTH:
            out.append(indent)
        out[-1] += "   " + entry
    return out
