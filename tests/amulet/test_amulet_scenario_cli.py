"""`undercroft amulet scenario FILE [--seed N] [--json] [--runs N]`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run

EXAMPLES = Path(__file__).parents[2] / "examples" / "scenarios"
POTION = EXAMPLES / "potion-example.toml"


def test_the_potion_example_plays_as_seed_001_says(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "amulet", "scenario", str(POTION), "--seed", "5", "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    final = document["final"]
    assert [s["health"] for s in final["swarms"]] == [60]
    assert [(g["id"], g["health"]) for g in final["generators"]] == [("gen-3", 10)]
    destroyed = [e["foe"] for e in document["events"] if e["kind"] == "destroyed"]
    assert destroyed == ["gen-1", "gen-2"]


def test_the_text_log_explains_every_roll(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "amulet", "scenario", str(POTION), "--seed", "5")
    assert result.code == 0
    assert "potion: 6d10 forced -> 40" in result.out
    assert "swarming: d20+3 vs d20+4 [" in result.out
    assert "Outcome:" in result.out


def test_same_seed_same_fight(capsys: pytest.CaptureFixture[str]) -> None:
    example = EXAMPLES / "potion-example.toml"
    first = run(capsys, "amulet", "scenario", str(example), "--seed", "9", "--json")
    second = run(capsys, "amulet", "scenario", str(example), "--seed", "9", "--json")
    other = run(capsys, "amulet", "scenario", str(example), "--seed", "10", "--json")
    assert first.out == second.out != other.out


def test_runs_count_every_outcome(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "duel.toml"
    path.write_text('[room]\nsize = 3\n[[heroes]]\nclass = "warrior"\n'
                    '[[swarms]]\nmonster = "barbarian"\nsize = "100%"\n'
                    '[rules]\nmax_rounds = 30\n')
    result = run(capsys, "amulet", "scenario", str(path), "--seed", "1", "--runs", "40",
                 "--json")
    assert result.code == 0, result.err
    tally = json.loads(result.out)
    assert tally["runs"] == 40 and sum(tally["outcomes"].values()) == 40
    assert set(tally["outcomes"]) <= {"cleared", "escaped", "descended", "wiped out", "time up"}
    again = run(capsys, "amulet", "scenario", str(path), "--seed", "1", "--runs", "40", "--json")
    assert again.out == result.out
    text = run(capsys, "amulet", "scenario", str(path), "--seed", "1", "--runs", "40")
    assert "40 runs from seed 1" in text.out


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_example_scenario_plays(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    result = run(capsys, "amulet", "scenario", str(example), "--seed", "1", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["outcome"] in ("cleared", "escaped", "descended",
                                                 "wiped out", "time up")


@pytest.mark.parametrize(("text", "fragment"), [
    ('[room]\nsize = 2\n[[heroes]]\nclass = "paladin"\n', "unknown class 'paladin'"),
    ('[room]\nsize = 9\n[[heroes]]\nclass = "elf"\n', "room.size"),
    ('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[swarms]]\nmonster = "orc"\nsize = "50%"\n',
     "unknown monster 'orc'"),
    ('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[rounds]]\nElf = "dance"\n',
     "'dance': not an action"),
    ('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[rounds]]\nBob = "wait"\n',
     "no hero named 'Bob'"),
    ('[room]\nsize = 1\n[[heroes]]\nclass = "elf"\n[[swarms]]\nmonster = "demon"\n'
     'health = 90\n', "capacity"),
    ('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[rounds]]\nElf = "use potion"\n',
     "round 1, Elf: 'use potion' is not possible now"),
    ('[room\nsize = 2', "not valid TOML"),
])
def test_a_broken_scenario_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path, text: str,
                                                 fragment: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text)
    result = run(capsys, "amulet", "scenario", str(path), "--seed", "1")
    assert_bad_input(result, fragment)
    assert str(path) in result.err
    assert path.read_text() == text


def test_bad_runs_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert_bad_input(run(capsys, "amulet", "scenario", str(POTION), "--runs", "0"), "--runs 0")


@pytest.mark.parametrize(("force", "fragment"), [
    ('roll = "swarming"\ntotal = 4', "'swarming' is a contest: give result = win or lose"),
    ('roll = "potion"\nresult = "yes"', "'potion' is a total: give total = N"),
    ('roll = "dragon breath"\ntotal = 4', "force.0.roll"),
])
def test_a_forced_roll_must_fit_its_label(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          force: str, fragment: str) -> None:
    path = tmp_path / "forced.toml"
    path.write_text(f'[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[force]]\n{force}\n')
    assert_bad_input(run(capsys, "amulet", "scenario", str(path), "--seed", "1"), fragment)


def test_forced_rolls_never_reached_are_reported(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    path = tmp_path / "forced.toml"
    path.write_text('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[force]]\nroll = "ale"\n'
                    'result = "yes"\n')
    result = run(capsys, "amulet", "scenario", str(path), "--seed", "1", "--json")
    assert json.loads(result.out)["unused_forced"] == ["ale=yes"]
