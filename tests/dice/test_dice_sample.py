"""Vectorised samples: types, support, agreement with exact odds, determinism, bounds."""

from __future__ import annotations

import math

import numpy as np
import pytest
from dice_helpers import brute_distribution, sums
from hypothesis import given, settings

from undercroft.dice import MAX_REROLLS, ContestOdds, Sum, distribution, odds, parse, sample
from undercroft.errors import BadInput


def rng(seed: int = 12345) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(seed))


def test_sums_are_integers_within_the_support() -> None:
    values = sample("4d6kh3+1", 5000, rng())
    assert values.dtype == np.int64 and values.shape == (5000,)
    support = set(distribution("4d6kh3+1"))
    assert set(values.tolist()) <= support
    assert set(values.tolist()) == support  # 5000 draws reach every total of 4..19


def test_comparisons_and_contests_are_booleans() -> None:
    assert sample("d8 >= 4", 10, rng()).dtype == np.bool_
    assert sample("d8 vs d6", 10, rng()).dtype == np.bool_
    assert sample("d8 vs d6", 10, rng(), ties="reroll").dtype == np.bool_


@settings(max_examples=40, deadline=None, derandomize=True)
@given(sums(max_terms=3, max_count=4, max_sides=20))
def test_sampled_means_agree_with_exact_means(expression: Sum) -> None:
    exact = distribution(expression)
    mean = sum(v * p for v, p in exact.items())
    variance = sum((v - mean) ** 2 * p for v, p in exact.items())
    n = 20_000
    values = sample(expression, n, rng(7))
    bound = 6 * math.sqrt(float(variance) / n) + 1e-9
    assert abs(values.mean() - float(mean)) <= bound


@pytest.mark.parametrize(("text", "ties"), [
    ("d8 >= 4", "defender"), ("3d6 >= 15", "defender"), ("d8+3 vs d6+2", "defender"),
    ("d8 vs d8", "defender"), ("d8 vs d8", "reroll"), ("d6+1 vs 2d4", "reroll"),
])
def test_sampled_frequencies_agree_with_exact_odds(text: str, ties: str) -> None:
    result = odds(text, ties=ties)
    p = float(result.p_attacker if isinstance(result, ContestOdds)
              else result.p_true)  # type: ignore[union-attr]
    n = 40_000
    hits = sample(text, n, rng(99), ties=ties).mean()
    assert abs(hits - p) <= 6 * math.sqrt(p * (1 - p) / n) + 1e-9


def test_reroll_changes_the_answer_only_for_ties() -> None:
    defender = sample("d8 vs d8", 40_000, rng(5)).mean()
    reroll = sample("d8 vs d8", 40_000, rng(5), ties="reroll").mean()
    assert abs(defender - 7 / 16) < 0.015 and abs(reroll - 0.5) < 0.015


def test_same_generator_seed_same_sample() -> None:
    first = sample("3d6+d8-2 vs 2d10", 1000, rng(3), ties="reroll")
    again = sample("3d6+d8-2 vs 2d10", 1000, rng(3), ties="reroll")
    assert np.array_equal(first, again)
    other = sample("3d6+d8-2 vs 2d10", 1000, rng(4), ties="reroll")
    assert not np.array_equal(first, other)


def test_many_dice_are_drawn_in_chunks_with_the_right_totals() -> None:
    values = sample("1000d1", 5000, rng())
    assert values.shape == (5000,) and (values == 1000).all()
    big = sample("1000d6", 3000, rng())
    assert abs(big.mean() - 3500) < 6 * math.sqrt(1000 * 35 / 12 / 3000)
    kept = sample("600d6kl2", 3000, rng())
    assert kept.min() >= 2 and kept.max() <= 4  # two lowest of 600 d6s are almost surely 1s


def test_small_pools_match_brute_force_support() -> None:
    expression = parse("3d4dl1-d4")
    assert isinstance(expression, Sum)
    support = set(brute_distribution(expression))
    assert set(sample(expression, 4000, rng()).tolist()) == support


def test_empty_and_bad_sizes() -> None:
    assert sample("d6", 0, rng()).shape == (0,)
    for bad in (-1, 10_000_001, 2.5, True):
        with pytest.raises(BadInput, match="sample size must be a whole number"):
            sample("d6", bad, rng())  # type: ignore[arg-type]


def test_undecidable_and_nearly_undecidable_contests() -> None:
    with pytest.raises(BadInput, match="can never be decided"):
        sample("5 vs 5", 10, rng(), ties="reroll")
    assert not sample("5 vs 5", 10, rng()).any()
    with pytest.raises(BadInput, match=f"still tied after {MAX_REROLLS} rerolls"):
        sample("300d2kh1 vs 2", 5, rng(), ties="reroll")
