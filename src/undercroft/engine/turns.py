"""What the turn-based rulesets share: one seat acts, with one choice from its legal list.

A step's choices are checked before anything changes, so an illegal step is refused
with one line a player understands and leaves the game as it was (DESIGN.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from undercroft.dice.roll_log import Rolled, rolls_dicts
from undercroft.errors import BadInput


class _Texted(Protocol):
    @property
    def text(self) -> str: ...


ChoiceT = TypeVar("ChoiceT", bound=_Texted)


def the_choice(acting: str | None, choices: Mapping[str, ChoiceT],
               legal: Callable[[str], Sequence[ChoiceT]]) -> ChoiceT:
    """The acting seat's choice, if it is the only seat choosing and its choice is legal."""
    if acting is None:
        raise BadInput("the game is over: nobody acts")
    extra = sorted(set(choices) - {acting})
    if extra:
        raise BadInput(f"{extra[0]}: not their turn ({acting} acts now)")
    choice = choices.get(acting)
    if choice is None:
        raise BadInput(f"{acting}: must choose an action")
    if choice not in legal(acting):
        raise BadInput(f"{acting}: {choice.text!r} is not possible now")
    return choice


def read_form(text: str, forms: Sequence[tuple[str, re.Pattern[str]]], system: str
              ) -> tuple[str, dict[str, str]]:
    """The verb and named parts of the first form ``text`` fits (spaces tidied; parts that
    matched nothing are ""); BadInput naming the system when it fits none."""
    body = " ".join(text.split())
    for verb, form in forms:
        found = form.match(body)
        if found is not None:
            return verb, {k: v or "" for k, v in found.groupdict().items()}
    raise BadInput(f"{text!r}: not a {system} action")


@dataclass
class TextEvent:
    """Something that happened, in words, with fields a script can match, and the rolls
    behind it (the shape every system's events carry: ``undercroft.dice.roll_log``)."""

    round: int
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    rolls: tuple[Rolled, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "kind": self.kind, "text": self.text,
                "rolls": rolls_dicts(self.rolls), **self.data}
