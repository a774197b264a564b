"""The state of a game of Labyrinth: the party, the two decks, where the party is.

One object holds everything that changes; ``rules.step`` is the only thing that
changes it. Phases: ``town`` (the market, the wizard, choosing a floor),
``explore`` (a floor of the dungeon, room after room), ``fight`` (a battle, in
initiative order), ``stairs`` (a stairwell found: back to the surface or down).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.turns import TextEvent
from undercroft.systems.labyrinth.adventurer.state import Adventurer
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.content.cards import CursedItem, EquipmentItem, ItemCard
from undercroft.systems.labyrinth.content.loader import Content
from undercroft.systems.labyrinth.decks import Deck, card_of
from undercroft.systems.labyrinth.fight import Fight

Phase = Literal["town", "explore", "fight", "stairs"]


@dataclass
class Room:
    """The room the party is in: its card, and whether it has been dealt with."""

    card: str
    """The encounter card copy drawn on entering (``goblin-band#2``)."""
    kind: str
    resolved: bool = False
    """Once an encounter is finished, "the room is considered empty"."""
    chest_checked: bool = False
    chest_safe: bool = False
    """A check for traps found the chest's trap: opening it cannot spring it."""

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "kind": self.kind, "resolved": self.resolved,
                "chest_checked": self.chest_checked, "chest_safe": self.chest_safe}


@dataclass
class StatueChoice:
    """A Dragon Statue face that leaves a choice to its roller: which base stat goes up
    (``raise_stat``) or down (``lower_stat``), or which stat Luck swaps with
    (``swap_luck``); ``optional`` when the face says "may" (the roller may decline)."""

    seat: str
    effect: str
    amount: int
    optional: bool
    text: str
    """The face's words, for the table."""

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "effect": self.effect, "amount": self.amount,
                "optional": self.optional, "text": self.text}


@dataclass
class LabyrinthState:
    """A game of Labyrinth in progress."""

    config: LabyrinthConfig
    seed: int
    content: Content
    party: list[Adventurer]
    encounters: Deck
    items: Deck
    dice: LoggedStream
    """The game's dice: each roll is logged for the next event to carry."""
    phase: Phase = "town"
    floor: int = 0
    """The floor the party is on (0: in town)."""
    unlocked: int = 1
    """The deepest floor unlocked ("The first floor is automatically unlocked")."""
    stairs_owed: bool = False
    """Gone down a stairwell: another must be found before returning to the surface."""
    room: Room | None = None
    rooms_entered: int = 0
    """Rooms entered on this floor (no more than its encounter deck has cards)."""
    market: list[str] = field(default_factory=list)
    fight: Fight | None = None
    turn: int = 0
    """The seat whose turn it is outside a fight."""
    round: int = 1
    steps: int = 0
    events: list[TextEvent] = field(default_factory=list)
    ended: str | None = None
    """"victory", "defeated" or "time up"."""
    deepest: int = 0
    """The deepest floor the party has stood on."""
    statue: StatueChoice | None = None
    """A Dragon Statue roll waiting for its roller's choice: that seat acts next."""

    def adventurer(self, seat: str) -> Adventurer:
        for member in self.party:
            if member.seat == seat:
                return member
        raise KeyError(seat)

    def living(self) -> list[Adventurer]:
        return [member for member in self.party if member.alive]

    def item(self, copy: str) -> ItemCard:
        return self.content.items[card_of(copy)]

    def worn(self, adventurer: Adventurer) -> list[EquipmentItem | CursedItem]:
        """The cards of what the adventurer wears (equipped, then cursed)."""
        cards = [self.item(copy) for copy in adventurer.worn]
        return [card for card in cards if isinstance(card, EquipmentItem | CursedItem)]

    def say(self, kind: str, text: str, **data: Any) -> TextEvent:
        event = TextEvent(self.round, kind, text, data, self.dice.take())
        self.events.append(event)
        return event
