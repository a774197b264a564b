"""`undercroft cardcrawl dungeon`: the list, the JSON document, SVG and PNG plans, bad input."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import assert_bad_input, run, run_process

DUNGEON = ("cardcrawl", "dungeon")


def document(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    result = run(capsys, *DUNGEON, *args, "--json")
    assert result.code == 0, result
    assert result.err == ""
    parsed: dict[str, Any] = json.loads(result.out)
    return parsed


def test_json_document_has_the_die_plan_rooms_links_and_map(
        capsys: pytest.CaptureFixture[str]) -> None:
    doc = document(capsys, "--rooms", "10", "--vary", "--die", "d8", "--seed", "7")
    assert doc["seed"] == 7 and doc["system"] == "cardcrawl"
    assert doc["options"]["rooms"] == 10 and doc["options"]["vary"] is True
    plan = doc["die_plan"]
    assert plan["main"] == "d8"
    assert [(band["rooms"], band["die"]) for band in plan["bands"]] == \
        [([1, 3], "d6"), ([4, 7], "d8"), ([8, 10], "d10")]
    assert len(doc["rooms"]) == 10
    for room in doc["rooms"]:
        assert set(room) >= {"number", "die", "size", "type", "links", "connections",
                             "dropped", "entrance", "rect"}
        rect = room["rect"]
        assert rect["w"] * rect["h"] - rect.get("cut", 0) == room["size"]
        assert len(room["links"]) == room["size"]
        for link in room["links"]:
            assert set(link) == {"positive", "negative", "target", "label", "link", "kept",
                                 "reason"}
            assert link["kept"] == (link["reason"] is None)
        assert [d["reason"] for d in room["dropped"]] == \
            [link["reason"] for link in room["links"] if not link["kept"]]
        kept_rooms = [link["link"] for link in room["links"]
                      if link["kept"] and isinstance(link["link"], int)]
        assert room["connections"] == kept_rooms
        assert room["entrance"] == any(link["link"] == "entrance" and link["kept"]
                                       for link in room["links"])
    numbers = {room["number"]: room for room in doc["rooms"]}
    for a, b in doc["mutual"]:
        assert b in numbers[a]["connections"] and a in numbers[b]["connections"]
    assert doc["entrance_rooms"] == [r["number"] for r in doc["rooms"] if r["entrance"]]
    game_map = doc["map"]
    assert game_map["entrance_side"] == "west" and game_map["unit_feet"] == 10
    drawn = {(c["from"], c["to"]) for c in game_map["corridors"]}
    dropped = {(d["from"], d["to"]): d["reason"] for d in game_map["dropped"]}
    for pair in [("entrance", n) for n in doc["entrance_rooms"]] + \
            [(a, b) for a, b in doc["mutual"]]:
        assert (pair in drawn) != (pair in dropped)
    assert all(c.get("added") for c in game_map["corridors"]
               if (c["from"], c["to"]) in {(a["from"], a["to"]) for a in game_map["added"]})
    assert {"corridors", "dropped", "added", "junctions"} <= set(game_map)
    assert {r["what"].split(",")[0] for r in doc["rolls"] if r["table"] == "size"} == \
        {f"room {n} size" for n in range(1, 11)}


def test_readable_list_looks_like_the_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, *DUNGEON, "--rooms", "14", "--vary", "--seed", "3")
    assert result.code == 0 and result.err == ""
    assert "14 rooms, seed 3" in result.out
    assert "main d10; rooms 1-4 d8, 5-10 d10, 11-14 d12" in result.out
    doc = document(capsys, "--rooms", "14", "--vary", "--seed", "3")
    for room in doc["rooms"]:
        assert re.search(rf"^\s*{room['number']}\.\s.*{re.escape(room['type'])}", result.out,
                         re.MULTILINE)
    assert "Mutual links:" in result.out and "Entrance links:" in result.out


def test_same_seed_same_output_and_a_drawn_seed_is_shown(
        capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, *DUNGEON, "--rooms", "12", "--seed", "41", "--json")
    again = run(capsys, *DUNGEON, "--rooms", "12", "--seed", "41", "--json")
    assert first.out == again.out
    text = run(capsys, *DUNGEON, "--rooms", "12", "--seed", "41")
    assert text.out == run(capsys, *DUNGEON, "--rooms", "12", "--seed", "41").out
    drawn = document(capsys, "--rooms", "12")
    assert isinstance(drawn["seed"], int)
    replay = document(capsys, "--rooms", "12", "--seed", str(drawn["seed"]))
    assert replay == drawn
    shown = run(capsys, *DUNGEON, "--rooms", "5")
    assert re.search(r"seed \d+", shown.out)


def test_same_seed_same_json_in_fresh_processes() -> None:
    args = (*DUNGEON, "--rooms", "9", "--vary", "--seed", "12345", "--json")
    first, second = run_process(*args), run_process(*args)
    assert first.code == 0 and first.out == second.out


def test_svg_and_png_files_are_written_and_valid(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    svg, png = tmp_path / "plan.svg", tmp_path / "plan.png"
    result = run(capsys, *DUNGEON, "--rooms", "10", "--vary", "--seed", "5", "--svg", str(svg),
                 "--png", str(png), "--json")
    assert result.code == 0
    json.loads(result.out)  # files written, and stdout still one JSON document
    root = ET.fromstring(svg.read_text())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [element.text for element in root.iter("{http://www.w3.org/2000/svg}text")]
    doc = json.loads(result.out)
    for room in doc["rooms"]:
        assert str(room["number"]) in texts
    classes = {element.get("class") for element in root.iter()}
    assert "corridor-entrance" in classes and "room" in classes
    if doc["mutual"]:
        assert "corridor-mutual" in classes
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    before = svg.read_text()
    run(capsys, *DUNGEON, "--rooms", "10", "--vary", "--seed", "5", "--svg", str(svg))
    assert svg.read_text() == before


@pytest.mark.parametrize(("args", "fragment"), [
    (("--rooms", "0"), "--rooms 0: a dungeon has 1 to 60 rooms"),
    (("--rooms", "61"), "--rooms 61"),
    (("--rooms", "5", "--die", "d7"), "--die 'd7'"),
    (("--rooms", "5", "--repeats", "sometimes"), "--repeats 'sometimes'"),
    (("--rooms", "5", "--max-repeats", "0"), "--max-repeats 0"),
    (("--rooms", "5", "--max-corridor", "0"), "--max-corridor 0"),
    (("--rooms", "5", "--entrances", "0"), "--entrances 0"),
    (("--rooms", "5", "--svg", "/no/such/folder/plan.svg"), "--svg /no/such/folder/plan.svg"),
    (("--rooms", "5", "--png", "/no/such/folder/plan.png"), "--png"),
    (("--rooms", "many"), "--rooms"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          args: tuple[str, ...], fragment: str) -> None:
    assert_bad_input(run(capsys, *DUNGEON, *args), fragment)


def test_an_unwritable_svg_target_is_bad_input(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    target = tmp_path / "a-folder.svg"
    target.mkdir()
    assert_bad_input(run(capsys, *DUNGEON, "--rooms", "4", "--svg", str(target)), "--svg")


def test_house_rule_options_reach_the_document(capsys: pytest.CaptureFixture[str]) -> None:
    doc = document(capsys, "--rooms", "30", "--seed", "2", "--lower-level", "--repeats",
                   "reroll", "--max-repeats", "1", "--max-corridor", "3")
    assert doc["options"]["lower_level"] is True and doc["options"]["repeats"] == "reroll"
    assert doc["lower_level_rooms"] == [r["number"] for r in doc["rooms"] if r["lower_level"]]
    assert all(link["reason"] != "over max" for r in doc["rooms"] for link in r["links"])
    assert doc["options"]["max_corridor"] == 3 and doc["options"]["fit"] is True
    assert any(d["reason"].startswith("too long") for d in doc["map"]["dropped"])
    every = document(capsys, "--rooms", "12", "--seed", "2", "--all-links", "--entrances", "1")
    assert every["options"]["fit"] is False and every["options"]["max_entrances"] == 1
    assert every["map"]["dropped"] == []  # every rolled link drawn, every way in kept
    assert {c["to"] for c in every["map"]["corridors"] if c["from"] == "entrance"} >= \
        set(every["entrance_rooms"])
    assert len([c for c in document(capsys, "--rooms", "20", "--seed", "2", "--entrances",
                                    "1")["map"]["corridors"] if c["from"] == "entrance"]) == 1


def test_links_added_so_every_room_is_reached_are_marked_in_list_plan_and_key(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Seed 2's default play dungeon rolled no way in: the plan gives one, and says so."""
    svg = tmp_path / "plan.svg"
    result = run(capsys, *DUNGEON, "--rooms", "10", "--vary", "--seed", "2", "--svg", str(svg))
    assert result.code == 0
    assert "Entrance links: none" in result.out
    assert re.search(r"^Added: entrance-\d+ \(no way in was rolled", result.out, re.MULTILINE)
    root = ET.fromstring(svg.read_text())
    classes = [element.get("class") for element in root.iter()]
    assert "corridor-entrance-added" in classes and "corridor-entrance" not in classes
    texts = [element.text or "" for element in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any(", +entrance" in text or ": +entrance" in text for text in texts)
    assert any(text.startswith("+n, dashed: added") for text in texts)
    doc = document(capsys, "--rooms", "10", "--vary", "--seed", "2")
    assert doc["entrance_rooms"] == []  # the rolled list stays as rolled
    assert next(a["from"] for a in doc["map"]["added"]) == "entrance"


def test_the_readmes_20_room_plan_is_the_one_drawn_by_default(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The image the README shows is what `--rooms 20 --seed 1 --png` draws today (same
    picture size, which follows the map and its key), so a layout change cannot leave it
    stale."""
    root = Path(__file__).parents[2]
    image = root / "docs" / "images" / "cardcrawl-dungeon-20.png"
    assert f"]({image.relative_to(root)})" in (root / "README.md").read_text(encoding="utf-8")
    fresh = tmp_path / "plan.png"
    assert run(capsys, *DUNGEON, "--rooms", "20", "--seed", "1", "--png", str(fresh)).code == 0
    assert png_size(image.read_bytes()) == png_size(fresh.read_bytes())


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
