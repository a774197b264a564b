"""What a Card Crawl player can do on their turn, as small values with a stable text.

"attack goblin-1 with Slash, aggressive", "tap Shield Wall", "move to room 4",
"rest", "wait": the text is what a person types and what a record stores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from undercroft.errors import BadInput

VERBS: Final = ("attack", "tap", "move", "rest", "wait")
_ATTACK: Final = re.compile(r"^attack (?P<target>\S+) with (?P<card>.+), "
                            r"(?P<stance>cautious|aggressive)$")
_TAP: Final = re.compile(r"^tap (?P<card>.+)$")
_MOVE: Final = re.compile(r"^move to (?P<target>entrance|room \d+)$")


@dataclass(frozen=True)
class Play:
    """One choice: a verb, what it is aimed at, the card used, and the stance (a frozen
    dataclass: a turn-based game makes a few a step, so nothing here is hot)."""

    verb: str
    target: str = ""
    card: str = ""
    stance: str = ""

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
