"""`undercroft replay FILE`: exact replays, figures as JSON, a round to stop at, the map."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run
from undercroft.engine.agents import RandomAgent
from undercroft.engine.record import load_record, new_record, replay, save_record, state_hash
from undercroft.engine.registry import get
from undercroft.engine.runner import play_out
from undercroft.systems.amulet.game.config import GameConfig

KEYS = {"depth_reached", "treasure", "rounds", "alive", "state_hash", "outcome", "seed",
        "system", "steps"}


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """A whole small game played by random agents, saved as a record."""
    ruleset = get("amulet")
    config = GameConfig(party=("warrior", "elf"), depth_limit=1)
    state = ruleset.new(config, 11)
    record = new_record(ruleset, config, 11)
    play_out(ruleset, state, {seat: RandomAgent() for seat in config.hero_names()}, 11, record)
    path = tmp_path / "game.json"
    save_record(record, path)
    return path


def test_json_has_the_contract_keys_and_the_true_state_hash(
        capsys: pytest.CaptureFixture[str], record_file: Path) -> None:
    result = run(capsys, "replay", str(record_file), "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert set(document) >= KEYS
    ruleset, state, _ = replay(load_record(record_file), "test")
    assert document["state_hash"] == state_hash(ruleset.view(state, None))
    assert document["outcome"] == ruleset.outcome(state).result  # type: ignore[union-attr]
    assert document["seed"] == 11 and document["system"] == "amulet"
    assert document["steps"] == len(load_record(record_file).choices)
    assert set(document["treasure"]) == {"Warrior", "Elf"}
    assert run(capsys, "replay", str(record_file), "--json").out == result.out


def test_round_stops_at_that_round(capsys: pytest.CaptureFixture[str],
                                   record_file: Path) -> None:
    whole = json.loads(run(capsys, "replay", str(record_file), "--json").out)
    early = json.loads(run(capsys, "replay", str(record_file), "--json", "--round", "3").out)
    assert early["round"] == 4 and early["rounds"] == 3
    assert early["steps"] < whole["steps"]
    assert early["outcome"] is None
    assert early["state_hash"] != whole["state_hash"]
    start = json.loads(run(capsys, "replay", str(record_file), "--json", "--round", "0").out)
    assert start["steps"] == 0
    beyond = json.loads(run(capsys, "replay", str(record_file), "--json", "--round",
                            "100000").out)
    assert beyond == whole


def test_text_shows_depth_heroes_and_outcome(capsys: pytest.CaptureFixture[str],
                                              record_file: Path) -> None:
    result = run(capsys, "replay", str(record_file))
    assert result.code == 0, result.err
    assert "Amulet - level 1" in result.out
    assert "Warrior" in result.out and "Elf" in result.out
    assert "The game is over" in result.out
    assert "seed 11" in result.out


def test_svg_draws_the_map_at_that_point(capsys: pytest.CaptureFixture[str],
                                         record_file: Path, tmp_path: Path) -> None:
    target = tmp_path / "map.svg"
    result = run(capsys, "replay", str(record_file), "--round", "5", "--svg", str(target),
                 "--json")
    assert result.code == 0, result.err
    json.loads(result.out)
    root = ElementTree.parse(target).getroot()
    assert root.tag.endswith("svg")
    assert "Players' map" in target.read_text(encoding="utf-8")


def test_missing_and_broken_records_are_bad_input(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    assert_bad_input(run(capsys, "replay", str(tmp_path / "none.json")), "cannot read")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert_bad_input(run(capsys, "replay", str(broken), "--json"), "not a game record")
    assert broken.read_text(encoding="utf-8") == "{not json"


def test_choices_that_stop_being_legal_are_bad_input(capsys: pytest.CaptureFixture[str],
                                                     record_file: Path,
                                                     tmp_path: Path) -> None:
    data = json.loads(record_file.read_text(encoding="utf-8"))
    data["choices"][2]["Elf"] = "descend by 9.9"
    record_file.write_text(json.dumps(data), encoding="utf-8")
    svg = tmp_path / "map.svg"
    assert_bad_input(run(capsys, "replay", str(record_file), "--json", "--svg", str(svg)),
                     "step 3")
    assert not svg.exists()


def test_negative_round_is_bad_input(capsys: pytest.CaptureFixture[str],
                                     record_file: Path) -> None:
    assert_bad_input(run(capsys, "replay", str(record_file), "--round", "-1"), "--round -1")


def test_svg_into_a_missing_folder_is_bad_input(capsys: pytest.CaptureFixture[str],
                                                record_file: Path, tmp_path: Path) -> None:
    assert_bad_input(run(capsys, "replay", str(record_file), "--svg",
                         str(tmp_path / "no" / "map.svg")), "--svg")


@pytest.mark.parametrize(("change", "fragment"), [
    (lambda steps: steps.__setitem__(0, {}), "no choice for Elf, Warrior"),
    (lambda steps: steps[0].pop("Elf"), "no choice for Elf, who had to choose"),
    (lambda steps: steps[0].__setitem__("Wizard", "wait"), "a choice for Wizard, who did not"),
])
def test_a_record_no_game_could_write_is_refused(
        change: object, fragment: str, capsys: pytest.CaptureFixture[str],
        record_file: Path, tmp_path: Path) -> None:
    """An empty step, a step without a seat that had to choose, or with a seat that did
    not: the rules would take them (a simultaneous round), but no game writes them."""
    document = json.loads(record_file.read_text())
    change(document["choices"])  # type: ignore[operator]
    doctored = tmp_path / "doctored.json"
    doctored.write_text(json.dumps(document))
    result = run(capsys, "replay", str(doctored), "--json")
    assert_bad_input(result, fragment)
    assert "step 1" in result.err


def test_a_system_without_a_front_of_its_own_replays_in_words(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Squad has neither Amulet's front nor a ``standing`` of its own: its figures are its
    outcome's summary and its table is drawn by the plain front."""
    ruleset = get("squad")
    config = ruleset.config_model().model_validate(ruleset.info.quick_config)
    state = ruleset.new(config, 11)
    record = new_record(ruleset, config, 11)
    play_out(ruleset, state, {seat: RandomAgent() for seat in ruleset.seats(state)}, 11,
             record)
    path = tmp_path / "squad.json"
    save_record(record, path)
    document = json.loads(run(capsys, "replay", str(path), "--json").out)
    outcome = ruleset.outcome(state)
    assert outcome is not None and document["outcome"] == outcome.result
    assert {key: document[key] for key in outcome.summary} == json.loads(
        json.dumps(outcome.summary))
    text = run(capsys, "replay", str(path)).out
    assert "squad: round" in text and f"outcome: {outcome.result}" in text


def test_every_front_draws_where_a_game_stands() -> None:
    from undercroft.cli.fronts import FRONTS, front_for
    from undercroft.cli.play_turns import PlainFront

    assert front_for("squad") is PlainFront and front_for("amulet") is FRONTS["amulet"]
    assert all(callable(getattr(front, "standing", None)) for front in FRONTS.values())


def test_uvtt_writes_the_players_map_at_that_point(capsys: pytest.CaptureFixture[str],
                                                   record_file: Path, tmp_path: Path) -> None:
    from undercroft.maps.uvtt import UvttFile
    from uvtt_checks import doors_not_hung

    target = tmp_path / "map.uvtt"
    result = run(capsys, "replay", str(record_file), "--round", "5", "--uvtt", str(target),
                 "--json")
    assert result.code == 0, result.err
    json.loads(result.out)
    document = json.loads(target.read_text(encoding="utf-8"))
    UvttFile.model_validate(document)
    assert document["line_of_sight"] and doors_not_hung(document) == []
    assert "the players' map" in document["notes"]


def test_uvtt_of_a_card_crawl_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Any system with a players' map: Card Crawl's rooms entered and corridors seen."""
    from undercroft.maps.uvtt import UvttFile

    ruleset = get("cardcrawl")
    config = ruleset.config_model().model_validate(ruleset.info.quick_config)
    state = ruleset.new(config, 5)
    record = new_record(ruleset, config, 5)
    play_out(ruleset, state, {seat: RandomAgent() for seat in ruleset.seats(state)}, 5, record)
    path, target = tmp_path / "cardcrawl.json", tmp_path / "map.uvtt"
    save_record(record, path)
    result = run(capsys, "replay", str(path), "--uvtt", str(target))
    assert result.code == 0, result.err
    document = json.loads(target.read_text(encoding="utf-8"))
    UvttFile.model_validate(document)
    assert document["portals"] and "corridor from" in document["notes"]


def test_uvtt_of_a_system_without_a_map_is_bad_input(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    ruleset = get("squad")
    config = ruleset.config_model().model_validate(ruleset.info.quick_config)
    state = ruleset.new(config, 11)
    record = new_record(ruleset, config, 11)
    play_out(ruleset, state, {seat: RandomAgent() for seat in ruleset.seats(state)}, 11,
             record)
    path, target = tmp_path / "squad.json", tmp_path / "map.uvtt"
    save_record(record, path)
    assert_bad_input(run(capsys, "replay", str(path), "--uvtt", str(target)),
                     "--uvtt: squad has no level map to draw")
    assert not target.exists()


def test_uvtt_into_a_missing_folder_is_bad_input(capsys: pytest.CaptureFixture[str],
                                                 record_file: Path, tmp_path: Path) -> None:
    assert_bad_input(run(capsys, "replay", str(record_file), "--uvtt",
                         str(tmp_path / "no" / "map.uvtt")), "--uvtt")
