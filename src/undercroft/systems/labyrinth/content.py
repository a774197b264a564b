"""Labyrinth's content (seed 002, Appendices C, D, E): encounter cards, item cards, monsters.

The seed's tables live in ``data/*.toml`` so a designer edits a card without
touching Python. Each card keeps the seed's words (what the table reads) and
machine-readable fields (what the rules engine plays), so no rule ever parses
card text. Extra TOML files (content packs) may add monsters, cards and
"monster band" recipes, Appendix E's "Custom Encounter Cards". Every mistake is
one :class:`BadInput` line naming the file, the entry and the field. The
readings of the seed are listed in docs/rules/labyrinth-content.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
)

from undercroft.content.loading import read_toml, validate
from undercroft.dice import Dice, Sum, parse
from undercroft.errors import BadInput

DATA = Path(__file__).parent / "data"
DEFAULT_FILES = ("monsters.toml", "encounters.toml", "items.toml")
MAX_LEVEL = 5
"""The deepest level of any card or monster in the seed (its five floors)."""
ID_PATTERN = r"^[a-z][a-z0-9-]*$"
BAND_COUNT = "1d4+1"
"""Appendix E: a monster band card reads "There are 1d4+1 X here."."""

Stat = Literal["strength", "intelligence", "luck"]
ClassId = Literal["archer", "medic", "warrior", "wizard"]
EncounterKind = Literal["chest", "empty", "monsters", "trap"]
ItemKind = Literal["consumable", "equipment", "treasure", "statue", "cursed"]
StatueEffect = Literal["die", "raise_stat", "lower_stat", "swap_luck", "max_health",
                       "max_armour"]


def lowest(total: Sum) -> int:
    """The smallest total a dice sum can show (every die on 1, subtracted dice at most)."""
    low = 0
    for term in total.terms:
        item = term.item
        least, most = (item.kept, item.kept * item.sides) if isinstance(item, Dice) \
            else (item.value, item.value)
        low += -most if term.negative else least
    return low


def _dice_sum(text: str, at_least: int) -> str:
    """``text`` if it is a dice sum (read by the project's parser) never below ``at_least``."""
    expression = parse(text)
    if not isinstance(expression, Sum):
        raise ValueError(f"{text!r} is a comparison or contest; expected an amount like 1d4+1")
    if lowest(expression) < at_least:
        raise ValueError(f"{text!r} can come out as {lowest(expression)}; "
                         f"it must never be below {at_least}")
    return text


def _whole_to_text(value: Any) -> Any:
    """A whole number written without quotes (``count = 1``) reads as the expression "1"."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _level_range(levels: tuple[int, int]) -> tuple[int, int]:
    low, high = levels
    if not 1 <= low <= MAX_LEVEL or not 1 <= high <= MAX_LEVEL:
        raise ValueError(f"levels run 1-{MAX_LEVEL} (the seed's floors), got {low}-{high}")
    if low > high:
        raise ValueError(f"the lowest level comes first, got {low}-{high}")
    return levels


def _amount(text: str) -> str:
    return _dice_sum(text, 0)


def _count(text: str) -> str:
    return _dice_sum(text, 1)


Amount = Annotated[str, AfterValidator(_amount)]
"""Damage, healing, silver: a dice sum that never comes out below 0."""
Count = Annotated[str, BeforeValidator(_whole_to_text),
                  AfterValidator(_count)]
"""How many monsters: a dice sum or a whole number, never below 1."""
Levels = Annotated[tuple[int, int], AfterValidator(_level_range)]
"""A level range [lowest, highest], inclusive (Chapter 2, Card Levels)."""
EntryId = Annotated[str, Field(pattern=ID_PATTERN)]


class _Entry(BaseModel):
    """What monsters and cards share: an ID (the table name), a name, a level range."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: EntryId
    name: str = Field(min_length=1)
    levels: Levels

    def holds(self, level: int) -> bool:
        """Whether this belongs in play on dungeon level ``level``."""
        return self.levels[0] <= level <= self.levels[1]


class MonsterStats(_Entry):
    """One monster of Appendix E."""

    health: int = Field(ge=1)
    armour_class: int = Field(ge=0)
    attack_modifier: int
    damage: Amount


class _Card(_Entry):
    text: str = Field(min_length=1)
    """The card's words, exactly as the seed prints them."""
    copies: int = Field(1, ge=1)


class EncounterCard(_Card):
    """An encounter card (Appendix C); the subclass of its ``kind`` holds what it does."""

    kind: EncounterKind
    keep_out_of_discard: bool = False
    """Chapter 2: a finished card is discarded "unless the card states otherwise"."""


class ChestEncounter(EncounterCard):
    """Roll ``trap_die``: a face in ``trapped_on`` hurts the opener, else ``silver`` is found."""

    kind: Literal["chest"] = "chest"
    trap_die: int = Field(ge=1)
    trapped_on: tuple[int, ...]
    trap_damage: Amount
    silver: Amount

    @field_validator("trapped_on")
    @classmethod
    def _faces_of_the_die(cls, faces: tuple[int, ...], info: ValidationInfo) -> tuple[int, ...]:
        sides = info.data.get("trap_die", 0)
        if any(not 1 <= face <= sides for face in faces):
            raise ValueError(f"faces must be between 1 and trap_die ({sides})")
        return faces


class EmptyEncounter(EncounterCard):
    """An empty room: a short rest, wounds tended (Chapter 2)."""

    kind: Literal["empty"] = "empty"


class TrapEncounter(EncounterCard):
    """Each player takes ``damage_each`` (rolled for each); then the room is empty."""

    kind: Literal["trap"] = "trap"
    damage_each: Amount


class MonsterGroup(BaseModel):
    """``count`` monsters of one kind, rolled when the card is drawn."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    monster: EntryId
    count: Count


class MonsterEncounter(EncounterCard):
    """A battle: the groups, silver per monster defeated, and whether it finds stairs."""

    kind: Literal["monsters"] = "monsters"
    groups: tuple[MonsterGroup, ...] = Field(min_length=1)
    reward: dict[str, Annotated[int, Field(ge=0)]] = Field(default_factory=dict)
    """Silver pieces per monster defeated, by monster ID."""
    stairs_on_defeat: bool = False

    @field_validator("reward")
    @classmethod
    def _rewards_for_monsters_here(cls, reward: dict[str, int], info: ValidationInfo
                                   ) -> dict[str, int]:
        here = {group.monster for group in info.data.get("groups", ())}
        strays = sorted(set(reward) - here)
        if strays:
            raise ValueError(f"{', '.join(strays)} not in this card's groups "
                             f"({', '.join(sorted(here))})")
        return reward


class ItemCard(_Card):
    """An item card (Appendix D); the subclass of its ``kind`` holds what it does."""

    kind: ItemKind
    cost: int | None = Field(None, ge=0)
    """Silver pieces; None where the seed prints "-"."""
    sellable: bool = Field(True, validate_default=True)

    @field_validator("sellable")
    @classmethod
    def _only_priced_items_sell(cls, sellable: bool, info: ValidationInfo) -> bool:
        if sellable and info.data.get("cost") is None:
            raise ValueError("an item with no cost cannot be sold (give a cost or "
                             "sellable = false)")
        return sellable

    @property
    def buyable(self) -> bool:
        """The market sells it: it has a price and is not cursed (Chapter 2)."""
        return self.cost is not None and self.kind != "cursed"

    @property
    def sell_price(self) -> int | None:
        """Half the cost, rounded down (Chapter 2); None when it cannot be sold."""
        return self.cost // 2 if self.sellable and self.cost is not None else None


class ConsumableItem(ItemCard):
    """Expended to regain ``heal`` health points."""

    kind: Literal["consumable"] = "consumable"
    heal: Amount
    empty_room_only: bool = False


class EquipmentItem(ItemCard):
    """Equipped (up to three at once): stat changes, a damage die, an attack bonus."""

    kind: Literal["equipment"] = "equipment"
    stat_effects: dict[Stat, int] = Field(default_factory=dict)
    damage: Amount | None = None
    attack_bonus_from: Stat | None = None
    """A stat whose value (not its modifier) is added to attack rolls."""
    only_class: ClassId | None = None
    """The class that gets the attack bonus; anyone may equip the item."""


class TreasureItem(ItemCard):
    """Each player gains ``silver_each`` silver pieces."""

    kind: Literal["treasure"] = "treasure"
    silver_each: int = Field(ge=0)


class StatueEntry(BaseModel):
    """One face of a statue's table: what happens, in the seed's words and as data."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    roll: int = Field(ge=1)
    effect: StatueEffect
    text: str = Field(min_length=1)
    optional: bool = False
    """The words say "may": the player chooses whether it happens."""
    amount: int = Field(0, ge=0)
    """Points a base stat goes up or down (raise_stat, lower_stat)."""
    dice: Amount | None = None
    """Rolled for max_health and max_armour."""
    plus_modifier: Stat | None = None
    """A stat whose modifier is added to ``dice``."""


class StatueItem(ItemCard):
    """The player may roll a die with one face per entry of ``table`` and follow it."""

    kind: Literal["statue"] = "statue"
    table: tuple[StatueEntry, ...] = Field(min_length=1)

    @field_validator("table")
    @classmethod
    def _one_entry_per_face(cls, table: tuple[StatueEntry, ...]) -> tuple[StatueEntry, ...]:
        rolls = [entry.roll for entry in table]
        if rolls != list(range(1, len(table) + 1)):
            raise ValueError(f"entries must be rolls 1-{len(table)} in order, got {rolls}")
        return table

    @property
    def die(self) -> int:
        return len(self.table)


class CursedItem(ItemCard):
    """Stays with its finder as though equipped until a wizard takes it off (Chapter 2)."""

    kind: Literal["cursed"] = "cursed"
    stat_effects: dict[Stat, int] = Field(default_factory=dict)
    auto_equip: bool = True
    remove_cost: int | None = Field(None, ge=0)
    """Silver a wizard in town charges to remove it."""


class BandRecipe(BaseModel):
    """Appendix E's "monster band": a card "There are 1d4+1 X here." with a reward."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    monster: EntryId
    reward: int = Field(ge=0)
    """Silver pieces per monster defeated."""
    levels: Levels
    copies: int = Field(1, ge=1)
    count: Count = BAND_COUNT
    name: str | None = Field(None, min_length=1)
    """Default: "<Monster> Band"."""
    plural: str | None = Field(None, min_length=1)
    """Default: :func:`plural` of the monster's name, in lower case."""


ENCOUNTER_MODELS: dict[str, type[EncounterCard]] = {
    "chest": ChestEncounter, "empty": EmptyEncounter, "monsters": MonsterEncounter,
    "trap": TrapEncounter}
ITEM_MODELS: dict[str, type[ItemCard]] = {
    "consumable": ConsumableItem, "equipment": EquipmentItem, "treasure": TreasureItem,
    "statue": StatueItem, "cursed": CursedItem}


def plural(name: str) -> str:
    """A small English rule: "y" after a consonant -> "ies"; s, x, z, ch, sh -> "es"; else "s"."""
    word = name.lower()
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + ("es" if re.search(r"(s|x|z|ch|sh)$", word) else "s")


def band_card(card_id: str, recipe: BandRecipe, monster: MonsterStats) -> MonsterEncounter:
    """The encounter card a band recipe makes, worded as the seed's band cards are."""
    single = monster.name.lower()
    many = recipe.plural or plural(monster.name)
    there = f"There is 1 {single}" if recipe.count == "1" else \
        f"There are {recipe.count} {many}"
    text = f"{there} here. Treasure: {recipe.reward}sp per {single} defeated."
    return MonsterEncounter(
        id=card_id, name=recipe.name or f"{monster.name} Band", text=text,
        levels=recipe.levels, copies=recipe.copies,
        groups=(MonsterGroup(monster=monster.id, count=recipe.count),),
        reward={monster.id: recipe.reward})


@dataclass(frozen=True)
class Content:
    """Monsters, encounter cards and item cards by ID, in file order."""

    monsters: Mapping[str, MonsterStats]
    encounters: Mapping[str, EncounterCard]
    items: Mapping[str, ItemCard]

    def encounters_for(self, level: int) -> list[EncounterCard]:
        """The encounter cards whose level range holds ``level`` (each has ``copies``)."""
        return [card for card in self.encounters.values() if card.holds(level)]

    def items_for(self, level: int) -> list[ItemCard]:
        """The item cards whose level range holds ``level`` (each has ``copies``)."""
        return [card for card in self.items.values() if card.holds(level)]


def default_files() -> tuple[Path, ...]:
    return tuple(DATA / name for name in DEFAULT_FILES)


def load_content(extra: Sequence[Path] = ()) -> Content:
    """The seed's content plus the packs in ``extra``; a mistake raises one BadInput line."""
    if not extra:
        return _default_content()
    return _Loader().load((*default_files(), *extra))


@cache
def _default_content() -> Content:
    return _Loader().load(default_files())


SECTIONS = ("monster", "encounter", "item", "band")


@dataclass(frozen=True)
class _Raw:
    section: str
    id: str
    values: dict[str, Any]
    where: str


class _Loader:
    """One load: monsters first (cards name them), then cards and bands in file order."""

    def __init__(self) -> None:
        self.monsters: dict[str, MonsterStats] = {}
        self.cards: dict[str, EncounterCard | ItemCard] = {}
        self.origin: dict[tuple[str, str], str] = {}

    def load(self, paths: Sequence[Path]) -> Content:
        raws = [raw for path in paths for raw in _entries(path)]
        for raw in raws:
            if raw.section == "monster":
                self._claim("monster", raw)
                self.monsters[raw.id] = validate(MonsterStats, raw.values, raw.where)
        for raw in raws:
            if raw.section != "monster":
                self._claim("card", raw)
                self.cards[raw.id] = self._card(raw)
        return Content(
            self.monsters,
            {key: card for key, card in self.cards.items() if isinstance(card, EncounterCard)},
            {key: card for key, card in self.cards.items() if isinstance(card, ItemCard)})

    def _claim(self, namespace: str, raw: _Raw) -> None:
        """Monster IDs are unique among monsters, card IDs among both decks' cards."""
        first = self.origin.get((namespace, raw.id))
        if first is not None:
            raise BadInput(f"{raw.where}, field id: {raw.id!r} is already used by {first}")
        self.origin[namespace, raw.id] = raw.where

    def _card(self, raw: _Raw) -> EncounterCard | ItemCard:
        if raw.section == "band":
            fields = {key: value for key, value in raw.values.items() if key != "id"}
            recipe = validate(BandRecipe, fields, raw.where)
            monster = self._monster(recipe.monster, raw.where, "monster")
            card: EncounterCard | ItemCard = band_card(raw.id, recipe, monster)
        else:
            models: Mapping[str, type[EncounterCard] | type[ItemCard]] = \
                ENCOUNTER_MODELS if raw.section == "encounter" else ITEM_MODELS
            kind = raw.values.get("kind")
            if not isinstance(kind, str) or kind not in models:
                raise BadInput(f"{raw.where}, field kind: expected one of "
                               f"{', '.join(models)} (got {kind!r})")
            card = validate(models[kind], raw.values, raw.where)
        if isinstance(card, MonsterEncounter):
            for index, group in enumerate(card.groups):
                monster = self._monster(group.monster, raw.where, f"groups.{index}.monster")
                _inside_monster_levels(card, monster, raw.where)
        return card

    def _monster(self, monster_id: str, where: str, field: str) -> MonsterStats:
        found = self.monsters.get(monster_id)
        if found is None:
            raise BadInput(f"{where}, field {field}: no monster {monster_id!r} "
                           f"(monsters: {', '.join(self.monsters)})")
        return found


def _inside_monster_levels(card: EncounterCard, monster: MonsterStats, where: str) -> None:
    """A card's range must lie in each of its monsters' Appendix E "Levels"."""
    if not (monster.holds(card.levels[0]) and monster.holds(card.levels[1])):
        raise BadInput(f"{where}, field levels: {card.levels[0]}-{card.levels[1]} goes beyond "
                       f"the {monster.name}'s levels {monster.levels[0]}-{monster.levels[1]}")


def _entries(path: Path) -> list[_Raw]:
    """Every ``[section.ID]`` table of one file, with "file: section 'ID'" to name it by."""
    found: list[_Raw] = []
    for section, table in read_toml(path).items():
        if section not in SECTIONS:
            raise BadInput(f"{path}: {section!r} is not a section "
                           f"(sections: {', '.join(SECTIONS)})")
        if not isinstance(table, dict):
            raise BadInput(f"{path}: {section!r} must hold tables ([{section}.ID])")
        for entry_id, values in table.items():
            where = f"{path}: {section} {entry_id!r}"
            if not isinstance(values, dict):
                raise BadInput(f"{where}: expected a table of fields, got {values!r}")
            if "id" in values:
                raise BadInput(f"{where}, field id: set by the table name "
                               f"([{section}.{entry_id}]); leave it out")
            found.append(_Raw(section, entry_id, {**values, "id": entry_id}, where))
    return found
