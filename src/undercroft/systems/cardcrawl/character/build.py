"""A Card Crawl character: the cards it owns, how they are arranged, what that gives.

A character is only its cards (seed 004: "Until you've purchased a card, you do
not have whatever the cards represent"). It is checked whole when made, so the
combat module can trust it: ownership rules (:mod:`costs`), two legal sheets
(:mod:`sheets`: race and character cards on one, attacks on the other),
defence cards brought within the usable count, gear and spells within the
equip limit. Saved characters are JSON; whatever is computed from the cards
is written under ``computed`` for readers and ignored when read back, so a
player may rearrange a saved sheet between sessions by editing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Final, TypeVar

from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.character import costs
from undercroft.systems.cardcrawl.character.cards import (
    KINDS,
    AttackCard,
    BaseCard,
    CardSet,
    CharacterCard,
    DefenceCard,
    GearCard,
    RaceCard,
    SheetCard,
    SpellCard,
    starter_cards,
)
from undercroft.systems.cardcrawl.character.sheets import (
    Position,
    SeamBonus,
    Sheet,
    best_bonuses,
    combo_bonuses,
    lookup,
    random_sheet,
    seam_bonuses,
)

STREAM: Final = "cardcrawl/character"
START_DEFENCE: Final = (1, 2, 3)
"""Seed 004: "a 1 point, 2 point, and 3 point Defense card (or larger if the GM wants a
lower-lethality game)": :func:`new_character` takes other ratings."""
C = TypeVar("C", bound=BaseCard)


class CharacterError(BadInput):
    """An illegal character; ``field`` names the part of its JSON document at fault."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"character, field {field_name}: {message}")
        self.field = field_name
        self.message = message


@dataclass(frozen=True)
class AttackSlot:
    """A usable attack: its card, where it lies, and the attacks its combos lead to."""

    card: AttackCard
    position: Position
    right: str | None
    below: str | None

    @property
    def bonus(self) -> int:
        return self.card.bonus

    @property
    def difficulty(self) -> int:
        return self.card.difficulty


@dataclass(frozen=True)
class Character:
    """Cards owned (IDs), the two sheets, the defence cards brought, the gear equipped."""

    owned: tuple[str, ...]
    character_sheet: Sheet
    attack_sheet: Sheet
    carried: tuple[str, ...]
    equipped: tuple[str, ...]
    seed: int | None = None
    card_set: CardSet = field(default_factory=starter_cards, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name in ("owned", "carried", "equipped"):  # lists compare equal to tuples after this
            object.__setattr__(self, name, tuple(getattr(self, name)))
        problem = _problem(self)
        if problem:
            raise CharacterError(*problem)

    def cards(self, model: type[C]) -> list[C]:
        """Owned cards of one kind (``cards(AttackCard)``), in the order owned."""
        return [card for card in (self.card_set.get(i) for i in self.owned)
                if isinstance(card, model)]

    @property
    def title(self) -> str:
        """What the table calls the character ("The half-elf", "The dwarf Fighter")."""
        fired("cardcrawl.creation.title")
        races = self.cards(RaceCard)
        if len(races) == 2:
            other = [race for race in races if not race.second_race] or races[1:]
            race = f"half-{other[0].name.lower()}"
        else:
            race = races[0].name.lower() if races else "stranger"
        extras = self.cards(CharacterCard)
        classes = "/".join(card.name for card in extras if card.aspect == "class")
        rest = ", ".join(card.name for card in extras if card.aspect != "class")
        return " ".join(part for part in ("The", race, classes) if part) + \
            (f" ({rest})" if rest else "")

    @property
    def points(self) -> int:
        """What the owned cards would cost to buy (gear and spells count nothing)."""
        return sum(costs.card_cost(self.card_set.get(i)) or 0 for i in self.owned)

    def seam_bonuses(self) -> list[SeamBonus]:
        """Every seam of the character sheet and the skill bonus it gives."""
        cards = {card.id: card for card in self.cards(SheetCard)}
        return seam_bonuses(self.character_sheet, cards)

    @cached_property
    def _best(self) -> dict[str, int]:
        """Skill bonuses, worked out once: combat asks for them at every check."""
        return best_bonuses(self.seam_bonuses())

    def skill_bonuses(self) -> dict[str, int]:
        """Each skill's best seam bonus, highest first."""
        return dict(self._best)

    def skill_bonus(self, skill: str) -> int:
        """The best seam bonus for ``skill`` (any case or spacing), 0 if no seam gives it."""
        return lookup(self._best, skill)

    def attacks(self) -> list[AttackSlot]:
        """The usable attacks (on the attack sheet), in reading order."""
        cards = {card.id: card for card in self.cards(AttackCard)}
        return [AttackSlot(cards[card_id], position,
                           self.attack_sheet.neighbour(position, "right"),
                           self.attack_sheet.neighbour(position, "below"))
                for position, card_id in self.attack_sheet.placed().items()]

    def combo_after(self, attack_id: str) -> dict[str, int]:
        """The attacks that get a combo bonus next if ``attack_id`` just succeeded."""
        cards = {card.id: card for card in self.cards(AttackCard)}
        return combo_bonuses(self.attack_sheet, cards, attack_id)

    def defence_cards(self) -> list[DefenceCard]:
        """The defence cards brought on this adventure (the stack combat uses)."""
        return self.card_set.pick(self.carried, DefenceCard)

    @property
    def defence_limit(self) -> int:
        return costs.defence_limit(len(self.character_sheet.cards()),
                                   len(self.attack_sheet.cards()))

    def equipment(self) -> list[GearCard | SpellCard]:
        """The gear and spells equipped."""
        found: list[GearCard | SpellCard] = []
        for card_id in self.equipped:
            card = self.card_set.get(card_id)
            if isinstance(card, GearCard | SpellCard):
                found.append(card)
        return found

    @property
    def equip_limit(self) -> int:
        return costs.equip_limit(len(self.character_sheet.cards()),
                                 len(self.attack_sheet.cards()), len(self.carried))

    def rearranged(self, character_sheet: Sheet | None = None,
                   attack_sheet: Sheet | None = None) -> Character:
        """The same cards arranged anew (between sessions), checked again."""
        return replace(self, character_sheet=character_sheet or self.character_sheet,
                       attack_sheet=attack_sheet or self.attack_sheet)

    def grouped(self) -> dict[str, list[str]]:
        """Owned IDs by kind, every kind present."""
        return {kind: [i for i in self.owned if self.card_set.get(i).kind == kind]
                for kind in KINDS}


def _problem(character: Character) -> tuple[str, str] | None:
    """The first rule ``character`` breaks, as (field, message)."""
    card_set = character.card_set
    unknown = [i for i in character.owned if i not in card_set]
    if unknown:
        return "cards", f"no card {unknown[0]!r} in the card set"
    problem = costs.ownership_problem([card_set.get(i) for i in character.owned])
    if problem:
        return "cards", problem
    sheets: tuple[tuple[str, Sheet, type[BaseCard], str], ...] = (
        ("sheets.character", character.character_sheet, SheetCard, "race and character cards"),
        ("sheets.attack", character.attack_sheet, AttackCard, "attack cards"))
    groups: tuple[tuple[str, Sequence[str], tuple[type[BaseCard], ...], str, int], ...] = (
        ("carried_defence", character.carried, (DefenceCard,), "defence cards",
         character.defence_limit),
        ("equipped", character.equipped, (GearCard, SpellCard), "gear and spell cards",
         character.equip_limit))
    for name, sheet, model, holds in sheets:
        found = _misplaced(character, sheet.cards(), (model,), holds)
        if found:
            return name, found
    for name, ids, models, holds, limit in groups:
        found = _misplaced(character, ids, models, holds)
        if found:
            return name, found
        if len(ids) > limit:
            return name, f"{len(ids)} {holds}, but the limit is {limit}"
    return None


def _misplaced(character: Character, ids: Sequence[str], models: tuple[type[BaseCard], ...],
               holds: str) -> str | None:
    seen: set[str] = set()
    for card_id in ids:
        if card_id not in character.owned:
            return f"card {card_id!r} is not owned"
        if card_id in seen:
            return f"card {card_id!r} appears twice"
        seen.add(card_id)
        card = character.card_set.get(card_id)
        if not isinstance(card, models):
            return f"card {card_id!r} is a {card.kind} card; this holds {holds}"
    return None


def new_character(stream: Stream, card_set: CardSet | None = None,
                  defence_ratings: Sequence[int] = START_DEFENCE) -> Character:
    """A starting character by seed 004's Character Creation, every choice random but legal.

    One race card; one +4/+4 class card, or (after Human) a second race for a
    half-X; one +1 attack the character may own and that deals damage (Feint
    "deals no damage when it hits": alone on a sheet it has no attack to combo
    into, and the character could never hurt a foe); one defence card of each
    rating asked for (1, 2 and 3); one basic gear, equipped. Each choice is
    uniform among the cards that fit it.
    """
    cards = card_set or starter_cards()
    races = cards.of(RaceCard)
    fired("cardcrawl.creation.race")
    race = _choose(stream, races, "a race card")
    second: list[SheetCard] = [card for card in cards.of(CharacterCard)
                               if card.aspect == "class" and (card.right, card.bottom) == (4, 4)]
    if race.second_race:
        second += [other for other in races if other.id != race.id]
    fired("cardcrawl.creation.class-or-race")
    partner = _choose(stream, second, "a +4/+4 class card")
    fired("cardcrawl.creation.attack")
    attack = _choose(stream, [card for card in cards.of(AttackCard) if card.bonus == 1 and
                              card.requires in (None, partner.id) and deals_damage(card)],
                     "a +1 attack")
    fired("cardcrawl.creation.defence")
    defence: list[DefenceCard] = []
    for rating in defence_ratings:
        defence.append(_choose(stream, [card for card in cards.of(DefenceCard)
                                        if card.rating == rating and card not in defence],
                               f"a defence card rated {rating}"))
    fired("cardcrawl.creation.gear")
    gear = _choose(stream, [card for card in cards.of(GearCard) if card.basic], "basic gear")
    fired("cardcrawl.creation.layout")
    owned = (race.id, partner.id, attack.id, *(card.id for card in defence), gear.id)
    return Character(owned, random_sheet([race.id, partner.id], stream),
                     random_sheet([attack.id], stream), tuple(card.id for card in defence),
                     (gear.id,), stream.seed, cards)


def deals_damage(card: AttackCard) -> bool:
    """Whether a hit with the card takes anything (Feint's "deals no damage" does not)."""
    return card.mechanic is None or card.mechanic.kind != "no_damage"


def _choose(stream: Stream, options: Sequence[C], what: str) -> C:
    if not options:
        raise BadInput(f"card set: no card for {what}, which a new character needs")
    return stream.choice(options)
