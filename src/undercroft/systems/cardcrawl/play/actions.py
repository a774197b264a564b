"""What a Card Crawl player can do on their turn, as small values with a stable text.

"attack goblin-1 with Slash, aggressive", "tap Shield Wall", "tap Healing Kit for
Seat-2", "use Lay on hands for Seat-2", "use Inspire for Seat-3 tapping Torch",
"take Rope", "swap Torch for Rope", "move to room 4", "rest", "wait": the text is what
a person types and what a record stores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from undercroft.errors import BadInput

_ATTACK: Final = re.compile(r"^attack (?P<target>\S+) with (?P<card>.+), "
                            r"(?P<stance>cautious|aggressive)$")
_TAP: Final = re.compile(r"^tap (?P<card>.+?)(?: for (?P<target>\S+))?$")
_USE: Final = re.compile(r"^use (?P<card>.+?)(?: for (?P<target>\S+))?"
                         r"(?: tapping (?P<using>.+))?$")
_MOVE: Final = re.compile(r"^move to (?P<target>entrance|room \d+)$")
_TAKE: Final = re.compile(r"^take (?P<card>.+)$")
_SWAP: Final = re.compile(r"^swap (?P<card>.+?) for (?P<using>.+)$")


@dataclass(frozen=True)
class Play:
    """One choice: a verb, what it is aimed at (a foe, a place, an ally), the card or
    ability used, the stance, and a card tapped for an ability (a frozen dataclass: a
    turn-based game makes a few a step, so nothing here is hot)."""

    verb: str
    target: str = ""
    card: str = ""
    stance: str = ""
    using: str = ""

    @property
    def text(self) -> str:
        if self.verb == "attack":
            return f"attack {self.target} with {self.card}, {self.stance}"
        if self.verb in ("tap", "use"):
            ally = f" for {self.target}" if self.target else ""
            tapping = f" tapping {self.using}" if self.using else ""
            return f"{self.verb} {self.card}{ally}{tapping}"
        if self.verb == "move":
            return f"move to {self.target}"
        if self.verb == "take":
            return f"take {self.card}"
        if self.verb == "swap":
            return f"swap {self.card} for {self.using}"
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
        return Play("tap", found["target"] or "", found["card"])
    if found := _USE.match(body):
        return Play("use", found["target"] or "", found["card"], using=found["using"] or "")
    if found := _TAKE.match(body):
        return Play("take", card=found["card"])
    if found := _SWAP.match(body):
        return Play("swap", card=found["card"], using=found["using"])
    raise BadInput(f"{text!r}: not a Card Crawl action (attack X with CARD, cautious|"
                   "aggressive; tap CARD [for SEAT]; use ABILITY [for SEAT] [tapping CARD]; "
                   "take CARD; swap CARD for CARD; move to room N; rest; wait)")
