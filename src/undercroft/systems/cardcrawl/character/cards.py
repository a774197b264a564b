"""Card Crawl's cards (seed 004) as data: the six kinds, and loading a card set.

Cards live in ``data/cards*.toml`` so a designer can add a race or an attack
without touching Python; a content pack with a mistake gets one line naming the
file, the card and the field (``undercroft.content.loading``). The starter set
is house content: the seed's own cards were behind a link we do not have.

Race and character cards share one shape, :class:`SheetCard`: skills on the
left and top sides, bonuses on the right and bottom sides. A bonus never helps
its own card's skills; it powers the skill of the card touching that side
(see :mod:`undercroft.systems.cardcrawl.character.sheets`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from undercroft.content.loading import read_toml, validate
from undercroft.errors import BadInput

DATA = Path(__file__).parent / "data"

Kind = Literal["race", "character", "attack", "defence", "gear", "spell"]
KINDS: tuple[Kind, ...] = ("race", "character", "attack", "defence", "gear", "spell")
"""In the order the seed introduces them (race and character cards first)."""

Aspect = Literal["class", "background", "title", "name"]
"""What a character card represents: seed 004 names class, title, name and backstory."""

MechanicKind = Literal["extra_damage", "reduce_margin", "roll_bonus", "reroll", "heal",
                       "untap", "area", "ranged", "no_damage", "stagger", "weaken"]
MechanicTarget = Literal["self", "ally", "any"]
"""Who a heal or a reduced margin reaches: the card's holder, another character, either."""
MechanicWhen = Literal["engaged", "unmoved", "unnoticed", "missed", "margin-3"]
"""The condition extra damage needs (data/cards.toml says what each means)."""

ID_PATTERN = r"^[a-z][a-z0-9-]*$"


def skill_key(skill: str) -> str:
    """One spelling per skill ("Sleight  of Hand" -> "sleight of hand"), so seams that
    name the same skill are recognised as the same skill."""
    return " ".join(skill.lower().split())


class Mechanic(BaseModel):
    """A machine-readable hint of what a card's effect does, for the combat module.

    The effect text is what the table reads; this is what software may act on.
    ``amount`` is damage, margin, bonus or the highest rating healed/untapped.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: MechanicKind
    amount: int = Field(0, ge=0, le=20)
    skill: str | None = None
    skills: tuple[str, ...] = ()
    """Further skills a roll bonus is for ("a stealth or athletics roll")."""
    target: MechanicTarget = "self"
    when: MechanicWhen | None = None
    undead: int | None = Field(None, ge=0, le=20)
    """Extra damage against the undead, instead of ``amount``."""

    @property
    def for_skills(self) -> tuple[str, ...]:
        """Every skill the mechanic names, one spelling each."""
        named = ((self.skill,) if self.skill else ()) + self.skills
        return tuple(skill_key(skill) for skill in named)


class BaseCard(BaseModel):
    """What every card has: an ID (its table name in the data file) and a name."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=ID_PATTERN)
    name: str = Field(min_length=1)


class SheetCard(BaseCard):
    """A card arranged on the character sheet: race or character (class, background ...)."""

    left: str
    top: str
    right: int = Field(ge=1, le=9)
    bottom: int = Field(ge=1, le=9)
    ability: str = Field(min_length=1)

    @field_validator("left", "top")
    @classmethod
    def _a_skill(cls, value: str) -> str:
        key = skill_key(value)
        if not key:
            raise ValueError("a skill needs a name")
        return key

    @property
    def highest_bonus(self) -> int:
        return max(self.right, self.bottom)


class RaceCard(SheetCard):
    kind: Literal["race"] = "race"
    second_race: bool = False
    """Whether a second race card may be taken with this one (seed: a Human's half-X)."""


class CharacterCard(SheetCard):
    kind: Literal["character"] = "character"
    aspect: Aspect = "class"


class _Effect(BaseCard):
    effect: str = Field(min_length=1)
    mechanic: Mechanic | None = None


class AttackCard(_Effect):
    """An attack or action: innate bonus, difficulty (9 unless modified), combo bonuses."""

    kind: Literal["attack"] = "attack"
    bonus: int = Field(ge=1, le=9)
    difficulty: int = Field(9, ge=2, le=30)
    combo_right: int = Field(ge=0, le=9)
    combo_bottom: int = Field(ge=0, le=9)
    requires: str | None = None
    """The ID of a class card the buyer must own ("Fighter attacks")."""
    skills: tuple[str, ...] = ("melee",)
    """The skills that could make sense for rolling this attack (seed 004: "any skill
    that could remotely make sense for a situation"): the best of their seam bonuses
    adds to the roll."""

    @field_validator("skills")
    @classmethod
    def _named_skills(cls, values: tuple[str, ...]) -> tuple[str, ...]:
        keys = tuple(skill_key(value) for value in values)
        if not keys or not all(keys):
            raise ValueError("an attack rolls with at least one named skill")
        return keys


class DefenceCard(_Effect):
    kind: Literal["defence"] = "defence"
    rating: int = Field(ge=1, le=9)


class GearCard(_Effect):
    kind: Literal["gear"] = "gear"
    basic: bool = False
    """A new character may start with it (seed: "one piece of basic gear")."""


class SpellCard(_Effect):
    kind: Literal["spell"] = "spell"


Card = RaceCard | CharacterCard | AttackCard | DefenceCard | GearCard | SpellCard
C = TypeVar("C", bound=BaseCard)

MODELS: dict[Kind, type[Card]] = {
    "race": RaceCard, "character": CharacterCard, "attack": AttackCard,
    "defence": DefenceCard, "gear": GearCard, "spell": SpellCard,
}


@dataclass(frozen=True)
class CardSet:
    """Every card a character may own, by ID, in file order."""

    cards: Mapping[str, Card]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def get(self, card_id: str) -> Card:
        found = self.cards.get(card_id)
        if found is None:
            raise BadInput(f"card {card_id!r}: no such card in the card set")
        return found

    def of(self, model: type[C]) -> list[C]:
        """Every card of one kind (``of(AttackCard)``), in file order."""
        return [card for card in self.cards.values() if isinstance(card, model)]

    def pick(self, ids: Iterable[str], model: type[C]) -> list[C]:
        """The cards named by ``ids``, each checked to be of ``model``'s kind."""
        found: list[C] = []
        for card_id in ids:
            card = self.get(card_id)
            if not isinstance(card, model):
                raise BadInput(f"card {card_id!r}: a {card.kind} card, not {model.__name__}")
            found.append(card)
        return found


def default_files() -> tuple[Path, ...]:
    """The starter set: every ``cards*.toml`` beside this module, in name order."""
    return tuple(sorted(DATA.glob("cards*.toml")))


@cache
def starter_cards() -> CardSet:
    """The shipped starter set (house content), loaded once."""
    return load_cards(default_files())


def load_cards(paths: Sequence[Path]) -> CardSet:
    """A card set from one or more TOML files; a mistake names file, card and field."""
    cards: dict[str, Card] = {}
    origin: dict[str, str] = {}
    for path in paths:
        for kind, card_id, values in _entries(path):
            where = f"{path}: {kind} {card_id!r}"
            if card_id in cards:
                raise BadInput(f"{where}: ID already used by {origin[card_id]}")
            cards[card_id] = _card(kind, card_id, values, where)
            origin[card_id] = where
    for card in cards.values():
        if isinstance(card, AttackCard) and card.requires is not None:
            _check_requirement(card.requires, cards, origin[card.id])
    return CardSet(cards)


def _entries(path: Path) -> list[tuple[Kind, str, Any]]:
    document = read_toml(path)
    found: list[tuple[Kind, str, Any]] = []
    for kind in document:
        if kind not in MODELS:
            raise BadInput(f"{path}: {kind!r} is not a card kind (kinds: {', '.join(KINDS)})")
        table = document[kind]
        if not isinstance(table, dict):
            raise BadInput(f"{path}: {kind!r} must be a table of cards ([{kind}.ID])")
        found.extend((kind, card_id, values) for card_id, values in table.items())
    return found


def _card(kind: Kind, card_id: str, values: Any, where: str) -> Card:
    if not isinstance(values, dict):
        raise BadInput(f"{where}: expected a table of fields, got {values!r}")
    for reserved in ("id", "kind"):
        if reserved in values:
            raise BadInput(f"{where}, field {reserved}: set by the table name "
                           f"([{kind}.{card_id}]); leave it out")
    return validate(MODELS[kind], {**values, "id": card_id}, where)


def _check_requirement(required: str, cards: Mapping[str, Card], where: str) -> None:
    target = cards.get(required)
    if not (isinstance(target, CharacterCard) and target.aspect == "class"):
        classes = [card.id for card in cards.values()
                   if isinstance(card, CharacterCard) and card.aspect == "class"]
        raise BadInput(f"{where}, field requires: {required!r} is not a class card "
                       f"(class cards: {', '.join(classes) or 'none'})")
