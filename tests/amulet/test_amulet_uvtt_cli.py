"""`undercroft amulet generate --uvtt`: a Universal VTT file of the level, checked."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run
from undercroft.maps.uvtt import UvttFile, png_size
from uvtt_checks import doors_not_hung, portal_lines


@pytest.mark.parametrize("player_view", [False, True])
def test_generate_writes_a_valid_uvtt_file(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           player_view: bool) -> None:
    target = tmp_path / "level.uvtt"
    args = ["--player-view"] if player_view else []
    result = run(capsys, "amulet", "generate", "--seed", "3", "--size", "10", "--uvtt",
                 str(target), *args)
    assert result.code == 0, result.err
    assert result.out == ""
    document = json.loads(target.read_text(encoding="utf-8"))
    UvttFile.model_validate(document)
    assert document["resolution"]["map_size"] == {"x": 10, "y": 10}
    assert png_size(base64.b64decode(document["image"])) == (700, 700)
    assert document["line_of_sight"] and doors_not_hung(document) == []
    assert ("players" in document["notes"]) == player_view


def test_the_players_file_has_no_door_the_players_have_not_found(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A level with unfound secret exits: the game master's file has more doors."""
    gm, players = tmp_path / "gm.uvtt", tmp_path / "players.uvtt"
    for target, args in ((gm, []), (players, ["--player-view"])):
        assert run(capsys, "amulet", "generate", "--seed", "1", "--uvtt", str(target),
                   *args).code == 0
    doors = [len(portal_lines(json.loads(path.read_text()))) for path in (gm, players)]
    assert doors[0] > doors[1]


@pytest.mark.parametrize("args", [
    ["--uvtt", "/no/such/folder/m.uvtt"], ["--uvtt"],
])
def test_generate_refuses_a_bad_uvtt_target(capsys: pytest.CaptureFixture[str],
                                            args: list[str]) -> None:
    assert_bad_input(run(capsys, "amulet", "generate", "--seed", "1", *args))


def test_a_folder_is_not_replaced_by_the_file(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    assert_bad_input(run(capsys, "amulet", "generate", "--seed", "1", "--uvtt",
                         str(tmp_path)), "--uvtt")
    assert tmp_path.is_dir()
