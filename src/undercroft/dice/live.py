"""Live rolls: one roll at a time from a game's stream, explained in words.

At the table every number must be checkable, so a roll keeps each die it drew
and prints itself the way a player would say it: ``2d8: [3, 6] = 9``,
``4d6kh3: [6, ~2~, 5, 3] = 14`` (dice in the order rolled, dropped ones
struck through). Dice are drawn only from an :class:`undercroft.rng.Stream`,
left to right (the attacker before the defender), so the same seed always
gives the same roll.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from undercroft.dice.limits import MAX_REROLLS, Ties, parse_ties
from undercroft.dice.nodes import (
    Comparison,
    Contest,
    Dice,
    Expression,
    Sum,
    Term,
    never_decided_error,
)
from undercroft.dice.parser import as_expression
from undercroft.errors import BadInput
from undercroft.rng import Stream


def kept_flags(rolls: tuple[int, ...], dice: Dice) -> tuple[bool, ...]:
    """Which rolls stay after keep/drop; among equal dice the earlier one stays."""
    if dice.keep is None:
        return tuple(True for _ in rolls)
    sign = -1 if dice.keep.highest else 1
    order = sorted(range(len(rolls)), key=lambda i: (sign * rolls[i], i))
    keep = set(order[: dice.kept])
    return tuple(i in keep for i in range(len(rolls)))


@dataclass(frozen=True)
class TermRoll:
    """The dice rolled for one term of a sum (none for a constant)."""

    term: Term
    rolls: tuple[int, ...]
    kept: tuple[bool, ...]

    @property
    def value(self) -> int:
        """This term's signed contribution to the total."""
        item = self.term.item
        size = sum(r for r, k in zip(self.rolls, self.kept, strict=True) if k) \
            if isinstance(item, Dice) else item.value
        return -size if self.term.negative else size

    def shown(self) -> str:
        """``[6, ~2~, 5]`` for dice (dropped ones struck through), ``2`` for a number."""
        if not isinstance(self.term.item, Dice):
            return str(self.term.item)
        faces = (str(r) if k else f"~{r}~" for r, k in zip(self.rolls, self.kept, strict=True))
        return "[" + ", ".join(faces) + "]"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; ``value`` is signed, ``dice`` in the order rolled."""
        return {
            "term": str(self.term.item),
            "sign": -1 if self.term.negative else 1,
            "dice": list(self.rolls),
            "kept": [r for r, k in zip(self.rolls, self.kept, strict=True) if k],
            "value": self.value,
        }


@dataclass(frozen=True)
class SumRoll:
    """A rolled sum; ``value`` is its total."""

    expression: Sum
    terms: tuple[TermRoll, ...]

    @property
    def value(self) -> int:
        """The total."""
        return sum(term.value for term in self.terms)

    total = value

    def worked(self) -> str:
        """The working without the expression: ``[5] + [3] + 2 = 10``."""
        if self.expression.lone_constant is not None:
            return str(self.value)
        parts: list[str] = []
        for index, term in enumerate(self.terms):
            sign = "-" if term.term.negative else "+"
            if index:
                parts.append(f" {sign} ")
            elif term.term.negative:
                parts.append("-")
            parts.append(term.shown())
        return "".join(parts) + f" = {self.value}"

    def explain(self) -> str:
        """The expression and its working, as a player would say it."""
        return f"{self.expression}: {self.worked()}"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: the dice of every term and the total."""
        return {"expression": str(self.expression), "kind": "sum",
                "terms": [term.to_dict() for term in self.terms], "total": self.value}

    def side_dict(self) -> dict[str, Any]:
        """This sum as one side of a comparison or contest (no ``kind``)."""
        side = self.to_dict()
        del side["kind"]
        return side

    def __str__(self) -> str:
        return self.explain()


_TESTS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt,
    "==": operator.eq, "!=": operator.ne}


@dataclass(frozen=True)
class ComparisonRoll:
    """A rolled comparison; ``value`` is whether it held."""

    expression: Comparison
    left: SumRoll
    right: SumRoll

    @property
    def success(self) -> bool:
        """Whether the comparison held."""
        return _TESTS[self.expression.op](self.left.value, self.right.value)

    value = success

    def explain(self) -> str:
        """Both sides worked out, then ``yes`` or ``no``."""
        verdict = "yes" if self.success else "no"
        return (f"{self.expression}: {self.left.worked()} {self.expression.op} "
                f"{self.right.worked()}: {verdict}")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: both sides, the operator and ``success``."""
        return {"expression": str(self.expression), "kind": "comparison",
                "left": self.left.side_dict(), "op": self.expression.op,
                "right": self.right.side_dict(), "success": self.success}

    def __str__(self) -> str:
        return self.explain()


@dataclass(frozen=True)
class Round:
    """One round of a contest: both sides rolled once."""

    attacker: SumRoll
    defender: SumRoll

    @property
    def tied(self) -> bool:
        """Whether both sides rolled the same total."""
        return self.attacker.value == self.defender.value

    def worked(self) -> str:
        """Both sides' working: ``[5] + 3 = 8 vs [4] + 2 = 6``."""
        return f"{self.attacker.worked()} vs {self.defender.worked()}"


@dataclass(frozen=True)
class ContestRoll:
    """A rolled contest; the last round decided it, earlier ones were ties rerolled."""

    expression: Contest
    ties: Ties
    rounds: tuple[Round, ...]

    @property
    def winner(self) -> str:
        """``"attacker"`` or ``"defender"``."""
        final = self.rounds[-1]
        return "attacker" if final.attacker.value > final.defender.value else "defender"

    @property
    def value(self) -> bool:
        """True when the attacker won (the same meaning as a sampled contest)."""
        return self.winner == "attacker"

    def explain(self) -> str:
        """Every round in order, then who won."""
        parts = [f"{r.worked()}: tie, reroll" for r in self.rounds[:-1]]
        final = self.rounds[-1]
        ending = "tie, defender wins" if final.tied else f"{self.winner} wins"
        parts.append(f"{final.worked()}: {ending}")
        return f"{self.expression}: " + "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """The deciding round as ``attacker``/``defender``, earlier ties in ``rerolls``."""
        final = self.rounds[-1]
        return {"expression": str(self.expression), "kind": "contest", "ties": self.ties,
                "attacker": final.attacker.side_dict(), "defender": final.defender.side_dict(),
                "winner": self.winner,
                "rerolls": [{"attacker": r.attacker.side_dict(), "defender": r.defender.side_dict()}
                            for r in self.rounds[:-1]]}

    def __str__(self) -> str:
        return self.explain()


Roll = SumRoll | ComparisonRoll | ContestRoll


def _roll_sum(total: Sum, stream: Stream) -> SumRoll:
    terms: list[TermRoll] = []
    for term in total.terms:
        if isinstance(term.item, Dice):
            rolls = tuple(stream.dice(term.item.count, term.item.sides))
            terms.append(TermRoll(term, rolls, kept_flags(rolls, term.item)))
        else:
            terms.append(TermRoll(term, (), ()))
    return SumRoll(total, tuple(terms))


def roll(expression: Expression | str, stream: Stream, ties: Ties | str = "defender") -> Roll:
    """Roll ``expression`` once with dice from ``stream`` and keep the working."""
    expr = as_expression(expression)
    rule = parse_ties(ties)
    if isinstance(expr, Sum):
        return _roll_sum(expr, stream)
    if isinstance(expr, Comparison):
        return ComparisonRoll(expr, _roll_sum(expr.left, stream), _roll_sum(expr.right, stream))
    if rule == "reroll" and expr.never_decided:
        raise never_decided_error(expr)
    rounds = [Round(_roll_sum(expr.attacker, stream), _roll_sum(expr.defender, stream))]
    while rule == "reroll" and rounds[-1].tied:
        if len(rounds) > MAX_REROLLS:
            raise BadInput(f"contest {str(expr)!r} was still tied after {MAX_REROLLS} "
                           "rerolls; ties are too likely to reroll")
        rounds.append(Round(_roll_sum(expr.attacker, stream), _roll_sum(expr.defender, stream)))
    return ContestRoll(expr, rule, tuple(rounds))
