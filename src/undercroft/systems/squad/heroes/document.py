"""A hero's JSON form: records and views hold heroes as plain documents, never pickles.

Dice are written as the seed writes them ("d12"); reading accepts "d12" or 12.
Reading checks everything a played hero can be (Stuff improved to d12, a
Special Ability at +5, no Hit Points left) but nothing it cannot (a die off
the ladder, abilities that are not d12, d8 and d4 once each, an unknown spell
or Special Ability), and each mistake is one :class:`BadInput` line naming the
field, so a hand-edited save says where it is wrong.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from undercroft.content.loading import validate
from undercroft.errors import BadInput
from undercroft.systems.squad.dice import die_name
from undercroft.systems.squad.heroes.hero import LOOT_KINDS, Hero, Stuff, as_stuff, check_abilities
from undercroft.systems.squad.heroes.specials import TOP_LEVEL, special_id

LootKind = Literal["E", "M", "W", "HP", "C"]


class _StuffDoc(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1)
    kind: Literal["weapon", "armour", "spell"]
    die: int | str
    spell: str | None = None


class _HeroDoc(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1)
    player: str = Field(min_length=1)
    abilities: dict[str, int | str]
    stuff: list[_StuffDoc]
    special: str
    special_level: int = Field(ge=1, le=TOP_LEVEL)
    hit_points: int = Field(ge=0)
    max_hit_points: int = Field(ge=1)
    loot: dict[LootKind, int]
    pennies: int = Field(ge=0)


def hero_to_dict(hero: Hero) -> dict[str, Any]:
    """The hero as a JSON document."""
    return {
        "name": hero.name, "player": hero.player,
        "abilities": {a: die_name(d) for a, d in hero.abilities.items()},
        "stuff": [_stuff_to_dict(s) for s in hero.stuff],
        "special": hero.special, "special_level": hero.special_level,
        "hit_points": hero.hit_points, "max_hit_points": hero.max_hit_points,
        "loot": {k: hero.loot.get(k, 0) for k in LOOT_KINDS},
        "pennies": hero.pennies,
    }


def _stuff_to_dict(item: Stuff) -> dict[str, Any]:
    data: dict[str, Any] = {"name": item.name, "kind": item.kind, "die": die_name(item.die)}
    if item.spell is not None:
        data["spell"] = item.spell
    return data


def hero_from_dict(data: Any) -> Hero:
    """A hero from :func:`hero_to_dict`'s form, or one line naming the broken field."""
    doc = validate(_HeroDoc, data, "hero")
    where = f"hero {doc.name!r}"
    abilities = check_abilities(doc.abilities, f"{where}, field abilities")
    stuff = []
    for index, item in enumerate(doc.stuff):
        try:
            stuff.append(as_stuff(item.model_dump(exclude_none=True)))
        except BadInput as error:
            raise BadInput(f"{where}, field stuff.{index}: {error}") from None
    if len({s.name for s in stuff}) != len(stuff):
        raise BadInput(f"{where}, field stuff: two pieces of stuff share a name")
    try:
        special = special_id(doc.special)
    except BadInput as error:
        raise BadInput(f"{where}, field special: {error}") from None
    if doc.hit_points > doc.max_hit_points:
        raise BadInput(f"{where}, field hit_points: {doc.hit_points} is above "
                       f"max_hit_points {doc.max_hit_points}")
    negative = [k for k, count in doc.loot.items() if count < 0]
    if negative:
        raise BadInput(f"{where}, field loot.{negative[0]}: a count of tokens, got "
                       f"{doc.loot[negative[0]]}")
    loot = {k: doc.loot.get(k, 0) for k in LOOT_KINDS}
    return Hero(doc.name, abilities, stuff, special, doc.special_level, doc.hit_points,
                doc.max_hit_points, loot, doc.pennies, doc.player)
