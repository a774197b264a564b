"""What happened in a fight, in order: each event says it in words and carries its rolls;
and what the rules-health audit counts of it (the rules applied, the content met).
"""

from __future__ import annotations

from typing import Any, Final, final

from undercroft.engine.tally import _CURRENT
from undercroft.systems.amulet.fight_dice import ROLL_LABELS, Rolled
from undercroft.values import Value


@final
class Event(Value):
    """One thing that happened: its round, a kind a script can match, a sentence, the dice.

    An immutable value (``undercroft.values``; ``data`` is read, never changed):
    a game makes several a step. Hashing one fails, as ``data`` is a dict."""

    __match_args__ = ("round", "kind", "text", "rolls", "data")

    def __init__(self, round: int, kind: str, text: str, rolls: tuple[Rolled, ...] = (),
                 data: dict[str, Any] | None = None) -> None:
        self.round: Final = round
        self.kind: Final = kind
        self.text: Final = text
        self.rolls: Final = rolls
        self.data: Final[dict[str, Any]] = {} if data is None else data

    def _fields(self) -> tuple[int, str, str, tuple[Rolled, ...], dict[str, Any]]:
        return (self.round, self.kind, self.text, self.rolls, self.data)

    def explained(self) -> str:
        """The sentence, then every roll behind it (``potion: 6d10 [5, 9, ...] = 40``)."""
        lines = [f"round {self.round}: {self.text}"]
        for rolled in self.rolls:
            dice = "forced" if rolled.forced else f"{list(rolled.dice)}"
            lines.append(f"    {rolled.label}: {rolled.what} {dice} -> "
                         f"{_shown(rolled.result, ROLL_LABELS.get(rolled.label))}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "kind": self.kind, "text": self.text,
                "rolls": [rolled.to_dict() for rolled in self.rolls], **self.data}


def _shown(result: int | bool, kind: str | None) -> str:
    """A contest is won or lost by its first side; a chance is yes or no."""
    if isinstance(result, bool):
        if kind == "contest":
            return "won" if result else "lost"
        return "yes" if result else "no"
    return str(result)


_TALLY: Final = _CURRENT.get
"""The audit's tally of this thread, if it is counting (``engine.tally``), read through
the context variable's own method: compiled, a call through a name resolved at import
costs a fraction of a method call looked up each time."""


def fired(rule: str) -> None:
    """The rule ``rule`` (an id of docs/rules/amulet.md) has just been applied: counted
    while the audit plays (``engine.tally.fired``).

    The same count as ``engine.tally``'s own, made here because this module is
    compiled (``make fast``): a game applies some ten thousand rules, and a call into
    interpreted code for each cost several per cent of a whole game's time even with
    nothing counting. With the tally compiled too, these three would go."""
    tally = _TALLY()
    if tally is not None:
        counts = tally.fired
        counts[rule] = counts.get(rule, 0) + 1


def drawn(content: str) -> None:
    """The content ``content`` (``amulet.kind.name``) has come into the game."""
    tally = _TALLY()
    if tally is not None:
        counts = tally.drawn
        counts[content] = counts.get(content, 0) + 1


def used(content: str) -> None:
    """The content ``content`` has been put to use."""
    tally = _TALLY()
    if tally is not None:
        counts = tally.used
        counts[content] = counts.get(content, 0) + 1
