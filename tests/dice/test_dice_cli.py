"""`undercroft roll` and `undercroft odds`: output contracts and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cli_helpers import assert_bad_input, run


def test_odds_contest_in_a_fresh_process() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from undercroft.cli import main; main(sys.argv[1:])",
         "odds", "d8+3 vs d6+2", "--json"],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["p_win"] == 0.6875
    assert document["exact"]["p_win"] == "11/16"
    assert document["kind"] == "contest" and document["ties"] == "defender"
    assert set(document) == {"expression", "kind", "ties", "p_win", "p_tie", "p_lose",
                             "p_attacker", "exact"}
    assert set(document["exact"]) == {"p_win", "p_tie", "p_lose", "p_attacker"}


def test_odds_distribution_json(capsys: pytest.CaptureFixture[str]) -> None:
    ran = run(capsys, "odds", "2d8", "--json")
    assert ran.code == 0 and ran.err == ""
    document = json.loads(ran.out)
    assert document["kind"] == "distribution" and document["expression"] == "2d8"
    assert document["distribution"]["2"] == 0.015625
    assert document["exact"]["distribution"]["2"] == "1/64"
    assert document["mean"] == 9.0 and document["exact"]["mean"] == "9"
    assert (document["min"], document["max"]) == (2, 16)
    assert len(document["distribution"]) == 15


def test_odds_comparison_json(capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads(run(capsys, "odds", "D8 >= 4", "--json").out)
    assert document == {"expression": "d8 >= 4", "kind": "comparison", "p_true": 0.625,
                        "exact": {"p_true": "5/8"}}


def test_odds_reroll_json(capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads(run(capsys, "odds", "d8 vs d8", "--ties", "reroll", "--json").out)
    assert document["ties"] == "reroll"
    assert document["exact"]["p_win"] == "7/16" and document["exact"]["p_attacker"] == "1/2"


def test_odds_human_tables(capsys: pytest.CaptureFixture[str]) -> None:
    ran = run(capsys, "odds", "2d4")
    assert ran.code == 0
    assert "1/16" in ran.out and "0.250000" in ran.out and "mean 5" in ran.out
    contest = run(capsys, "odds", "d8+3 vs d6+2").out
    assert "11/16" in contest and "attacker wins" in contest
    assert "5/8" in run(capsys, "odds", "d8 >= 4").out


def test_roll_with_seed_is_identical_run_to_run(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "roll", "4d6kh3+1d8", "--seed", "42")
    again = run(capsys, "roll", "4d6kh3+1d8", "--seed", "42")
    assert first.code == 0 and first.out == again.out
    assert first.out.startswith("4d6kh3+1d8: [") and len(first.out.splitlines()) == 1
    json_first = run(capsys, "roll", "4d6kh3+1d8", "--seed", "42", "--json").out
    assert json_first == run(capsys, "roll", "4d6kh3+1d8", "--seed", "42", "--json").out
    document = json.loads(json_first)
    assert document["seed"] == 42 and document["kind"] == "sum"
    assert first.out.rstrip().endswith(f"= {document['total']}")


def test_roll_without_seed_reports_one_that_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    ran = run(capsys, "roll", "10d20", "--json")
    document = json.loads(ran.out)
    seed = document["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**53
    repeat = json.loads(run(capsys, "roll", "10d20", "--seed", str(seed), "--json").out)
    assert repeat == document
    human = run(capsys, "roll", "10d20").out
    assert "--seed" in human


def test_roll_contest_and_comparison_json(capsys: pytest.CaptureFixture[str]) -> None:
    contest = json.loads(run(capsys, "roll", "d8 vs d8", "--seed", "1", "--ties", "reroll",
                             "--json").out)
    assert contest["kind"] == "contest" and contest["ties"] == "reroll"
    assert contest["winner"] in ("attacker", "defender")
    assert contest["attacker"]["total"] != contest["defender"]["total"]
    assert isinstance(contest["rerolls"], list)
    comparison = json.loads(run(capsys, "roll", "d8 >= 4", "--seed", "1", "--json").out)
    assert comparison["success"] == (comparison["left"]["total"] >= 4)


@pytest.mark.parametrize(("args", "fragment"), [
    (("roll", "2d"), "dice expression '2d' : expected die size after 'd' at column 3"),
    (("roll", "2d", "--json"), "at column 3"),
    (("odds", "2d6 * 3", "--json"), "unexpected character '*' at column 5"),
    (("roll", "1001d6"), "dice count must be between 1 and 1000"),
    (("roll", "d1001"), "die size must be between 1 and 1000"),
    (("odds", "d6+" * 70 + "1"), "the limit is 200"),
    (("odds", "1000d6"), "would take too long"),
    (("roll", "d6 vs d6", "--ties", "attacker"), "unknown ties rule 'attacker'"),
    (("odds", "d6 vs d6", "--ties", "nobody", "--json"), "unknown ties rule 'nobody'"),
    (("odds", "5 vs 5", "--ties", "reroll"), "can never be decided"),
    (("roll", "5 vs 5", "--ties", "reroll"), "can never be decided"),
    (("roll", "d6", "--seed", "many"), "'--seed'"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          args: tuple[str, ...], fragment: str) -> None:
    assert_bad_input(run(capsys, *args), fragment)
