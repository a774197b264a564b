"""Converting a Modos character into Amulet numbers (seed 000, GENERATING AMULET NUMBERS).

The seed's steps: count points per ability from the Modos sheet, sort the
abilities by points, give them the scores 4, 3, 3, 2, 2 in that order (one swap
of two neighbours allowed first), and at the GM's discretion one more point
per character level above 2. The seed never says what a score means as a die
or a number; the house rule (docs/rules/amulet.md) reads a score s as the die
s - 1 steps above d4 (2 = d6, 3 = d8, 4 = d10) and as the number s + 1
(2 = 3, 3 = 4, 4 = 5), which spans exactly the range of the four classes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from undercroft.content.loading import read_toml, validate
from undercroft.dice import DieStep
from undercroft.dice.steps import LADDER
from undercroft.errors import BadInput
from undercroft.systems.amulet.characters.heroes import ABILITIES, Hero

SCORES = (4, 3, 3, 2, 2)
"""Seed 000: "assign them brand-new scores in this order: 4, 3, 3, 2, 2"."""

_DIE = re.compile(r"\s*1?d(\d+)\s*(?:\+\s*\d+)?\s*", re.IGNORECASE)


def die_points(die: str | None) -> int:
    """Points for a damage or protection die: d4 1, d6 2, d8 3 ... (seed 000's examples).

    A bonus on the die counts nothing ("a d8+1 would be 3 points"); no die is 0.
    """
    if not die:
        return 0
    match = _DIE.fullmatch(die)
    if match is None or int(match.group(1)) not in LADDER:
        raise ValueError(f"{die!r} is not a die from d4 to d12 (with an optional +N)")
    return LADDER.index(int(match.group(1))) + 1


class ModosSheet(BaseModel):
    """The Modos numbers the conversion reads, as a small TOML file gives them."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    name: str = "Modos hero"
    level: int = Field(default=1, ge=1)
    defend_parry: int = Field(default=0, ge=0, description="total defend-parry bonus")
    protection: str | None = Field(default=None, description="armour's protection die")
    cast_spell: int = Field(default=0, ge=0, description="total, highest, cast spell bonus")
    spell_damage: str | None = Field(default=None, description="that spell's damage die")
    fight_melee: int = Field(default=0, ge=0)
    fight_unarmed: int = Field(default=0, ge=0)
    weapon_damage: str | None = Field(default=None, description="primary weapon's damage die")
    fight_missile: int = Field(default=0, ge=0)
    missile_damage: str | None = None
    ranged_caster: bool = Field(default=False,
                                description="casts damaging spells at range: Shot uses Magic")
    movement: int = Field(default=0, ge=0, description="total movement bonus")
    movement_perks: int = Field(default=0, ge=0)
    swap: list[str] = Field(default_factory=list,
                            description="two abilities next to each other in the order")
    raise_: list[str] = Field(default_factory=list, alias="raise",
                              description="abilities given a point per level above 2")

    @field_validator("protection", "spell_damage", "weapon_damage", "missile_damage")
    @classmethod
    def _a_die(cls, value: str | None) -> str | None:
        die_points(value)
        return value

    @field_validator("swap", "raise_")
    @classmethod
    def _abilities(cls, value: list[str]) -> list[str]:
        unknown = [name for name in value if name not in ABILITIES]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not an ability ({', '.join(ABILITIES)})")
        return value


@dataclass(frozen=True)
class Conversion:
    """The working shown: points per ability, the order, the scores, and the hero."""

    points: dict[str, int]
    order: list[str]
    scores: dict[str, int]
    hero: Hero

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.hero.name, "points": self.points, "order": self.order,
                "scores": self.scores, "abilities": self.hero.numbers(),
                "health": self.hero.health, "level_points": self.hero.level_points}


def ability_points(sheet: ModosSheet) -> dict[str, int]:
    """Seed 000's point count for each of the five abilities."""
    magic = sheet.cast_spell + die_points(sheet.spell_damage)
    shot = magic if sheet.ranged_caster else (
        sheet.fight_missile + die_points(sheet.missile_damage))
    return {
        "melee": max(sheet.fight_melee, sheet.fight_unarmed) + die_points(sheet.weapon_damage),
        "speed": sheet.movement + sheet.movement_perks,
        "shot": shot,
        "armor": sheet.defend_parry + die_points(sheet.protection),
        "magic": magic,
    }


def _die_for(score: int) -> DieStep:
    """A score as a die: s - 1 steps above d4 (the house rule in this module's docstring)."""
    return DieStep.from_rank(score - 1)


def _number_for(score: int) -> int:
    """A score as a number: s + 1 (the same house rule)."""
    return score + 1


def convert(sheet: ModosSheet, where: str = "the Modos sheet") -> Conversion:
    """Seed 000's conversion, step by step; a swap or raise the rules forbid is bad input.

    Abilities with equal points keep the order seed 000 lists them in
    (Melee, Speed, Shot, Armor, Magic); ``swap`` can change that too.
    """
    points = ability_points(sheet)
    order = sorted(ABILITIES, key=lambda name: -points[name])
    if sheet.swap:
        if len(sheet.swap) != 2 or abs(order.index(sheet.swap[0])
                                       - order.index(sheet.swap[1])) != 1:
            raise BadInput(f"{where}, field swap: only two abilities next to each other in "
                           f"the order ({', '.join(order)}) may be swapped, got {sheet.swap}")
        i, j = order.index(sheet.swap[0]), order.index(sheet.swap[1])
        order[i], order[j] = order[j], order[i]
    scores = dict(zip(order, SCORES, strict=True))
    hero = Hero(sheet.name, "modos", melee=_die_for(scores["melee"]),
                speed=_number_for(scores["speed"]), shot=_die_for(scores["shot"]),
                armor=_number_for(scores["armor"]), magic=_die_for(scores["magic"]))
    allowed = max(0, sheet.level - 2)
    if len(sheet.raise_) > allowed:
        raise BadInput(f"{where}, field raise: a level {sheet.level} character may add "
                       f"{allowed} point(s) (one per level above 2), got {len(sheet.raise_)}")
    for ability in sheet.raise_:
        hero = hero.raised(ability)
    return Conversion(points, order, scores, hero)


def read_sheet(path: Path) -> ModosSheet:
    """A Modos sheet from a TOML file; a mistake names the file and the field."""
    return validate(ModosSheet, read_toml(path, "the Modos sheet"), str(path))
