"""The state of a game of Card Crawl: the party's cards in play, the dungeon, the enemies.

One object holds everything that changes, and ``rules.step`` is the only
thing that changes it. A character's cards are copied into play as
:class:`Fighter` records (what each card does in a fight, and whether it is
ready, tapped or discarded), so the rules need nothing of how the cards were
bought or arranged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal

from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.turns import TextEvent
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup

CardState = Literal["ready", "tapped", "discarded"]
ENTRANCE: Final = 0
"""The entrance, outside the dungeon: seed 004's "connection to the entrance"."""


@dataclass
class Card:
    """A defence, gear or spell card in play."""

    name: str
    kind: str
    """"defence", "gear" or "spell"."""
    rating: int
    """A defence card's rating (0 for gear and spells)."""
    effect: str
    """What tapping the card does in play (``effects``): ``ward`` the next hit on the
    character (or on an ally, for a card that says so) before their next turn loses
    ``value`` from its margin; ``boost`` +value on the character's next roll with one of
    the card's ``skills``; ``focus`` +value to the character's next attack; ``heal`` one
    discarded defence card of rating up to the value comes back (seed 004's healing
    rule); ``untap`` another tapped card of the character's is ready again; ``none``
    nothing the rules play (its words are for the table: docs/rules/cardcrawl.md says
    why)."""
    value: int
    text: str
    state: CardState = "ready"
    content: str = ""
    """The card as the audit counts it (``cardcrawl.defence.parry``; ``content_ids``);
    empty for a card made by hand."""
    skills: tuple[str, ...] = ()
    """The rolls a ``boost`` is for."""
    target: str = "self"
    """Who a ``heal`` or ``ward`` reaches: "self", "ally" (another character) or "any"."""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "rating": self.rating,
                "effect": self.effect, "value": self.value, "text": self.text,
                "state": self.state, "skills": list(self.skills), "target": self.target}


@dataclass(frozen=True)
class Attack:
    """An attack card as it lies on its sheet, with what its effect does in play."""

    name: str
    bonus: int
    skills: tuple[str, ...]
    """The skills the attack may roll with: the character's best seam bonus of them adds
    (every skill, under ``any_skill``)."""
    difficulty: int
    """Seed 004: "usually equal to 9 unless otherwise modified" (the card says): against
    a foe it is 6 + the foe's skill, moved by as much as this is above or below 9
    (``checks.attack_difficulty``)."""
    follow_ups: tuple[tuple[str, int], ...]
    """The attacks to its right and below, each with the combo bonus it gets on the
    next action after this one succeeds."""
    extra: int = 0
    """Added to the margin of a hit (the card's extra damage), when ``when`` holds."""
    heal: int = 0
    """A hit also brings back one lost defence card of this rating or less to an ally
    (``heal_target``)."""
    text: str = ""
    content: str = ""
    """The card as the audit counts it (``cardcrawl.attack.strike``); empty for a card
    made by hand."""
    damage: bool = True
    """False for an attack that "deals no damage when it hits" (Feint)."""
    stagger: int = 0
    """Creatures of the group hit that lose their next attack (Shove)."""
    weaken: int = 0
    """Taken off the group's next attack (Cutting Words)."""
    when: str = ""
    """The condition ``extra`` needs (``cards.MechanicWhen``); empty: always."""
    undead: int | None = None
    """Extra damage against the undead, instead of ``extra`` (Smite)."""
    heal_target: str = "ally"
    magic: bool = False
    """A caster's magic attack (a wizard's or a cleric's): a spell, as a troll fears."""


@dataclass
class Fighter:
    """One seat's character in play."""

    seat: str
    title: str
    skills: dict[str, int]
    attacks: list[Attack]
    cards: list[Card]
    """Defence cards brought (no more than the usable count), then gear and spells."""
    healed: bool = False
    """Seed 004: "If you've been healed, you can't be healed again until you're damaged"."""
    ward: int = 0
    """Taken off the margin of the next hit on the character before their next turn."""
    boosts: dict[str, int] = field(default_factory=dict)
    """Bonuses waiting for the character's next roll with a skill (a tapped Rope: +2 on
    one athletics roll)."""
    focus: int = 0
    """Added to the character's next attack."""
    combo: dict[str, int] = field(default_factory=dict)
    """Attacks that get a combo bonus on this fighter's next action."""
    seams: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """For each skill in ``skills``, the race and character cards (as the audit counts
    them) whose seam gives its bonus: a roll with that bonus puts them to use."""
    abilities: dict[str, str] = field(default_factory=dict)
    """The abilities of the character's race and character cards, by their name
    ("Second wind"), each with its id as the audit counts it."""
    spent: set[str] = field(default_factory=set)
    """Abilities used up: until a long rest, or for the session (the game)."""
    adapted: bool = False
    """A Human's Adaptable is waiting for the next roll: its skill counts at least +2."""
    holding_on: int = 0
    """An Orc's Relentless: the round through whose end the character stays up at no
    ready defence card (0: not holding on)."""
    moved: bool = False
    """The party moved since this character's last turn (Aimed Shot's "did not move")."""
    missed: bool = False
    """A foe missed this character since their last turn (Riposte)."""
    pack: list[Card] = field(default_factory=list)
    """Gear found and owned but not equipped: carried, to swap in between encounters."""
    equip_limit: int = 1
    """Seed 004: gear and spells equipped up to "the lowest card total of any other
    group"."""
    owned: set[str] = field(default_factory=set)
    """The character's cards by ID (no card is owned twice)."""

    @property
    def equipped(self) -> list[Card]:
        return [card for card in self.cards if card.kind != "defence"]

    @property
    def defence(self) -> list[Card]:
        return [card for card in self.cards if card.kind == "defence"]

    @property
    def standing_defence(self) -> list[Card]:
        """Defence cards not discarded (ready or tapped)."""
        return [card for card in self.defence if card.state != "discarded"]

    @property
    def ready_defence(self) -> list[Card]:
        return [card for card in self.defence if card.state == "ready"]

    @property
    def incapacitated(self) -> bool:
        """Seed 004: "Incapacitated at 0 cards (even if some cards are just tapped)": no
        ready defence card left to soak a hit (unless Relentless holds the character up)."""
        return not self.holding_on and not self.ready_defence

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)

    def card(self, name: str) -> Card | None:
        return next((card for card in self.cards if card.name == name), None)

    def can_heal(self, value: int) -> bool:
        """Whether a heal of ``value`` would bring a card back: not healed since the last
        wound, and a discarded defence card of rating up to ``value``."""
        return not self.healed and any(c.state == "discarded" and c.rating <= value
                                       for c in self.defence)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "title": self.title, "skills": dict(self.skills),
                "attacks": [{"name": a.name, "bonus": a.bonus, "skills": list(a.skills),
                             "difficulty": a.difficulty, "extra": a.extra, "heal": a.heal,
                             "damage": a.damage, "when": a.when,
                             "follow_ups": [list(f) for f in a.follow_ups]}
                            for a in self.attacks],
                "cards": [card.to_dict() for card in self.cards], "healed": self.healed,
                "ward": self.ward, "boosts": dict(self.boosts), "focus": self.focus,
                "combo": dict(self.combo), "abilities": sorted(self.abilities),
                "spent": sorted(self.spent), "adapted": self.adapted,
                "holding_on": self.holding_on, "pack": [card.to_dict() for card in self.pack],
                "equip_limit": self.equip_limit, "incapacitated": self.incapacitated}


@dataclass
class Room:
    """A room of the dungeon and who is in it."""

    number: int
    size: int
    type: str
    links: tuple[int, ...]
    """Rooms a corridor joins to this one (0: the entrance)."""
    enemies: list[EnemyGroup] = field(default_factory=list)
    stock: tuple[str, int] | None = None
    """The enemy kind and count waiting here, rolled into groups when the party enters."""
    visited: bool = False
    gear: list[Card] = field(default_factory=list)
    """Gear lying here, for the party to take once no enemy stands in the room."""


@dataclass
class CardCrawlState:
    """A game of Card Crawl in progress."""

    config: CardCrawlConfig
    seed: int
    fighters: list[Fighter]
    rooms: dict[int, Room]
    dice: LoggedStream
    """The game's dice: each roll is logged for the next event to carry."""
    where: int = ENTRANCE
    """The room the party is in (the party moves together: a house rule)."""
    turn: int = 0
    """Index of the fighter whose turn it is."""
    round: int = 1
    steps: int = 0
    """Choices played so far (a record's step count)."""
    rests_left: int = 0
    events: list[TextEvent] = field(default_factory=list)
    ended: str | None = None
    """"cleared", "defeated" or "time up"."""
    groups_made: int = 0

    def fighter(self, seat: str) -> Fighter:
        for fighter in self.fighters:
            if fighter.seat == seat:
                return fighter
        raise KeyError(seat)

    @property
    def room(self) -> Room | None:
        return self.rooms.get(self.where)

    def foes_here(self) -> list[EnemyGroup]:
        room = self.room
        return [] if room is None else [g for g in room.enemies if not g.defeated]

    def say(self, kind: str, text: str, **data: Any) -> TextEvent:
        event = TextEvent(self.round, kind, text, data, self.dice.take())
        self.events.append(event)
        return event
