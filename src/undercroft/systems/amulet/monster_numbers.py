"""The numbers and tactics of monster kinds, looked up in play (``creatures`` says what
the tactics mean).

Apart from ``creatures`` so that mypyc compiles it (``creatures`` holds a pydantic
model, which it cannot): the rules ask these tens of thousands of times a game,
and a call into interpreted code cost more than the lookup itself.
"""

from __future__ import annotations

from undercroft.dice import DieStep
from undercroft.errors import BadInput
from undercroft.systems.amulet.tables import MonsterStats, monsters

_MADE: dict[str, MonsterStats] = {}
"""Kinds made in play rather than read from the data file (the mini-bosses), by name."""


def make_kind(kind: str, numbers: MonsterStats) -> None:
    """Add a kind made in play; the same name always carries the same numbers (a
    mini-boss is named by its depth), so games and processes never disagree."""
    known = _MADE.get(kind)
    if known is not None and known != numbers:
        raise BadInput(f"monster {kind!r}: already made with other numbers")
    _MADE[kind] = numbers


_FROM_FILE: dict[str, MonsterStats] = {}
_TACTICS: dict[str, frozenset[str]] = {}
_DICE: dict[str, DieStep | None] = {}
"""Lookups a game makes tens of thousands of times, answered from plain dictionaries
(``monsters()`` and ``DieStep.parse`` cost a call, a cache key and a regex each)."""


def stats(kind: str) -> MonsterStats:
    """The numbers of one monster kind; an unknown kind is bad input."""
    found = _MADE.get(kind)
    if found is None:
        found = _FROM_FILE.get(kind)
    if found is not None:
        return found
    known = monsters()
    if kind not in known:
        raise BadInput(f"monster {kind!r}: expected one of {', '.join(known)}")
    found = _FROM_FILE[kind] = known[kind]
    return found


def has(kind: str, tactic: str) -> bool:
    """Whether monsters of ``kind`` follow ``tactic``."""
    tactics = _TACTICS.get(kind)
    if tactics is None:
        tactics = _TACTICS[kind] = frozenset(stats(kind).tactics)
    return tactic in tactics


def _die(expression: str) -> DieStep | None:
    if expression not in _DICE:
        _DICE[expression] = None if expression.strip() == "0" else DieStep.parse(expression)
    return _DICE[expression]


def die_sides(expression: str) -> int:
    """The sides of a monster's attack die ("d8" -> 8); 0 for no attack."""
    die = _die(expression)
    return 0 if die is None else die.sides


def die_bonus(expression: str) -> int:
    """What a monster adds to its attack die past d12 ("d12+2" -> 2)."""
    die = _die(expression)
    return 0 if die is None else die.bonus
