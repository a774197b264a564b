"""A level as a PNG image through matplotlib, from the same primitives as the SVG.

There is deliberately no layout here: ``maps.drawing.compose`` decides what goes
where, and this module only paints each primitive with its ``marks.PALETTE``
class. matplotlib is imported inside the function, after selecting the Agg
backend, so importing Undercroft never opens a window or needs a display.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from undercroft.content.files import check_replaceable
from undercroft.maps import marks as mk
from undercroft.maps.drawing import Drawing, compose
from undercroft.maps.model import LevelMap
from undercroft.maps.primitives import Circle, Line, Polygon, Polyline, Primitive, Text

INCH_PER_UNIT = 0.3
"""Printed size of one grid unit: a 20-unit level and its legend fit a letter page."""
POINTS = INCH_PER_UNIT * 72
"""Typographic points per level unit, for line widths and font sizes."""
HALO = 0.09
ANCHOR = {"start": "left", "middle": "center", "end": "right"}
SERIF = ["Palatino Linotype", "Palatino", "Book Antiqua", "DejaVu Serif"]


def render_png(level: LevelMap, path: str | os.PathLike[str], *, player_view: bool = False,
               circle_style: str = "octagon", dpi: float = 150) -> None:
    """Write the map to ``path``; one unit is ``INCH_PER_UNIT * dpi`` pixels. matplotlib
    writes into whatever the path names, so a folder, a device or a FIFO there is
    refused first (BadInput, :func:`files.check_replaceable`)."""
    if dpi <= 0:
        raise ValueError(f"dpi must be positive, got {dpi!r}")
    check_replaceable(Path(path), str(path))
    drawing = compose(level, player_view=player_view, circle_style=circle_style)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with plt.rc_context({"font.family": "serif", "font.serif": SERIF}):
        fig = plt.figure(figsize=(drawing.width * INCH_PER_UNIT,
                                  drawing.height * INCH_PER_UNIT), dpi=dpi)
        try:
            paint_drawing(fig, drawing, _draw)
            fig.savefig(path, dpi=dpi, facecolor=mk.PAPER)
        finally:
            plt.close(fig)


def level_png(level: LevelMap, *, player_view: bool = False, circle_style: str = "octagon",
              pixels_per_unit: int = 70) -> bytes:
    """The level's square alone (no title, key or notes) as PNG bytes of exactly
    ``level_size * pixels_per_unit`` pixels a side, so that its grid lines up with a
    virtual tabletop's (one unit, one grid square)."""
    drawing = compose(level, player_view=player_view, circle_style=circle_style,
                      legend=False)
    import matplotlib

    with matplotlib.rc_context({"font.family": "serif", "font.serif": SERIF}):
        return exact_png(drawing, _draw, INCH_PER_UNIT, pixels_per_unit, mk.PAPER)


def exact_png(drawing: Drawing, paint: Callable[[Any, Primitive, int], None],
              inch_per_unit: float, pixels_per_unit: int, background: str) -> bytes:
    """``drawing`` as PNG bytes of exactly ``pixels_per_unit`` pixels a unit.

    Strokes and text keep the sizes they have at ``inch_per_unit`` inches a unit (the
    painter's scale); the resolution is what changes. Through matplotlib's Agg canvas,
    without pyplot, so no window is ever asked for."""
    if pixels_per_unit <= 0:
        raise ValueError(f"pixels_per_unit must be positive, got {pixels_per_unit!r}")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    width = round(drawing.width * pixels_per_unit)
    height = round(drawing.height * pixels_per_unit)
    dpi = pixels_per_unit / inch_per_unit
    # A hair over the exact size, so that the canvas's rounding down cannot lose a pixel.
    figure = Figure(figsize=((width + 0.25) / dpi, (height + 0.25) / dpi), dpi=dpi)
    FigureCanvasAgg(figure)
    paint_drawing(figure, drawing, paint)
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=dpi, facecolor=background)
    return out.getvalue()


def paint_drawing(figure: Any, drawing: Drawing,
                  paint: Callable[[Any, Primitive, int], None]) -> None:
    """Axes filling ``figure`` that show exactly the drawing's bounds, with every item painted.

    Shared by every PNG renderer of a :class:`Drawing` (levels here, Card
    Crawl's dungeon plans with their own palette), so their frame matches the
    SVG's viewBox. ``paint(axes, item, z)`` draws one item; ``z`` is its place
    in the composed list, which keeps the paint order across artist kinds.
    """
    axes = figure.add_axes((0.0, 0.0, 1.0, 1.0))
    xmin, ymin, xmax, ymax = drawing.bounds
    axes.set_xlim(xmin, xmax)
    axes.set_ylim(ymin, ymax)
    axes.set_axis_off()
    for z, item in enumerate(drawing.items):
        paint(axes, item, z)


def _stroke(cls: str) -> dict[str, Any]:
    """matplotlib line keywords for a class; dashes are in units of the line width."""
    paint = mk.paint_for(cls)
    width = max(paint.width * POINTS, 0.01)
    style: Any = "solid"
    if paint.dash:
        style = (0, tuple(d * POINTS / width for d in paint.dash))
    return {"color": paint.stroke or "none", "linewidth": width if paint.stroke else 0.0,
            "linestyle": style}


def _draw(ax: Any, item: Primitive, z: int) -> None:
    """Paint one primitive; ``z`` keeps the composed paint order across artist kinds."""
    from matplotlib import patches

    paint = mk.paint_for(item.cls)
    if isinstance(item, Line | Polyline):
        pts = (item.a, item.b) if isinstance(item, Line) else item.points
        ax.plot([p[0] for p in pts], [p[1] for p in pts], zorder=z, solid_capstyle="round",
                dash_capstyle="butt", solid_joinstyle="round", **_stroke(item.cls))
        return
    if isinstance(item, Polygon | Circle):
        edge = _stroke(item.cls)
        common = {"facecolor": paint.fill or "none", "edgecolor": edge["color"],
                  "linewidth": edge["linewidth"], "linestyle": edge["linestyle"], "zorder": z}
        if isinstance(item, Polygon):
            ax.add_patch(patches.Polygon(item.points, closed=True, joinstyle="round", **common))
        else:
            ax.add_patch(patches.Circle(item.center, item.radius, **common))
        return
    _text(ax, item, paint, z)


def _text(ax: Any, item: Text, paint: mk.Paint, z: int) -> None:
    from matplotlib import patheffects

    effects = [patheffects.withStroke(linewidth=HALO * POINTS, foreground=mk.FLOOR)]
    ax.text(*item.pos, item.text, fontsize=item.size * POINTS, ha=ANCHOR[item.anchor],
            va="center_baseline", color=paint.fill or mk.INK, zorder=z,
            fontweight="bold" if paint.bold else "normal",
            fontstyle="italic" if paint.italic else "normal",
            path_effects=effects if paint.halo else None)
