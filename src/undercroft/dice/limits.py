"""Limits on dice expressions, and the rule for ties in contests.

The limits exist so that no expression typed by a person, or read from a
content file, can make a live roll, an exact computation or a sample run for
minutes or eat the machine's memory: past a limit we refuse with a sentence
instead of hanging.
"""

from __future__ import annotations

from typing import Literal

from undercroft.errors import BadInput

MAX_TEXT = 200
"""Longest expression text, in characters."""

MAX_DICE = 1000
"""Most dice in one expression, over all terms and both sides."""

MAX_SIDES = 1000
"""Most faces on one die (d% is a d100)."""

MAX_CONSTANT = 1_000_000
"""Largest number written in an expression (a modifier or a target)."""

MAX_REROLLS = 1000
"""Most tied rounds a contest with ``ties="reroll"`` may go through."""

MAX_SAMPLES = 10_000_000
"""Most rows one call of :func:`undercroft.dice.sample` may draw."""

Ties = Literal["defender", "reroll"]
"""How a tied contest ends: the defender wins, or both sides roll again."""

TIES: tuple[Ties, ...] = ("defender", "reroll")


def parse_ties(value: str) -> Ties:
    """The tie rule named by ``value``; unknown names are bad input, not a crash."""
    name = value.strip().lower()
    for ties in TIES:
        if name == ties:
            return ties
    raise BadInput(f"unknown ties rule {value!r}: expected 'defender' or 'reroll'")
