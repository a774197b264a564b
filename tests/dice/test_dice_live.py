"""Live rolls: dice from the stream, explanations, result dictionaries, determinism."""

from __future__ import annotations

import json
import operator

import pytest
from dice_helpers import ScriptedStream, brute_distribution, expressions
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from undercroft.dice import (
    MAX_REROLLS,
    Comparison,
    ComparisonRoll,
    Contest,
    ContestRoll,
    Sum,
    SumRoll,
    roll,
)
from undercroft.errors import BadInput
from undercroft.rng import Stream

TESTS = {">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt,
         "==": operator.eq, "!=": operator.ne}


@pytest.mark.parametrize(("text", "faces", "explanation"), [
    ("2d8", (3, 6), "2d8: [3, 6] = 9"),
    ("4d6kh3", (6, 2, 5, 3), "4d6kh3: [6, ~2~, 5, 3] = 14"),
    ("4d6dl1", (6, 2, 5, 3), "4d6dl1: [6, ~2~, 5, 3] = 14"),
    ("2d8kl1", (3, 6), "2d8kl1: [3, ~6~] = 3"),
    ("4d6dh1", (6, 2, 5, 3), "4d6dh1: [~6~, 2, 5, 3] = 10"),
    ("3d6kh2", (4, 4, 4), "3d6kh2: [4, 4, ~4~] = 8"),
    ("1d8+1d6+2", (5, 3), "1d8+1d6+2: [5] + [3] + 2 = 10"),
    ("d8-d8", (2, 7), "d8-d8: [2] - [7] = -5"),
    ("-d6+10", (4,), "-d6+10: -[4] + 10 = 6"),
    ("d%", (42,), "d%: [42] = 42"),
    ("7", (), "7: 7"),
    ("d8 >= 4", (5,), "d8 >= 4: [5] = 5 >= 4: yes"),
    ("3d6 >= 15", (2, 6, 5), "3d6 >= 15: [2, 6, 5] = 13 >= 15: no"),
    ("d8 > d6", (3, 3), "d8 > d6: [3] = 3 > [3] = 3: no"),
    ("d8+3 vs d6+2", (5, 4), "d8+3 vs d6+2: [5] + 3 = 8 vs [4] + 2 = 6: attacker wins"),
    ("d8 vs d6", (2, 5), "d8 vs d6: [2] = 2 vs [5] = 5: defender wins"),
    ("d8 vs d6", (4, 4), "d8 vs d6: [4] = 4 vs [4] = 4: tie, defender wins"),
])
def test_explanations(text: str, faces: tuple[int, ...], explanation: str) -> None:
    result = roll(text, ScriptedStream(*faces))
    assert result.explain() == explanation
    assert str(result) == explanation


def test_ties_reroll_shows_every_round() -> None:
    stream = ScriptedStream(4, 4, 2, 2, 6, 1)
    result = roll("d8 vs d6", stream, ties="reroll")
    assert result.explain() == ("d8 vs d6: [4] = 4 vs [4] = 4: tie, reroll; "
                                "[2] = 2 vs [2] = 2: tie, reroll; "
                                "[6] = 6 vs [1] = 1: attacker wins")
    assert isinstance(result, ContestRoll)
    assert result.winner == "attacker" and result.value is True
    document = result.to_dict()
    assert [r["attacker"]["total"] for r in document["rerolls"]] == [4, 2]
    assert document["attacker"]["total"] == 6 and document["defender"]["total"] == 1


def test_dice_are_drawn_left_to_right_attacker_first() -> None:
    stream = ScriptedStream(1, 2, 3, 4, 5, 6)
    roll("2d4+d6 vs d8+2d10", stream)
    assert stream.asked == [(2, 4), (1, 6), (1, 8), (2, 10)]


def test_sum_to_dict() -> None:
    result = roll("4d6kh3-2", ScriptedStream(6, 2, 5, 3))
    assert isinstance(result, SumRoll)
    assert result.to_dict() == {
        "expression": "4d6kh3-2", "kind": "sum", "total": 12,
        "terms": [
            {"term": "4d6kh3", "sign": 1, "dice": [6, 2, 5, 3], "kept": [6, 5, 3], "value": 14},
            {"term": "2", "sign": -1, "dice": [], "kept": [], "value": -2},
        ],
    }
    assert result.value == result.total == 12


def test_comparison_to_dict() -> None:
    result = roll("d8 >= 4", ScriptedStream(3))
    assert isinstance(result, ComparisonRoll)
    document = result.to_dict()
    assert document["kind"] == "comparison" and document["op"] == ">="
    assert document["success"] is False and result.value is False
    assert document["left"]["terms"][0]["dice"] == [3]
    assert document["right"]["total"] == 4


def test_contest_to_dict_with_ties_to_the_defender() -> None:
    document = roll("d8 vs d8", ScriptedStream(5, 5)).to_dict()
    assert document["kind"] == "contest" and document["ties"] == "defender"
    assert document["winner"] == "defender" and document["rerolls"] == []
    json.dumps(document)  # plain JSON types only


@settings(max_examples=150, deadline=None)
@given(expressions(max_count=3, max_sides=12), st.integers(0, 2**32))
def test_live_rolls_fall_within_the_exact_distribution(
        expression: Sum | Comparison | Contest, seed: int) -> None:
    result = roll(expression, Stream(seed, "roll"), ties="defender")
    if isinstance(expression, Sum):
        assert isinstance(result, SumRoll)
        exact = brute_distribution(expression)
        assert min(exact) <= result.value <= max(exact) and result.value in exact
    elif isinstance(expression, Comparison):
        assert isinstance(result, ComparisonRoll)
        assert result.left.value in brute_distribution(expression.left)
        assert result.right.value in brute_distribution(expression.right)
        assert result.success == TESTS[expression.op](result.left.value, result.right.value)
    else:
        assert isinstance(result, ContestRoll) and len(result.rounds) == 1
        final = result.rounds[0]
        assert final.attacker.value in brute_distribution(expression.attacker)
        assert result.value == (final.attacker.value > final.defender.value)


@settings(max_examples=100, deadline=None)
@given(expressions(max_count=4, max_sides=20), st.integers(0, 2**63),
       st.sampled_from(["defender", "reroll"]))
def test_same_seed_same_roll(expression: Sum | Comparison | Contest, seed: int,
                             ties: str) -> None:
    assume(not (isinstance(expression, Contest) and expression.never_decided))
    first = roll(expression, Stream(seed, "roll"), ties=ties)
    again = roll(expression, Stream(seed, "roll"), ties=ties)
    assert again.to_dict() == first.to_dict()
    assert again.explain() == first.explain()


def test_different_seeds_give_different_rolls() -> None:
    rolls = {tuple(roll("10d20", Stream(seed, "roll")).to_dict()["terms"][0]["dice"])
             for seed in range(20)}
    assert len(rolls) == 20


def test_rolls_come_from_the_stream_not_elsewhere() -> None:
    stream = Stream(7, "roll")
    expected = Stream(7, "roll").dice(4, 6)
    result = roll("4d6", stream)
    assert result.to_dict()["terms"][0]["dice"] == expected


def test_a_contest_that_can_never_be_decided_is_refused_when_rerolling() -> None:
    assert roll("5 vs 5", Stream(1)).to_dict()["winner"] == "defender"
    with pytest.raises(BadInput, match="contest '5 vs 5' can never be decided"):
        roll("5 vs 5", Stream(1), ties="reroll")
    with pytest.raises(BadInput, match="can never be decided"):
        roll("2d1 vs 1+1", Stream(1), ties="reroll")


def test_rerolls_are_bounded() -> None:
    # the attacker ties 2 unless all 300 dice show 1: practically never decided
    with pytest.raises(BadInput, match=f"still tied after {MAX_REROLLS} rerolls"):
        roll("300d2kh1 vs 2", Stream(3), ties="reroll")


def test_unknown_ties_rule_is_bad_input() -> None:
    with pytest.raises(BadInput, match="unknown ties rule 'attacker'"):
        roll("d6 vs d6", Stream(1), ties="attacker")
