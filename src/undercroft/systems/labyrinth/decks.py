"""Labyrinth's two decks: copies of cards with level ranges, drawn without replacement.

Seed 002, Card Levels: "When a new dungeon level is entered, all cards in the
discard piles should be shuffled back into the main decks, newly unlocked cards
should be shuffled in, and cards that are too low level should be removed."
So a deck at level L is every copy of every card whose range holds L, less the
copies out of the deck (in a player's hands, face up in the market), shuffled.
The deck is the source of chance: a card drawn is gone until it comes back.

A copy is named ``card-id#n`` (n from 1), so two copies of one card are told
apart in records and views.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from undercroft.engine.tally import fired
from undercroft.rng import Stream


def copy_id(card: str, number: int) -> str:
    return f"{card}#{number}"


def card_of(copy: str) -> str:
    """The card a copy is of (``goblin-band#2`` -> ``goblin-band``)."""
    return copy.split("#", 1)[0]


@dataclass(frozen=True)
class CardSpec:
    """What the deck needs to know of a card: its copies and level range."""

    id: str
    copies: int
    levels: tuple[int, int]

    def holds(self, level: int) -> bool:
        low, high = self.levels
        return low <= level <= high


@dataclass
class Deck:
    """A draw pile and a discard pile of card copies, at a dungeon level."""

    cards: Mapping[str, CardSpec]
    level: int = 0
    draw: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def set_level(self, level: int, out: Iterable[str], stream: Stream) -> None:
        """Seed 002: discards back in, newly unlocked cards in, too-low cards out; every
        copy not held elsewhere (``out``) is shuffled into the draw pile."""
        fired("labyrinth.encounter.levels")
        held = set(out)
        self.level = level
        pile = [copy_id(card.id, n) for card in self.cards.values() if card.holds(level)
                for n in range(1, card.copies + 1)]
        self.draw = stream.shuffled(sorted(c for c in pile if c not in held))
        self.discard = []

    def take(self) -> str | None:
        """The top card, or None when the pile is empty (drawing is without replacement)."""
        if not self.draw:
            return None
        fired("labyrinth.deck.no-replacement")
        return self.draw.pop()

    def put_back(self, copy: str, stream: Stream) -> None:
        """A copy shuffled back into the draw pile (a sold item, a dead hero's items, a
        cursed card the market may not show), if its card belongs at this level."""
        if self.cards[card_of(copy)].holds(self.level):
            at = stream.randint(0, len(self.draw))
            self.draw.insert(at, copy)

    def discard_copy(self, copy: str) -> None:
        self.discard.append(copy)

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "draw": len(self.draw), "discard": list(self.discard)}
