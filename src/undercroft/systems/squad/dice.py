"""Dungeon Squad!'s dice: the die ladder, the Difficulty Number, and exact odds.

Seed 003: "Everyone at the table will need a set of polyhedral dice consisting
of a d4, d6, d8, d10, and d12." Every rating in the game (an Ability, a piece of
Stuff, a monster) is one of those dice, and every roll is one die against a
Difficulty Number. The odds are exact fractions from icepool, because the
seed's own estimates are off (docs/rules/squad-heroes.md, Difficulty Numbers).

Rules take their dice from a *roller*, a function ``sides -> face``: the game
passes its logged dice stream (:class:`undercroft.dice.roll_log.LoggedStream`, whose
rolls the next event carries), tests pass one with scripted faces.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Final

import icepool

from undercroft.dice.roll_log import LoggedStream
from undercroft.dice.steps import LADDER
from undercroft.errors import BadInput
from undercroft.rng import Stream

# LADDER (undercroft.dice.steps), the dice of the game, smallest first: "a d4, d6, d8,
# d10, and d12".
TOP: Final = LADDER[-1]
"""Improving Stuff: "Stuff can become as powerful as a D12, but no higher"."""
DIFFICULTY: Final = 4
"""Difficulty Numbers: "Unless otherwise stated, the Difficulty Number is 4"."""

Roller = Callable[[int], int]
"""A source of die faces: ``roller(sides)`` is one roll of a ``sides``-faced die."""


def roller_of(source: Stream | Roller, label: str = "", against: str = "") -> Roller:
    """A roller from a game's stream (``stream.die``; a logged stream logs each roll under
    ``label``, as made against ``against``: :func:`difficulty_words`) or from a roller
    already."""
    if isinstance(source, LoggedStream):
        return partial(source.die, label=label, against=against)
    return source.die if isinstance(source, Stream) else source


def parse_die(value: object, where: str = "die") -> int:
    """The sides of a die of the ladder, from ``12``, ``"d12"`` or ``"D12"``.

    Anything else is one :class:`BadInput` line naming ``where``.
    """
    sides: object = value
    if isinstance(value, str):
        text = value.strip().lower()
        digits = text[1:] if text.startswith("d") else text
        sides = int(digits) if digits.isdigit() else value
    if isinstance(sides, bool) or not isinstance(sides, int) or sides not in LADDER:
        raise BadInput(f"{where}: expected one of d4, d6, d8, d10, d12, got {value!r}")
    return sides


def die_name(sides: int) -> str:
    """``"d12"`` for 12: how the seed and the character sheet write a die."""
    return f"d{sides}"


def step_up(sides: int, steps: int = 1) -> int:
    """The die ``steps`` sizes up the ladder, d4 -> d6 -> ... -> d12.

    Improving Stuff: "a D4 Dagger can become a D6 Dagger for 5 cents. D6 becomes
    D8 for another 5 cents, and so on. Stuff can become as powerful as a D12,
    but no higher." Going past d12 is refused (:class:`BadInput`): the caller
    must not take pennies for a step that cannot happen.
    """
    index = LADDER.index(parse_die(sides)) + steps
    if steps < 0 or index >= len(LADDER):
        raise BadInput(f"d{sides} cannot go up {steps} step(s): d12 is the largest die")
    return LADDER[index]


def difficulty_words(difficulty: int = DIFFICULTY) -> str:
    """What a roll against the Difficulty Number is against, as the log says it."""
    return f"difficulty {difficulty}"


def succeeds(roll: int, difficulty: int = DIFFICULTY) -> bool:
    """A roll succeeds when it shows at least the Difficulty Number.

    The seed's example fixes "at least": Urd needs a 4 and "barely hit - I
    rolled a 4! Still, that's enough."
    """
    return roll >= difficulty


def success_chance(sides: int, difficulty: int = DIFFICULTY) -> Fraction:
    """The exact chance that one die of ``sides`` faces shows ``difficulty`` or more.

    At the seed's Difficulty 4: d4 1/4, d6 1/2, d8 5/8, d10 7/10, d12 3/4 (the
    seed's prose says "about 25% ... about 50% ... about 66%" for d4, d8, d12;
    only the d4 is right, see docs/rules/squad-heroes.md).
    """
    if sides < 1:
        raise BadInput(f"a die needs at least one side, got {sides}")
    return Fraction(icepool.d(sides).probability(">=", difficulty))
