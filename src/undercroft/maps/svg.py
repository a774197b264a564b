"""A level as a standalone, printable SVG: the composed primitives, flipped and scaled.

All the deciding (what is visible, where marks go) happens in ``maps.drawing``;
this module only writes XML, so the SVG and PNG maps always agree. Looks come
from ``marks.PALETTE`` as CSS classes, which keeps the file small and lets a
reader restyle a printed map by editing one ``<style>`` block.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from undercroft.maps import marks as mk
from undercroft.maps.drawing import Drawing, compose
from undercroft.maps.model import LevelMap, Point
from undercroft.maps.primitives import Circle, Line, Polygon, Polyline, Primitive

HALO = 0.09
"""Width, in units, of the paper-coloured outline that keeps letters legible over walls."""
FONT = '"Palatino Linotype", Palatino, "Book Antiqua", Georgia, "DejaVu Serif", serif'


def render_svg(level: LevelMap, *, player_view: bool = False, circle_style: str = "octagon",
               scale: float = 36) -> str:
    """The map as SVG text, ``scale`` pixels per unit, north up."""
    if scale <= 0:
        raise ValueError(f"scale must be positive, got {scale!r}")
    drawing = compose(level, player_view=player_view, circle_style=circle_style)
    return drawing_svg(drawing, level.title or "Dungeon level", scale)


def drawing_svg(drawing: Drawing, title: str, scale: float = 36) -> str:
    """Any composed level drawing (with or without its legend) as SVG text, ``scale``
    pixels per unit: what the PDF writer turns into vector pages."""
    frame = _Frame(drawing, scale)
    width, height = drawing.width * scale, drawing.height * scale
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" '
        f'width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.2f} {height:.2f}">',
        f"<title>{escape(title)}</title>",
        f"<style>\n{_css(scale)}\n</style>",
        f'<rect class="paper" x="0" y="0" width="{width:.2f}" height="{height:.2f}"/>',
    ]
    body = [_element(item, frame) for item in drawing.items]
    return "\n".join([*head, *body, "</svg>"]) + "\n"


@dataclass(frozen=True)
class _Frame:
    """Level units (y north) to SVG pixels (y down)."""

    drawing: Drawing
    scale: float

    def xy(self, p: Point) -> tuple[str, str]:
        xmin, _, _, ymax = self.drawing.bounds
        return f"{(p[0] - xmin) * self.scale:.2f}", f"{(ymax - p[1]) * self.scale:.2f}"

    def points(self, pts: tuple[Point, ...]) -> str:
        return " ".join(",".join(self.xy(p)) for p in pts)

    def px(self, length: float) -> str:
        return f"{length * self.scale:.2f}"


def _css(scale: float) -> str:
    """One rule per drawing class, sizes turned from level units into pixels."""
    rules = [f"text{{font-family:{FONT};dominant-baseline:central;}}",
             "line,polyline{stroke-linecap:round;stroke-linejoin:round;fill:none;}"]
    for cls, paint in mk.PALETTE.items():
        decl = [f"fill:{paint.fill or 'none'}", f"stroke:{paint.stroke or 'none'}"]
        if paint.width:
            decl.append(f"stroke-width:{paint.width * scale:.2f}px")
        if paint.dash:
            decl.append("stroke-dasharray:" + " ".join(f"{d * scale:.2f}" for d in paint.dash))
        if paint.halo:
            decl += [f"stroke:{mk.FLOOR}", f"stroke-width:{HALO * scale:.2f}px",
                     "paint-order:stroke", "stroke-linejoin:round"]
        if paint.bold:
            decl.append("font-weight:bold")
        if paint.italic:
            decl.append("font-style:italic")
        rules.append(f".{cls}{{{';'.join(decl)}}}")
    return "\n".join(rules)


def _element(item: Primitive, f: _Frame) -> str:
    """One primitive as one SVG element carrying its class."""
    cls = quoteattr(item.cls)
    if isinstance(item, Line):
        (x1, y1), (x2, y2) = f.xy(item.a), f.xy(item.b)
        return f'<line class={cls} x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>'
    if isinstance(item, Polyline):
        return f'<polyline class={cls} points="{f.points(item.points)}"/>'
    if isinstance(item, Polygon):
        return f'<polygon class={cls} points="{f.points(item.points)}"/>'
    if isinstance(item, Circle):
        cx, cy = f.xy(item.center)
        return f'<circle class={cls} cx="{cx}" cy="{cy}" r="{f.px(item.radius)}"/>'
    x, y = f.xy(item.pos)
    return (f'<text class={cls} x="{x}" y="{y}" font-size="{f.px(item.size)}" '
            f'text-anchor="{item.anchor}">{escape(item.text)}</text>')
