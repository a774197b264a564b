"""Every die of a fight: drawn from the game's stream, explained, and forceable.

A table must be able to check each number, and a designer must be able to set
up "the wizard's potion comes to 40" to test a rule, so every roll goes
through :class:`FightDice`: it has a label (``potion``, ``swarming`` ...), is
written out as a player would say it, and a scenario may force the next roll
of a label to a total (sums), ``win``/``lose`` (contests) or ``yes``/``no``
(chances). Modos facts (notes/sources.md): a contest is d20 + bonus against
d20 + bonus, higher wins; "take half" replaces a die with half its highest face.
The dice are drawn from the stream as :func:`undercroft.dice.roll` draws them
(die by die, the same tie rules and reroll bound; a test holds the two to the
same results), directly, since a game rolls thousands; this module adds
labels and the contest, chance and pick rules; the log and the forcing are every
system's (:mod:`undercroft.dice.roll_log`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal, final

from undercroft.dice.limits import MAX_REROLLS
from undercroft.dice.roll_log import Forced, Rolled, RollLog
from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.values import Value

__all__ = ["ROLL_LABELS", "ContestResult", "FightDice", "Forced", "Rolled", "half"]

CONTEST_DIE = 20
ROLL_LABELS: dict[str, Literal["total", "contest", "chance"]] = {
    "melee": "total", "shot": "total", "potion": "total", "shot potion": "total",
    "swarm melee": "total", "swarm shot": "total", "monster melee": "total",
    "monster shot": "total", "engaged melee": "total", "friendly fire": "total",
    "special": "total", "treasure race": "total",
    "swarming": "contest", "monster attack": "contest", "engage": "contest",
    "to hit": "contest", "pursuit": "contest", "sneak": "contest", "flank": "contest",
    "search": "contest", "quicksand": "contest",
    "direct shot": "chance", "treasure key": "chance", "ale": "chance", "poison": "chance",
    "ward": "chance", "trap": "chance", "mimic": "chance"}
"""Every label a fight rolls under, and what a scenario forces it with: a total,
a contest's result for its first side (win or lose), or a chance's (yes or no)."""


@final
class ContestResult(Value):
    """A Modos contest: each side's d20 face and bonus; ``won`` is the first side's."""

    __match_args__ = ("first", "first_bonus", "second", "second_bonus", "won")

    def __init__(self, first: int, first_bonus: int, second: int, second_bonus: int,
                 won: bool) -> None:
        self.first: Final = first
        self.first_bonus: Final = first_bonus
        self.second: Final = second
        self.second_bonus: Final = second_bonus
        self.won: Final = won

    def _fields(self) -> tuple[int, int, int, int, bool]:
        return (self.first, self.first_bonus, self.second, self.second_bonus, self.won)

    @property
    def margin(self) -> int:
        return self.first + self.first_bonus - self.second - self.second_bonus


def half(sides: int) -> int:
    """"Take half": half of the die's highest result (a d20 gives 10, a d8 gives 4)."""
    return sides // 2


@dataclass
class FightDice:
    """The dice of one fight: a stream, the forced results waiting, and a log of rolls."""

    stream: Stream
    ties: Literal["defender", "reroll"] = "defender"
    log: RollLog = field(default_factory=RollLog)
    """The rolls made and the results waiting to be forced."""

    @property
    def made(self) -> int:
        """Rolls made in all (a check that every roll reached an event)."""
        return self.log.made

    def _record(self, rolled: Rolled) -> None:
        self.log.record(rolled)

    def force(self, label: str, result: Forced) -> None:
        """The next roll with ``label`` gives ``result`` instead of the dice."""
        self.log.force(label, result)

    def _forced(self, label: str) -> Forced | None:
        return self.log.next_forced(label)

    def unused(self) -> list[str]:
        """Forced results never reached, as ``label=result`` (a scenario may want to know)."""
        return self.log.unused()

    def total(self, label: str, count: int, sides: int, bonus: int = 0,
              take_half: bool = False) -> int:
        """``count`` dice of ``sides`` plus ``bonus``; each die at half when taking half."""
        what = f"{count}d{sides}" + (f"+{bonus}" if bonus else "")
        what += " (half)" if take_half else ""
        forced = self._forced(label)
        if isinstance(forced, int):
            self._record(Rolled(label, what, (), forced, forced=True))
            return forced
        if take_half:
            fired("amulet.combat.take-half")
            dice = tuple(half(sides) for _ in range(count))
        else:
            dice = tuple(self.stream.dice(count, sides))
        result = sum(dice) + bonus
        self._record(Rolled(label, what, dice, result))
        return result

    def each(self, label: str, count: int, sides: int) -> list[int]:
        """``count`` separate rolls of one die (a swarm's "roll twice"), each logged."""
        return [self.total(label, 1, sides) for _ in range(count)]

    def contest(self, label: str, bonus: int, against: int, take_half: bool = False,
                against_half: bool = False, second: str = "") -> ContestResult:
        """d20 + ``bonus`` against d20 + ``against``; the first side wins if higher.
        ``second`` names the second side's number in words for the log ("Elf's speed").

        A tie goes to the second side (the defender) unless ties are rerolled.
        """
        forced = self._forced(label)
        what = f"d20+{bonus} vs d20+{against}"
        if forced in ("win", "lose"):
            won = forced == "win"
            result = ContestResult(0, bonus, 0, against, won)
            self._record(Rolled(label, what, (), won, True, second))
            return result
        ties = "defender" if take_half and against_half else self.ties
        if take_half or against_half:
            fired("amulet.combat.take-half")
        first, second_face = self._face(take_half), self._face(against_half)
        rerolls = 0
        while ties == "reroll" and first + bonus == second_face + against:
            rerolls += 1
            if rerolls > MAX_REROLLS:
                raise BadInput(f"contest {what!r} was still tied after {MAX_REROLLS} "
                               "rerolls; ties are too likely to reroll")
            first, second_face = self._face(take_half), self._face(against_half)
        won = first + bonus > second_face + against
        if rerolls or first + bonus == second_face + against:
            fired("amulet.combat.contest")  # the tie rule (every contest else holds by itself)
        self._record(Rolled(label, what, (first, second_face), won, False, second))
        return ContestResult(first, bonus, second_face, against, won)

    def _face(self, take_half: bool) -> int:
        """One side's d20 (``undercroft.dice`` rolls a contest the same way, die by die
        from the stream; a fight rolls thousands, so it rolls them directly)."""
        return half(CONTEST_DIE) if take_half else self.stream.die(CONTEST_DIE)

    def chance(self, label: str, percent: int) -> bool:
        """True ``percent`` times in a hundred (a d100 roll of ``percent`` or less)."""
        forced = self._forced(label)
        what = f"d100 <= {percent}"
        if forced in ("yes", "no"):
            self._record(Rolled(label, what, (), forced == "yes", forced=True))
            return forced == "yes"
        face = self.stream.die(100)
        self._record(Rolled(label, what, (face,), face <= percent))
        return face <= percent

    def pick(self, label: str, count: int) -> int:
        """One of ``count`` choices (0-based), by a d``count`` (forced as a total 1..count)."""
        forced = self._forced(label)
        if isinstance(forced, int) and 1 <= forced <= count:
            self._record(Rolled(label, f"d{count}", (), forced, forced=True))
            return forced - 1
        face = self.stream.die(count)
        self._record(Rolled(label, f"d{count}", (face,), face))
        return face - 1

    def take(self) -> tuple[Rolled, ...]:
        """The rolls made since the last call (an event carries the rolls it caused)."""
        return self.log.take()
