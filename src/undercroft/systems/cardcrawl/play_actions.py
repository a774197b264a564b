"""What a Card Crawl player can do on their turn, as small values with a stable text.

"attack goblin-1 with Slash, aggressive", "tap Shield Wall", "move to room 4",
"rest", "wait": the text is what a person types and what a record stores.
"""

from __future__ import annotations

import re
from typing import Final, final

from undercroft.errors import BadInput
from undercroft.values import Value

VERBS: Final = ("attack", "tap", "move", "rest", "wait")
_ATTACK: Final = re.compile(r"^attack (?P<target>\S+) with (?P<card>.+), "
                            r"(?P<stance>cautious|aggressive)$")
_TAP: Final = re.compile(r"^tap (?P<card>.+)$")
_MOVE: Final = re.compile(r"^move to (?P<target>entrance|room \d+)$")


@final
class Play(Value):
    """One choice: a verb, what it is aimed at, the card used, and the stance."""

    __match_args__ = ("verb", "target", "card", "stance")

    def __init__(self, verb: str, target: str = "", card: str = "", stance: str = "") -> None:
        self.verb: Final = verb
        self.target: Final = target
        self.card: Final = card
        self.stance: Final = stance

    def _fields(self) -> tuple[str, str, str, str]:
        return (self.verb, self.target, self.card, self.stance)

    @property
    def text(self) -> str:
        if self.verb == "attack":
            return f"attack {self.target} with {self.card}, {self.stance}"
        if self.verb == "tap":
            return f"tap {self.card}"
        if self.verb == "move":
            return f"move to {self.target}"
        return self.verb

    def to_dict(self) -> dict[str, str]:
        return {"text": self.text}


def parse_play(text: str) -> Play:
    """The action a text names; BadInput when it names none."""
    body = " ".join(text.split())
    if body in ("rest", "wait"):
        return Play(body)
    if found := _ATTACK.match(body):
        return Play("attack", found["target"], found["card"], found["stance"])
    if found := _MOVE.match(body):
        return Play("move", found["target"])
    if found := _TAP.match(body):
        return Play("tap", card=found["card"])
    raise BadInput(f"{text!r}: not a Card Crawl action (attack X with CARD, cautious|"
                   "aggressive; tap CARD; move to room N; rest; wait)")
