"""A Card Crawl character as a JSON document: written whole, read back checked.

What is computed from the cards (title, seams, attacks, limits) is written under
``computed`` for readers and ignored when read back, so a player may rearrange a
saved sheet between sessions by editing the file; any problem names the file and
the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from undercroft.content import files
from undercroft.content.loading import validate
from undercroft.errors import BadInput
from undercroft.systems.cardcrawl.character.build import Character, CharacterError
from undercroft.systems.cardcrawl.character.cards import (
    KINDS,
    CardSet,
    DefenceCard,
    GearCard,
    SpellCard,
    starter_cards,
)
from undercroft.systems.cardcrawl.character.sheets import Sheet


def to_dict(character: Character) -> dict[str, Any]:
    """The character as one JSON document: what it is, then what that computes to."""
    return {"system": "cardcrawl", "document": "character", "version": 1,
            "seed": character.seed, "cards": character.grouped(),
            "sheets": {"character": character.character_sheet.to_json(),
                       "attack": character.attack_sheet.to_json()},
            "carried_defence": list(character.carried), "equipped": list(character.equipped),
            "computed": _computed(character)}


def _computed(character: Character) -> dict[str, Any]:
    """What the cards give; written for readers (and the combat module), ignored on reading."""
    def brief(card: DefenceCard | GearCard | SpellCard) -> dict[str, Any]:
        return {"id": card.id, "kind": card.kind, "name": card.name, "effect": card.effect}

    return {
        "title": character.title,
        "points": character.points,
        "usable": {"character_cards": len(character.character_sheet.cards()),
                   "attack_cards": len(character.attack_sheet.cards())},
        "seams": [{"from": item.giver, "to": item.taker,
                   "side": "right" if item.seam.direction == "right" else "bottom",
                   "skill": item.skill, "bonus": item.bonus}
                  for item in character.seam_bonuses()],
        "skill_bonuses": character.skill_bonuses(),
        "attacks": [{"id": slot.card.id, "name": slot.card.name, "bonus": slot.card.bonus,
                     "difficulty": slot.difficulty, "effect": slot.card.effect,
                     "row": slot.position[0] + 1, "column": slot.position[1] + 1,
                     "combo_right": {"to": slot.right, "bonus": slot.card.combo_right},
                     "combo_bottom": {"to": slot.below, "bonus": slot.card.combo_bottom}}
                    for slot in character.attacks()],
        "defence": {"limit": character.defence_limit,
                    "cards": [{**brief(card), "rating": card.rating}
                              for card in character.defence_cards()]},
        "equipment": {"limit": character.equip_limit,
                      "cards": [brief(card) for card in character.equipment()]},
    }


_Row = Annotated[list[str | None], Field(min_length=3, max_length=3)]
_Grid = Annotated[list[_Row], Field(min_length=3, max_length=3)]


class _OwnedCards(BaseModel):
    model_config = ConfigDict(extra="forbid")
    race: list[str] = Field(default_factory=list)
    character: list[str] = Field(default_factory=list)
    attack: list[str] = Field(default_factory=list)
    defence: list[str] = Field(default_factory=list)
    gear: list[str] = Field(default_factory=list)
    spell: list[str] = Field(default_factory=list)


class _Sheets(BaseModel):
    model_config = ConfigDict(extra="forbid")
    character: _Grid
    attack: _Grid


class CharacterDocument(BaseModel):
    """The shape of a saved character (``computed`` is accepted and ignored)."""

    model_config = ConfigDict(extra="forbid")
    system: Literal["cardcrawl"]
    document: Literal["character"]
    version: Literal[1]
    seed: int | None = None
    cards: _OwnedCards
    sheets: _Sheets
    carried_defence: list[str]
    equipped: list[str]
    computed: dict[str, Any] | None = None


def from_dict(data: Any, where: str, card_set: CardSet | None = None) -> Character:
    """A character from its JSON document; a problem names ``where`` and the field."""
    cards = card_set or starter_cards()
    document = validate(CharacterDocument, data, where)
    owned: list[str] = []
    for kind in KINDS:
        for index, card_id in enumerate(getattr(document.cards, kind)):
            card = cards.cards.get(card_id)
            if card is None or card.kind != kind:
                why = "no such card in the card set" if card is None else f"a {card.kind} card"
                raise BadInput(f"{where}, field cards.{kind}.{index}: {card_id!r}: {why}")
            owned.append(card_id)
    sheets: list[Sheet] = []
    for name in ("character", "attack"):
        try:
            sheets.append(Sheet(tuple(tuple(row) for row in getattr(document.sheets, name))))
        except BadInput as error:
            raise BadInput(f"{where}, field sheets.{name}: {error}") from None
    try:
        return Character(tuple(owned), sheets[0], sheets[1], tuple(document.carried_defence),
                         tuple(document.equipped), document.seed, cards)
    except CharacterError as error:
        raise BadInput(f"{where}, field {error.field}: {error.message}") from None


def read_character(path: Path, card_set: CardSet | None = None) -> Character:
    """A saved character; any problem is one line naming the file and the field (the
    file is read by :func:`files.read_json`, which refuses what is no JSON file)."""
    return from_dict(files.read_json(path, "the character"), str(path), card_set)
