"""Dice steps: the d4..d12+N ladder used by Amulet levels and Coin-Op upgrades."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from undercroft.dice import DieStep, DistributionOdds, odds, parse
from undercroft.errors import BadInput

LADDER = ["d4", "d6", "d8", "d10", "d12", "d12+1", "d12+2", "d12+3"]


def test_up_walks_the_ladder() -> None:
    step = DieStep(4)
    seen = []
    for _ in LADDER:
        seen.append(str(step))
        step = step.up()
    assert seen == LADDER


def test_down_walks_back_and_stops_at_d4() -> None:
    step = DieStep.parse("d12+2")
    assert [str(step.down(n)) for n in range(7)] == list(reversed(LADDER[:7]))
    with pytest.raises(BadInput, match="cannot step d4 down 1: d4 is the smallest die step"):
        DieStep(4).down()
    with pytest.raises(BadInput, match="cannot step d8 down 3"):
        DieStep(8).down(3)


def test_several_steps_at_once() -> None:
    assert DieStep(6).up(3) == DieStep(12)
    assert DieStep(6).up(5) == DieStep(12, 2)
    assert DieStep(12, 2).down(2) == DieStep(12)
    assert DieStep(8).up(0) == DieStep(8)
    assert DieStep(8).up(-1) == DieStep(6)


def test_parse_and_text() -> None:
    assert DieStep.parse("d12+1") == DieStep(12, 1)
    assert DieStep.parse(" D12 + 1 ") == DieStep(12, 1)
    assert DieStep.parse("1d8") == DieStep(8)
    assert str(DieStep(12, 1)) == "d12+1" and str(DieStep(10)) == "d10"
    for bad in ("d7", "d8+1", "d20", "2d6", "d12-1", "d12+", "", "twelve"):
        with pytest.raises(BadInput, match="die step"):
            DieStep.parse(bad)


def test_ordering_follows_the_ladder() -> None:
    steps = [DieStep.parse(text) for text in LADDER]
    assert sorted(reversed(steps)) == steps
    assert DieStep(10) < DieStep(12) < DieStep(12, 1)
    assert DieStep(12, 1) > DieStep(4) and DieStep(6) >= DieStep(6)
    assert max(steps) == DieStep(12, 3)


def test_expression_is_dice_notation_for_the_dice_core() -> None:
    assert DieStep(12, 1).expression == "d12+1"
    result = odds(parse(DieStep(12, 1).expression))
    assert isinstance(result, DistributionOdds)
    assert (result.minimum, result.maximum) == (2, 13)


@given(st.integers(0, 60), st.integers(0, 20))
def test_up_then_down_returns(rank: int, n: int) -> None:
    step = DieStep.from_rank(rank)
    assert step.rank == rank
    assert step.up(n).down(n) == step
    assert DieStep.parse(str(step)) == step
    assert step.up(n) >= step


def test_steps_are_frozen_and_validated() -> None:
    with pytest.raises(AttributeError):
        DieStep(6).sides = 8  # type: ignore[misc]
    with pytest.raises(BadInput):
        DieStep(8, 1)
    with pytest.raises(BadInput):
        DieStep(5)
