"""What a game did, counted for the rules-health audit: rules fired, content drawn and used.

Every rule row of docs/rules/<system>.md has a stable id (``amulet.exit.walldoor``); the
code that applies the rule calls :func:`fired` with it. Content (a monster kind, a
card, a spell, a loot kind) is reported when it comes into a game (:func:`drawn`) and
when it is put to use (:func:`used`), by ids of the form ``system.kind.name``.

Counting is off unless the audit turns it on for the game it plays (:func:`tallying`),
so the calls cost a lookup and nothing else in play, at the table or in the lab. The
module is compiled with the game's hot paths (``make fast``): a whole game of Amulet
applies some eight thousand rules, and a call from compiled rules into interpreted
code for each cost several per cent of the game's time even with nothing counting. The
count is kept per thread (a context variable): games played side by side in threads
never count into each other's tally.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Final


@dataclass
class Tally:
    """One game's counts, by id."""

    fired: dict[str, int] = field(default_factory=dict)
    drawn: dict[str, int] = field(default_factory=dict)
    used: dict[str, int] = field(default_factory=dict)


_CURRENT: Final[ContextVar[Tally | None]] = ContextVar("undercroft_tally", default=None)


def fired(rule: str) -> None:
    """The rule ``rule`` (an id of docs/rules) has just been applied."""
    tally = _CURRENT.get()
    if tally is not None:
        tally.fired[rule] = tally.fired.get(rule, 0) + 1


def drawn(content: str) -> None:
    """The content ``content`` (``system.kind.name``) has come into the game."""
    tally = _CURRENT.get()
    if tally is not None:
        tally.drawn[content] = tally.drawn.get(content, 0) + 1


def used(content: str) -> None:
    """The content ``content`` has been put to use (a spell cast, loot spent)."""
    tally = _CURRENT.get()
    if tally is not None:
        tally.used[content] = tally.used.get(content, 0) + 1


def counting() -> bool:
    """Whether a tally is being kept (for reports that cost more than a count to make)."""
    return _CURRENT.get() is not None


@contextmanager
def tallying() -> Iterator[Tally]:
    """Count what is fired, drawn and used in this thread until the block ends."""
    tally = Tally()
    token = _CURRENT.set(tally)
    try:
        yield tally
    finally:
        _CURRENT.reset(token)
