"""Labyrinth's content loader (seed 002, Appendices C, D, E): encounter cards, item cards, monsters.

The seed's tables live in ``data/*.toml`` so a designer edits a card without
touching Python. Extra TOML files (content packs) may add monsters, cards and
"monster band" recipes, Appendix E's "Custom Encounter Cards". This module reads
the files, picks each entry's model (``cards``) or band recipe
(``bands``) and checks what no single entry can: unique IDs, and cards
naming monsters that exist at their levels. Every mistake is one
:class:`BadInput` line naming the file, the entry and the field. The readings
of the seed are listed in docs/rules/labyrinth-content.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from undercroft.content.loading import read_toml, validate
from undercroft.errors import BadInput
from undercroft.systems.labyrinth.content.bands import BandRecipe, band_card
from undercroft.systems.labyrinth.content.cards import (
    ENCOUNTER_MODELS,
    ITEM_MODELS,
    EncounterCard,
    ItemCard,
    MonsterEncounter,
    MonsterStats,
)

DATA = Path(__file__).parent / "data"
DEFAULT_FILES = ("monsters.toml", "encounters.toml", "items.toml")


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
    for section, table in read_toml(path, "the content pack").items():
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
