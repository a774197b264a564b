"""Drawing primitives and the map's sizes (text, margin, tolerance), in level units.

``drawing`` composes a level's map from these, ``exit_marks`` draws each exit's
mark and ``legend`` the key beside it; the renderers only translate them. Kept
apart so those modules can share them without importing one another.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercroft.maps.model import Point

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
