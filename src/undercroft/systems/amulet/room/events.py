"""What happened in a fight, in order: each event says it in words and carries its rolls;
and what the rules-health audit counts of it (the rules applied, the content met).
"""

from __future__ import annotations

from typing import Any, Final, final

from undercroft.dice.roll_log import Rolled, rolls_dicts
from undercroft.systems.amulet.room.fight_dice import ROLL_LABELS
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
                "rolls": rolls_dicts(self.rolls), **self.data}


def _shown(result: int | bool, kind: str | None) -> str:
    """A contest is won or lost by its first side; a chance is yes or no."""
    if isinstance(result, bool):
        if kind == "contest":
            return "won" if result else "lost"
        return "yes" if result else "no"
    return str(result)
