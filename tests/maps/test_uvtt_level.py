"""A level map's Universal VTT file: its format, and its walls and doors against the drawing.

The property test reads every file back as a tabletop does (tests/uvtt_checks.py) and
holds it against what the map draws (``compose(..., legend=False)``): the walls lie on
the drawn walls, the doors on drawn walls or exits, and a flood from inside any shown
room fills that room's floor and no more.
"""

from __future__ import annotations

import base64
import io
import itertools
from typing import Any

import pytest
from shapely.geometry import LineString, MultiLineString
from shapely.geometry import Polygon as ShapelyPolygon

from undercroft.maps.drawing import compose, shown_exits, shown_rooms
from undercroft.maps.marks import MARKS
from undercroft.maps.model import Exit, LevelMap, Passage, Room
from undercroft.maps.primitives import Line, Polyline
from undercroft.maps.uvtt import UvttFile, VttMap, VttPortal, uvtt_document
from undercroft.maps.uvtt_level import EXIT_TREATMENT, image_grid, level_uvtt, level_vtt
from undercroft.systems.amulet.generation.config import DEFAULT_LEVEL_SIZE, LevelConfig
from undercroft.systems.amulet.generation.discovery import mark_players_knowledge
from undercroft.systems.amulet.generation.generator import LevelGenerator
from uvtt_checks import (
    doors_not_hung,
    flood,
    off_lines,
    portal_lines,
    portals_without_walls,
    wall_lines,
)

SEEDS = range(1, 201)


def amulet_level(seed: int, size: int = DEFAULT_LEVEL_SIZE, player_view: bool = False
                 ) -> LevelMap:
    """A level as `undercroft amulet generate` makes it (with --player-view, the rooms the
    players would have mapped)."""
    level = LevelGenerator(LevelConfig(level_size=size), seed=seed).generate_all()
    if player_view:
        mark_players_knowledge(level)
    return level


def blank_png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format="PNG")
    return out.getvalue()


def document(level: LevelMap, player_view: bool) -> dict[str, Any]:
    """The file with a blank image of one pixel a square: the walls and doors are the
    export's own, without drawing the picture for each of many levels."""
    vtt = level_vtt(level, player_view=player_view)
    return uvtt_document(vtt, blank_png(vtt.width, vtt.height), pixels_per_grid=1)


def flipped(points: Any, size: int) -> list[tuple[float, float]]:
    return [(x, size - y) for x, y in points]


def drawn_walls(level: LevelMap, player_view: bool) -> MultiLineString:
    """The walls the map draws (y flipped to the file's axes), and the crumbling walls
    drawn across their gaps (the file keeps those as walls until they are brought down)."""
    size = level.level_size
    lines = [flipped((item.a, item.b) if isinstance(item, Line) else item.points, size)
             for item in compose(level, player_view=player_view, legend=False).items
             if isinstance(item, Line | Polyline) and item.cls in ("wall", "wall-hidden")]
    lines += [flipped(exit_.segment, size) for _, exit_ in shown_exits(level, player_view)
              if exit_.type == "crumble" and not exit_.opened]
    return MultiLineString(lines)


def drawn_exits(level: LevelMap, player_view: bool) -> MultiLineString:
    size = level.level_size
    return MultiLineString([flipped(exit_.segment, size)
                            for _, exit_ in shown_exits(level, player_view)
                            if exit_.segment[0] != exit_.segment[1]])


def check_against_drawing(level: LevelMap, player_view: bool) -> None:
    doc = document(level, player_view)
    UvttFile.model_validate(doc)
    size, where = level.level_size, f"{level.title}, player_view={player_view}"
    walls = drawn_walls(level, player_view)
    assert off_lines(wall_lines(doc), walls) == [], where
    assert off_lines(portal_lines(doc), walls.union(drawn_exits(level, player_view))) == [], where
    assert doors_not_hung(doc) == [], where
    doors = MultiLineString([line.coords for line in portal_lines(doc)]).buffer(1e-6)
    for room in shown_rooms(level, player_view):
        for exit_ in room.exits:
            treatment = EXIT_TREATMENT.get(exit_.type, "note")
            if (player_view and not exit_.found) or treatment == "note" or (
                    treatment == "opens" and not exit_.opened):
                continue
            opening = LineString(flipped(exit_.segment, size))
            where_exit = f"{where}: exit {exit_.id} of room {room.id}"
            assert doors.contains(opening if opening.length else opening.centroid), where_exit
        floor = ShapelyPolygon(flipped(room.polygon, size))
        filled = flood(doc, floor.representative_point().coords[0])
        assert filled is not None, f"{where}: room {room.id}"
        assert abs(filled.area - floor.area) < 1e-6, f"{where}: room {room.id}"


@pytest.mark.parametrize("player_view", [False, True])
def test_walls_and_doors_match_the_drawing_over_many_levels(player_view: bool) -> None:
    for seed in SEEDS:
        check_against_drawing(amulet_level(seed, player_view=player_view), player_view)


@pytest.mark.parametrize("system", ["amulet", "cardcrawl"])
def test_players_maps_of_played_games_match_their_drawing(system: str) -> None:
    """What `replay --uvtt` writes: the players' map of a game, here at its end."""
    from undercroft.engine.agents import RandomAgent
    from undercroft.engine.capabilities import PlayersMap
    from undercroft.engine.registry import get
    from undercroft.engine.runner import play_out

    ruleset = get(system)
    assert isinstance(ruleset, PlayersMap)
    config = ruleset.config_model().model_validate(ruleset.info.quick_config)
    for seed in range(1, 11):
        state = ruleset.new(config, seed)
        play_out(ruleset, state, {seat: RandomAgent() for seat in ruleset.seats(state)}, seed)
        check_against_drawing(ruleset.players_map(state, None), player_view=True)


def test_a_big_level_matches_its_drawing_too() -> None:
    level = amulet_level(7, size=30)
    check_against_drawing(level, player_view=False)
    check_against_drawing(level, player_view=True)


def test_an_exported_level_passes_the_format() -> None:
    level = amulet_level(5)
    doc = level_uvtt(level, player_view=False, pixels_per_grid=20)
    UvttFile.model_validate(doc)
    assert doc["resolution"]["map_size"] == {"x": level.level_size, "y": level.level_size}
    image = base64.b64decode(doc["image"])
    assert image[:8] == b"\x89PNG\r\n\x1a\n"
    assert doc["line_of_sight"] and doc["portals"]


def test_a_big_level_gets_fewer_pixels_a_square() -> None:
    assert image_grid(12) == 70 and image_grid(117) == 70
    assert image_grid(118) == 69 and image_grid(200) == 40
    assert image_grid(12, 20) == 20


def test_every_exit_type_the_map_draws_is_decided() -> None:
    assert set(EXIT_TREATMENT) == set(MARKS)


def square_room(id_: int, x: int, exits: list[Exit], discovered: bool = True) -> Room:
    return Room(id_, [(x, 0), (x + 2, 0), (x + 2, 2), (x, 2)], 2, "square", exits=exits,
                discovered=discovered)


def two_rooms(type_: str, *, opened: bool = False, found: bool = True) -> LevelMap:
    """Two 2x2 rooms side by side, sharing the wall x = 2 with one exit in it."""
    left = Exit("1.1", type_, "E", ((2, 0), (2, 1)), to=2, twin="2.1", found=found,
                opened=opened)
    right = Exit("2.1", type_, "W", ((2, 1), (2, 0)), to=1, twin="1.1", found=found,
                 opened=opened)
    return LevelMap(4, [square_room(1, 0, [left]), square_room(2, 2, [right])], "test")


def test_a_shared_wall_is_written_once_and_joined_walls_are_one_polyline() -> None:
    vtt = level_vtt(two_rooms("door"), player_view=False)
    total = sum(LineString(wall).length for wall in vtt.walls)
    assert total == pytest.approx(4 * 2 + 2 * 2 + 1)  # outline, top and bottom, the wall's rest
    outline, rest = sorted(vtt.walls, key=len, reverse=True)
    assert len(outline) == 5 and outline[0] == outline[-1]  # one closed ring round both
    assert sorted(rest) == [(2, 2), (2, 3)]
    assert [(door.a, door.b, door.closed) for door in vtt.portals] == [((2, 4), (2, 3), True)]


@pytest.mark.parametrize(("type_", "opened", "found", "player_view", "portal"), [
    ("door", False, True, False, "closed"),
    ("door", True, True, True, "open"),
    ("walldoor", False, True, True, "closed"),
    ("open", False, True, True, "open"),
    ("secret", False, False, False, "closed"),
    ("secret", False, False, True, None),
    ("secret", True, True, True, "open"),
    ("crumble", False, True, False, None),
    ("crumble", True, True, False, "open"),
    ("food", False, True, False, None),
    ("food", True, True, False, "open"),
    ("treasure", False, True, True, None),
    ("treasure", True, True, True, "open"),
    ("stair", False, True, False, None),
])
def test_each_exit_type_gives_a_wall_or_a_portal(type_: str, opened: bool, found: bool,
                                                 player_view: bool, portal: str | None) -> None:
    vtt = level_vtt(two_rooms(type_, opened=opened, found=found), player_view=player_view)
    portals = ["closed" if door.closed else "open" for door in vtt.portals]
    assert portals == ([] if portal is None else [portal])
    total = sum(LineString(wall).length for wall in vtt.walls)
    assert total == pytest.approx(14 - (0 if portal is None else 1))


def test_stairs_and_teleporters_are_noted_with_their_square() -> None:
    stair = Exit("1.1", "stair", "N", ((0, 2), (1, 2)))
    teleporter = Exit("2.1", "teleport", "", ((3.3, 0.3), (3.7, 0.7)), to=1)
    level = LevelMap(4, [square_room(1, 0, [stair]), square_room(2, 2, [teleporter])], "test")
    notes = level_vtt(level, player_view=False).notes
    assert "stair down in room 1, square (0, 2)" in notes
    assert "teleporter in room 2, square (3, 3) to room 1" in notes


def test_a_corridor_opens_a_square_of_wall_and_its_passage_is_open_floor() -> None:
    door = Exit("room 2", "corridor", "E", ((2, 1.5), (2, 1.5)), to=2, details={"open": True})
    passage = Passage([(2, 1.5), (3.5, 1.5), (3.5, 4)], 1, 2)
    level = LevelMap(4, [square_room(1, 0, [door])], "test", [passage])
    vtt = level_vtt(level, player_view=True)
    assert [(p.a, p.b, p.closed) for p in vtt.portals] == [((2, 3), (2, 2), False)]
    assert sum(LineString(wall).length for wall in vtt.walls) == pytest.approx(7)
    assert any(note.startswith("corridor from room 1 to room 2: open floor") for note in vtt.notes)


def test_the_players_file_leaves_out_undiscovered_rooms() -> None:
    level = two_rooms("door")
    level.rooms[1].discovered = False
    vtt = level_vtt(level, player_view=True)
    assert sum(LineString(wall).length for wall in vtt.walls) == pytest.approx(7)


def test_a_door_must_hang_in_a_wall_or_share_a_frame_with_one_that_does() -> None:
    walls = [[(0.0, 0.0), (1.0, 0.0)], [(2.0, 1.0), (2.0, 3.0)]]
    hung = VttMap(3, 3, walls=walls, portals=[VttPortal((1, 0), (2, 0), False),
                                               VttPortal((2, 0), (2, 1), True)])
    doc = uvtt_document(hung, blank_png(3, 3), pixels_per_grid=1)
    assert doors_not_hung(doc) == [] and portals_without_walls(doc) == [0, 1]
    floating = VttMap(3, 3, walls=walls, portals=[VttPortal((0, 2), (1, 2), False),
                                                   VttPortal((1, 2), (1, 3), True)])
    doc = uvtt_document(floating, blank_png(3, 3), pixels_per_grid=1)
    assert doors_not_hung(doc) == [0, 1]


def test_small_levels_have_every_door_on_a_wall() -> None:
    for level in (two_rooms("door"), two_rooms("open")):
        assert portals_without_walls(document(level, player_view=False)) == []


def wall_ink(doc: dict[str, Any], skip: MultiLineString | None,
             shift: float = 0.0) -> list[list[bool]]:
    """For each wall of the file, whether the image is inked (any stroke darker than the
    floor, the paper and the grid) at points every tenth of a square along it, the points
    on ``skip`` left out. ``shift`` moves the walls, to show the check can fail."""
    from PIL import Image
    from shapely.geometry import Point

    image = Image.open(io.BytesIO(base64.b64decode(doc["image"]))).convert("L")
    scale = doc["resolution"]["pixels_per_grid"]
    found = []
    for wall in doc["line_of_sight"]:
        points = [(p["x"] + shift, p["y"] + shift) for p in wall]
        inked = []
        for (ax, ay), (bx, by) in itertools.pairwise(points):
            steps = max(1, round(LineString([(ax, ay), (bx, by)]).length * 10))
            for k in range(steps + 1):
                x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
                if skip is not None and skip.distance(Point(x, y)) < 1e-6:
                    continue
                pixel = (min(max(int(x * scale), 0), image.width - 1),
                         min(max(int(y * scale), 0), image.height - 1))
                inked.append(image.getpixel(pixel) < INKED)
        if inked:
            found.append(inked)
    return found


INKED = 170
"""Grey level below which a pixel is a stroke: wall ink (42), a door's span (107), a hidden
wall (130), not yet found secret's span (154); the grid (204), paper (236) and floor (250)
are lighter."""


@pytest.mark.parametrize("seed", [1, 5, 7])
@pytest.mark.parametrize("player_view", [False, True])
def test_walls_read_back_lie_on_the_wall_ink_of_the_image(seed: int, player_view: bool) -> None:
    """The picture test, automatic: the image is inked along the file's walls. Crumbling
    walls are left out (the map draws them wavy, across the line); a room number's halo
    may cover a little of a small room's wall, hence the margins."""
    level = amulet_level(seed, player_view=player_view)
    doc = level_uvtt(level, player_view=player_view)
    crumbling = [flipped(exit_.segment, level.level_size)
                 for _, exit_ in shown_exits(level, player_view)
                 if exit_.type == "crumble" and not exit_.opened]
    skip = MultiLineString(crumbling) if crumbling else None
    walls = wall_ink(doc, skip)
    samples = [inked for wall in walls for inked in wall]
    assert sum(samples) / len(samples) > 0.97
    assert all(sum(wall) / len(wall) > 0.5 for wall in walls)
    moved = [inked for wall in wall_ink(doc, skip, shift=0.3) for inked in wall]
    assert sum(moved) / len(moved) < 0.5


def test_the_overlay_tool_draws_the_walls_and_doors_over_the_image(tmp_path: Any) -> None:
    import importlib.util
    import json
    from pathlib import Path

    from PIL import Image

    tool = Path(__file__).resolve().parents[2] / "tools" / "uvtt_overlay.py"
    spec = importlib.util.spec_from_file_location("uvtt_overlay", tool)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    doc = level_uvtt(two_rooms("door"), player_view=False, pixels_per_grid=20)
    source, target = tmp_path / "level.uvtt", tmp_path / "overlay.png"
    source.write_text(json.dumps(doc))
    assert module.main([str(source), str(target)]) == 0
    picture = Image.open(target).convert("RGB")
    assert picture.size == (80, 80)
    assert picture.getpixel((20, 40)) == module.WALL  # the rooms' top wall, (1, 2)
    assert picture.getpixel((40, 70)) == module.CLOSED  # the door, (2, 3.5)
    assert module.main([str(tmp_path / "none.uvtt"), str(target)]) == 2
