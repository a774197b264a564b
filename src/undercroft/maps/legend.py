"""The legend and contents key beside the map, and the room notes under it, in level units.

Laid out apart from the map itself, but every sample in the key is still drawn by
``exit_marks.exit_marks``, the map's own code, so the key can never show a mark
differently from the map it explains.
"""

from __future__ import annotations

import math
import textwrap

from undercroft.maps import marks as mk
from undercroft.maps.exit_marks import cut, exit_marks, is_gap
from undercroft.maps.model import Exit, Point, Room
from undercroft.maps.primitives import MARGIN, NUMBER, Line, Polygon, Polyline, Primitive, Text

LEGEND_TEXT, LEGEND_HEAD = 0.3, 0.36
"""Text sizes (font em) in level units."""
LEGEND_GAP, LEGEND_W, ROW = 1.2, 10.0, 0.8
NOTE_CHARS, NOTE_W, NOTE_ROW = 42, 8.6, 0.48
"""Characters per line of a note, width of a notes column and its line spacing, in units."""


def key_and_notes(rooms: list[Room], notes: dict[int, list[str]], size: int,
                  player_view: bool, kinds: frozenset[str] | None = None
                  ) -> tuple[list[Primitive], float, float]:
    """The key right of the map and the notes under both: primitives, right edge, lowest y.

    ``notes`` holds, per room id, the texts that did not fit inside that room. ``kinds``
    (exit types) keeps only the marks of those kinds in the legend, for a key that
    explains one map only; None keeps every mark, as a printed map's key does.
    """
    names = {mk.content_code(n): n for r in rooms for n in mk.content_names(r.contents)}
    key, key_bottom = _legend(size + LEGEND_GAP, float(size), player_view, names, kinds)
    width = size + LEGEND_GAP + LEGEND_W
    lines = [f"{rid}: " + "; ".join(texts) for rid, texts in notes.items() if texts]
    notes_items, notes_bottom = _notes(lines, 0.0, -MARGIN, width)
    return key + notes_items, width, min(key_bottom, notes_bottom)


def _legend(x0: float, top: float, player_view: bool, names: dict[str, str],
            kinds: frozenset[str] | None = None) -> tuple[list[Primitive], float]:
    """The key beside the map: every mark (or those of ``kinds``) drawn by the map's own
    code, then content codes."""
    out: list[Primitive] = [Text((x0, top), "Legend", LEGEND_HEAD, "legend-head", "start")]
    out += _compass((x0 + LEGEND_W - 1.2, top - 0.3))
    rows: list[tuple[list[Primitive], str]] = []
    for sample in mk.LEGEND_SAMPLES:
        if kinds is not None and sample.exit_type not in kinds:
            continue
        if not (sample.gm_only and player_view):
            rows.append((_sample_mark(sample, x0, top - ROW * (len(rows) + 1)), sample.text))
    extras = [("number", "Room number"), ("scale", "One grid unit (about 10 ft)")]
    if not player_view:
        extras += [("murder", "Murder hole (GM only)"), ("hidden", "Undiscovered room (GM only)")]
    for kind, text in extras:
        rows.append((_sample_extra(kind, x0, top - ROW * (len(rows) + 1)), text))
    for i, (prims, text) in enumerate(rows):
        y = top - ROW * (i + 1)
        out += [*prims, Text((x0 + 3.1, y), text, LEGEND_TEXT, "legend-text", "start")]
    y = top - ROW * (len(rows) + 1)
    if names:
        out.append(Text((x0, y - 0.2), "Contents", LEGEND_HEAD, "legend-head", "start"))
        codes = "  ·  ".join(f"{code}\N{NO-BREAK SPACE}{names[code]}" for code in sorted(names))
        for line in textwrap.wrap(codes, NOTE_CHARS, subsequent_indent="   "):
            y -= ROW * 0.6
            out.append(Text((x0, y - 0.6), line, LEGEND_TEXT, "legend-text", "start"))
    return out, y - 0.6


def _notes(notes: list[str], x0: float, top: float,
           width: float) -> tuple[list[Primitive], float]:
    """Room notes that did not fit their rooms, in columns under the map and the legend."""
    if not notes:
        return [], top
    blocks = [textwrap.wrap(n, NOTE_CHARS, subsequent_indent="    ") for n in notes]
    columns = max(1, int(width // NOTE_W))
    per_column = math.ceil(sum(map(len, blocks)) / columns)
    out: list[Primitive] = [Text((x0, top - 0.4), "Notes", LEGEND_HEAD, "note-head", "start")]
    column, row, bottom = 0, 0, top - 0.4
    for block in blocks:
        if row and row + len(block) > per_column and column < columns - 1:
            column, row = column + 1, 0
        for line in block:
            y = top - 1.0 - NOTE_ROW * row
            out.append(Text((x0 + column * NOTE_W, y), line, LEGEND_TEXT, "note", "start"))
            row, bottom = row + 1, min(bottom, y)
    return out, bottom


def _sample_mark(sample: mk.LegendSample, x0: float, y: float) -> list[Primitive]:
    """A legend row's sample: a short wall holding the exit, drawn by ``exit_marks``."""
    wall_y = y - 0.3 if sample.exit_type == "stair" else y
    seg = ((x0 + 0.4, wall_y), (x0 + 0.4 + sample.length, wall_y))
    if sample.exit_type == "teleport":
        seg = ((x0 + 0.7, y - 0.2), (x0 + 1.1, y + 0.2))
    ex = Exit("legend", sample.exit_type, "S", seg, found=sample.found, opened=sample.opened)
    wall = ((x0, wall_y), (x0 + sample.length + 0.8, wall_y))
    walls = [] if sample.exit_type == "teleport" else cut(wall, [seg] if is_gap(ex) else [])
    return [*(Line(p, q, "wall") for p, q in walls), *exit_marks(ex)]


def _sample_extra(kind: str, x0: float, y: float) -> list[Primitive]:
    """Legend samples for what is not an exit: number, scale, murder hole, hidden room."""
    if kind == "number":
        return [Text((x0 + 0.9, y), "7", NUMBER, "room-number")]
    if kind == "scale":
        return [Line((x0 + 0.4, y), (x0 + 1.4, y), "frame"),
                *(Line((x, y - 0.12), (x, y + 0.12), "frame") for x in (x0 + 0.4, x0 + 1.4))]
    if kind == "murder":
        return [Line((x0, y), (x0 + 1.8, y), "wall"),
                Line((x0 + 0.4, y), (x0 + 1.4, y), "murder-hole")]
    box = ((x0, y - 0.3), (x0 + 1.8, y - 0.3), (x0 + 1.8, y + 0.3), (x0, y + 0.3))
    return [Polygon(box, "floor-hidden"), Polyline((*box, box[0]), "wall-hidden")]


def _compass(at: Point) -> list[Primitive]:
    """A north arrow, because a printed map is soon turned around on the table."""
    x, y = at
    return [Polygon(((x - 0.2, y - 0.4), (x, y + 0.35), (x + 0.2, y - 0.4), (x, y - 0.2)),
                    "compass"), Text((x, y + 0.65), "N", LEGEND_HEAD, "legend-head")]
