"""Paper sizes and the printed length of one grid square, read from the command line.

Kept apart from the PDF writer so that the CLI and the web table can check a
``--scale`` or ``--paper`` value (one clear line, exit 2) without importing
reportlab.
"""

from __future__ import annotations

import math
import re
from typing import Final

from undercroft.errors import BadInput

MM_PER_INCH: Final = 25.4
POINTS_PER_MM: Final = 72 / MM_PER_INCH
PAPERS: Final[dict[str, tuple[float, float]]] = {
    "a4": (210.0, 297.0),
    "letter": (8.5 * MM_PER_INCH, 11 * MM_PER_INCH),
}
"""Portrait (width, height) in millimetres; A4 is 595 x 842 pt, Letter 612 x 792 pt."""
DEFAULT_PAPER: Final = "a4"
DEFAULT_SCALE: Final = "5mm"
UNITS: Final[dict[str, float]] = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH}
"""Millimetres per unit a ``--scale`` may be written in."""
MIN_SCALE_MM, MAX_SCALE_MM = 1.0, 100.0
"""A square under a millimetre cannot be read; one over 10 cm leaves a page a few squares."""
_LENGTH = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([a-z]+)\s*")


def paper_name(text: str, option: str = "--paper") -> str:
    """'A4 ' -> 'a4': a paper this module knows, or BadInput naming the option."""
    name = text.strip().lower()
    paper_size(name, option)
    return name


def paper_size(name: str, option: str = "--paper") -> tuple[float, float]:
    """Portrait (width, height) in millimetres of a paper named a4 or letter."""
    size = PAPERS.get(name.strip().lower())
    if size is None:
        raise BadInput(f"{option} {name!r}: expected one of {', '.join(PAPERS)}")
    return size


def parse_scale(text: str, option: str = "--scale") -> float:
    """'5mm', '0.25in' or '1cm' -> millimetres of paper per grid square."""
    match = _LENGTH.fullmatch(text.lower())
    if match is None or match.group(2) not in UNITS:
        raise BadInput(f"{option} {text!r}: expected a length per grid square such as "
                       f"5mm, 1cm or 0.25in")
    millimetres = float(match.group(1)) * UNITS[match.group(2)]
    if not (math.isfinite(millimetres) and MIN_SCALE_MM <= millimetres <= MAX_SCALE_MM):
        raise BadInput(f"{option} {text!r}: a grid square is {MIN_SCALE_MM:g} to "
                       f"{MAX_SCALE_MM:g} mm on paper")
    return millimetres
