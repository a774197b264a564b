"""Turn a level into drawing primitives in level units, once, for every renderer.

SVG and PNG only translate these primitives (flip y, scale, paint by class), so
the two can never disagree about where a mark goes or which room a player may
see. This module decides *what* is visible and *where*; ``marks`` decides how
each thing looks, and ``legend`` lays out the key and the notes around the map.
Nothing here knows the game's rules.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass, field

from undercroft.maps import marks as mk
from undercroft.maps.model import COMPASS, Exit, LevelMap, Point, Room, Segment, wall_length

NUMBER, CODES, LABEL, LETTER = 0.5, 0.3, 0.26, 0.42
"""Text sizes (font em) in level units."""
TITLE, SUBTITLE, GRID_LABEL = 0.75, 0.36, 0.24
CHAR_W, LEADING, PAD = 0.6, 1.15, 0.3
"""Average glyph width per em, line spacing, and the breathing room a text keeps to a wall."""
MARGIN = 1.0
EPS = 1e-6


@dataclass(frozen=True)
class Line:
    """A straight stroke from a to b: a wall, a tick, a step."""

    a: Point
    b: Point
    cls: str


@dataclass(frozen=True)
class Polyline:
    """An open stroke through several points: a wavy wall, an arc."""

    points: tuple[Point, ...]
    cls: str


@dataclass(frozen=True)
class Polygon:
    """A closed, possibly filled shape: a floor, an arrowhead, a teleporter."""

    points: tuple[Point, ...]
    cls: str


@dataclass(frozen=True)
class Circle:
    """A true circle, for a round room drawn smoothly."""

    center: Point
    radius: float
    cls: str


@dataclass(frozen=True)
class Text:
    """A line of text centred vertically on ``pos``; ``anchor`` is start, middle or end."""

    pos: Point
    text: str
    size: float
    cls: str
    anchor: str = "middle"


Primitive = Line | Polyline | Polygon | Circle | Text


@dataclass
class Drawing:
    """Primitives in paint order, and the box (xmin, ymin, xmax, ymax) they fill, y north."""

    bounds: tuple[float, float, float, float]
    items: list[Primitive] = field(default_factory=list)

    @property
    def width(self) -> float:
        return self.bounds[2] - self.bounds[0]

    @property
    def height(self) -> float:
        return self.bounds[3] - self.bounds[1]


def compose(level: LevelMap, *, player_view: bool = False,
            circle_style: str = "octagon") -> Drawing:
    """Everything a printed map shows, back to front: floors, grid, walls, marks, text, key."""
    if circle_style not in ("octagon", "smooth"):
        raise ValueError(f"circle_style must be 'octagon' or 'smooth', got {circle_style!r}")
    smooth, size = circle_style == "smooth", level.level_size
    rooms = sorted(shown_rooms(level, player_view), key=lambda r: r.discovered)
    exits = shown_exits(level, player_view)
    gaps = [ex.segment for _, ex in exits if is_gap(ex)]
    items: list[Primitive] = [_floor(room, smooth) for room in rooms]
    items += _grid(size)
    for room in rooms:
        items += _walls(room, gaps, smooth)
    for _, ex in exits:
        items += exit_marks(ex)
    if not player_view:
        items += [Line(*mh.segment, "murder-hole") for r in rooms for mh in r.murder_holes]
    notes: dict[int, list[str]] = {}
    for room in sorted(rooms, key=lambda r: r.id):
        items += _room_text(room, notes.setdefault(room.id, []))
    # Imported here: legend imports this module (its samples are drawn by exit_marks),
    # so importing it at the top would be circular.
    from undercroft.maps.legend import key_and_notes

    key, right, bottom = key_and_notes(rooms, notes, size, player_view)
    items += key + _title(level, player_view)
    bounds = (-MARGIN, min(-MARGIN, bottom - 0.5), right, size + 2.3)
    return Drawing(bounds, items)


def shown_rooms(level: LevelMap, player_view: bool) -> list[Room]:
    """Rooms on this map: the players see only the ones they have discovered."""
    return [room for room in level.rooms if room.discovered or not player_view]


def shown_exits(level: LevelMap, player_view: bool) -> list[tuple[Room, Exit]]:
    """Each opening once: a twinned pair is drawn from a visible room, the found side first."""
    partner = {ex.id: ex.twin for room in level.rooms for ex in room.exits if ex.twin}
    partner.update({twin: own for own, twin in list(partner.items())})
    pairs = [(room, ex) for room in shown_rooms(level, player_view) for ex in room.exits]
    pairs.sort(key=lambda pair: not pair[1].found)
    drawn: list[tuple[Room, Exit]] = []
    seen: set[str] = set()
    for room, ex in pairs:
        if ex.id in seen or (player_view and not ex.found):
            continue
        seen.update({ex.id, partner.get(ex.id, ex.id)})
        drawn.append((room, ex))
    return drawn


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
        return [Text(_lerp(a, b, 0.5), mk.OPENED_LETTER, LETTER, "letter")]
    inward, out = _inward(ex), list[Primitive]()
    if style.span:
        out.append(Line(a, b, "span" if ex.found else "span-faint"))
    if style.wavy:
        out.append(Polyline(_wave(a, b, inward), "crumble"))
    units = max(1, round(wall_length(a, b))) if style.per_unit else 1
    for k in range(units):
        start, end = _lerp(a, b, k / units), _lerp(a, b, (k + 1) / units)
        out += [Polyline(_place(s, start, end, inward), style.ink) for s in style.strokes]
        out += [Polygon(_place(s, start, end, inward), "arrow") for s in style.fills]
    if style.letter:
        letter_cls = "letter" if ex.found else "letter-faint"
        out.append(Text(_lerp(a, b, 0.5), style.letter, LETTER, letter_cls))
    return out


def _lerp(a: Point, b: Point, t: float, off: Point = (0.0, 0.0), d: float = 0.0) -> Point:
    """The point a fraction t from a to b, moved d units along ``off``."""
    return (a[0] + (b[0] - a[0]) * t + off[0] * d, a[1] + (b[1] - a[1]) * t + off[1] * d)


def _place(stroke: mk.Stroke, a: Point, b: Point, inward: Point) -> tuple[Point, ...]:
    """A stroke from a mark's own frame (along, depth) onto the segment a-b."""
    return tuple(_lerp(a, b, t, inward, depth) for t, depth in stroke)


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
    return tuple(_lerp(a, b, i / n, normal, 0.1 * math.sin(math.tau * waves * i / n))
                 for i in range(n + 1))


def _floor(room: Room, smooth: bool) -> Primitive:
    cls = "floor" if room.discovered else "floor-hidden"
    if smooth and room.shape == "circle":
        center, radius = _circle_of(room)
        return Circle(center, radius, cls)
    return Polygon(tuple(room.polygon), cls)


def _grid(size: int) -> list[Primitive]:
    out: list[Primitive] = []
    for i in range(size + 1):
        out += [Line((i, 0), (i, size), "grid"), Line((0, i), (size, i), "grid")]
        if i % 5 == 0:
            out += [Text((i, -0.45), str(i), GRID_LABEL, "grid-label"),
                    Text((-0.45, i), str(i), GRID_LABEL, "grid-label")]
    out.append(Polygon(((0, 0), (size, 0), (size, size), (0, size)), "frame"))
    return out


def _walls(room: Room, gaps: list[Segment], smooth: bool) -> list[Primitive]:
    cls = "wall" if room.discovered else "wall-hidden"
    if smooth and room.shape == "circle":
        return [Polyline(arc, cls) for arc in _circle_arcs(room, gaps)]
    return [Line(p, q, cls) for wall in room.walls() for p, q in cut(wall, gaps)]


def _holes(wall: Segment, gaps: list[Segment]) -> list[tuple[float, float]]:
    """Parameter intervals of ``wall`` covered by collinear gap segments."""
    (px, py), (qx, qy) = wall
    dx, dy = qx - px, qy - py
    length2 = dx * dx + dy * dy
    holes = []
    for gap in gaps:
        if length2 == 0 or any(abs(dx * (y - py) - dy * (x - px)) > EPS * length2 for x, y in gap):
            continue
        ta, tb = (((x - px) * dx + (y - py) * dy) / length2 for x, y in gap)
        lo, hi = max(0.0, min(ta, tb)), min(1.0, max(ta, tb))
        if hi - lo > EPS:
            holes.append((lo, hi))
    return sorted(holes)


def cut(wall: Segment, gaps: list[Segment]) -> list[Segment]:
    """The pieces of a wall left standing once the open exits are taken out of it."""
    pieces, t = [], 0.0
    for lo, hi in _holes(wall, gaps):
        if lo > t + EPS:
            pieces.append((t, lo))
        t = max(t, hi)
    if t < 1 - EPS:
        pieces.append((t, 1.0))
    return [(_lerp(*wall, s), _lerp(*wall, e)) for s, e in pieces]


def _circle_of(room: Room) -> tuple[Point, float]:
    xs, ys = [p[0] for p in room.polygon], [p[1] for p in room.polygon]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), (max(xs) - min(xs)) / 2


def _circle_arcs(room: Room, gaps: list[Segment]) -> list[tuple[Point, ...]]:
    """A true circle's wall, broken where a gap lies on the octagon it replaces."""
    (cx, cy), radius = _circle_of(room)
    spans = []
    for wall in room.walls():
        for lo, hi in _holes(wall, gaps):
            (x0, y0), (x1, y1) = _lerp(*wall, lo), _lerp(*wall, hi)
            start = math.atan2(y0 - cy, x0 - cx)
            spans.append((start, (math.atan2(y1 - cy, x1 - cx) - start) % math.tau))
    start = spans[0][0] + spans[0][1] if spans else 0.0  # begin after a gap: no seam to join
    arcs: list[list[Point]] = [[]]
    for i in range(181):
        angle = start + math.tau * i / 180
        if any(0 < (angle - s) % math.tau < w for s, w in spans):
            arcs.append([])
        else:
            arcs[-1].append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return [tuple(arc) for arc in arcs if len(arc) > 1]


def centroid(poly: list[Point]) -> Point:
    """Area centre of a polygon: where a room's number reads as belonging to it."""
    pairs = list(zip(poly, poly[1:] + poly[:1], strict=True))
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs) / 2
    if abs(area) < EPS:
        return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
    cx = sum((x0 + x1) * (x0 * y1 - x1 * y0) for (x0, y0), (x1, y1) in pairs) / (6 * area)
    cy = sum((y0 + y1) * (x0 * y1 - x1 * y0) for (x0, y0), (x1, y1) in pairs) / (6 * area)
    return (cx, cy)


def span_at(poly: list[Point], y: float, x: float) -> float:
    """Width of the room along the horizontal line y, on the stretch that holds x."""
    xs = sorted(x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True)
                if min(y0, y1) <= y < max(y0, y1))
    for left, right in zip(xs[::2], xs[1::2], strict=False):
        if left <= x <= right:
            return min(x - left, right - x) * 2
    return 0.0


def _stack(lines: list[tuple[str, float, str]], center: Point) -> list[Text]:
    """Lines of text centred as a block on ``center``."""
    y = center[1] + sum(size * LEADING for _, size, _ in lines) / 2
    out = []
    for text, size, cls in lines:
        y -= size * LEADING / 2
        out.append(Text((center[0], y), text, size, cls))
        y -= size * LEADING / 2
    return out


def _fits(poly: list[Point], texts: list[Text]) -> bool:
    return all(len(t.text) * t.size * CHAR_W + PAD <= min(
        span_at(poly, t.pos[1] + dy * t.size / 2, t.pos[0]) for dy in (-1, 1)) for t in texts)


def _room_text(room: Room, notes: list[str]) -> list[Primitive]:
    """Number, content codes and labels inside the room; what does not fit goes to the notes."""
    center = centroid(room.polygon)
    lines = [(str(room.id), NUMBER, "room-number" if room.discovered else "room-number-hidden")]
    codes = " ".join(mk.content_codes(room.contents))
    wanted = ([(codes, CODES, "contents")] if codes else []) + [
        (label, LABEL, "label") for label in room.labels]
    for text, size, cls in wanted:
        halves = textwrap.wrap(text, len(text) // 2 + 4) if cls == "label" else []
        for candidate in ([text], halves[:2] if len(halves) == 2 else []):
            block = [(part, size, cls) for part in candidate]
            if candidate and _fits(room.polygon, _stack([*lines, *block], center)):
                lines += block
                break
        else:
            notes.append(text)
    return list(_stack(lines, center))


def _title(level: LevelMap, player_view: bool) -> list[Primitive]:
    """Title and whose map this is, so a GM's sheet is not handed to the players by mistake."""
    size = level.level_size
    view = "Players' map" if player_view else "Game master's map"
    return [Text((0, size + 1.55), level.title or "Dungeon level", TITLE, "title", "start"),
            Text((0, size + 0.7), view, SUBTITLE, "subtitle", "start")]
