"""Amulet's heroes: the four classes, their abilities, the amulet's gifts and level points.

Seed 000, Characters and Classes. Melee, Shot and Magic are die steps; Speed
and Armor are plain numbers. A level point raises a die one step (d12 goes on
to d12+1, d12+2 ...) or a number by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from undercroft.content.loading import read_toml, validate
from undercroft.dice import DieStep
from undercroft.errors import BadInput
from undercroft.systems.amulet.generation.tables import DATA

HEROES_FILE = DATA / "heroes.toml"
STARTING_HEALTH = 100
"""Seed 000, HEALTH: "each character has 100 health points"."""

DIE_ABILITIES = ("melee", "shot", "magic")
NUMBER_ABILITIES = ("speed", "armor")
ABILITIES = ("melee", "speed", "shot", "armor", "magic")
"""In the order seed 000 lists them for every class."""


class ClassNumbers(BaseModel):
    """One class's starting numbers as the data file gives them."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    melee: str
    speed: int = Field(ge=0)
    shot: str
    armor: int = Field(ge=0)
    magic: str

    @field_validator("melee", "shot", "magic")
    @classmethod
    def _a_die_step(cls, value: str) -> str:
        try:
            DieStep.parse(value)
        except BadInput as error:
            raise ValueError(str(error)) from None
        return value


@cache
def hero_classes(path: Path = HEROES_FILE) -> dict[str, ClassNumbers]:
    """The classes by name, validated (a mistake names file, class and field)."""
    document = read_toml(path)
    return {name: validate(ClassNumbers, values, f"{path}: class {name!r}")
            for name, values in document.items()}


@dataclass(frozen=True)
class Gifts:
    """What the amulet gives every hero (seed 000, MAGICAL WEAPONS and MAGIC POWER).

    The missile weapon (a magic user's spell) returns to the hand after every
    shot, so shooting never needs reloading or ammunition; magic power is what
    makes potions work (a potion does the Magic die times six; see the rules).
    """

    returning_missile: bool = True
    spell_instead_of_missile: bool = False
    magic_power: bool = True


@dataclass(frozen=True)
class Hero:
    """One hero's numbers; ``level_points`` counts the points spent so far."""

    name: str
    hero_class: str
    melee: DieStep
    speed: int
    shot: DieStep
    armor: int
    magic: DieStep
    health: int = STARTING_HEALTH
    gifts: Gifts = field(default_factory=Gifts)
    level_points: int = 0

    def raised(self, ability: str, points: int = 1) -> Hero:
        """The hero after spending ``points`` level points on ``ability``.

        Seed 000: "a die amount (d#) increases by one die type, or a number
        increases by one"; past d12 the die gains +1 per point.
        """
        if points < 0:
            raise BadInput(f"level points must not be negative, got {points}")
        changes: dict[str, Any] = {"level_points": self.level_points + points}
        if ability in DIE_ABILITIES:
            changes[ability] = getattr(self, ability).up(points)
        elif ability in NUMBER_ABILITIES:
            changes[ability] = getattr(self, ability) + points
        else:
            raise BadInput(f"ability {ability!r}: expected one of {', '.join(ABILITIES)}")
        return replace(self, **changes)

    def numbers(self) -> dict[str, str | int]:
        """The five abilities as a table prints them (dice as d8, d12+1): a copy."""
        return dict(self.printed)

    @cached_property
    def printed(self) -> dict[str, str | int]:
        """The numbers themselves, shared (read them, never change them; the seats'
        views of a game share them). A hero's numbers never change (a level point
        makes a new Hero), so they are made once, on the hero itself: a cache keyed
        by the hero would hash every field of it, each step, for each view."""
        return {name: str(getattr(self, name)) if name in DIE_ABILITIES else getattr(self, name)
                for name in ABILITIES}


def new_hero(hero_class: str, name: str | None = None) -> Hero:
    """A starting hero of one of the classes, with 100 health and the amulet's gifts."""
    classes = hero_classes()
    if hero_class not in classes:
        raise BadInput(f"hero class {hero_class!r}: expected one of {', '.join(classes)}")
    numbers = classes[hero_class]
    return Hero(name or hero_class.title(), hero_class,
                melee=DieStep.parse(numbers.melee), speed=numbers.speed,
                shot=DieStep.parse(numbers.shot), armor=numbers.armor,
                magic=DieStep.parse(numbers.magic),
                gifts=Gifts(spell_instead_of_missile=hero_class == "wizard"))
