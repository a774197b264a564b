"""A map to print: vector pages with the map at true scale, then the room key.

The map is the renderer's own SVG (the drawing without its legend), turned into
vector shapes by svglib and placed by reportlab, so the printed lines are the
SVG's lines. One grid square measures exactly the chosen scale on paper; a map
larger than a page's printable area is cut into tiles that overlap by one
square and are labelled by column letter and row number. The key that follows
is laid out by reportlab's platypus in type a game master can read across a
table (:data:`KEY_PT`). This module knows no game: a system's adapter fills a
:class:`Sheet` (see :func:`level_pdf` for Amulet's levels and
``systems.cardcrawl.dungeon.pdf`` for Card Crawl's plans).

reportlab and svglib are imported inside the functions that use them.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final
from xml.sax.saxutils import escape

from undercroft.maps import marks as mk
from undercroft.maps.drawing import Drawing, compose, shown_rooms
from undercroft.maps.legend import LEGEND_GAP, key_and_notes
from undercroft.maps.model import Exit, LevelMap, Room
from undercroft.maps.paper import POINTS_PER_MM, paper_size
from undercroft.maps.primitives import Circle, Line, Polygon, Polyline, Primitive
from undercroft.maps.svg import drawing_svg

MARGIN_MM: Final = 10.0
"""Blank border on every side: inside what office printers can print."""
HEADER_MM, FOOTER_MM = 20.0, 12.0
"""Bands above and below the map on its pages: title and facts, tile label and scale bar."""
PAD_SQUARES: Final = 1.0
"""Room around the map's square, for the grid numbers and the full width of the frame; a
whole square, so that the tiles' edges fall on grid lines."""
OVERLAP_SQUARES: Final = 1
"""Squares each tile repeats from its neighbour, so a cut wall is whole on one sheet."""
TITLE_PT, HEAD_PT, KEY_PT, SMALL_PT = 18.0, 14.0, 12.0, 9.0
"""Type sizes in points: the key's text is 12 pt, legible at arm's length across a table."""
LEGEND_PT_PER_UNIT: Final = 36.0
"""Size of the marks' legend on the key page: its text (0.3 units) prints at about 11 pt."""
_SVG_PX_PER_UNIT: Final = 36.0
"""The SVG's own resolution; the drawing is rescaled to the true size after reading it."""


@dataclass(frozen=True)
class KeyEntry:
    """One room in the key: its number as on the map, a heading, and labelled lines."""

    number: str
    heading: str
    rows: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Sheet:
    """What a printed map holds, in the words of the system that drew it.

    ``map_svg`` is the map alone and ``map_squares`` its (width, height) in grid
    squares: the SVG's viewBox, whatever its units, is stretched to exactly that
    many squares of the chosen scale."""

    title: str
    facts: list[str]
    map_svg: str
    map_squares: tuple[float, float]
    entries: list[KeyEntry]
    key_title: str = "Room key"
    footnotes: list[str] = field(default_factory=list)
    legend_svg: str | None = None
    legend_size: tuple[float, float] = (0.0, 0.0)
    """The marks' legend as SVG and its size in points, drawn at the head of the key."""


@dataclass(frozen=True)
class Tile:
    """One map page's window on the map, in points from the map's top-left corner."""

    column: int
    row: int
    x: float
    y: float


@dataclass(frozen=True)
class MapLayout:
    """Where the map goes: page size and orientation, the printable window, the tiles."""

    page: tuple[float, float]
    window: tuple[float, float]
    square_pt: float
    map_pt: tuple[float, float]
    view: tuple[float, float]
    """The part of the window a tile shows: whole squares along an axis that is cut."""
    columns: int
    rows: int
    tiles: list[Tile]

    def label(self, tile: Tile) -> str:
        """"map 2 of 4, column B, row 1", or "map" when one page holds it all."""
        if len(self.tiles) == 1:
            return "map"
        index = self.tiles.index(tile) + 1
        return (f"map {index} of {len(self.tiles)}, column {column_letter(tile.column)}, "
                f"row {tile.row + 1}")


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: tile columns named as on a spreadsheet."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def map_layout(map_squares: tuple[float, float], paper: str, scale_mm: float) -> MapLayout:
    """Tiles for a map of ``map_squares`` at ``scale_mm`` a square on ``paper``.

    Portrait or landscape, whichever needs fewer sheets (portrait on a tie). A tile is a
    whole number of squares wide and high, and the next one starts one square
    (:data:`OVERLAP_SQUARES`) before it ends."""
    width_mm, height_mm = paper_size(paper)
    square = scale_mm * POINTS_PER_MM
    map_pt = (map_squares[0] * square, map_squares[1] * square)
    best: MapLayout | None = None
    for page_mm in ((width_mm, height_mm), (height_mm, width_mm)):
        page = (page_mm[0] * POINTS_PER_MM, page_mm[1] * POINTS_PER_MM)
        window = (page[0] - 2 * MARGIN_MM * POINTS_PER_MM,
                  page[1] - (2 * MARGIN_MM + HEADER_MM + FOOTER_MM) * POINTS_PER_MM)
        xs, ys = _spans(map_pt[0], window[0], square), _spans(map_pt[1], window[1], square)
        tiles = [Tile(c, r, x, y) for r, y in enumerate(ys) for c, x in enumerate(xs)]
        view = tuple(side if len(starts) == 1 else math.floor(side / square + 1e-9) * square
                     for side, starts in ((window[0], xs), (window[1], ys)))
        layout = MapLayout(page, window, square, map_pt, (view[0], view[1]), len(xs),
                           len(ys), tiles)
        if best is None or len(tiles) < len(best.tiles):
            best = layout
    assert best is not None
    return best


def _spans(length: float, window: float, square: float) -> list[float]:
    """Starts of the tiles that cover ``length`` points through a ``window`` of points."""
    if length <= window + 1e-6:
        return [0.0]
    whole = max(1, math.floor(window / square + 1e-9))
    step = (whole - min(OVERLAP_SQUARES, whole - 1)) * square
    count = 1 + math.ceil((length - whole * square) / step - 1e-9)
    return [index * step for index in range(count)]


def sheet_pdf(sheet: Sheet, *, paper: str, scale_mm: float, compress: bool = True) -> bytes:
    """The map pages then the key pages, as PDF bytes (``compress=False`` leaves the page
    streams readable, for tests that search the text)."""
    from reportlab.lib.units import mm
    from reportlab.platypus import (
        BaseDocTemplate,
        Frame,
        NextPageTemplate,
        PageBreak,
        PageTemplate,
    )

    layout = map_layout(sheet.map_squares, paper, scale_mm)
    map_drawing = _svg_drawing(sheet.map_svg, layout.map_pt)
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=layout.page, title=sheet.title, author="Undercroft",
                          pageCompression=1 if compress else 0)
    margin = MARGIN_MM * mm
    window = Frame(margin, margin + FOOTER_MM * mm, *layout.window, 0, 0, 0, 0, id="map")
    portrait = paper_size(paper)
    key_page = (portrait[0] * mm, portrait[1] * mm)
    text = Frame(margin, margin, key_page[0] - 2 * margin, key_page[1] - 2 * margin - 4 * mm,
                 id="key")

    def map_header(canvas: Any, document: Any) -> None:
        _draw_header(canvas, sheet, layout, first=document.page == 1)

    def key_footer(canvas: Any, document: Any) -> None:
        canvas.setFont("Times-Italic", SMALL_PT)
        canvas.drawString(margin, margin / 2, f"{sheet.title}: {sheet.key_title.lower()}, "
                                              f"page {document.page}")

    doc.addPageTemplates([
        PageTemplate("map", [window], onPage=map_header, pagesize=layout.page),
        PageTemplate("key", [text], onPage=key_footer, pagesize=key_page)])
    story: list[Any] = []
    for index, tile in enumerate(layout.tiles):
        if index:
            story.append(PageBreak())
        story.append(_tile_flowable(map_drawing, layout, tile, scale_mm))
    story += [NextPageTemplate("key"), PageBreak(), *_key_story(sheet)]
    doc.build(story)
    return out.getvalue()


def _svg_drawing(svg: str, size_pt: tuple[float, float]) -> Any:
    """The SVG as a reportlab drawing stretched to ``size_pt``, text centred as in SVG."""
    from reportlab.graphics.shapes import Group, String
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    if drawing is None:
        raise ValueError("svglib could not read the map's SVG")
    sx, sy = size_pt[0] / drawing.width, size_pt[1] / drawing.height
    drawing.scale(sx, sy)
    drawing.width, drawing.height = size_pt

    def centre(node: Any) -> None:  # svglib ignores dominant-baseline:central
        for child in getattr(node, "contents", []):
            if isinstance(child, String):
                child.y -= 0.35 * child.fontSize
            elif isinstance(child, Group):
                centre(child)

    centre(drawing)
    return drawing


def _tile_flowable(drawing: Any, layout: MapLayout, tile: Tile, scale_mm: float) -> Any:
    """One map page: the tile's window on the map, clipped, with its label and a scale bar."""
    from reportlab.graphics import renderPDF
    from reportlab.platypus import Flowable

    width, height = layout.window

    class MapTile(Flowable):  # type: ignore[misc]
        def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
            return width - 0.01, height - 0.01

        def draw(self) -> None:
            canvas = self.canv
            canvas.saveState()
            clip = canvas.beginPath()
            clip.rect(0, height - layout.view[1], layout.view[0], layout.view[1])
            canvas.clipPath(clip, stroke=0, fill=0)
            # the map's top-left corner at the window's, less the tile's offset
            renderPDF.draw(drawing, canvas, -tile.x, height - layout.map_pt[1] + tile.y)
            canvas.restoreState()
            _draw_footer(canvas, layout, tile, scale_mm)

    return MapTile()


def _draw_header(canvas: Any, sheet: Sheet, layout: MapLayout, first: bool) -> None:
    """Title and facts on the first map page; the title alone, smaller, on the others."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    margin = MARGIN_MM * POINTS_PER_MM
    top = layout.page[1] - margin
    canvas.saveState()
    if not first:
        canvas.setFont("Times-Bold", HEAD_PT)
        canvas.drawString(margin, top - HEAD_PT, sheet.title)
        canvas.restoreState()
        return
    canvas.setFont("Times-Bold", TITLE_PT)
    canvas.drawString(margin, top - TITLE_PT, sheet.title)
    style = ParagraphStyle("facts", fontName="Times-Roman", fontSize=KEY_PT - 1,
                           leading=KEY_PT + 1)
    facts = Paragraph(escape(" \N{MIDDLE DOT} ".join(sheet.facts)), style)
    _, used = facts.wrap(layout.window[0], HEADER_MM * POINTS_PER_MM)
    facts.drawOn(canvas, margin, top - TITLE_PT - 4 - used)
    canvas.restoreState()


def _draw_footer(canvas: Any, layout: MapLayout, tile: Tile, scale_mm: float) -> None:
    """Under the window: which tile this is, and a bar of whole squares to check the print."""
    squares = max(1, math.floor(60 / scale_mm))
    bar = squares * layout.square_pt
    y = -FOOTER_MM * POINTS_PER_MM / 2
    canvas.saveState()
    canvas.setFont("Times-Roman", SMALL_PT + 1)
    label = layout.label(tile)
    words = [label[0].upper() + label[1:], f"1 square = {scale_mm:g} mm"]
    if len(layout.tiles) > 1:
        words.append(f"sheets overlap by {OVERLAP_SQUARES} square")
    canvas.drawString(0, y - 3, " \N{MIDDLE DOT} ".join(words))
    right = layout.window[0]
    canvas.setLineWidth(0.8)
    canvas.line(right - bar, y - 6, right, y - 6)
    for x in (right - bar, right):
        canvas.line(x, y - 9, x, y - 3)
    canvas.setFont("Times-Italic", SMALL_PT)
    canvas.drawRightString(right, y + 1, f"{squares} squares = {squares * scale_mm:g} mm "
                                         "when printed at actual size (100%)")
    canvas.restoreState()


def _key_story(sheet: Sheet) -> list[Any]:
    """The key's flowables: its title, the legend of marks, one table row per room, notes."""
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

    body = ParagraphStyle("key", fontName="Times-Roman", fontSize=KEY_PT,
                          leading=KEY_PT * 1.25, spaceAfter=2)
    heading = ParagraphStyle("room", parent=body, fontName="Times-Bold")
    number = ParagraphStyle("number", parent=body, fontName="Times-Bold", fontSize=HEAD_PT + 2,
                            leading=(HEAD_PT + 2) * 1.2)
    title = ParagraphStyle("title", parent=body, fontName="Times-Bold", fontSize=TITLE_PT,
                           leading=TITLE_PT * 1.3, spaceAfter=6)
    story: list[Any] = [Paragraph(escape(f"{sheet.title}: {sheet.key_title}"), title)]
    if sheet.legend_svg is not None:
        story += [_svg_drawing(sheet.legend_svg, sheet.legend_size), Spacer(1, 8)]
    rows = []
    for entry in sheet.entries:
        cell = [Paragraph(escape(entry.heading), heading)]
        cell += [Paragraph(f"<i>{escape(label)}:</i> {escape(text)}", body)
                 for label, text in entry.rows]
        rows.append([Paragraph(escape(entry.number), number), cell])
    if rows:
        table = Table(rows, colWidths=[14 * POINTS_PER_MM, None], hAlign="LEFT")
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor(mk.PALE)),
            ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
        story.append(table)
    story += [Paragraph(escape(line), body) for line in sheet.footnotes]
    return story


# --- Amulet's levels (any LevelMap) ------------------------------------------------------

EXIT_WORDS: Final[dict[str, str]] = {
    "door": "door", "walldoor": "walldoor", "open": "open exit", "secret": "secret exit",
    "crumble": "crumbling wall", "food": "food ward", "treasure": "treasure wall",
    "teleport": "teleporter", "stair": "stair down",
}


def level_pdf(level: LevelMap, *, player_view: bool, paper: str, scale_mm: float,
              compress: bool = True) -> bytes:
    """A level's printable PDF: the map at ``scale_mm`` a square, then its room key.

    The players' version shows and lists only the rooms they have discovered, and
    leaves out unfound secret exits and murder holes, as the players' SVG does."""
    drawing = compose(level, player_view=player_view, legend=False)
    padded = _padded(drawing)
    return sheet_pdf(level_sheet(level, padded, player_view), paper=paper, scale_mm=scale_mm,
                     compress=compress)


def level_sheet(level: LevelMap, padded: Drawing, player_view: bool) -> Sheet:
    """The words of a level's printed key, taken as the SVG's key and notes take them."""
    rooms = shown_rooms(level, player_view)
    title = level.title or "Dungeon level"
    view = "Players' map" if player_view else "Game master's map, not for the players"
    facts = [view, f"{len(rooms)} rooms", f"{level.level_size} x {level.level_size} squares",
             "1 square = 1 unit (about 10 ft)", "north up"]
    entries = [_room_entry(room, [ex for ex in room.exits if ex.found or not player_view],
                           player_view) for room in sorted(rooms, key=lambda r: r.id)]
    legend, size = _legend_svg(level.level_size, player_view, _kinds(rooms, player_view))
    key_title = "players' key" if player_view else "game master's key"
    return Sheet(title, facts, drawing_svg(padded, title, _SVG_PX_PER_UNIT),
                 (padded.width, padded.height), entries, key_title.capitalize(),
                 legend_svg=legend, legend_size=size)


def _padded(drawing: Drawing) -> Drawing:
    xmin, ymin, xmax, ymax = drawing.bounds
    return Drawing((xmin - PAD_SQUARES, ymin - PAD_SQUARES, xmax + PAD_SQUARES,
                    ymax + PAD_SQUARES), drawing.items)


def _room_entry(room: Room, exits: list[Exit], player_view: bool) -> KeyEntry:
    """Number, shape and size, then contents, encounters, exits and (GM) secrets."""
    heading = f"{room.shape.replace('_', ' ').capitalize()}, size {room.size}"
    if not room.discovered:
        heading += " (not discovered by the players)"
    rows: list[tuple[str, str]] = []
    counts = Counter(mk.content_names(room.contents))
    if counts:
        rows.append(("Contents", ", ".join(
            f"{f'{n} x ' if n > 1 else ''}{name} ({mk.content_code(name)})"
            for name, n in counts.items())))
    if room.labels:
        rows.append(("Encounters", "; ".join(room.labels)))
    words = [_exit_words(ex) for ex in exits]
    if words:
        rows.append(("Exits", "; ".join(words)))
    if not player_view and room.murder_holes:
        rows.append(("Murder holes", "; ".join(
            f"{hole.wall} wall" + (f", into room {hole.to}" if hole.to is not None else "")
            for hole in room.murder_holes)))
    return KeyEntry(str(room.id), heading, rows)


def _exit_words(ex: Exit) -> str:
    words = EXIT_WORDS.get(ex.type, ex.type.replace("_", " "))
    if ex.opened:
        words = f"opened {words}"
    if not ex.found:
        words += " (not found yet)"
    target = ex.to
    if isinstance(target, int):
        return f"{words} ({ex.wall}) to room {target}"
    if isinstance(target, list) and target:
        return f"{words} ({ex.wall}) to rooms {', '.join(map(str, target))}"
    return f"{words} ({ex.wall})"


def _kinds(rooms: list[Room], player_view: bool) -> frozenset[str]:
    """The exit types this map shows (``open`` too where a door or ward was opened), so
    its legend explains only marks on it (a Card Crawl map has none of Amulet's wards)."""
    shown = [ex for room in rooms for ex in room.exits if ex.found or not player_view]
    return frozenset({ex.type for ex in shown} | ({"open"} if any(ex.opened for ex in shown)
                                                  else set()))


def _legend_svg(size: int, player_view: bool,
                kinds: frozenset[str]) -> tuple[str, tuple[float, float]]:
    """The legend of the marks on the map, drawn alone, and its size in points. Its list
    of content codes is left out: the key spells each room's contents out beside its
    code."""
    items, right, _ = key_and_notes([], {}, size, player_view, kinds)
    bottom = min(y for item in items for y in _ys(item))
    legend = Drawing((size + LEGEND_GAP - 0.4, bottom - 0.5, right, size + 1.2), items)
    return (drawing_svg(legend, "Legend", _SVG_PX_PER_UNIT),
            (legend.width * LEGEND_PT_PER_UNIT, legend.height * LEGEND_PT_PER_UNIT))


def _ys(item: Primitive) -> list[float]:
    if isinstance(item, Line):
        return [item.a[1], item.b[1]]
    if isinstance(item, Polyline | Polygon):
        return [p[1] for p in item.points]
    if isinstance(item, Circle):
        return [item.center[1] - item.radius]
    return [item.pos[1] - item.size]
