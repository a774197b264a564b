"""The print-ready PDF of a Random Dungeon plan: true scale, the room list, the command."""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run
from pdf_checks import Page, grid_lines, pages
from undercroft.maps.pdf import KEY_PT
from undercroft.systems.cardcrawl.dungeon.drawing import PALETTE, _key_lines
from undercroft.systems.cardcrawl.dungeon.layout import Layout, LayoutConfig, layout_dungeon
from undercroft.systems.cardcrawl.dungeon.pdf import plan_pdf, plan_sheet
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan, PlanConfig, generate_plan

MM = 72 / 25.4
GRID = PALETTE["grid"].stroke


@functools.cache
def plan(rooms: int = 12, seed: int = 4) -> tuple[DungeonPlan, Layout]:
    made = generate_plan(PlanConfig(rooms=rooms), seed)
    return made, layout_dungeon(made, LayoutConfig())


@functools.cache
def read(paper: str, scale_mm: float) -> list[Page]:
    made, layout = plan()
    return pages(plan_pdf(made, layout, paper=paper, scale_mm=scale_mm, title="Test plan",
                          compress=False))


@pytest.mark.parametrize("scale_mm", [5.0, 7.5])
def test_a_plan_square_measures_the_scale(scale_mm: float) -> None:
    _, layout = plan()
    assert GRID is not None
    xs, ys = grid_lines(read("a4", scale_mm)[0], GRID)
    assert (len(xs), len(ys)) == (layout.width + 1, layout.height + 1)
    for lines in (xs, ys):
        gaps = [b - a for a, b in itertools.pairwise(lines)]
        assert gaps == pytest.approx([scale_mm * MM] * (len(lines) - 1), abs=0.01)


def test_letter_pages_and_the_room_list_after_the_map() -> None:
    read_pages = read("letter", 5.0)
    assert all(sorted(page.size) == pytest.approx([612, 792]) for page in read_pages)
    assert read_pages[0].text().startswith("Test plan")
    assert "12 rooms" in read_pages[0].text()
    assert "Room list" in read_pages[1].text()


def test_the_list_takes_the_drawings_own_words() -> None:
    made, layout = plan()
    sheet = plan_sheet(made, layout, "Test plan")
    key = [text for text, cls in _key_lines(made, layout) if cls == "key" and text]
    for room, entry in zip(made.rooms, sheet.entries, strict=True):
        assert entry.number == str(room.number)
        assert room.type.name in entry.heading
        line = key[room.number - 1]
        assert line.endswith(dict(entry.rows)["Connects to"])
    assert sheet.footnotes == key[len(made.rooms):]
    text = " ".join(page.text() for page in read("a4", 5.0)[1:])
    sizes = [size for page in read("a4", 5.0)[1:] for size, words in page.texts
             if words == "Connects to:"]
    assert len(sizes) == len(made.rooms) and min(sizes) >= KEY_PT
    for footnote in sheet.footnotes:
        assert " ".join(footnote.split()) in text


def test_dungeon_command_writes_a_pdf(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    target = tmp_path / "plan.pdf"
    result = run(capsys, "cardcrawl", "dungeon", "--rooms", "8", "--seed", "3", "--pdf",
                 str(target), "--scale", "1cm")
    assert result.code == 0, result
    assert f"Wrote {target}" in result.out
    data = target.read_bytes()
    assert data.startswith(b"%PDF-")
    boxes = set(re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", data))
    assert boxes and all(sorted(map(float, box)) == pytest.approx([595.2756, 841.8898])
                         for box in boxes)  # A4 by default


@pytest.mark.parametrize(("option", "value"), [("--scale", "5"), ("--paper", "legal")])
def test_dungeon_command_refuses_bad_pdf_options(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path, option: str,
                                                 value: str) -> None:
    target = tmp_path / "plan.pdf"
    result = run(capsys, "cardcrawl", "dungeon", "--rooms", "8", "--seed", "3", "--pdf",
                 str(target), option, value)
    assert_bad_input(result, f"{option} '{value}'")
    assert not target.exists()


def test_dungeon_command_never_replaces_a_folder_with_the_pdf(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "plan.pdf"
    folder.mkdir()
    result = run(capsys, "cardcrawl", "dungeon", "--rooms", "8", "--seed", "3", "--pdf",
                 str(folder))
    assert_bad_input(result, "--pdf")
    assert folder.is_dir()
