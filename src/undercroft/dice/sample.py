"""Vectorised samples of a dice expression, for bulk simulation.

The simulator plays thousands of games, so it draws one numpy array per term
instead of one die at a time. Rows are drawn in chunks so that 1000 dice by
millions of rows never needs gigabytes at once; the chunking depends only on
the expression and the row count, so a seeded generator gives the same array
every time.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from undercroft.dice.limits import MAX_REROLLS, MAX_SAMPLES, Ties, parse_ties
from undercroft.dice.nodes import Comparison, Dice, Expression, Sum, never_decided_error
from undercroft.dice.parser import as_expression
from undercroft.errors import BadInput

_CELLS = 1 << 21
"""Most dice drawn in one chunk (16 MiB of int64)."""

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def _dice_totals(dice: Dice, n: int, generator: np.random.Generator) -> IntArray:
    totals = np.empty(n, dtype=np.int64)
    rows = max(1, _CELLS // dice.count)
    for start in range(0, n, rows):
        stop = min(n, start + rows)
        rolls = generator.integers(1, dice.sides, size=(stop - start, dice.count),
                                   endpoint=True, dtype=np.int64)
        if dice.keep is not None and dice.kept < dice.count:
            rolls.sort(axis=1)
            rolls = rolls[:, -dice.kept:] if dice.keep.highest else rolls[:, : dice.kept]
        totals[start:stop] = rolls.sum(axis=1)
    return totals


def _sum_totals(total: Sum, n: int, generator: np.random.Generator) -> IntArray:
    result = np.zeros(n, dtype=np.int64)
    for term in total.terms:
        part = (_dice_totals(term.item, n, generator) if isinstance(term.item, Dice)
                else np.int64(term.item.value))
        if term.negative:
            result -= part
        else:
            result += part
    return result


_TESTS = {">=": np.greater_equal, "<=": np.less_equal, ">": np.greater, "<": np.less,
          "==": np.equal, "!=": np.not_equal}


def sample(expression: Expression | str, n: int, generator: np.random.Generator,
           ties: Ties | str = "defender") -> IntArray | BoolArray:
    """``n`` independent outcomes of ``expression``.

    Sums give int64 totals, comparisons whether they held, contests whether the
    attacker won after the tie rule. With ``ties="reroll"`` only the tied rows
    are drawn again, at most :data:`MAX_REROLLS` times.
    """
    expr = as_expression(expression)
    rule = parse_ties(ties)
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_SAMPLES:
        raise BadInput(f"sample size must be a whole number from 0 to {MAX_SAMPLES}, got {n!r}")
    if isinstance(expr, Sum):
        return _sum_totals(expr, n, generator)
    if isinstance(expr, Comparison):
        left = _sum_totals(expr.left, n, generator)
        right = _sum_totals(expr.right, n, generator)
        held: BoolArray = _TESTS[expr.op](left, right)
        return held
    if rule == "reroll" and expr.never_decided:
        raise never_decided_error(expr)
    attacker = _sum_totals(expr.attacker, n, generator)
    defender = _sum_totals(expr.defender, n, generator)
    wins: BoolArray = attacker > defender
    if rule == "reroll":
        tied = np.flatnonzero(attacker == defender)
        for _ in range(MAX_REROLLS):
            if not tied.size:
                break
            attacker = _sum_totals(expr.attacker, tied.size, generator)
            defender = _sum_totals(expr.defender, tied.size, generator)
            wins[tied] = attacker > defender
            tied = tied[attacker == defender]
        if tied.size:
            raise BadInput(f"contest {str(expr)!r} was still tied after {MAX_REROLLS} "
                           "rerolls; ties are too likely to reroll")
    return wins
