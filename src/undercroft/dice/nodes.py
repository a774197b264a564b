"""Dice expressions as small immutable values.

One parsed expression feeds three consumers (a live roll, exact odds and a
numpy sample), so the tree is plain frozen data with no behaviour beyond
printing itself back as canonical notation: ``parse(str(e)) == e``.

How a person wrote a die (``d8`` or ``1d8``, ``d%`` or ``d100``) is kept so the
expression echoes back the way it was typed, but it is left out of equality:
two spellings of the same dice are the same expression.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from undercroft.dice.limits import MAX_CONSTANT, MAX_DICE, MAX_SIDES
from undercroft.errors import BadInput

KeepKind = Literal["kh", "kl", "dh", "dl"]
CompareOp = Literal[">=", "<=", ">", "<", "==", "!="]
COMPARE_OPS: tuple[CompareOp, ...] = (">=", "<=", ">", "<", "==", "!=")


@dataclass(frozen=True)
class Keep:
    """Keep or drop the highest or lowest ``count`` dice of a roll."""

    kind: KeepKind
    count: int

    @property
    def highest(self) -> bool:
        """True when the highest dice are the ones kept."""
        return self.kind in ("kh", "dl")

    def kept(self, dice: int) -> int:
        """How many of ``dice`` dice stay in the total."""
        return self.count if self.kind in ("kh", "kl") else dice - self.count

    def __str__(self) -> str:
        return f"{self.kind}{self.count}"


def dice_problem(count: int, sides: int, keep: Keep | None) -> str | None:
    """What is wrong with ``count`` dice of ``sides`` faces (None if nothing).

    Shared by the parser (which adds a column) and by :class:`Dice` itself (so
    that trees built in code obey the same limits as parsed text).
    """
    if not 1 <= count <= MAX_DICE:
        return f"dice count must be between 1 and {MAX_DICE}, got {count}"
    if not 1 <= sides <= MAX_SIDES:
        return f"die size must be between 1 and {MAX_SIDES}, got {sides}"
    if keep is None:
        return None
    if keep.kind in ("kh", "kl"):
        if keep.count < 1:
            return f"'{keep}' keeps no dice; keep at least 1"
        if keep.count > count:
            return f"cannot keep {keep.count} of {count} dice"
    elif not 0 <= keep.count < count:
        return f"cannot drop {keep.count} of {count} dice; at least 1 must stay"
    return None


@dataclass(frozen=True)
class Dice:
    """``count`` dice of ``sides`` faces, summed after an optional keep/drop."""

    count: int
    sides: int
    keep: Keep | None = None
    show_count: bool = field(default=True, compare=False)
    percent: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        problem = dice_problem(self.count, self.sides, self.keep)
        if problem is not None:
            raise BadInput(f"dice {self}: {problem}")

    @property
    def kept(self) -> int:
        """How many dice count towards the total."""
        return self.count if self.keep is None else self.keep.kept(self.count)

    def __str__(self) -> str:
        count = str(self.count) if self.show_count or self.count != 1 else ""
        sides = "%" if self.percent and self.sides == 100 else str(self.sides)
        return f"{count}d{sides}{self.keep or ''}"


@dataclass(frozen=True)
class Constant:
    """A fixed number: a modifier (``+2``) or a target (``>= 15``)."""

    value: int

    def __post_init__(self) -> None:
        if not 0 <= self.value <= MAX_CONSTANT:
            raise BadInput(f"number must be between 0 and {MAX_CONSTANT}, got {self.value}")

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Term:
    """One added or subtracted part of a sum."""

    item: Dice | Constant
    negative: bool = False

    @property
    def dice(self) -> int:
        """Dice rolled for this term."""
        return self.item.count if isinstance(self.item, Dice) else 0


def _check_dice(text: str, dice: int) -> None:
    if dice > MAX_DICE:
        raise BadInput(f"dice expression {text!r}: {dice} dice in all; the limit is {MAX_DICE}")


@dataclass(frozen=True)
class Sum:
    """Terms added and subtracted left to right: ``1d8+1d6+2``, ``d8-d8``."""

    terms: tuple[Term, ...]

    def __post_init__(self) -> None:
        if not self.terms:
            raise BadInput("a dice sum needs at least one term")
        _check_dice(str(self), self.dice)

    @property
    def dice(self) -> int:
        """Dice rolled for the whole sum."""
        return sum(term.dice for term in self.terms)

    @property
    def lone_constant(self) -> int | None:
        """The number, when the sum is one unsigned constant (``4``); else None."""
        if len(self.terms) == 1 and isinstance(self.terms[0].item, Constant):
            return -self.terms[0].item.value if self.terms[0].negative else self.terms[0].item.value
        return None

    def __str__(self) -> str:
        parts: list[str] = []
        for index, term in enumerate(self.terms):
            if term.negative:
                parts.append("-")
            elif index:
                parts.append("+")
            parts.append(str(term.item))
        return "".join(parts)


@dataclass(frozen=True)
class Comparison:
    """A sum compared with another: ``d8 >= 4``, ``3d6 >= 15``."""

    left: Sum
    op: CompareOp
    right: Sum

    def __post_init__(self) -> None:
        if self.op not in COMPARE_OPS:
            raise BadInput(f"unknown comparison {self.op!r}")
        _check_dice(str(self), self.left.dice + self.right.dice)

    @property
    def dice(self) -> int:
        """Dice rolled on both sides."""
        return self.left.dice + self.right.dice

    def __str__(self) -> str:
        return f"{self.left} {self.op} {self.right}"


@dataclass(frozen=True)
class Contest:
    """Two sums rolled against each other; the strictly higher one wins."""

    attacker: Sum
    defender: Sum

    def __post_init__(self) -> None:
        _check_dice(str(self), self.attacker.dice + self.defender.dice)

    @property
    def dice(self) -> int:
        """Dice rolled on both sides (for one round, before any reroll)."""
        return self.attacker.dice + self.defender.dice

    @property
    def never_decided(self) -> bool:
        """True when every round must tie (both sides the same fixed number)."""
        attacker = fixed_value(self.attacker)
        return attacker is not None and attacker == fixed_value(self.defender)

    def __str__(self) -> str:
        return f"{self.attacker} vs {self.defender}"


Expression = Sum | Comparison | Contest


def fixed_value(total: Sum) -> int | None:
    """The one value a sum can take when it cannot vary (no dice, or only d1s)."""
    value = 0
    for term in total.terms:
        item = term.item
        if isinstance(item, Dice):
            if item.sides != 1:
                return None
            part = item.kept
        else:
            part = item.value
        value += -part if term.negative else part
    return value


def never_decided_error(contest: Contest) -> BadInput:
    """The error for a contest that ties every round when ties are rerolled."""
    return BadInput(f"contest {str(contest)!r} can never be decided: every round ties "
                    "and ties are rerolled")
