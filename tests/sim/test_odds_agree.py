"""`undercroft odds` and the simulator agree: the exact odds of a d20 contest lie inside the
interval of the same contest rolled many times by the dice a game of Amulet rolls with."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helpers import run
from undercroft.dice import odds, parse
from undercroft.dice.limits import parse_ties
from undercroft.rng import Stream
from undercroft.sim.stats import wilson_interval
from undercroft.systems.amulet.room.fight_dice import FightDice

ROLLS = 20_000
CONFIDENCE = 0.999


def exact_odds(capsys: pytest.CaptureFixture[str], bonus: int, against: int,
               ties: str) -> Fraction:
    result = run(capsys, "odds", f"d20+{bonus} vs d20+{against}", "--ties", ties, "--json")
    assert result.code == 0, result.err
    return Fraction(json.loads(result.out)["exact"]["p_attacker"])


def simulated_wins(bonus: int, against: int, ties: str, seed: int) -> int:
    dice = FightDice(Stream(seed, "odds check"), ties=ties)
    wins = 0
    for _ in range(ROLLS):
        wins += dice.contest("check", bonus, against).won
        dice.take()
    return wins


@settings(max_examples=8, deadline=None, derandomize=True)
@given(st.integers(0, 8), st.integers(0, 8), st.sampled_from(["defender", "reroll"]))
def test_exact_contest_odds_lie_in_the_simulated_interval(bonus: int, against: int,
                                                           ties: str) -> None:
    exact = _odds(bonus, against, ties)
    wins = simulated_wins(bonus, against, ties, seed=bonus * 100 + against)
    lo, hi = wilson_interval(wins, ROLLS, CONFIDENCE)
    assert lo <= float(exact) <= hi


def _odds(bonus: int, against: int, ties: str) -> Fraction:
    """The exact odds the command prints (read from the library: hypothesis runs many
    examples, the command's own agreement is checked once below)."""
    return Fraction(odds(parse(f"d20+{bonus} vs d20+{against}"), parse_ties(ties)).p_attacker)


def test_the_odds_command_says_what_the_library_says(capsys: pytest.CaptureFixture[str]) -> None:
    assert exact_odds(capsys, 3, 1, "defender") == _odds(3, 1, "defender")
    assert exact_odds(capsys, 0, 0, "defender") == Fraction(19, 40)


def test_the_check_catches_dice_that_disagree() -> None:
    """A contest rolled with the wrong tie rule falls outside the interval."""
    exact = _odds(0, 0, "reroll")
    wins = simulated_wins(0, 0, "defender", seed=1)
    lo, hi = wilson_interval(wins, ROLLS, CONFIDENCE)
    assert not lo <= float(exact) <= hi
