"""The print-ready PDF of a level: paper, true scale, tiles, the key, the players' version."""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run
from pdf_checks import Page, grid_lines, pages
from undercroft.cli.amulet_commands import level_generator
from undercroft.errors import BadInput
from undercroft.maps import marks as mk
from undercroft.maps.drawing import Drawing, compose
from undercroft.maps.model import LevelMap
from undercroft.maps.paper import paper_name, parse_scale
from undercroft.maps.pdf import (
    KEY_PT,
    MARGIN_MM,
    OVERLAP_SQUARES,
    PAD_SQUARES,
    column_letter,
    level_pdf,
    level_sheet,
    map_layout,
)
from undercroft.systems.amulet.generation.discovery import mark_players_knowledge

MM = 72 / 25.4
A4, LETTER = (595.28, 841.89), (612.0, 792.0)


def level(seed: int = 2, size: int = 10) -> LevelMap:
    """Seed 2, size 10: six rooms only secrets reach, nine unfound secret exits, a murder
    hole: every thing the players' version must leave out. What the players know is
    marked for both versions, so the GM's shows which rooms they have not found."""
    made = level_generator(seed, 1, size, "reroll").generate_all()
    mark_players_knowledge(made)
    return made


@functools.cache
def read(seed: int, size: int, player_view: bool, paper: str, scale_mm: float) -> list[Page]:
    made = level(seed, size)
    return pages(level_pdf(made, player_view=player_view, paper=paper, scale_mm=scale_mm,
                           compress=False))


@pytest.mark.parametrize(("text", "millimetres"), [
    ("5mm", 5.0), ("0.25in", 6.35), ("1cm", 10.0), (" 2.5 MM ", 2.5), (".5in", 12.7)])
def test_scale_reads_a_length_per_square(text: str, millimetres: float) -> None:
    assert parse_scale(text) == pytest.approx(millimetres)


@pytest.mark.parametrize("text", ["5", "mm", "5 furlongs", "0mm", "-1mm", "0.5mm", "11cm",
                                  "5mm6", "1e3mm", ""])
def test_a_bad_scale_is_refused_naming_the_option(text: str) -> None:
    with pytest.raises(BadInput, match="--scale"):
        parse_scale(text)


def test_paper_names() -> None:
    assert paper_name(" A4") == "a4" and paper_name("Letter") == "letter"
    with pytest.raises(BadInput, match="--paper 'a3'"):
        paper_name("a3")


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_pages_have_the_papers_size(paper: str, size: tuple[float, float]) -> None:
    for page in read(2, 10, False, paper, 5.0):
        assert sorted(page.size) == pytest.approx(sorted(size), abs=0.01)
        assert page.size[0] < page.size[1]  # a map this small stays portrait


@pytest.mark.parametrize("scale_mm", [5.0, 6.35, 12.0])
def test_a_grid_square_measures_the_scale_on_paper(scale_mm: float) -> None:
    """Measured in the PDF itself: the grid's strokes, after every transform, are
    ``scale_mm`` apart, and the level's ten squares span ten times that."""
    map_page = read(2, 10, False, "a4", scale_mm)[0]
    xs, ys = grid_lines(map_page, mk.PALE)
    assert len(xs) == len(ys) == 11
    for lines in (xs, ys):
        gaps = [b - a for a, b in itertools.pairwise(lines)]
        assert gaps == pytest.approx([scale_mm * MM] * 10, abs=0.01)
        assert lines[-1] - lines[0] == pytest.approx(10 * scale_mm * MM, abs=0.01)


def test_the_map_page_comes_first_with_the_title_and_facts_then_the_key() -> None:
    read_pages = read(2, 10, False, "a4", 5.0)
    first = read_pages[0].text()
    made = level()
    assert first.startswith(made.title)
    assert f"{len(made.rooms)} rooms" in first and "10 x 10 squares" in first
    assert "Game master's map" in first and "1 square = 5 mm" in first
    assert "Game master's key" in read_pages[1].text()
    key = " ".join(page.text() for page in read_pages[1:])
    for room in made.rooms:
        assert f"size {room.size}" in key
    assert read_pages[1:] and not grid_lines(read_pages[1], mk.PALE)[0]


def test_the_key_is_set_in_twelve_point_type() -> None:
    """Every line of the room key (contents, encounters, exits) is at least KEY_PT."""
    key = [text for page in read(2, 10, False, "a4", 5.0)[1:] for text in page.texts]
    rows = [size for size, text in key if text.rstrip(":") in
            ("Contents", "Encounters", "Exits", "Murder holes")]
    assert KEY_PT >= 12 and rows and min(rows) >= KEY_PT


def test_the_key_holds_each_rooms_contents_encounters_and_exits() -> None:
    made = level()
    sheet = level_sheet(made, made_drawing(made), player_view=False)
    assert [entry.number for entry in sheet.entries] == [str(r.id) for r in made.rooms]
    text = " ".join(page.text() for page in read(2, 10, False, "a4", 5.0)[1:])
    for room, entry in zip(made.rooms, sheet.entries, strict=True):
        rows = dict(entry.rows)
        for name in mk.content_names(room.contents):
            assert name in rows["Contents"]
        for label in room.labels:
            assert label in rows["Encounters"]
        assert len(rows.get("Exits", "").split("; ")) == len(room.exits) or not room.exits
        for words in rows.values():
            assert " ".join(words.split()) in text


def made_drawing(made: LevelMap) -> Drawing:
    return compose(made, legend=False)


def test_the_players_version_leaves_out_undiscovered_rooms_and_secrets() -> None:
    gm = " ".join(page.text() for page in read(2, 10, False, "a4", 5.0))
    players = " ".join(page.text() for page in read(2, 10, True, "a4", 5.0))
    made = level()
    hidden = [room for room in made.rooms if not room.discovered]
    assert hidden
    for secret in ("not found yet", "Murder hole", "not discovered by the players",
                   "Undiscovered room"):
        assert secret in gm
        assert secret not in players
    assert "Players' map" in players and "Players' key" in players
    sheet = level_sheet(made, made_drawing(made), player_view=True)
    assert {entry.number for entry in sheet.entries} == \
        {str(room.id) for room in made.rooms if room.discovered}
    for room in hidden:  # what only a hidden room holds is not printed
        for label in room.labels:
            if all(label not in r.labels for r in made.rooms if r.discovered):
                assert label not in players


def test_a_map_larger_than_the_page_is_tiled_with_an_overlap() -> None:
    scale = 25.0
    read_pages = read(2, 12, False, "a4", scale)
    layout = map_layout((12 + 2 * PAD_SQUARES,) * 2, "a4", scale)
    assert (layout.columns, layout.rows) == (3, 2)
    count = len(layout.tiles)
    for index, tile in enumerate(layout.tiles):
        assert (f"Map {index + 1} of {count}, column {column_letter(tile.column)}, "
                f"row {tile.row + 1}") in read_pages[index].text()
    assert "Game master's key" in read_pages[count].text()
    # Measured: column B's grid is column A's moved left by (squares in a window - 1).
    square = scale * MM
    whole = int(layout.window[0] // square)
    step = layout.tiles[1].x
    assert step == pytest.approx((whole - OVERLAP_SQUARES) * square)
    first, second = (grid_lines(page, mk.PALE)[0] for page in read_pages[:2])
    assert second == pytest.approx([x - step for x in first], abs=0.01)
    # what shows through the windows (the strokes beyond are clipped): the last square
    # seen on sheet A is the first one seen on sheet B
    left = MARGIN_MM * MM
    seen_a = [x for x in first if left - 0.01 <= x <= left + layout.view[0] + 0.01]
    seen_b = [x for x in second if left - 0.01 <= x <= left + layout.view[0] + 0.01]
    assert [x - step for x in seen_a[-2:]] == pytest.approx(seen_b[:2], abs=0.01)


def test_tiles_fill_whole_squares_and_cover_the_map() -> None:
    for squares, paper, scale in [((41.6, 41.6), "a4", 8.0), ((100.0, 20.0), "letter", 5.0),
                                  ((3.0, 3.0), "a4", 100.0)]:
        layout = map_layout(squares, paper, scale)
        width, height = layout.window
        assert layout.tiles[-1].x + width >= layout.map_pt[0] - 1e-6
        assert layout.tiles[-1].y + height >= layout.map_pt[1] - 1e-6
        for tile in layout.tiles:
            assert (tile.x / layout.square_pt) == pytest.approx(round(tile.x / layout.square_pt))


def test_landscape_when_it_needs_fewer_sheets() -> None:
    wide = map_layout((40.0, 12.0), "a4", 6.0)
    assert wide.page[0] > wide.page[1] and len(wide.tiles) == 1


def test_column_letters() -> None:
    assert [column_letter(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


# --- the command ---------------------------------------------------------------------------

def test_generate_writes_a_letter_pdf(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    target = tmp_path / "level.pdf"
    result = run(capsys, "amulet", "generate", "--seed", "2", "--size", "10", "--pdf",
                 str(target), "--paper", "letter", "--scale", "0.25in", "--player-view")
    assert result.code == 0, result
    data = target.read_bytes()
    assert data.startswith(b"%PDF-")
    assert b"/MediaBox [ 0 0 612 792 ]" in data
    assert result.out == ""  # a file was asked for: no text map on the terminal


@pytest.mark.parametrize(("option", "value", "fragment"), [
    ("--scale", "5furlongs", "--scale '5furlongs'"), ("--scale", "0mm", "--scale '0mm'"),
    ("--paper", "a3", "--paper 'a3'")])
def test_generate_refuses_bad_pdf_options(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          option: str, value: str, fragment: str) -> None:
    target = tmp_path / "level.pdf"
    result = run(capsys, "amulet", "generate", "--seed", "2", "--size", "10", "--pdf",
                 str(target), option, value)
    assert_bad_input(result, fragment)
    assert not target.exists()


def test_generate_never_replaces_a_folder_with_the_pdf(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    folder = tmp_path / "level.pdf"
    folder.mkdir()
    svg = tmp_path / "level.svg"
    result = run(capsys, "amulet", "generate", "--seed", "2", "--size", "10", "--svg",
                 str(svg), "--pdf", str(folder))
    assert_bad_input(result, "--pdf")
    assert folder.is_dir() and not svg.exists()  # refused before anything was written


def test_the_legend_explains_only_the_marks_on_the_map() -> None:
    from test_render_fixtures import one_room, rich_level

    from undercroft.maps.model import Exit

    door_only = one_room(Exit("1.1", "door", "E", ((5, 3), (5, 4))))
    text = " ".join(page.text() for page in
                    pages(level_pdf(door_only, player_view=False, paper="a4", scale_mm=5.0,
                                    compress=False)))
    assert "Door or walldoor" in text
    assert "Teleporter" not in text and "Food ward" not in text
    rich = " ".join(page.text() for page in
                    pages(level_pdf(rich_level(), player_view=False, paper="a4",
                                    scale_mm=5.0, compress=False)))
    assert "Teleporter" in rich and "Crumbling wall" in rich
