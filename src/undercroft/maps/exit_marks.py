"""How each exit is drawn, and where open exits break the walls, in level units.

Both the map (``drawing``) and its key (``legend``) draw exits with this code, so
the key can never show a mark differently from the map it explains. How each
kind looks is data in ``marks.MARKS``; this module only places it on a wall.
"""

from __future__ import annotations

import math

from undercroft.maps import marks as mk
from undercroft.maps.model import COMPASS, Exit, Point, Segment, wall_length
from undercroft.maps.primitives import EPS, LETTER, Line, Polygon, Polyline, Primitive, Text


def is_gap(ex: Exit) -> bool:
    """Whether the wall is open along this exit's segment."""
    style = mk.style_for(ex.type)
    return style.gap or (ex.opened and style.opens)


def exit_marks(ex: Exit) -> list[Primitive]:
    """The mark of one exit, built from its style's fields (see ``marks.MARKS``)."""
    style, (a, b) = mk.style_for(ex.type), ex.segment
    if style.square:
        (x0, y0), (x1, y1) = a, b
        return [Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), "teleport")]
    if ex.opened and style.opens:
        return [Text(lerp(a, b, 0.5), mk.OPENED_LETTER, LETTER, "letter")]
    inward, out = _inward(ex), list[Primitive]()
    if style.span:
        out.append(Line(a, b, "span" if ex.found else "span-faint"))
    if style.wavy:
        out.append(Polyline(_wave(a, b, inward), "crumble"))
    units = max(1, round(wall_length(a, b))) if style.per_unit else 1
    for k in range(units):
        start, end = lerp(a, b, k / units), lerp(a, b, (k + 1) / units)
        out += [Polyline(_place(s, start, end, inward), style.ink) for s in style.strokes]
        out += [Polygon(_place(s, start, end, inward), "arrow") for s in style.fills]
    if style.letter:
        letter_cls = "letter" if ex.found else "letter-faint"
        out.append(Text(lerp(a, b, 0.5), style.letter, LETTER, letter_cls))
    return out


def lerp(a: Point, b: Point, t: float, off: Point = (0.0, 0.0), d: float = 0.0) -> Point:
    """The point a fraction t from a to b, moved d units along ``off``."""
    return (a[0] + (b[0] - a[0]) * t + off[0] * d, a[1] + (b[1] - a[1]) * t + off[1] * d)


def _place(stroke: mk.Stroke, a: Point, b: Point, inward: Point) -> tuple[Point, ...]:
    """A stroke from a mark's own frame (along, depth) onto the segment a-b."""
    return tuple(lerp(a, b, t, inward, depth) for t, depth in stroke)


def _inward(ex: Exit) -> Point:
    """Unit vector into the room: opposite to the compass of the wall the exit sits on."""
    if ex.wall in COMPASS:
        angle = math.radians(45 * COMPASS.index(ex.wall))
        return (-math.cos(angle), -math.sin(angle))
    (x0, y0), (x1, y1) = ex.segment
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    return (-(y1 - y0) / length, (x1 - x0) / length)


def _wave(a: Point, b: Point, normal: Point) -> tuple[Point, ...]:
    """A wavy line along a-b: three waves to the unit, for a crumbling wall."""
    waves = max(2, round(3 * wall_length(a, b)))
    n = waves * 8
    return tuple(lerp(a, b, i / n, normal, 0.1 * math.sin(math.tau * waves * i / n))
                 for i in range(n + 1))


def holes(wall: Segment, gaps: list[Segment]) -> list[tuple[float, float]]:
    """Parameter intervals of ``wall`` covered by collinear gap segments."""
    (px, py), (qx, qy) = wall
    dx, dy = qx - px, qy - py
    length2 = dx * dx + dy * dy
    found = []
    for gap in gaps:
        if length2 == 0 or any(abs(dx * (y - py) - dy * (x - px)) > EPS * length2 for x, y in gap):
            continue
        ta, tb = (((x - px) * dx + (y - py) * dy) / length2 for x, y in gap)
        lo, hi = max(0.0, min(ta, tb)), min(1.0, max(ta, tb))
        if hi - lo > EPS:
            found.append((lo, hi))
    return sorted(found)


def cut(wall: Segment, gaps: list[Segment]) -> list[Segment]:
    """The pieces of a wall left standing once the open exits are taken out of it."""
    pieces, t = [], 0.0
    for lo, hi in holes(wall, gaps):
        if lo > t + EPS:
            pieces.append((t, lo))
        t = max(t, hi)
    if t < 1 - EPS:
        pieces.append((t, 1.0))
    return [(lerp(*wall, s), lerp(*wall, e)) for s, e in pieces]
