"""Hand-built games of Card Crawl for the tests of cards, abilities and enemy specials."""

from __future__ import annotations

from scripted_dice import Faces
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup
from undercroft.systems.cardcrawl.play.state import (
    Attack,
    Card,
    CardCrawlState,
    Fighter,
    Room,
)

SLASH = Attack("Slash", 1, ("melee",), 9, (("Thrust", 2),))
THRUST = Attack("Thrust", 1, ("melee",), 9, ())


def fighter(seat: str = "Seat-1", skills: dict[str, int] | None = None,
            attacks: list[Attack] | None = None, cards: list[Card] | None = None,
            abilities: tuple[str, ...] = ()) -> Fighter:
    """Slash and Thrust, melee +2, Parry (1, a ward of 1), Dodge (2) and Mail (3), and a
    Salve (heals 2); the abilities named, each counted as a class ability."""
    held = cards if cards is not None else [
        Card("Parry", "defence", 1, "ward", 1, ""), Card("Dodge", "defence", 2, "none", 0, ""),
        Card("Mail", "defence", 3, "none", 0, ""), Card("Salve", "gear", 0, "heal", 2, "")]
    return Fighter(seat, "The test character", {"melee": 2} if skills is None else skills,
                   attacks or [SLASH, THRUST], held,
                   abilities={name: f"cardcrawl.class-ability.{name.lower().replace(' ', '-')}"
                              for name in abilities})


def table(*fighters: Fighter, foes: list[list[int]] | None = None, kind: str = "goblin",
          faces: tuple[int, ...] = (), **config: object) -> CardCrawlState:
    """The party in room 1 (joined to the entrance and to room 2) with a group of ``kind``
    showing the hit dice ``foes``, the dice showing ``faces`` first."""
    fighters = fighters or (fighter(),)
    room = Room(1, 3, "Barracks", (0, 2),
                [EnemyGroup(f"{kind}-1", kind, foes)] if foes else [], visited=True)
    rooms = {1: room, 2: Room(2, 3, "Crafting", (1,))}
    state = CardCrawlState(CardCrawlConfig(players=len(fighters), **config),  # type: ignore[arg-type]
                           1, list(fighters), rooms, Stream(1), where=1, rests_left=1)
    state.dice = Faces(*faces)
    return state


def states(member: Fighter) -> list[str]:
    return [card.state for card in member.defence]


def said(state: CardCrawlState, kind: str) -> list[dict[str, object]]:
    """The data of every event of that kind so far."""
    return [event.data for event in state.events if event.kind == kind]
