"""A Random Dungeon plan to print: the grid plan at true scale, then the seed's list.

The page layout, tiling and key typesetting are ``maps.pdf``'s; this module only
says what a plan's sheet holds. The key's words are the plan drawing's own
(``drawing._key_lines``), so the printed list and the SVG's list agree. A plan
has no secrets, so there is one version for everyone at the table.
"""

from __future__ import annotations

from undercroft.maps.drawing import Drawing
from undercroft.maps.pdf import PAD_SQUARES, KeyEntry, Sheet, sheet_pdf
from undercroft.systems.cardcrawl.dungeon.drawing import (
    SCALE,
    _key_lines,
    compose,
    drawing_svg,
)
from undercroft.systems.cardcrawl.dungeon.layout import ENTRANCE_SIDE, Layout
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan


def plan_pdf(plan: DungeonPlan, layout: Layout, *, paper: str, scale_mm: float,
             title: str = "Random dungeon", compress: bool = True) -> bytes:
    """The plan's printable PDF: the grid at ``scale_mm`` a square, then its room list."""
    return sheet_pdf(plan_sheet(plan, layout, title), paper=paper, scale_mm=scale_mm,
                     compress=compress)


def plan_sheet(plan: DungeonPlan, layout: Layout, title: str) -> Sheet:
    """The plan drawing without its key, padded, and the key's lines as room entries."""
    drawing = compose(plan, layout, title, legend=False)
    xmin, ymin, xmax, ymax = drawing.bounds
    padded = Drawing((xmin - PAD_SQUARES, ymin - PAD_SQUARES, xmax + PAD_SQUARES,
                      ymax + PAD_SQUARES), drawing.items)
    lines = [text for text, cls in _key_lines(plan, layout) if cls == "key"]
    rooms, footnotes = lines[:len(plan.rooms)], [text for text in lines[len(plan.rooms):] if text]
    entries = []
    for room, line in zip(plan.rooms, rooms, strict=True):
        links = line.split(": ", 1)[1]
        entries.append(KeyEntry(str(room.number), f"{room.type.name}, size {room.size}",
                                [("Connects to", links)]))
    facts = [f"{len(plan.rooms)} rooms", f"main die d{plan.dice.main}",
             f"entrance on the {ENTRANCE_SIDE} (green)", "mutual links red",
             f"{layout.width} x {layout.height} squares", "1 square = 10 ft", "north up"]
    return Sheet(title, facts, drawing_svg(padded, title, SCALE),
                 (padded.width, padded.height), entries, "Room list", footnotes)
