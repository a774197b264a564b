"""Exact odds: icepool checked against numpy convolution and brute-force enumeration."""

from __future__ import annotations

import sys
from fractions import Fraction

import numpy as np
import pytest
from dice_helpers import brute_distribution, expressions, pairs, sums
from hypothesis import given, settings

from undercroft.dice import (
    Comparison,
    ComparisonOdds,
    Contest,
    ContestOdds,
    DieStep,
    DistributionOdds,
    Sum,
    distribution,
    odds,
    parse,
    to_die,
)
from undercroft.dice import cost as dice_cost
from undercroft.errors import BadInput

TESTS = {">=": Fraction.__ge__, "<=": Fraction.__le__, ">": Fraction.__gt__,
         "<": Fraction.__lt__, "==": Fraction.__eq__, "!=": Fraction.__ne__}


@pytest.mark.parametrize("count", [1, 2, 3, 5, 8])
@pytest.mark.parametrize("sides", [2, 4, 6, 8, 10, 12, 20])
def test_sums_of_dice_match_numpy_convolution(count: int, sides: int) -> None:
    ways = np.array([1], dtype=np.int64)
    for _ in range(count):
        ways = np.convolve(ways, np.ones(sides, dtype=np.int64))
    exact = distribution(f"{count}d{sides}")
    assert list(exact) == list(range(count, count * sides + 1))
    total = sides ** count
    assert [p * total for p in exact.values()] == [int(w) for w in ways]


def test_mixed_sum_matches_numpy_convolution() -> None:
    d8, d6 = np.ones(8, dtype=np.int64), np.ones(6, dtype=np.int64)
    ways = np.convolve(np.convolve(d8, d8), d6)  # 2d8 + d6, lowest total 3
    exact = distribution("2d8+d6-3")
    assert list(exact) == list(range(0, 22 - 3 + 1))
    assert [p * 384 for p in exact.values()] == [int(w) for w in ways]


KEEPS = [f"{n}d{s}{kind}{k}" for n, s in [(1, 6), (2, 8), (3, 6), (4, 6), (4, 4), (5, 3)]
         for kind in ("kh", "kl", "dh", "dl")
         for k in (range(1, n + 1) if kind in ("kh", "kl") else range(n))]


@pytest.mark.parametrize("text", KEEPS)
def test_keep_and_drop_match_brute_force(text: str) -> None:
    expression = parse(text)
    assert isinstance(expression, Sum)
    assert distribution(expression) == brute_distribution(expression)


def test_4d6_drop_lowest_is_the_known_table() -> None:
    exact = distribution("4d6dl1")
    counts = {v: p * 1296 for v, p in exact.items()}
    assert counts[3] == 1 and counts[18] == 21 and counts[13] == 172
    assert odds("4d6kh3").mean == Fraction(15869, 1296)  # type: ignore[union-attr]


@settings(max_examples=120, deadline=None)
@given(expressions(max_terms=3, max_count=2, max_sides=6))
def test_odds_match_brute_force(expression: Sum | Comparison | Contest) -> None:
    if isinstance(expression, Sum):
        result = odds(expression)
        assert isinstance(result, DistributionOdds)
        exact = brute_distribution(expression)
        assert result.distribution == exact
        assert result.minimum == min(exact) and result.maximum == max(exact)
        assert result.mean == sum(v * p for v, p in exact.items())
    elif isinstance(expression, Comparison):
        result_c = odds(expression)
        assert isinstance(result_c, ComparisonOdds)
        test = TESTS[expression.op]
        assert result_c.p_true == sum(p for a, b, p in pairs(expression.left, expression.right)
                                      if test(Fraction(a), Fraction(b)))
    else:
        result_k = odds(expression)
        assert isinstance(result_k, ContestOdds)
        both = list(pairs(expression.attacker, expression.defender))
        assert result_k.p_win == sum(p for a, b, p in both if a > b)
        assert result_k.p_tie == sum(p for a, b, p in both if a == b)
        assert result_k.p_lose == sum(p for a, b, p in both if a < b)
        assert result_k.p_attacker == result_k.p_win


@settings(max_examples=100, deadline=None)
@given(sums(max_terms=4, max_count=4, max_sides=20))
def test_distributions_sum_to_exactly_one(expression: Sum) -> None:
    exact = distribution(expression)
    assert sum(exact.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in exact.values())


def test_contest_d8_plus_3_against_d6_plus_2() -> None:
    result = odds("d8+3 vs d6+2")
    assert isinstance(result, ContestOdds)
    assert result.p_win == Fraction(11, 16)
    assert result.p_win + result.p_tie + result.p_lose == 1
    assert result.to_dict()["exact"]["p_win"] == "11/16"
    assert result.to_dict()["p_win"] == 0.6875


def test_ties_reroll_divides_out_the_ties() -> None:
    defender = odds("d8 vs d8")
    reroll = odds("d8 vs d8", ties="reroll")
    assert isinstance(defender, ContestOdds) and isinstance(reroll, ContestOdds)
    assert defender.p_attacker == Fraction(7, 16)
    assert reroll.p_attacker == Fraction(1, 2)
    uneven = odds("d8+1 vs d6", ties="reroll")
    assert isinstance(uneven, ContestOdds)
    assert uneven.p_attacker == uneven.p_win / (uneven.p_win + uneven.p_lose)
    assert uneven.p_attacker > uneven.p_win


def test_an_undecidable_contest_is_refused_only_when_rerolling() -> None:
    result = odds("5 vs 5")
    assert isinstance(result, ContestOdds) and result.p_tie == 1 and result.p_attacker == 0
    with pytest.raises(BadInput, match="contest '5 vs 5' can never be decided"):
        odds("5 vs 5", ties="reroll")
    with pytest.raises(BadInput, match="can never be decided"):
        odds("3d1 vs 1+2", ties="reroll")


@pytest.mark.parametrize(("die", "chance"), [
    ("d4", Fraction(1, 4)), ("d6", Fraction(1, 2)), ("d8", Fraction(5, 8)),
    ("d10", Fraction(7, 10)), ("d12", Fraction(3, 4)),
])
def test_dungeon_squad_single_dice_against_difficulty_4(die: str, chance: Fraction) -> None:
    result = odds(f"{DieStep.parse(die).expression} >= 4")
    assert isinstance(result, ComparisonOdds)
    assert result.p_true == chance


def test_comparison_with_dice_on_both_sides() -> None:
    result = odds("d6 >= d6")
    assert isinstance(result, ComparisonOdds) and result.p_true == Fraction(21, 36)
    assert odds("3d6 >= 15").to_dict()["exact"]["p_true"] == "5/54"


def test_distribution_to_dict_shape() -> None:
    document = odds("2d8").to_dict()
    assert document["kind"] == "distribution" and document["expression"] == "2d8"
    assert document["distribution"]["2"] == 0.015625
    assert document["exact"]["distribution"]["2"] == "1/64"
    assert document["exact"]["mean"] == "9" and document["mean"] == 9.0
    assert (document["min"], document["max"]) == (2, 16)


def test_to_die_gives_an_icepool_die() -> None:
    die = to_die("2d6+1")
    assert die.denominator() == 36 and die.quantity(8) == 6
    with pytest.raises(BadInput, match="not a sum of dice"):
        to_die("d6 >= 3")


@pytest.mark.parametrize("text", ["1000d6", "10d1000", "30d100kh15", "100d20kh50",
                                  "2d1000 vs 2d1000"])
def test_too_costly_expressions_are_refused_before_any_work(text: str) -> None:
    expression = parse(text)
    assert dice_cost.estimate(expression) > dice_cost.BUDGET
    with pytest.raises(BadInput, match="would take too long"):
        odds(expression)


@pytest.mark.parametrize("text", ["1000d1", "500d2", "2d1000kh1", "d1000+d1000 vs d1000",
                                  "20d20kh19", "200d6"])
def test_big_but_cheap_expressions_are_computed(text: str) -> None:
    expression = parse(text)
    assert dice_cost.estimate(expression) <= dice_cost.BUDGET
    result = odds(expression)
    exact = result.distribution if isinstance(result, DistributionOdds) else None
    assert exact is None or sum(exact.values()) == 1


def test_a_pool_of_d1000s_does_not_overflow_the_stack_and_limit_is_restored() -> None:
    before = sys.getrecursionlimit()
    assert distribution("2d1000kh1")[1000] == Fraction(1999, 1000 ** 2)
    assert sys.getrecursionlimit() == before


def test_cost_model_counts_binary_splitting() -> None:
    assert dice_cost.sum_cost(1, 6) == 0
    assert dice_cost.sum_cost(2, 6) == 36
    assert dice_cost.sum_cost(3, 6) == 36 + 11 * 6
    assert dice_cost.outcomes(3, 6) == 16
    # the estimate must grow with the work, not stay flat
    costs = [dice_cost.estimate(parse(f"{n}d6")) for n in (2, 4, 8, 16)]
    assert costs == sorted(costs) and len(set(costs)) == 4
