"""How long icepool would take to compute an expression exactly, estimated up front.

icepool is exact but pure Python: adding two dice walks every pair of outcomes
with big-integer counts, and a keep/drop pool walks every face for every
partial total it may have kept. Inside the dice limits an exact answer can take
minutes (``10d1000`` or ``30d100kh15``), so :mod:`undercroft.dice.exact`
refuses, with a sentence, whatever this model puts past :data:`BUDGET`.

The unit is one pair of outcomes combined while adding two dice (about 0.3 µs
on a laptop). The keep/drop model ``(n * k**2 * s**2 + 30_000 * s) / 10`` was fit
to timings of icepool 2.1.3 (n dice of s sides, k kept): it tracks them within
a factor of about two, and :data:`BUDGET` is set so that what passes takes
about two seconds at worst.
"""

from __future__ import annotations

from undercroft.dice.nodes import Comparison, Dice, Expression, Sum

BUDGET = 5_000_000
"""Most work units an exact computation may be estimated to need."""


def outcomes(count: int, sides: int) -> int:
    """How many totals ``count`` dice of ``sides`` faces can make."""
    return count * (sides - 1) + 1


def sum_cost(count: int, sides: int) -> int:
    """Work to add ``count`` dice by binary splitting (as :mod:`exact` does)."""
    cost = 0
    result = 0
    base = sides
    remaining = count
    while remaining:
        if remaining & 1:
            cost += result * base
            result = base if not result else result + base - 1
        remaining >>= 1
        if remaining:
            cost += base * base
            base = 2 * base - 1
    return cost


def keep_cost(count: int, sides: int, kept: int) -> int:
    """Work for icepool to total the ``kept`` highest (or lowest) of a pool."""
    return (count * kept * kept * sides * sides + 30_000 * sides) // 10


def dice_cost(dice: Dice) -> tuple[int, int]:
    """(work, number of totals) for one dice term."""
    if dice.keep is None or dice.kept == dice.count:
        return sum_cost(dice.count, dice.sides), outcomes(dice.count, dice.sides)
    return keep_cost(dice.count, dice.sides, dice.kept), outcomes(dice.kept, dice.sides)


def total_cost(total: Sum) -> tuple[int, int]:
    """(work, number of totals) for a sum, adding its dice terms left to right."""
    work = 0
    size = 1
    for term in total.terms:
        if isinstance(term.item, Dice):
            term_work, term_size = dice_cost(term.item)
            work += term_work + size * term_size
            size = size + term_size - 1
    return work, size


def estimate(expression: Expression) -> int:
    """Work units to compute ``expression`` exactly."""
    if isinstance(expression, Sum):
        return total_cost(expression)[0]
    left, right = ((expression.left, expression.right) if isinstance(expression, Comparison)
                   else (expression.attacker, expression.defender))
    left_work, left_size = total_cost(left)
    right_work, right_size = total_cost(right)
    return left_work + right_work + left_size * right_size
