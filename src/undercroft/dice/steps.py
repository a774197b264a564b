"""Dice steps: a die that grows d4 -> d6 -> d8 -> d10 -> d12 -> d12+1 -> d12+2 ...

Amulet's level points and Coin-Op's upgrades move a character's die up and
down this ladder, so the step is a value with arithmetic on the ladder, not a
string that every rule would have to re-parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from undercroft.dice.limits import MAX_CONSTANT
from undercroft.errors import BadInput

LADDER: tuple[int, ...] = (4, 6, 8, 10, 12)
"""The die sizes of the ladder; past the last one a bonus grows instead."""

_TEXT = re.compile(r"\s*1?d(\d+)\s*(?:\+\s*(\d+))?\s*", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class DieStep:
    """One step of the ladder: a die size and, past d12, a bonus.

    Ordering compares (sides, bonus), which is ladder order because only d12
    carries a bonus.
    """

    sides: int
    bonus: int = 0

    def __post_init__(self) -> None:
        if self.sides not in LADDER:
            raise BadInput(f"die step must be one of d4, d6, d8, d10, d12, got d{self.sides}")
        if not 0 <= self.bonus <= MAX_CONSTANT or (self.bonus and self.sides != LADDER[-1]):
            raise BadInput(f"die step d{self.sides}+{self.bonus}: only d12 takes a bonus, "
                           f"from 0 to {MAX_CONSTANT}")

    @classmethod
    def parse(cls, text: str) -> DieStep:
        """The step written as ``d8`` or ``d12+1`` (case and spaces do not matter)."""
        match = _TEXT.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise BadInput(f"die step {text!r}: expected d4, d6, d8, d10, d12 or d12+N")
        return cls(int(match.group(1)), int(match.group(2) or 0))

    @classmethod
    def from_rank(cls, rank: int) -> DieStep:
        """The step ``rank`` places above d4 (d4 is rank 0)."""
        if rank < 0:
            raise BadInput("cannot step below d4: it is the smallest die step")
        if rank < len(LADDER):
            return cls(LADDER[rank])
        return cls(LADDER[-1], rank - len(LADDER) + 1)

    @property
    def rank(self) -> int:
        """Places above d4 on the ladder."""
        return LADDER.index(self.sides) + self.bonus

    def up(self, n: int = 1) -> DieStep:
        """The step ``n`` places higher."""
        return self.from_rank(self.rank + n)

    def down(self, n: int = 1) -> DieStep:
        """The step ``n`` places lower; below d4 is bad input."""
        if self.rank - n < 0:
            raise BadInput(f"cannot step {self} down {n}: d4 is the smallest die step")
        return self.from_rank(self.rank - n)

    @property
    def expression(self) -> str:
        """The dice expression to roll for this step (``d12+1``)."""
        return str(self)

    def __str__(self) -> str:
        return f"d{self.sides}+{self.bonus}" if self.bonus else f"d{self.sides}"
