"""Card Crawl's core roll (seed 004, Core System): dice + bonus against a difficulty, ties to
the defender, the margin as damage; exact odds from icepool against rolled checks."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.sim.stats import wilson_interval
from undercroft.systems.cardcrawl.play.checks import (
    ATTACK_DIFFICULTY,
    Check,
    environment_difficulty,
    margin_odds,
    opponent_difficulty,
    roll_check,
    success_chance,
)


def test_difficulties_are_the_seeds() -> None:
    assert opponent_difficulty(3) == 9
    assert environment_difficulty(6) == 6 and environment_difficulty(18) == 18
    with pytest.raises(BadInput, match="expected 6 to 18"):
        environment_difficulty(19)
    assert ATTACK_DIFFICULTY == 9


def test_a_tie_goes_to_the_defender_and_the_margin_is_the_damage() -> None:
    """Seed 004: "roll of 11 vs. difficulty of 9 must discard 2 points of cards"."""
    assert Check("cautious", (5, 6), 0, 9).margin == 2
    tie = Check("aggressive", (9,), 0, 9)
    assert not tie.success and tie.margin == 0
    assert Check("aggressive", (7,), 3, 9).success


def _brute(stance: str, bonus: int, difficulty: int) -> Fraction:
    faces = list(itertools.product(range(1, 7), repeat=2)) if stance == "cautious" \
        else [(d,) for d in range(1, 13)]
    wins = sum(1 for dice in faces if sum(dice) + bonus > difficulty)
    return Fraction(wins, len(faces))


@given(st.sampled_from(["cautious", "aggressive"]), st.integers(-2, 10), st.integers(2, 20))
def test_exact_chance_matches_counting_every_face(stance: str, bonus: int,
                                                  difficulty: int) -> None:
    assert success_chance(stance, bonus, difficulty) == _brute(stance, bonus, difficulty)
    odds = margin_odds(stance, bonus, difficulty)
    assert sum(odds.values()) == 1
    assert 1 - odds.get(0, Fraction(0)) == success_chance(stance, bonus, difficulty)


def test_cautious_trades_high_rolls_for_a_higher_average_and_minimum() -> None:
    """Seed 004: 2d6 averages 7 (minimum 2), 1d12 averages 6.5 (minimum 1) but reaches 12
    as often as anything: aggressive wins more against a hard difficulty."""
    assert success_chance("cautious", 0, 5) > success_chance("aggressive", 0, 5)
    assert success_chance("aggressive", 0, 10) > success_chance("cautious", 0, 10)


@pytest.mark.parametrize("stance", ["cautious", "aggressive"])
def test_rolled_checks_agree_with_the_exact_odds(stance: str) -> None:
    stream = Stream(7, "checks")
    rolls = 20_000
    wins = sum(roll_check(stream, stance, 2, ATTACK_DIFFICULTY).success for _ in range(rolls))
    lo, hi = wilson_interval(wins, rolls, 0.999)
    assert lo <= float(success_chance(stance, 2, ATTACK_DIFFICULTY)) <= hi


def test_an_unknown_stance_is_refused() -> None:
    with pytest.raises(BadInput, match="expected cautious or aggressive"):
        roll_check(Stream(1), "reckless", 0, 9)
