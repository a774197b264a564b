"""Random Dungeons on paper: the grid plan as SVG or PNG, from one list of primitives.

The seed draws its plans with "the primary connections big and red and the
entrance connections big and green"; this module keeps that convention.
:func:`compose` turns a plan and its layout into the project's drawing
primitives (``maps.primitives``, in grid squares, y north) once, and the two
renderers only translate them, so the SVG and the PNG cannot disagree. The
looks are a table (:data:`PALETTE`) in the style of ``maps.marks``.
"""

from __future__ import annotations

import io
from typing import Any, Final
from xml.sax.saxutils import escape, quoteattr

from undercroft.maps.drawing import Drawing
from undercroft.maps.marks import FLOOR, INK, PALE, PAPER, Paint
from undercroft.maps.png import paint_drawing
from undercroft.maps.primitives import CHAR_W, LEADING, Line, Polygon, Polyline, Primitive, Text
from undercroft.systems.cardcrawl.dungeon.grid import Rect
from undercroft.systems.cardcrawl.dungeon.layout import ENTRANCE_SIDE, Layout
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan

RED, GREEN, BROWN = "#a3301f", "#2f7d32", "#8a7559"
PALETTE: Final[dict[str, Paint]] = {
    "grid": Paint(stroke=PALE, width=0.03),
    "frame": Paint(stroke=BROWN, width=0.05),
    "outside": Paint(stroke=GREEN, width=0.12, dash=(0.3, 0.2)),
    "corridor": Paint(stroke=BROWN, width=0.22),
    "corridor-mutual": Paint(stroke=RED, width=0.4),
    "corridor-entrance": Paint(stroke=GREEN, width=0.4),
    "corridor-added": Paint(stroke=BROWN, width=0.22, dash=(0.35, 0.25)),
    "corridor-entrance-added": Paint(stroke=GREEN, width=0.4, dash=(0.5, 0.3)),
    "junction": Paint(fill=INK),
    "arrow": Paint(fill=GREEN),
    "room": Paint(stroke=INK, fill=FLOOR, width=0.1),
    "room-number": Paint(fill=INK, bold=True, halo=True),
    "room-type": Paint(fill="#5b4636", italic=True, halo=True),
    "stairs": Paint(fill="#2b4f7e", bold=True, halo=True),
    "title": Paint(fill=INK, bold=True),
    "subtitle": Paint(fill="#6b5a45", italic=True),
    "key": Paint(fill=INK),
}
"""Drawing class -> paint; sizes in grid squares so every scale agrees."""
TITLE, SUBTITLE, KEY, KEY_W = 0.8, 0.4, 0.36, 12.0
SCALE: Final = 40.0
"""SVG pixels per grid square (10 ft)."""
INCH: Final = 0.3
"""PNG inches per grid square."""
HALO: Final = 0.08


def compose(plan: DungeonPlan, layout: Layout, title: str = "Random dungeon",
            legend: bool = True) -> Drawing:
    """Everything the plan shows, back to front: grid, corridors, rooms, labels, key, title.

    ``legend=False`` leaves out the title and the key and bounds the drawing by the grid,
    for an image that must line up with a grid or sit on a page beside its own key."""
    width, height = layout.width, layout.height
    items: list[Primitive] = []
    items += [Line((x, 0), (x, height), "grid") for x in range(width + 1)]
    items += [Line((0, y), (width, y), "grid") for y in range(height + 1)]
    items.append(Line((0, 0), (0, height), "outside"))
    corridors = sorted(layout.corridors, key=lambda c: ("link", "entrance", "mutual").index(c.kind))
    for corridor in corridors:
        items.append(Polyline(corridor.points, _corridor_class(corridor.kind, corridor.added)))
        if corridor.kind == "entrance":
            x, y = corridor.points[0]
            items.append(Polygon(((x, y - 0.35), (x + 0.6, y), (x, y + 0.35)), "arrow"))
    items += _junctions(layout)
    for number, rect in layout.rects.items():
        items += _room(number, rect, plan)
    if not legend:
        return Drawing((0.0, 0.0, float(width), float(height)), items)
    key = _key_lines(plan, layout)
    items += _key(key, width + 1.0, height)
    items.append(Text((0, height + 1.7), title, TITLE, "title", "start"))
    items.append(Text((0, height + 0.8), f"{len(plan.rooms)} rooms, main die d{plan.dice.main}; "
                      f"entrance {ENTRANCE_SIDE} (green), mutual links red; 1 square = 10 ft",
                      SUBTITLE, "subtitle", "start"))
    key_bottom = height - (len(key) + 1) * KEY * LEADING * 1.2
    key_width = max(KEY_W, max(len(text) for text, _ in key) * KEY * CHAR_W + 0.5)
    return Drawing((-1.0, min(-1.0, key_bottom - 1.0), width + 1.0 + key_width, height + 2.6),
                   items)


def _corridor_class(kind: str, added: str) -> str:
    """The paint of a corridor: entrance green, mutual red, others brown; dashed if added."""
    name = "corridor" if kind == "link" else f"corridor-{kind}"
    return f"{name}-added" if added else name


def _junctions(layout: Layout) -> list[Primitive]:
    """Where corridors meet: a short piece of corridor from each junction square to the
    square beside it of the corridor it meets, and a diamond on the junction square."""
    cells = {(c.a, c.b): set(c.cells) for c in layout.corridors}
    items: list[Primitive] = []
    for junction in layout.junctions:
        others = set().union(*(cells[pair] for pair in junction.corridors[1:]))
        for cx, cy in junction.cells:
            x, y = cx + 0.5, cy + 0.5
            items += [Line((x, y), (x + dx, y + dy), "corridor")
                      for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))
                      if (cx, cy) not in others and (cx + dx, cy + dy) in others]
            items.append(Polygon(((x - 0.3, y), (x, y - 0.3), (x + 0.3, y), (x, y + 0.3)),
                                 "junction"))
    return items


def _room(number: int, rect: Rect, plan: DungeonPlan) -> list[Primitive]:
    """A room's floor and walls, its number, and its type where the type fits.

    The labels sit in the room's largest rectangle (all of it, less an L's cut column or row).
    """
    room = plan.room(number)
    items: list[Primitive] = [Polygon(rect.outline(), "room")]
    x0, y0, x1, y1 = rect.x, rect.y, rect.x + rect.w, rect.y + rect.h
    if rect.cut and rect.w >= rect.h:
        x1 -= 1
    elif rect.cut:
        y1 -= 1
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    number_size = min(0.55, h * 0.45, w * 0.6)
    lines = _split(room.type.name)
    type_size = min(0.3, (w - 0.2) / (CHAR_W * max(len(line) for line in lines)),
                    (h - 0.15 - number_size) / (len(lines) * LEADING))
    extra = 1 if room.lower_level else 0
    if type_size < 0.14:
        items.append(Text((cx, cy), str(number), number_size, "room-number"))
        lines = []
    else:
        block = number_size + (len(lines) + extra) * type_size * LEADING
        top = cy + block / 2
        items.append(Text((cx, top - number_size / 2), str(number), number_size, "room-number"))
        for index, line in enumerate(lines):
            y = top - number_size - (index + 0.5) * type_size * LEADING
            items.append(Text((cx, y), line, type_size, "room-type"))
    if room.lower_level:
        size = max(min(0.28, w / 4), 0.16)
        items.append(Text((x1 - 0.1, y0 + size * 0.8), "down", size, "stairs", "end"))
    return items


def _split(name: str) -> list[str]:
    """A type name broken after each '/' and at spaces, to fit narrow rooms."""
    return name.replace("/", "/ ").split()


def _key_lines(plan: DungeonPlan, layout: Layout) -> list[tuple[str, str]]:
    """The seed's list beside the map, as (text, class) lines: number, type, size and what
    it connects to as rolled, links the map leaves out in brackets and links it added
    marked +; then what the marks mean and why links were left out."""
    dropped = {(d.a, d.b): d.reason for d in layout.dropped}
    added = {(c.a, c.b) for c in layout.added}
    lines: list[tuple[str, str]] = [("Rooms", "key-title")]
    for room in plan.rooms:
        links = (["entrance"] if room.entrance else []) + [str(n) for n in room.connections]
        pairs = ([(0, room.number)] if room.entrance else []) + \
            [(min(room.number, n), max(room.number, n)) for n in room.connections]
        links = [f"[{text}]" if pair in dropped else text for text, pair in zip(links, pairs,
                                                                                 strict=True)]
        links += [f"+{'entrance' if a == 0 else a if b == room.number else b}"
                  for a, b in sorted(added) if room.number in (a, b)]
        if room.lower_level:
            links.append("down")
        lines.append((f"{room.number}. {room.type.name} ({room.size}): "
                      f"{', '.join(links) or '-'}", "key"))
    lines.append(("", "key"))
    if dropped:
        reasons: dict[str, int] = {}
        for reason in dropped.values():
            reasons[reason] = reasons.get(reason, 0) + 1
        lines.append(("[n]: rolled, not drawn:", "key"))
        lines += [(f"  {count} {'link' if count == 1 else 'links'}: {reason}", "key")
                  for reason, count in reasons.items()]
    if added:
        lines.append(("+n, dashed: added so every room can be reached", "key"))
    if layout.junctions:
        lines.append(("Diamond: a junction, the corridors meeting there connect", "key"))
    return lines


def _key(lines: list[tuple[str, str]], x: float, top: float) -> list[Primitive]:
    row = KEY * LEADING * 1.2
    return [Text((x, top - (index + 0.5) * row), text,
                 KEY * 1.1 if cls == "key-title" else KEY,
                 "title" if cls == "key-title" else cls, "start")
            for index, (text, cls) in enumerate(lines) if text]


# --- SVG ----------------------------------------------------------------------------------

def render_svg(plan: DungeonPlan, layout: Layout, title: str = "Random dungeon",
               scale: float = SCALE) -> str:
    """The plan as a standalone SVG document, ``scale`` pixels per square, north up."""
    return drawing_svg(compose(plan, layout, title), title, scale)


def drawing_svg(drawing: Drawing, title: str, scale: float = SCALE) -> str:
    """A composed plan drawing (with or without its key) as SVG text, ``scale`` pixels a
    square: what the PDF writer turns into vector pages."""
    xmin, _, _, ymax = drawing.bounds
    width, height = drawing.width * scale, drawing.height * scale

    def xy(point: tuple[float, float]) -> str:
        return f"{(point[0] - xmin) * scale:.2f},{(ymax - point[1]) * scale:.2f}"

    body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.2f} {height:.2f}">',
        f"<title>{escape(title)}</title>",
        f"<style>\n{_css(scale)}\n</style>",
        f'<rect x="0" y="0" width="{width:.2f}" height="{height:.2f}" fill="{PAPER}"/>',
    ]
    for item in drawing.items:
        cls = quoteattr(item.cls)
        if isinstance(item, Line):
            body.append(f'<polyline class={cls} points="{xy(item.a)} {xy(item.b)}"/>')
        elif isinstance(item, Polyline):
            body.append(f'<polyline class={cls} points="{" ".join(map(xy, item.points))}"/>')
        elif isinstance(item, Polygon):
            body.append(f'<polygon class={cls} points="{" ".join(map(xy, item.points))}"/>')
        elif isinstance(item, Text):
            x, y = xy(item.pos).split(",")
            body.append(f'<text class={cls} x="{x}" y="{y}" font-size="{item.size * scale:.2f}" '
                        f'text-anchor="{item.anchor}">{escape(item.text)}</text>')
    return "\n".join([*body, "</svg>"]) + "\n"


def _css(scale: float) -> str:
    rules = ["text{font-family:Georgia,'DejaVu Serif',serif;dominant-baseline:central;}",
             "polyline{fill:none;stroke-linecap:round;stroke-linejoin:round;}"]
    for cls, paint in PALETTE.items():
        decl = [f"fill:{paint.fill or 'none'}"]
        if paint.halo:  # text outlined in the floor colour, legible over corridors
            decl += [f"stroke:{FLOOR}", f"stroke-width:{HALO * scale:.2f}px",
                     "paint-order:stroke"]
        else:
            decl.append(f"stroke:{paint.stroke or 'none'}")
        if paint.width:
            decl.append(f"stroke-width:{paint.width * scale:.2f}px")
        if paint.dash:
            decl.append("stroke-dasharray:" + " ".join(f"{d * scale:.2f}" for d in paint.dash))
        if paint.bold:
            decl.append("font-weight:bold")
        if paint.italic:
            decl.append("font-style:italic")
        rules.append(f".{cls}{{{';'.join(decl)}}}")
    return "\n".join(rules)


# --- PNG ----------------------------------------------------------------------------------

def render_png(plan: DungeonPlan, layout: Layout, title: str = "Random dungeon",
               dpi: float = 120) -> bytes:
    """The plan as PNG bytes through matplotlib's Agg canvas (no pyplot, no window)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    drawing = compose(plan, layout, title)
    figure = Figure(figsize=(drawing.width * INCH, drawing.height * INCH), dpi=dpi)
    FigureCanvasAgg(figure)
    paint_drawing(figure, drawing, _paint)
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=dpi, facecolor=PAPER)
    return out.getvalue()


def _paint(axes: Any, item: Primitive, z: int) -> None:
    """One primitive on the axes, in the paint of its class."""
    from matplotlib import patches, patheffects

    paint = PALETTE.get(item.cls, Paint(stroke=INK, width=0.05))
    points = INCH * 72
    width = paint.width * points
    dash: Any = (0, tuple(d * points / width for d in paint.dash)) if paint.dash else "solid"
    if isinstance(item, Line | Polyline):
        pts = (item.a, item.b) if isinstance(item, Line) else item.points
        axes.plot([p[0] for p in pts], [p[1] for p in pts], color=paint.stroke, linewidth=width,
                  linestyle=dash, solid_capstyle="round", solid_joinstyle="round", zorder=z)
    elif isinstance(item, Polygon):
        axes.add_patch(patches.Polygon(item.points, closed=True, facecolor=paint.fill or "none",
                                       edgecolor=paint.stroke or "none", linewidth=width,
                                       zorder=z))
    elif isinstance(item, Text):
        effects = ([patheffects.withStroke(linewidth=HALO * points, foreground=FLOOR)]
                   if paint.halo else None)
        axes.text(*item.pos, item.text, fontsize=item.size * points, color=paint.fill or INK,
                  ha={"start": "left", "middle": "center", "end": "right"}[item.anchor],
                  va="center_baseline", zorder=z, path_effects=effects, family="serif",
                  fontweight="bold" if paint.bold else "normal",
                  fontstyle="italic" if paint.italic else "normal")
