"""Content packs are chosen by name (undercroft.content.packs): Labyrinth's own, the
operator's folders, and a file given to `play labyrinth --cards`; a record names its
packs, never their paths, and replays wherever the same pack is found."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from cli_helpers import assert_bad_input, run
from undercroft.content import packs
from undercroft.errors import BadInput
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.setup import PACKS, new_game

BATS = """
[monster.bat]
name = "Giant Bat"
health = 5
armour_class = 12
attack_modifier = 1
damage = "1d3"
levels = [1, 3]

[band.bats]
monster = "bat"
reward = 1
levels = [1, 2]
"""


@pytest.mark.parametrize("name", ["/etc/passwd", "../x", "a/b", "Bats", "x.toml", "", "-x",
                                  "a" * 65])
def test_a_pack_is_named_never_pathed(name: str) -> None:
    with pytest.raises(ValidationError) as refused:
        LabyrinthConfig(packs=(name,))
    assert "not a pack name" in str(refused.value)


def test_labyrinths_own_pack_plays() -> None:
    assert "monster-bands" in packs.available(PACKS)
    state = new_game(LabyrinthConfig(players=2, packs=("monster-bands",)), 3)
    bands = {"goblin-mage-band", "devil-band", "animated-armour-band", "velociraptor-pack",
             "dragon"}
    assert bands <= set(state.content.encounters)


def test_an_unknown_pack_is_one_line_naming_the_packs_there(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(packs.VARIABLE, raising=False)
    with pytest.raises(BadInput) as refused:
        new_game(LabyrinthConfig(players=2, packs=("nothing",)), 3)
    assert str(refused.value) == "packs: no pack 'nothing' (packs here: monster-bands)"


def test_cards_from_a_file_are_recorded_by_name_and_replay_where_the_pack_is_found(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(packs.VARIABLE, raising=False)
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "bats.toml").write_text(BATS)
    record = tmp_path / "game.json"
    played = run(capsys, "play", "labyrinth", "--players", "2", "--cards",
                 str(folder / "bats.toml"), "--auto", "all", "--seed", "4", "--record",
                 str(record))
    assert played.code == 0, played.err
    assert json.loads(record.read_text())["config"]["packs"] == ["bats"]
    monkeypatch.delenv(packs.VARIABLE)
    assert_bad_input(run(capsys, "replay", str(record), "--json"), "no pack 'bats'")
    monkeypatch.setenv(packs.VARIABLE, str(folder))
    assert run(capsys, "replay", str(record), "--json").code == 0


def test_cards_that_cannot_be_a_pack_name_or_shadow_one_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(packs.VARIABLE, raising=False)
    (tmp_path / "My Bats.toml").write_text(BATS)
    (tmp_path / "monster-bands.toml").write_text(BATS)
    for name, fragment in (("My Bats.toml", "rename the file"),
                           ("monster-bands.toml", "already the name of another pack")):
        result = run(capsys, "play", "labyrinth", "--cards", str(tmp_path / name), "--auto",
                     "all", "--seed", "4")
        assert_bad_input(result, fragment)
