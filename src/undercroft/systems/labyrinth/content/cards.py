"""Labyrinth's content models (seed 002, Appendices C, D, E): monsters, encounter and item cards.

Each card keeps the seed's words (``text``) beside machine-readable fields, one
model per ``kind``, so the rules engine plays a card from its fields and never
parses card text. The models only check single entries; reading the TOML files
and checking entries against each other (cards naming monsters, unique IDs) is
the loader's job, in ``loader``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from undercroft.systems.labyrinth.content.fields import Amount, Count, EntryId, Levels

Stat = Literal["strength", "intelligence", "luck"]
ClassId = Literal["archer", "medic", "warrior", "wizard"]
EncounterKind = Literal["chest", "empty", "monsters", "trap"]
ItemKind = Literal["consumable", "equipment", "treasure", "statue", "cursed"]
StatueEffect = Literal["die", "raise_stat", "lower_stat", "swap_luck", "max_health",
                       "max_armour"]


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


ENCOUNTER_MODELS: dict[str, type[EncounterCard]] = {
    "chest": ChestEncounter, "empty": EmptyEncounter, "monsters": MonsterEncounter,
    "trap": TrapEncounter}
"""The model for each ``kind`` an encounter entry may name, for the loader."""
ITEM_MODELS: dict[str, type[ItemCard]] = {
    "consumable": ConsumableItem, "equipment": EquipmentItem, "treasure": TreasureItem,
    "statue": StatueItem, "cursed": CursedItem}
"""The model for each ``kind`` an item entry may name, for the loader."""
