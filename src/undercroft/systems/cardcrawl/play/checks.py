"""Card Crawl's one roll: dice + skill bonus against a difficulty; the margin is the damage.

Seed 004, Core System: 2d6 for a cautious action, 1d12 for an aggressive one
("the player basically trades higher average and minimum for less chance at high
numbers"); the difficulty is 6 + the opponent's skill, or 6 to 18 against the
environment; a tie goes to the defender; the margin of success matters (it is
what a hit takes off defence cards or hit dice). Exact odds come from icepool,
so a designer can see what a bonus is worth before the table rolls.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

import icepool

from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.rng import Stream

OPPONENT_BASE: Final = 6
"""Seed 004: "Against Opponent: 6 + Opponent skill"."""
ENVIRONMENT_RANGE: Final = (6, 18)
"""Seed 004: "Against Environment: 6-18"."""
ATTACK_DIFFICULTY: Final = 9
"""Seed 004, Attack/Action Cards: "The difficulty of an attack is usually equal to 9"."""


def opponent_difficulty(opponent_skill: int) -> int:
    """The difficulty of acting against an opponent with that skill bonus."""
    fired("cardcrawl.core.difficulty")
    return OPPONENT_BASE + opponent_skill


def attack_difficulty(card_difficulty: int, opponent_skill: int) -> int:
    """The difficulty of an attack card's roll against an opponent: 6 + the opponent's
    skill, moved by as much as the card is harder than the usual 9 (seed 004: "The
    difficulty of an attack is usually equal to 9 unless otherwise modified"). Against
    an opponent of skill 3 a card keeps its own difficulty."""
    return opponent_difficulty(opponent_skill) + card_difficulty - ATTACK_DIFFICULTY


def environment_difficulty(difficulty: int) -> int:
    """A difficulty set by the world, checked to lie in the seed's 6-18."""
    fired("cardcrawl.core.difficulty")
    low, high = ENVIRONMENT_RANGE
    if not low <= difficulty <= high:
        raise BadInput(f"environment difficulty {difficulty}: expected {low} to {high}")
    return difficulty


def stance_dice(stance: str) -> icepool.Die:
    """The dice of a stance as an icepool die: 2d6 cautious, 1d12 aggressive."""
    if stance == "cautious":
        return 2 @ icepool.d6
    if stance == "aggressive":
        return icepool.d12
    raise BadInput(f"stance {stance!r}: expected cautious or aggressive")


@dataclass(frozen=True)
class Check:
    """One rolled check: the dice, the bonus, the difficulty, and what came of it."""

    stance: str
    dice: tuple[int, ...]
    bonus: int
    difficulty: int

    @property
    def total(self) -> int:
        return sum(self.dice) + self.bonus

    @property
    def success(self) -> bool:
        """Above the difficulty: a tie goes to the defender."""
        return self.total > self.difficulty

    @property
    def margin(self) -> int:
        """How far above the difficulty (0 on a failure): the damage of a hit."""
        return max(0, self.total - self.difficulty)

    def text(self) -> str:
        dice = "+".join(str(d) for d in self.dice)
        verdict = f"success by {self.margin}" if self.success else "failure"
        return (f"{self.stance} {dice} + {self.bonus} = {self.total} vs {self.difficulty}: "
                f"{verdict}")


def roll_check(stream: Stream, stance: str, bonus: int, difficulty: int) -> Check:
    """Roll a check from ``stream``: two d6 for a cautious action, one d12 for an aggressive."""
    if stance not in ("cautious", "aggressive"):
        raise BadInput(f"stance {stance!r}: expected cautious or aggressive")
    count, sides = (2, 6) if stance == "cautious" else (1, 12)
    if isinstance(stream, LoggedStream):  # one roll in the log, the same draws
        dice: tuple[int, ...] = tuple(stream.dice(count, sides, stance))
        stream.log.facing([sum(dice)], f"difficulty {difficulty}"
                          + (f" with {bonus:+d}" if bonus else ""))
    else:
        dice = tuple(stream.die(sides) for _ in range(count))
    fired("cardcrawl.core.check")
    check = Check(stance, dice, bonus, difficulty)
    if check.total == difficulty:
        fired("cardcrawl.core.tie")
    return check


def success_chance(stance: str, bonus: int, difficulty: int) -> Fraction:
    """The exact chance that a check succeeds (total above the difficulty)."""
    die = stance_dice(stance) + bonus
    return Fraction(die.probability(">", difficulty))


def margin_odds(stance: str, bonus: int, difficulty: int) -> dict[int, Fraction]:
    """Exact chance of each margin (0 for a failure or a tie): the damage a hit does."""
    die = stance_dice(stance) + bonus
    odds: dict[int, Fraction] = {}
    for outcome, chance in _pairs(die):
        margin = max(0, int(outcome) - difficulty)
        odds[margin] = odds.get(margin, Fraction(0)) + chance
    return dict(sorted(odds.items()))


def _pairs(die: icepool.Die) -> list[tuple[int, Fraction]]:
    total = die.denominator()
    return [(int(outcome), Fraction(int(quantity), int(total)))
            for outcome, quantity in die.items()]
