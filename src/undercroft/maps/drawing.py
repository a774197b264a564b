"""Turn a level into drawing primitives in level units, once, for every renderer.

SVG and PNG only translate these primitives (flip y, scale, paint by class), so
the two can never disagree about where a mark goes or which room a player may
see. This module decides *what* is visible and *where*; ``marks`` decides how
each thing looks, ``exit_marks`` puts each exit's mark on its wall, and ``legend``
lays out the key and the notes around the map. Nothing here knows the game's rules.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass, field

from undercroft.maps import marks as mk
from undercroft.maps.exit_marks import cut, exit_marks, holes, is_gap, lerp
from undercroft.maps.legend import key_and_notes
from undercroft.maps.model import Exit, LevelMap, Point, Room, Segment
from undercroft.maps.primitives import (
    CHAR_W,
    CODES,
    EPS,
    GRID_LABEL,
    LABEL,
    LEADING,
    MARGIN,
    NUMBER,
    PAD,
    SUBTITLE,
    TITLE,
    Circle,
    Line,
    Polygon,
    Polyline,
    Primitive,
    Text,
)


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
            circle_style: str = "octagon", legend: bool = True) -> Drawing:
    """Everything a printed map shows, back to front: floors, grid, walls, marks, text, key.

    ``legend=False`` leaves out the title, the key and the notes and bounds the drawing by
    the level's square, for an image that must line up with a grid (a virtual tabletop's)
    or sit on a page beside its own key."""
    if circle_style not in ("octagon", "smooth"):
        raise ValueError(f"circle_style must be 'octagon' or 'smooth', got {circle_style!r}")
    smooth, size = circle_style == "smooth", level.level_size
    rooms = sorted(shown_rooms(level, player_view), key=lambda r: r.discovered)
    exits = shown_exits(level, player_view)
    gaps = [ex.segment for _, ex in exits if is_gap(ex)]
    items: list[Primitive] = [_floor(room, smooth) for room in rooms]
    items += _grid(size)
    items += [Polyline(tuple(passage.points), "passage") for passage in level.passages]
    for room in rooms:
        items += _walls(room, gaps, smooth)
    for _, ex in exits:
        items += exit_marks(ex)
    if not player_view:
        items += [Line(*mh.segment, "murder-hole") for r in rooms for mh in r.murder_holes]
    notes: dict[int, list[str]] = {}
    for room in sorted(rooms, key=lambda r: r.id):
        items += _room_text(room, notes.setdefault(room.id, []))
    if not legend:
        return Drawing((0.0, 0.0, float(size), float(size)), items)
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


def _circle_of(room: Room) -> tuple[Point, float]:
    xs, ys = [p[0] for p in room.polygon], [p[1] for p in room.polygon]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), (max(xs) - min(xs)) / 2


def _circle_arcs(room: Room, gaps: list[Segment]) -> list[tuple[Point, ...]]:
    """A true circle's wall, broken where a gap lies on the octagon it replaces."""
    (cx, cy), radius = _circle_of(room)
    spans = []
    for wall in room.walls():
        for lo, hi in holes(wall, gaps):
            (x0, y0), (x1, y1) = lerp(*wall, lo), lerp(*wall, hi)
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
