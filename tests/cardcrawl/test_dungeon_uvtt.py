"""Card Crawl plans as Universal VTT files: the format, the walls and doors, the picture.

Walls and doors are read back from the file as a virtual tabletop reads them
(``uvtt_checks``) and measured against the plan's own geometry with shapely; the
picture check reads the file's own image under its walls and doors.
"""

from __future__ import annotations

import base64
import io
import itertools
import json
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

from cli_helpers import assert_bad_input, run
from undercroft.maps.marks import INK, PAPER
from undercroft.maps.uvtt import UvttFile, uvtt_document
from undercroft.systems.cardcrawl.dungeon.corridors import Corridor
from undercroft.systems.cardcrawl.dungeon.drawing import BROWN, GREEN, RED
from undercroft.systems.cardcrawl.dungeon.grid import Cell
from undercroft.systems.cardcrawl.dungeon.layout import Layout, LayoutConfig, layout_dungeon
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan, PlanConfig, generate_plan
from undercroft.systems.cardcrawl.dungeon.uvtt import plan_uvtt, plan_vtt
from uvtt_checks import (
    TOLERANCE,
    flood,
    off_lines,
    portal_lines,
    portals_without_walls,
    wall_lines,
)

DUNGEON = ("cardcrawl", "dungeon")
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def blank_png(width: int, height: int) -> bytes:
    """A white PNG of exactly ``width`` by ``height`` pixels, made without drawing anything,
    so the geometry tests need not paint a picture for every seed."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    rows = b"".join(b"\x00" + b"\xff" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def geometry_document(plan: DungeonPlan, layout: Layout) -> dict[str, Any]:
    """The file's walls and doors over a blank image of one pixel a square."""
    return uvtt_document(plan_vtt(plan, layout), blank_png(layout.width, layout.height), 1)


def flipped(layout: Layout, points: Any) -> list[tuple[float, float]]:
    """Layout points (y north) in the file's units (y south)."""
    return [(x, layout.height - y) for x, y in points]


def room_shape(layout: Layout, number: int) -> Polygon:
    return Polygon(flipped(layout, layout.rects[number].outline()))


def square(layout: Layout, cell: Cell) -> Polygon:
    x, y = cell
    return box(x, layout.height - y - 1, x + 1, layout.height - y)


def centre(layout: Layout, cell: Cell) -> tuple[float, float]:
    return (cell[0] + 0.5, layout.height - cell[1] - 0.5)


def corridor_ends(corridor: Corridor) -> list[tuple[Cell, int]]:
    ends = [(corridor.cells[-1], corridor.b)]
    return ends if corridor.a == ENTRANCE else [(corridor.cells[0], corridor.a), *ends]


def covers(line: LineString, shape: Any) -> bool:
    return line.difference(shape.buffer(TOLERANCE)).length <= TOLERANCE


# --- the format and the geometry, over many plans ----------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rooms=st.integers(min_value=1, max_value=30), vary=st.booleans(), fit=st.booleans(),
       lower_level=st.booleans(), seed=seeds)
def test_walls_and_doors_follow_the_plan_and_every_room_is_closed(
        rooms: int, vary: bool, fit: bool, lower_level: bool, seed: int) -> None:
    plan = generate_plan(PlanConfig(rooms=rooms, vary=vary, lower_level=lower_level), seed)
    layout = layout_dungeon(plan, LayoutConfig(fit=fit))
    doc = geometry_document(plan, layout)
    UvttFile.model_validate(doc)
    rooms_drawn = {n: room_shape(layout, n) for n in layout.rects}
    corridor_squares = {cell for c in layout.corridors for cell in c.cells}
    drawn = unary_union([shape.exterior for shape in rooms_drawn.values()]
                        + [square(layout, cell).exterior for cell in corridor_squares])
    assert off_lines(wall_lines(doc), drawn) == []
    # every door hangs in a room's outline where a corridor meets it, and every corridor
    # end has its door; the ways in are the open ones, on the west edge
    doors = [door for door, portal in zip(portal_lines(doc), doc["portals"], strict=True)
             if portal["closed"]]
    meeting = [square(layout, cell).exterior.intersection(rooms_drawn[number].exterior)
               for c in layout.corridors for cell, number in corridor_ends(c)]
    for door in doors:
        assert covers(door, unary_union(meeting))
    for place in meeting:
        assert any(door.intersection(place).length > 0.5 for door in doors)
    ways_in = [door for door, portal in zip(portal_lines(doc), doc["portals"], strict=True)
               if not portal["closed"]]
    entrance_squares = {c.cells[0] for c in layout.corridors if c.a == ENTRANCE}
    assert sum(door.length for door in ways_in) == len(entrance_squares)
    for door in ways_in:
        assert door.bounds[0] == door.bounds[2] == 0
        assert covers(door, unary_union([square(layout, cell).exterior
                                         for cell in entrance_squares]))
    assert portals_without_walls(doc) == []
    walls = unary_union(wall_lines(doc))
    assert all(door.intersection(walls).length < TOLERANCE for door in portal_lines(doc))
    # a flood from inside a room fills that room; from a corridor, it stays off every room
    for number, rect in layout.rects.items():
        region = flood(doc, centre(layout, next(iter(rect.cells()))))
        assert region is not None
        assert region.area == pytest.approx(rect.area)
        assert region.symmetric_difference(rooms_drawn[number]).area < TOLERANCE
    rooms_floor = unary_union(list(rooms_drawn.values()))
    flooded: list[Polygon] = []
    for corridor in layout.corridors:
        cell = corridor.cells[len(corridor.cells) // 2]
        if any(region.contains(Point(centre(layout, cell))) for region in flooded):
            continue  # corridors that meet share one floor: flooded once
        region = flood(doc, centre(layout, cell))
        assert region is not None and region.contains(square(layout, cell).buffer(-0.1))
        assert region.intersection(rooms_floor).area < TOLERANCE
        flooded.append(region)


def test_a_room_and_a_corridor_running_beside_it_are_parted_by_a_wall() -> None:
    """Where a corridor passes along a room it does not lead to, the room's outline is a
    wall: the corridor's floor and the room's are different regions."""
    for seed in range(40):
        plan = generate_plan(PlanConfig(rooms=12), seed)
        layout = layout_dungeon(plan)
        ends = {(cell, number) for c in layout.corridors for cell, number in corridor_ends(c)}
        beside = [(cell, number) for c in layout.corridors for cell in c.cells
                  for number, rect in layout.rects.items()
                  if (cell, number) not in ends
                  and any(rect.contains((cell[0] + dx, cell[1] + dy))
                          for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)))]
        if beside:
            break
    else:
        pytest.fail("no corridor runs beside a room in 40 plans")
    doc = geometry_document(plan, layout)
    cell, number = beside[0]
    shared = square(layout, cell).exterior.intersection(room_shape(layout, number).exterior)
    assert shared.length >= 1
    assert off_lines([LineString(shared.coords)], unary_union(wall_lines(doc))) == []


def test_stairs_down_and_ways_in_are_noted_with_their_squares() -> None:
    plan = generate_plan(PlanConfig(rooms=12, lower_level=True), 3)
    layout = layout_dungeon(plan)
    notes = plan_vtt(plan, layout).notes
    lower = [room.number for room in plan.rooms if room.lower_level]
    assert lower == [9, 10]
    # room 9 is 2 x 1 at (14, 2), y north, on a map 13 squares high: 'down' is drawn in
    # its east square, the file's column 15, row 13 - 1 - 2
    assert "Room 9 (Bedroom): stairs down to a lower level, marked 'down' in " \
        "square (15, 10)." in notes
    ways_in = [note for note in notes if note.startswith("Way in from outside")]
    assert len(ways_in) == len(layout.entrance_rooms) == 3


# --- the picture: walls and doors over the file's own image ------------------------------

def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


CORRIDOR_INKS = [rgb(colour) for colour in (BROWN, RED, GREEN, INK)]


class Picture:
    """The file's image, read at points given in grid squares."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.image = Image.open(io.BytesIO(base64.b64decode(doc["image"]))).convert("RGB")
        self.ppg = doc["resolution"]["pixels_per_grid"]

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        px, py = int(x * self.ppg), int(y * self.ppg)
        if not (0 <= px < self.image.width and 0 <= py < self.image.height):
            return rgb(PAPER)
        pixel: tuple[int, int, int] = self.image.getpixel((px, py))
        return pixel

    def ink(self, x: float, y: float) -> bool:
        """A room's outline is drawn here (dark ink)."""
        return sum(self.at(x, y)) < 200

    def corridor(self, x: float, y: float) -> bool:
        """A corridor's line crosses the square whose centre is (x, y): one of the samples
        along its middle row or column shows a corridor's colour (dashes included)."""
        offsets = [step / 10 for step in range(-3, 4)]
        samples = [(x + d, y) for d in offsets] + [(x, y + d) for d in offsets]
        return any(min(sum(abs(a - b) for a, b in zip(self.at(*point), inks, strict=True))
                       for inks in CORRIDOR_INKS) < 60 for point in samples)


def picture_problems(doc: dict[str, Any]) -> list[str]:
    """Wall and door pieces (one square long) that do not match the image under them.

    A wall piece lies on a room's drawn outline, or parts a square the corridor line
    crosses from one it does not; a closed door lies on a room's outline beside a square
    the corridor line crosses; an open portal (a way in) has a corridor square inside the
    map. Moving the walls or the doors one square is caught: the outline is not under
    them any more, or no corridor square is beside them, or one is on both sides."""
    picture = Picture(doc)
    problems = []

    def pieces(line: list[dict[str, float]]) -> list[tuple[float, float, float, float]]:
        """(midpoint x, y, normal x, y) of each one-square piece of a polyline."""
        found = []
        for a, b in itertools.pairwise(line):
            dx, dy = b["x"] - a["x"], b["y"] - a["y"]
            length = round(abs(dx) + abs(dy))
            for step in range(length):
                t = (step + 0.5) / length
                found.append((a["x"] + dx * t, a["y"] + dy * t,
                              abs(dy) / length, abs(dx) / length))
        return found

    def sides(x: float, y: float, nx: float, ny: float) -> list[bool]:
        return [picture.corridor(x + nx / 2, y + ny / 2), picture.corridor(x - nx / 2, y - ny / 2)]

    for index, wall in enumerate(doc["line_of_sight"]):
        for x, y, nx, ny in pieces(wall):
            if not picture.ink(x, y) and sum(sides(x, y, nx, ny)) != 1:
                problems.append(f"wall {index} at ({x:g}, {y:g})")
    for index, portal in enumerate(doc["portals"]):
        for x, y, nx, ny in pieces(portal["bounds"]):
            beside = sides(x, y, nx, ny)
            if portal["closed"] and not (picture.ink(x, y) and any(beside)):
                problems.append(f"door {index} at ({x:g}, {y:g})")
            if not portal["closed"] and not (x == 0 and picture.corridor(0.5, y)):
                problems.append(f"way in {index} at ({x:g}, {y:g})")
    return problems


def shifted(doc: dict[str, Any], key: str, dx: float, dy: float) -> dict[str, Any]:
    """The document with its walls (``line_of_sight``) or doors (``portals``) moved."""
    moved = json.loads(json.dumps(doc))
    lines = (moved[key] if key == "line_of_sight"
             else [portal["bounds"] for portal in moved[key]])
    for line in lines:
        for point in line:
            point["x"] += dx
            point["y"] += dy
    return moved


PICTURED = [(PlanConfig(rooms=12, lower_level=True), 3, True),
            (PlanConfig(rooms=20), 0, True),  # a junction
            (PlanConfig(rooms=10, vary=True), 5, False)]  # corridors sharing squares


@pytest.mark.parametrize(("config", "seed", "fit"), PICTURED)
def test_walls_and_doors_match_the_image_and_moved_ones_do_not(
        config: PlanConfig, seed: int, fit: bool) -> None:
    plan = generate_plan(config, seed)
    layout = layout_dungeon(plan, LayoutConfig(fit=fit))
    doc = plan_uvtt(plan, layout)
    image = Picture(doc).image
    assert (image.width, image.height) == (layout.width * 70, layout.height * 70)
    assert picture_problems(doc) == []
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        assert picture_problems(shifted(doc, "line_of_sight", dx, dy))
        assert picture_problems(shifted(doc, "portals", dx, dy))


# --- the command -------------------------------------------------------------------------

def test_the_command_writes_a_valid_file(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    target = tmp_path / "plan.uvtt"
    result = run(capsys, *DUNGEON, "--rooms", "8", "--seed", "4", "--uvtt", str(target))
    assert result.code == 0 and f"Wrote {target}" in result.out
    doc = json.loads(target.read_text())
    UvttFile.model_validate(doc)
    assert doc["resolution"]["pixels_per_grid"] == 70
    assert doc["line_of_sight"] and doc["portals"]
    assert portals_without_walls(doc) == []
    plan = generate_plan(PlanConfig(rooms=8), 4)
    assert doc == plan_uvtt(plan, layout_dungeon(plan))


@pytest.mark.parametrize("target", ["/no/such/folder/plan.uvtt", "FOLDER"])
def test_an_unwritable_uvtt_target_is_bad_input(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path, target: str) -> None:
    if target == "FOLDER":
        target = str(tmp_path)
    assert_bad_input(run(capsys, *DUNGEON, "--rooms", "4", "--uvtt", target), "--uvtt")
