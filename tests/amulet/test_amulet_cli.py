"""`undercroft amulet tables|generate|explore`: contracts of output and of bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run, run_process
from undercroft.systems.amulet.generation.config import LevelConfig
from undercroft.systems.amulet.generation.generator import LevelGenerator

NAMES = ["size", "shape", "exit_location", "exit_type", "exit_number", "contents", "swarm_size",
         "encounter", "monster"]


def test_tables_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "amulet", "tables", "--json")
    assert result.code == 0
    tables = json.loads(result.out)
    assert list(tables) == NAMES
    for rows in tables.values():
        assert list(rows) == [str(total) for total in range(2, 17)]
        assert rows["16"] == "gm"
    assert tables["contents"]["6"] == "murder hole"
    assert tables["contents"]["3"] == "roll 2"
    assert tables["swarm_size"]["6"] == "100%"
    assert tables["exit_type"]["15"] == "teleport"


def test_generate_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "amulet", "generate", "--seed", "7", "--depth", "2", "--size", "12",
                 "--json", "-")
    assert result.code == 0, result.err
    level = json.loads(result.out)
    assert level["system"] == "amulet" and level["seed"] == 7 and level["depth"] == 2
    assert level["level_size"] == 12
    room_keys = {"id", "from", "via", "size", "shape", "polygon", "exits", "contents", "encounter"}
    exit_types = {"stair", "crumble", "secret", "walldoor", "door", "open", "food", "treasure",
                  "teleport"}
    for room in level["rooms"]:
        assert room_keys <= set(room)
        assert 1 <= room["size"] <= 5
        assert all(0 <= x <= 12 and 0 <= y <= 12 for x, y in room["polygon"])
        assert set(room["encounter"]) == {"kind", "monster", "swarm_size", "swarm_health"}
        for exit_ in room["exits"]:
            assert exit_["type"] in exit_types
            assert exit_["wall"] in {"N", "S", "E", "W", "NE", "NW", "SE", "SW"}
            assert len(exit_["segment"]) == 2
            assert exit_["to"] is None or isinstance(exit_["to"], int | list)
    assert level["rooms"][0]["from"] is None and level["rooms"][0]["via"] is None
    for roll in level["rolls"]:
        assert set(roll) >= {"table", "dice", "total", "result", "room"}
    again = run(capsys, "amulet", "generate", "--seed", "7", "--depth", "2", "--size", "12",
                "--json", "-")
    assert again.out == result.out


def test_generate_writes_svg_png_and_json_files(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    svg, png, data = tmp_path / "m.svg", tmp_path / "m.png", tmp_path / "m.json"
    result = run(capsys, "amulet", "generate", "--seed", "3", "--svg", str(svg), "--png",
                 str(png), "--json", str(data))
    assert result.code == 0, result.err
    assert result.out == ""
    ElementTree.fromstring(svg.read_text())
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads(data.read_text())["seed"] == 3


def test_generate_prints_an_ascii_map(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "amulet", "generate", "--seed", "3", "--size", "10", "--ascii")
    assert result.code == 0
    assert "seed 3" in result.out and "|" in result.out


@pytest.mark.parametrize("args", [
    ["--size", "0"], ["--size", "-3"], ["--size", "abc"], ["--depth", "-1"], ["--depth", "0"],
    ["--gm-choice", "whim"], ["--ascii", "--json", "-"], ["--svg", "/no/such/folder/m.svg"],
    ["--bogus"],
])
def test_generate_refuses_bad_input(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    assert_bad_input(run(capsys, "amulet", "generate", "--seed", "1", *args))


def test_a_depth_the_generator_refuses_names_the_option(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    assert_bad_input(run(capsys, "amulet", "generate", "--depth", "0"),
                     "error: --depth 0: a dungeon level is 1 or deeper")


def test_bad_input_leaves_saved_files_alone(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    saved = tmp_path / "level.json"
    saved.write_text("precious")
    assert_bad_input(run(capsys, "amulet", "generate", "--size", "0", "--json", str(saved)))
    assert saved.read_text() == "precious"


def test_gm_choice_ask_without_a_person_is_bad_input() -> None:
    assert_bad_input(run_process("amulet", "generate", "--seed", "1", "--gm-choice", "ask",
                                 "--json", "-"))


def test_gm_choice_ask_takes_the_answers_given() -> None:
    asked: list[str] = []

    def first_choice(table: str, options: list[str]) -> str:
        asked.append(options[0])
        return options[0]

    LevelGenerator(LevelConfig(gm_choice="ask"), seed=1, ask=first_choice).generate_all()
    answers = "".join(f"{answer}\n" for answer in asked)
    result = run_process("amulet", "generate", "--seed", "1", "--gm-choice", "ask", "--json", "-",
                         stdin=answers)
    assert result.code == 0, result.err
    level = json.loads(result.out)
    assert [c["result"] for c in level["choices"]] == asked and asked
    assert result.err == ""


def test_explore_walks_a_level_until_input_ends() -> None:
    result = run_process("amulet", "explore", "--seed", "5", stdin="help\nsearch\nall\nnope\n")
    assert result.code == 0, result.err
    assert "Room 1" in result.out and "Openable exits: none" in result.out
    assert "'nope' is not a command" in result.out


def test_the_player_view_hides_what_the_gm_map_shows(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    gm, players = tmp_path / "gm.svg", tmp_path / "players.svg"
    for seed in range(3, 30):
        assert run(capsys, "amulet", "generate", "--seed", str(seed), "--svg", str(gm)).code == 0
        assert run(capsys, "amulet", "generate", "--seed", str(seed), "--svg", str(players),
                   "--player-view").code == 0
        if gm.read_text().count(">S<") > players.read_text().count(">S<"):
            break
    else:
        pytest.fail("no seed showed an unfound secret exit on the GM's map only")
    assert "Players" in players.read_text()
