"""Exact odds of a dice expression, through icepool.

Designers compare rule changes that move odds by a percent or two, so the
numbers here are exact fractions (icepool counts outcomes with integers), and
decimals are derived from them only for display and JSON. Work is estimated
first (:mod:`undercroft.dice.cost`) so that a big expression is refused with a
sentence instead of hanging.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool

from undercroft.dice import cost
from undercroft.dice.limits import MAX_SIDES, Ties, parse_ties
from undercroft.dice.nodes import (
    Comparison,
    Contest,
    Dice,
    Expression,
    Sum,
    never_decided_error,
)
from undercroft.dice.parser import as_expression
from undercroft.errors import BadInput

_TESTS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt,
    "==": operator.eq, "!=": operator.ne}


def _added(die: Any, count: int) -> Any:
    """``count`` copies of ``die`` added by binary splitting.

    icepool's own ``count @ die`` adds one die at a time, recursively, which
    overflows the stack near 1000 dice.
    """
    result: Any = None
    base = die
    while count:
        if count & 1:
            result = base if result is None else result + base
        count >>= 1
        if count:
            base = base + base
    return result


@contextmanager
def _room_to_recurse() -> Iterator[None]:
    """Let icepool recurse once per face of a d1000.

    icepool evaluates a keep/drop pool with one nested call per face, so a pool
    of d1000s needs about 1,100 frames, past Python's default limit of 1,000.
    The limit is raised for the computation and put back afterwards (unless
    someone else changed it meanwhile).
    """
    before = sys.getrecursionlimit()
    raised = max(before, 1000 + 2 * MAX_SIDES)
    sys.setrecursionlimit(raised)
    try:
        yield
    finally:
        if sys.getrecursionlimit() == raised:
            sys.setrecursionlimit(before)


def _dice_die(dice: Dice) -> Any:
    die = icepool.Die(range(1, dice.sides + 1))
    if dice.keep is None or dice.kept == dice.count:
        return _added(die, dice.count)
    pool = die.pool(dice.count)
    with _room_to_recurse():
        return (pool.highest(dice.kept) if dice.keep.highest else pool.lowest(dice.kept)).sum()


def _sum_die(total: Sum) -> Any:
    result: Any = None
    offset = 0
    for term in total.terms:
        if isinstance(term.item, Dice):
            die = _dice_die(term.item)
            if result is None:
                result = -die if term.negative else die
            else:
                result = result - die if term.negative else result + die
        else:
            offset += -term.item.value if term.negative else term.item.value
    return icepool.Die([offset]) if result is None else result + offset


def _check_cost(expression: Expression) -> None:
    work = cost.estimate(expression)
    if work > cost.BUDGET:
        raise BadInput(f"exact odds of {str(expression)!r} would take too long (estimated "
                       f"{work:,} units of work, the limit is {cost.BUDGET:,}); "
                       "use fewer dice, fewer sides or sampling")


def to_die(expression: Sum | str) -> Any:
    """The icepool ``Die`` of a sum (for callers who want icepool's own tools)."""
    expr = as_expression(expression)
    if not isinstance(expr, Sum):
        raise BadInput(f"{str(expr)!r} is a comparison or contest, not a sum of dice")
    _check_cost(expr)
    return _sum_die(expr)


def distribution(expression: Sum | str) -> dict[int, Fraction]:
    """Value -> exact probability for a sum, in increasing order of value."""
    die = to_die(expression)
    denominator = int(die.denominator())
    return {int(value): Fraction(int(count), denominator)
            for value, count in sorted(die.items()) if count}


def _chance(die: Any, test: Callable[[int, int], bool]) -> Fraction:
    """P(test(value, 0)) for the outcomes of ``die``."""
    hits = sum(int(count) for value, count in die.items() if test(int(value), 0))
    return Fraction(hits, int(die.denominator()))


@dataclass(frozen=True)
class DistributionOdds:
    """Every total a sum can make, with its exact probability."""

    expression: Sum
    distribution: dict[int, Fraction]

    @property
    def mean(self) -> Fraction:
        """The exact average total."""
        return sum((v * p for v, p in self.distribution.items()), Fraction(0))

    @property
    def minimum(self) -> int:
        """The lowest possible total."""
        return min(self.distribution)

    @property
    def maximum(self) -> int:
        """The highest possible total."""
        return max(self.distribution)

    def to_dict(self) -> dict[str, Any]:
        """Decimals for reading, and the same numbers as exact fractions under ``exact``."""
        return {"expression": str(self.expression), "kind": "distribution",
                "distribution": {str(v): float(p) for v, p in self.distribution.items()},
                "mean": float(self.mean), "min": self.minimum, "max": self.maximum,
                "exact": {"distribution": {str(v): str(p)
                                           for v, p in self.distribution.items()},
                          "mean": str(self.mean)}}


@dataclass(frozen=True)
class ComparisonOdds:
    """The chance that a comparison holds."""

    expression: Comparison
    p_true: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {"expression": str(self.expression), "kind": "comparison",
                "p_true": float(self.p_true), "exact": {"p_true": str(self.p_true)}}


_CONTEST_KEYS = ("p_win", "p_tie", "p_lose", "p_attacker")


@dataclass(frozen=True)
class ContestOdds:
    """A contest from the attacker's side: win, tie, lose, and winning after ties."""

    expression: Contest
    ties: Ties
    p_win: Fraction
    p_tie: Fraction
    p_lose: Fraction

    @property
    def p_attacker(self) -> Fraction:
        """The chance the attacker wins once the tie rule has been applied."""
        if self.ties == "defender":
            return self.p_win
        decided = self.p_win + self.p_lose
        if decided == 0:
            raise never_decided_error(self.expression)
        return self.p_win / decided

    def to_dict(self) -> dict[str, Any]:
        values = {key: getattr(self, key) for key in _CONTEST_KEYS}
        return {"expression": str(self.expression), "kind": "contest", "ties": self.ties,
                **{key: float(value) for key, value in values.items()},
                "exact": {key: str(value) for key, value in values.items()}}


Odds = DistributionOdds | ComparisonOdds | ContestOdds


def odds(expression: Expression | str, ties: Ties | str = "defender") -> Odds:
    """The exact odds of ``expression`` (refused with BadInput when too costly)."""
    expr = as_expression(expression)
    rule = parse_ties(ties)
    _check_cost(expr)
    if isinstance(expr, Sum):
        return DistributionOdds(expr, distribution(expr))
    if isinstance(expr, Comparison):
        difference = _sum_die(expr.left) - _sum_die(expr.right)
        return ComparisonOdds(expr, _chance(difference, _TESTS[expr.op]))
    difference = _sum_die(expr.attacker) - _sum_die(expr.defender)
    p_win, p_lose = _chance(difference, operator.gt), _chance(difference, operator.lt)
    if rule == "reroll" and p_win + p_lose == 0:
        raise never_decided_error(expr)
    return ContestOdds(expr, rule, p_win, _chance(difference, operator.eq), p_lose)
