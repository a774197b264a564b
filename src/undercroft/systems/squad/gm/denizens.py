"""Denizens of a Dungeon Squad! stage: monsters, traps, non-combat characters, bosses.

Seed 003, Denizens: monsters "have four pertinent characteristics: Monster
Ability die, Hit Points, Loot Type, and Cost"; a trap "consists of an Ability
Die and a Cost" where "the Cost of a Trap is equal to the amount of targets";
non-combat characters are "not in the stage to act as an adversary"; bosses
"have the same characteristics as Monsters ... They can also have Stuff. If
they have Stuff, then it will override their Loot Type."

The bestiary is data (``data/denizens.toml``) so a designer edits a monster
without touching Python; a content pack is one more TOML file of the same
shape. Every mistake is one :class:`BadInput` line naming the file, the entry
and the field. The rolls the GM's side makes on its own (a monster fleeing, a
trap's damage) are here too, as pure functions of a roller
(:data:`undercroft.systems.squad.dice.Roller`), so the game loop records
every die through the game's stream.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from undercroft.content.loading import read_toml, validate
from undercroft.errors import BadInput
from undercroft.systems.squad.dice import Roller, parse_die, succeeds
from undercroft.systems.squad.heroes.spells import spell

DENIZENS_FILE: Final = Path(__file__).parent / "data" / "denizens.toml"
LOOT_TYPES: Final = ("1E", "1M", "1W", "1HP", "1C")
"""Loot Types as the seed's table writes them: +1 Explorer, Mage, Warrior roll;
+1 Hit Point; +1 damage to a monster already damaged."""
HERO_HIT_POINTS: Final = 15
"""Hit Points: "Unless otherwise stated, all Heroes have 15 Hit Points"."""
MONSTER_MAX_HIT_POINTS: Final = 10
"""House rule: "Monsters have far fewer hit points than Heroes" read as at most 10
(two thirds of a hero's 15). Bosses are not bound by it: they end a stage."""
KINDS: Final = ("monster", "trap", "character", "boss")
"""The sections of a denizens file, one per kind of denizen."""


def _die(value: object) -> int:
    """A die of the ladder from ``"d8"`` or ``8``; pydantic reports the ValueError."""
    try:
        return parse_die(value)
    except BadInput:
        raise ValueError("expected one of d4, d6, d8, d10, d12") from None


def _loot(value: object) -> object:
    """``"1 E"``, ``"1e"`` and ``"1E"`` are the same Loot Type (the seed writes both)."""
    if not isinstance(value, str):
        return value
    text = "".join(value.split()).upper()
    if text not in LOOT_TYPES:
        raise ValueError(f"a Loot Type is one of {', '.join(LOOT_TYPES)}")
    return text


def _stuff_kind(value: object) -> object:
    """The seed writes "armor"; the project writes "armour"; both are accepted."""
    return "armour" if value == "armor" else value


Die = Annotated[int, BeforeValidator(_die)]
LootType = Annotated[str, BeforeValidator(_loot)]


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    """What the table calls it ("Crushing Boulders Trap")."""


class Monster(_Entry):
    """A monster: one Ability die for everything, Hit Points, Loot Type, Cost in pennies."""

    die: Die
    """"Monsters have one die to roll no matter what they are doing"."""
    hit_points: int = Field(ge=1, le=MONSTER_MAX_HIT_POINTS)
    loot: tuple[LootType, ...] = Field(min_length=1)
    """The Loot Types on offer, one to be chosen ("1 E or 1 W")."""
    cost: int = Field(ge=1)
    """Pennies "for the Gamemaster to bring this Monster into play"."""
    description: str = ""
    plural: str = ""
    """The name for more than one ("Mountain Wolves"); empty: the name and an "s"."""

    @property
    def many(self) -> str:
        """What the table calls two or more of them."""
        return self.plural or self.name + "s"


class Trap(_Entry):
    """A trap: an Ability die (its damage) and a Cost of one penny per target."""

    die: Die
    cost_per_target: int = Field(1, ge=1)
    """Seed: "The Cost of a Trap is equal to the amount of targets" (1 a target;
    a house trap may ask more, the seed's own "1 penney per target" says 1)."""
    description: str = ""

    def cost(self, targets: int) -> int:
        """Pennies to spring it on ``targets`` heroes."""
        if targets < 1:
            raise BadInput(f"a trap needs at least one target, got {targets}")
        return self.cost_per_target * targets


class Character(_Entry):
    """A non-combat character: exposition only, no numbers (seed: "not ... an adversary")."""

    line: str = Field(min_length=1)
    """What they say: background, news of the stage, or a choice of the next stage."""


class Stuff(BaseModel):
    """A boss's piece of Stuff: a weapon, armour or spell rated by a die.

    As a hero's Stuff (``hero.Stuff``), a spell names the seed's spell it works as
    (``spell = "fireball"``), so the heroes can take it as loot and cast it.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    kind: Annotated[Literal["weapon", "armour", "spell"], BeforeValidator(_stuff_kind)]
    die: Die
    spell: str | None = None

    @model_validator(mode="after")
    def _a_spell_names_its_seed_spell(self) -> Stuff:
        if (self.kind == "spell") != (self.spell is not None):
            raise ValueError("a spell names the seed's spell it works as (spell = "
                             "\"fireball\", ...), and only a spell does")
        if self.spell is not None:
            try:
                object.__setattr__(self, "spell", spell(self.spell).id)
            except BadInput as error:
                raise ValueError(str(error)) from None
        return self


class Boss(_Entry):
    """A boss: a monster's numbers without the hit point cap, and maybe Stuff."""

    die: Die
    hit_points: int = Field(ge=1, le=100)
    loot: tuple[LootType, ...] = ()
    stuff: tuple[Stuff, ...] = ()
    cost: int = Field(ge=1)
    description: str = Field(min_length=1)
    """"The Gamemaster should indicate, at minimum, the name or description of the
    Boss for that Stage": the words said as the stage opens."""

    @model_validator(mode="after")
    def _loot_or_stuff(self) -> Boss:
        if self.stuff and self.loot:
            raise ValueError("a boss with stuff has no loot: its Stuff overrides its "
                             "Loot Type (seed 003, Bosses)")
        if not self.stuff and not self.loot:
            raise ValueError("a boss needs loot or stuff")
        return self

    @property
    def spoils(self) -> tuple[str, ...] | tuple[Stuff, ...]:
        """What defeating it offers: its Stuff if it has any ("automatically
        available", no Explorer roll), else its Loot Types (an Explorer roll, as for
        monsters)."""
        return self.stuff or self.loot


Denizen = Monster | Trap | Character | Boss
_MODELS: Final[dict[str, type[Monster] | type[Trap] | type[Character] | type[Boss]]] = {
    "monster": Monster, "trap": Trap, "character": Character, "boss": Boss}


@dataclass(frozen=True)
class Bestiary:
    """Every denizen by id, one mapping per kind; an id names one denizen of one kind."""

    monsters: Mapping[str, Monster]
    traps: Mapping[str, Trap]
    characters: Mapping[str, Character]
    bosses: Mapping[str, Boss]

    def of_kind(self, kind: str) -> Mapping[str, Denizen]:
        """The denizens of ``kind`` ("monster", "trap", "character", "boss") by id."""
        tables: dict[str, Mapping[str, Denizen]] = {
            "monster": self.monsters, "trap": self.traps,
            "character": self.characters, "boss": self.bosses}
        if kind not in tables:
            raise BadInput(f"denizen kind {kind!r}: expected one of {', '.join(KINDS)}")
        return tables[kind]

    def get(self, denizen_id: str) -> Denizen:
        """The denizen called ``denizen_id``, whatever its kind."""
        for kind in KINDS:
            found = self.of_kind(kind).get(denizen_id)
            if found is not None:
                return found
        raise BadInput(f"denizen {denizen_id!r}: not in the bestiary")


def load_bestiary(paths: Iterable[Path] = (DENIZENS_FILE,)) -> Bestiary:
    """The denizens of every file, in order: later files are content packs that add
    denizens; an id defined twice (in any kind) is refused, naming both files."""
    tables: dict[str, dict[str, Any]] = {kind: {} for kind in KINDS}
    seen: dict[str, Path] = {}
    for path in paths:
        for kind, entries in read_toml(path).items():
            if kind not in KINDS:
                raise BadInput(f"{path}: unknown section {kind!r} "
                               f"(expected {', '.join(KINDS)})")
            if not isinstance(entries, dict):
                raise BadInput(f"{path}: section {kind!r} must be a table of entries")
            for denizen_id, values in entries.items():
                where = f"{path}: {kind} {denizen_id!r}"
                if denizen_id in seen:
                    raise BadInput(f"{where}: id already used in {seen[denizen_id]}")
                seen[denizen_id] = path
                tables[kind][denizen_id] = validate(_MODELS[kind], values, where)
    return Bestiary(tables["monster"], tables["trap"], tables["character"], tables["boss"])


@cache
def bestiary() -> Bestiary:
    """The house bestiary, ``data/denizens.toml``, validated once."""
    return load_bestiary()


def try_flee(monster_die: int, roll: Roller) -> bool:
    """A monster's attempt to run away: one Monster Ability roll, at least 4 succeeds.

    Seed: "If the Monsters can succeed at a Monster Ability roll, they can exit
    the scene." What happens to its coins (pursued next scene, or back to the
    Stage's Value) is :class:`undercroft.systems.squad.gm.coin_pool.CoinPool`'s
    ``flee`` / ``pursue`` / ``next_scene``; a pursued monster comes back with its
    Hit Points full ("considered to have recovered fully").
    """
    return succeeds(roll(parse_die(monster_die)))


def avoids_trap(explorer_result: int) -> bool:
    """Whether a hero's Explorer result (the die plus any Loot spent after it) dodges a
    trap: "Heroes must make a successful Explorer check" at the Difficulty Number 4."""
    return succeeds(explorer_result)


def trap_damage(trap: Trap, roll: Roller) -> int:
    """The damage a hero who failed to avoid ``trap`` takes: one roll of its Ability die
    ("the damage of the Trap's Ability Die"), rolled for each hero it catches."""
    return roll(trap.die)
