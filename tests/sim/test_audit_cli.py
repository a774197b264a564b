"""`undercroft audit`: its JSON document, the same figures however many workers play, the
replay command of every example, the report page, and bad input refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import assert_bad_input, run
from undercroft.engine.record import load_record

QUICK = ("squad", "--games", "6", "--seed", "4")
"""Squad games are a few hundred steps: a run of six is quick."""


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    result = run(capsys, "audit", *args, "--json")
    assert result.code == 0, result.err
    document: dict[str, Any] = json.loads(result.out)
    return document


def test_the_json_document_says_what_was_played_found_fired_and_used(
        capsys: pytest.CaptureFixture[str]) -> None:
    document = _json(capsys, *QUICK, "--workers", "1")
    assert (document["system"], document["games"], document["seed"]) == ("squad", 6, 4)
    assert set(document) == {"system", "games", "seed", "sets", "agents", "broken_games",
                             "anomalies", "rules", "content", "length"}
    assert sum(document["length"]["results"].values()) == 6
    for kind, found in document["anomalies"].items():
        assert found["games"] <= found["times"] or found["games"] == found["times"] == 0
        assert len(found["examples"]) <= min(5, found["times"]), kind
    rules = document["rules"]
    assert set(rules) == {"documented", "fireable", "fired", "never_fired", "not_counted",
                          "undocumented"}
    assert not set(rules["fired"]) & set(rules["never_fired"])
    broken = document["broken_games"]
    assert 0 <= broken["count"] <= 6
    assert broken["share"] == pytest.approx(broken["count"] / 6)


def test_the_same_audit_whatever_the_number_of_workers(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _json(capsys, *QUICK, "--workers", "2") == _json(capsys, *QUICK, "--workers", "1")


def test_every_examples_command_plays_its_game_to_the_step_it_names(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    document = _json(capsys, "squad", "--games", "4", "--seed", "2", "--workers", "1",
                     "--agents", "random", "--set", "max_steps=40")
    examples = [example for found in document["anomalies"].values()
                for example in found["examples"]]
    assert examples, "a bound of 40 steps ends every game by its limit (game.time-up)"
    example = examples[0]
    words = example["replay"].split()
    assert words[:3] == ["undercroft", "audit", "squad"]
    record = tmp_path / "game.json"
    one = _json(capsys, *words[2:], "--record", str(record))
    assert (one["game"], one["steps"]) == (example["game"], example["step"])
    kept = load_record(record)
    assert len(kept.choices) == example["step"]
    replayed = run(capsys, "replay", str(record), "--json")
    assert replayed.code == 0, replayed.err


def test_the_report_is_one_page_with_the_anomalies_and_their_commands(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "audit.html"
    result = run(capsys, "audit", *QUICK, "--workers", "1", "--agents", "random",
                 "--set", "max_steps=40", "--report", str(page))  # every game time up
    assert result.code == 0, result.err
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>")
    for heading in ("Rules health: squad", "Anomalies", "Game length", "Rules", "Content"):
        assert heading in text
    assert "undercroft audit squad --seed 4 --game" in text
    folder = tmp_path / "report"
    assert run(capsys, "audit", *QUICK, "--workers", "1", "--report", str(folder)).code == 0
    assert (folder / "index.html").read_text().startswith("<!DOCTYPE html>")


def test_the_plain_output_names_the_broken_share_and_the_rules(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "audit", *QUICK, "--workers", "1")
    assert result.code == 0, result.err
    assert result.out.startswith("squad: 6 games, seed 4; ")
    assert "rules: " in result.out and "content never drawn: " in result.out


@pytest.mark.parametrize(("args", "fragment"), [
    (("nosuch",), "system 'nosuch'"),
    (("squad", "--games", "0"), "--games 0"),
    (("squad", "--workers", "0"), "--workers 0"),
    (("squad", "--agents", "nobody"), "--agents 'nobody'"),
    (("squad", "--set", "per_guide=5,6"), "--set per_guide"),
    (("squad", "--set", "nosuch=1"), "nosuch"),
    (("squad", "--until", "3"), "--until and --record go with --game"),
    (("squad", "--game", "-1"), "--game -1"),
    (("squad", "--game", "0", "--until", "-2"), "--until -2"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          args: tuple[str, ...], fragment: str) -> None:
    assert_bad_input(run(capsys, "audit", *args), fragment)


def test_a_report_path_that_is_not_a_folder_is_refused_before_any_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("kept")
    assert_bad_input(run(capsys, "audit", *QUICK, "--report", str(blocker)), "--report")
    assert blocker.read_text() == "kept"
