"""How each exit type, content and drawing class looks on a map, kept as data.

The seed tells the mapper how to mark exits (a C for a closed door, an S across a
found secret, a wavy line for a crumbling wall...). Keeping those choices here,
as tables rather than branches inside the renderers, means the SVG, PNG and
ASCII maps and their legends cannot drift apart, and a house style is one edit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

Stroke = tuple[tuple[float, float], ...]
"""A polyline in an exit's own frame: (fraction along the segment, units into the room)."""

FOOD_TICKS: tuple[Stroke, ...] = (((0.3, 0.0), (0.3, 0.3)), ((0.65, 0.0), (0.65, 0.3)))
"""Two ticks standing on the wall, which with the wall as stem read as an F."""
TREASURE_TICK: tuple[Stroke, ...] = (((0.5, -0.22), (0.5, 0.22)),)
"""One tick across the wall, repeated in every unit of a treasure wall."""
_STEPS = tuple(((0.07 * (3 - k), 0.1 + 0.14 * k), (1 - 0.07 * (3 - k), 0.1 + 0.14 * k))
               for k in range(4))
STAIR_STEPS: tuple[Stroke, ...] = (*_STEPS, (_STEPS[0][0], _STEPS[3][0]),
                                   (_STEPS[0][1], _STEPS[3][1]))
"""Steps narrowing toward the wall, as a stair seen going down through it."""
STAIR_ARROW: tuple[Stroke, ...] = (((0.38, 0.86), (0.5, 0.64), (0.62, 0.86)),)
"""A filled arrowhead pointing at the wall: this way is down."""


@dataclass(frozen=True)
class MarkStyle:
    """How one exit type is drawn; the fields combine, so one function draws them all."""

    ascii: str
    """Character written on the terminal map."""
    letter: str = ""
    """Letter written across the segment while the exit is closed or unopened."""
    strokes: tuple[Stroke, ...] = ()
    fills: tuple[Stroke, ...] = ()
    ink: str = "tick"
    """Drawing class of the strokes."""
    per_unit: bool = False
    """Repeat the strokes in every unit of the segment instead of once across it."""
    wavy: bool = False
    square: bool = False
    """A teleporter: a small square inside the room (its segment is the diagonal)."""
    gap: bool = False
    """The wall is open here even before anything is opened."""
    opens: bool = False
    """Once ``opened`` the wall becomes a gap marked with an O."""
    span: bool = False
    """Colour the segment so a long walldoor shows its extent, not just a letter."""


MARKS: dict[str, MarkStyle] = {
    "door": MarkStyle("C", letter="C", opens=True, span=True),
    "walldoor": MarkStyle("C", letter="C", opens=True, span=True),
    "secret": MarkStyle("S", letter="S", span=True),
    "crumble": MarkStyle("~", wavy=True, gap=True),
    "open": MarkStyle("O", letter="O", gap=True),
    "food": MarkStyle("F", strokes=FOOD_TICKS, opens=True),
    "treasure": MarkStyle("t", strokes=TREASURE_TICK, per_unit=True, opens=True),
    "teleport": MarkStyle("*", square=True),
    "stair": MarkStyle(">", strokes=STAIR_STEPS, fills=STAIR_ARROW, ink="stair"),
    "corridor": MarkStyle("+", gap=True),
}

UNKNOWN_MARK = MarkStyle("?", letter="?")
OPENED_LETTER = "O"
UNFOUND_ASCII = "s"


def style_for(exit_type: str) -> MarkStyle:
    """The mark of an exit type; an unknown type gets a '?' rather than vanishing."""
    return MARKS.get(exit_type, UNKNOWN_MARK)


@dataclass(frozen=True)
class LegendSample:
    """One legend row: a sample exit drawn by the same code as the map's exits."""

    exit_type: str
    text: str
    opened: bool = False
    found: bool = True
    length: int = 1
    gm_only: bool = False


LEGEND_SAMPLES: tuple[LegendSample, ...] = (
    LegendSample("door", "Door or walldoor, closed (C)"),
    LegendSample("open", "Open exit; opened door or ward (O)"),
    LegendSample("secret", "Secret exit, found (S)"),
    LegendSample("secret", "Secret exit, not found yet", found=False, gm_only=True),
    LegendSample("crumble", "Crumbling wall"),
    LegendSample("food", "Food ward (two ticks: F)"),
    LegendSample("treasure", "Treasure wall (a tick per unit)", length=2),
    LegendSample("teleport", "Teleporter"),
    LegendSample("stair", "Stair down"),
)

ASCII_LEGEND: tuple[tuple[str, str, bool], ...] = (
    ("C", "closed door", False),
    ("O", "open/opened", False),
    ("S", "secret", False),
    (UNFOUND_ASCII, "secret not found (GM)", True),
    ("~", "crumble", False),
    ("F", "food", False),
    ("t", "treasure wall", False),
    ("*", "teleporter", False),
    (">", "stair down", False),
    ("m", "murder hole (GM)", True),
    (":", "undiscovered room (GM)", True),
)
"""(character, meaning, GM only) for the terminal map's key."""

CONTENT_CODES: dict[str, str] = {
    "password": "Pa", "special": "Sp", "potion": "Po", "murder hole": "Mu",
    "key": "Ke", "treasure": "Tz", "food": "Fo", "ale": "Al", "poison": "Pz",
    "ward": "Wa", "trap": "Tr",
}
"""The seed's own abbreviations (CONTENTS table), so a player reads them at once."""

EMPTY_CONTENTS = frozenset({"none", ""})


def content_code(name: str) -> str:
    """Short code of one content; unknown names still get a readable two letters."""
    key = name.strip().lower()
    return CONTENT_CODES.get(key) or key[:2].title()


def content_names(contents: list[str]) -> list[str]:
    """Contents worth printing, lower-cased, without the seed's "none"."""
    return [c.strip().lower() for c in contents if c.strip().lower() not in EMPTY_CONTENTS]


def content_codes(contents: list[str]) -> list[str]:
    """Codes in first-seen order, a count in front of repeats ("2Tz")."""
    counts = Counter(content_names(contents))
    return [(f"{n}" if n > 1 else "") + content_code(name) for name, n in counts.items()]


@dataclass(frozen=True)
class Paint:
    """How one drawing class is painted; sizes are in level units so every scale agrees."""

    stroke: str | None = None
    fill: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()
    halo: bool = False
    """Text outlined in the paper colour so it stays legible over wall lines."""
    bold: bool = False
    italic: bool = False


PAPER = "#f4ecd8"
FLOOR = "#fffaf0"
INK = "#2a1f16"
PALE = "#d8c9a8"

PALETTE: dict[str, Paint] = {
    "paper": Paint(fill=PAPER),
    "frame": Paint(stroke="#8a7559", width=0.04),
    "grid": Paint(stroke=PALE, width=0.02),
    "grid-label": Paint(fill="#9c8868"),
    "floor": Paint(fill=FLOOR),
    "floor-hidden": Paint(fill="#e4ddcd"),
    "passage": Paint(stroke="#8a7559", width=0.22),
    "wall": Paint(stroke=INK, width=0.1),
    "wall-hidden": Paint(stroke="#8c8274", width=0.06, dash=(0.18, 0.1)),
    "span": Paint(stroke="#9a5b2a", width=0.16),
    "span-faint": Paint(stroke="#9a9a9a", width=0.08, dash=(0.1, 0.08)),
    "tick": Paint(stroke=INK, width=0.06),
    "crumble": Paint(stroke=INK, width=0.07),
    "stair": Paint(stroke=INK, width=0.04),
    "arrow": Paint(fill=INK),
    "teleport": Paint(stroke="#2b4f7e", fill="#cfe0f2", width=0.045),
    "murder-hole": Paint(stroke="#a3301f", width=0.1, dash=(0.07, 0.07)),
    "letter": Paint(fill=INK, halo=True, bold=True),
    "letter-faint": Paint(fill="#8f8f8f", halo=True, bold=True),
    "room-number": Paint(fill=INK, halo=True, bold=True),
    "room-number-hidden": Paint(fill="#7d7466", halo=True, bold=True),
    "contents": Paint(fill="#5b4636", italic=True),
    "label": Paint(fill="#7a2e1f"),
    "title": Paint(fill=INK, bold=True),
    "subtitle": Paint(fill="#6b5a45", italic=True),
    "legend-head": Paint(fill=INK, bold=True),
    "legend-text": Paint(fill=INK),
    "note-head": Paint(fill=INK, bold=True),
    "note": Paint(fill=INK),
    "compass": Paint(fill=INK, stroke=INK, width=0.03),
}
"""Drawing class -> paint, read by both the SVG (as CSS) and the PNG renderer."""


def paint_for(cls: str) -> Paint:
    """Paint of a class; an unknown class draws as plain ink instead of failing."""
    return PALETTE.get(cls, Paint(stroke=INK, width=0.05))
