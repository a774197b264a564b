"""Labyrinth's races and classes as data: the numbers Appendices A and B print.

A designer changes a race's health or a class's damage die in
``data/races.toml`` and ``data/classes.toml`` without touching Python; a mistake
there is one :class:`BadInput` line naming the file, the entry and the field.
What each race and class *does* beyond its numbers is a rule in code
(:mod:`specials`), keyed by the entry's ID.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Final, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from undercroft.content.loading import read_toml, validate
from undercroft.dice import Sum, distribution, parse
from undercroft.errors import BadInput

DATA: Final = Path(__file__).parent / "data"
RACES_FILE: Final = DATA / "races.toml"
CLASSES_FILE: Final = DATA / "classes.toml"
ID_PATTERN: Final = r"^[a-z][a-z0-9-]*$"


def _damage_dice(text: str) -> str:
    """A dice sum (the project's notation) that never deals less than 1."""
    expression = parse(text)
    if not isinstance(expression, Sum):
        raise ValueError(f"{text!r} is a comparison or contest; expected a die like 1d4")
    if min(distribution(expression)) < 1:
        raise ValueError(f"{text!r} can come out below 1; a damage die deals at least 1")
    return text


DamageDice = Annotated[str, AfterValidator(_damage_dice)]


class Race(BaseModel):
    """One race of Appendix A: its starting maximum health and its armour class."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=ID_PATTERN)
    name: str = Field(min_length=1)
    health: int = Field(ge=1)
    """"Health Points": the starting maximum."""
    armour_class: int = Field(ge=0, le=40)
    text: str = ""
    """The seed's words, for the table to read."""


class CharacterClass(BaseModel):
    """One class of Appendix B: its unarmed attack modifier and unarmed damage die."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=ID_PATTERN)
    name: str = Field(min_length=1)
    unarmed_attack: int = Field(ge=-10, le=10)
    unarmed_damage: DamageDice
    text: str = ""


M = TypeVar("M", Race, CharacterClass)


def _entries(model: type[M], path: Path, kind: str) -> dict[str, M]:
    entries: dict[str, M] = {}
    for entry_id, values in read_toml(path).items():
        where = f"{path}: {kind} {entry_id!r}"
        if not isinstance(values, dict):
            raise BadInput(f"{where}: expected a table of fields, got {values!r}")
        if "id" in values:
            raise BadInput(f"{where}, field id: set by the table name ([{entry_id}]); "
                           "leave it out")
        entries[entry_id] = validate(model, {**values, "id": entry_id}, where)
    if not entries:
        raise BadInput(f"{path}: no {kind} defined")
    return entries


@cache
def races(path: Path = RACES_FILE) -> dict[str, Race]:
    """Every race by ID, in file order, validated."""
    return _entries(Race, path, "race")


@cache
def classes(path: Path = CLASSES_FILE) -> dict[str, CharacterClass]:
    """Every class by ID, in file order, validated."""
    return _entries(CharacterClass, path, "class")


def race(race_id: str) -> Race:
    """The race with this ID, or BadInput listing the races."""
    known = races()
    if race_id not in known:
        raise BadInput(f"race: {race_id!r} is not a race (races: {', '.join(known)})")
    return known[race_id]


def character_class(class_id: str) -> CharacterClass:
    """The class with this ID, or BadInput listing the classes."""
    known = classes()
    if class_id not in known:
        raise BadInput(f"class: {class_id!r} is not a class (classes: {', '.join(known)})")
    return known[class_id]
