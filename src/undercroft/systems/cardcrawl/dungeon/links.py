"""Random Dungeons, connections: the seed's link rolls and how each result is read.

Per unit of a room's size the seed rolls two dice of the dungeon's size, one
positive and one negative, and adds them to the room number. The result may be
the entrance, the room itself, past the last room, or a room it already links
to; :func:`read_link` says which, so a dropped roll keeps its reason in the
JSON instead of disappearing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final, Literal

from undercroft.engine.tally import fired
from undercroft.systems.cardcrawl.dungeon.dice import DiceLog

ENTRANCE: Final = 0
"""The entrance/outside, as a link target: the seed's "0 or less"."""

Reason = Literal["self", "over max", "duplicate"]
Target = int | Literal["entrance", "lower level"]
"""A kept link leads to a room, the entrance, or (as a house rule) a lower level."""


@dataclass(frozen=True)
class LinkRoll:
    """One connection roll: positive die minus negative die, added to the room number."""

    positive: int
    negative: int
    target: int
    """``room + positive - negative``, before any reading."""
    link: Target | None
    """What it connects to; None when dropped for being the room itself or past the end."""
    reason: Reason | None = None

    @property
    def kept(self) -> bool:
        return self.reason is None

    @property
    def label(self) -> str:
        """The seed's own notation: a room number, "entrance", "self", "over max"."""
        if self.reason in ("self", "over max"):
            return self.reason
        return str(self.link)

    def to_dict(self) -> dict[str, Any]:
        return {"positive": self.positive, "negative": self.negative, "target": self.target,
                "label": self.label, "link": self.link, "kept": self.kept,
                "reason": self.reason}


def read_link(room: int, target: int, rooms: int, earlier: Iterable[LinkRoll],
              lower_level: bool) -> tuple[Target | None, Reason | None]:
    """What one connection result means, and why it is dropped if it is.

    Order of reading: 0 or less is the entrance; the room itself is "self";
    past the last room is "over max" (or a link to a lower level); a link this
    room already has is a "duplicate".
    """
    link: Target
    if target <= 0:
        fired("cardcrawl.link.entrance")
        link = "entrance"
    elif target == room:
        fired("cardcrawl.link.self-over-max")
        return None, "self"
    elif target > rooms:
        if not lower_level:
            fired("cardcrawl.link.self-over-max")
            return None, "over max"
        link = "lower level"
    else:
        link = target
    if any(roll.kept and roll.link == link for roll in earlier):
        fired("cardcrawl.link.duplicate")
        return link, "duplicate"
    return link, None


def roll_links(dice: DiceLog, room: int, size: int, rooms: int, sides: int,
               lower_level: bool = False) -> tuple[LinkRoll, ...]:
    """One positive and one negative die of the dungeon's size per unit of the room's size."""
    fired("cardcrawl.link.per-size")
    links: list[LinkRoll] = []
    for index in range(1, size + 1):
        fired("cardcrawl.link.roll")
        positive = dice.roll(sides, room, "link", f"room {room} link {index} positive")
        negative = dice.roll(sides, room, "link", f"room {room} link {index} negative")
        target = room + positive - negative
        link, reason = read_link(room, target, rooms, links, lower_level)
        links.append(LinkRoll(positive, negative, target, link, reason))
    return tuple(links)
