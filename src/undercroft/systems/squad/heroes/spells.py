"""Coin-Op's Spells as data, and what one cast does at a given rating.

Seed 003, Spells: "This is a small list of spells that have either been used
successfully in-game or need playtesting. These should also serve as a guide
for you to create your own spells. When the "Spell's Rating" is referred to,
that is shorthand for the current die it is at (D4, D6, etc.)"

The table lives in ``data/spells.toml`` so a designer can change a spell (or
settle Haste's "???") without touching Python. A hero's spell is a piece of
Stuff that names one of these spells: Faf's own "Lightning Arc" works as a
Fireball. A number "equal to the rating" is one roll of the rating die, as the
seed's example rolls Lightning Arc: "I roll my Lightning Arc die (D4) and deal 2
damage"; a target that *receives* the rating (Shield's armour, a companion's
Ability, Bless's reroll) receives the die itself. :func:`spell_effect` returns
what happens; the game loop applies it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from undercroft.content.loading import read_toml, validate
from undercroft.errors import BadInput
from undercroft.systems.squad.dice import Roller, parse_die

SPELLS_FILE: Final = Path(__file__).parent / "data" / "spells.toml"

Target = Literal["hero", "monster"]
SpellKind = Literal["heal", "reroll", "damage", "extra-action", "untargetable", "illusions",
                    "companion", "armour"]
Amount = Literal["roll", "fixed", "none"]
Lasts = Literal["instant", "rounds", "next-turn", "scene", "until-used"]


class Spell(BaseModel):
    """One row of the Spells table, with how the game reads it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str = Field(min_length=1)
    seed: str = Field(min_length=1)
    """The seed's description, as printed."""
    targets: Target
    effect: SpellKind
    amount: Amount
    value: int | None = Field(default=None, ge=0)
    """The number of a ``fixed`` amount."""
    die: bool = False
    """True when the target receives the rating die itself."""
    lasts: Lasts
    house: str = ""
    """Our reading where the seed is silent or unclear."""

    @model_validator(mode="after")
    def _value_only_when_fixed(self) -> Spell:
        if (self.amount == "fixed") != (self.value is not None):
            raise ValueError("value is required with amount = \"fixed\" and only then")
        return self


@cache
def load_spells(path: Path = SPELLS_FILE) -> dict[str, Spell]:
    """Every spell of the table by ID; a mistake is one line naming file, spell and field."""
    spells: dict[str, Spell] = {}
    for spell_id, values in read_toml(path).items():
        where = f"{path}: spell {spell_id!r}"
        if not isinstance(values, dict):
            raise BadInput(f"{where}: expected a table of fields, got {values!r}")
        if "id" in values:
            raise BadInput(f"{where}, field id: set by the table name ([{spell_id}]); leave it out")
        spells[spell_id] = validate(Spell, {**values, "id": spell_id}, where)
    if not spells:
        raise BadInput(f"{path}: no spell defined")
    return spells


def spell(spell_id: str) -> Spell:
    """The spell with that ID (or name: "Mirror Image"), or one line listing the known ones."""
    spells = load_spells()
    key = "-".join(spell_id.strip().lower().split())
    if key not in spells:
        raise BadInput(f"spell {spell_id!r}: expected one of {', '.join(sorted(spells))}")
    return spells[key]


@dataclass(frozen=True)
class SpellEffect:
    """What one successful cast does: the loop applies it to each target.

    ``amount`` is Hit Points healed, damage dealt, rounds unseen, illusions
    made, extra actions, rerolls, or a companion's Hit Points, by ``effect``;
    ``die`` the die the target receives (armour, a companion's Ability, the
    reroll's die); ``rolled`` the face rolled for the amount, for the record.
    One roll serves every target of the cast (Arcane Vigor, Divine Insight).
    """

    spell: str
    effect: SpellKind
    rating: int
    amount: int
    die: int | None
    lasts: Lasts
    rolled: int | None

    def text(self) -> str:
        """A line for the table: "fireball d4: damage 2 (rolled 2)"."""
        parts = [f"{self.spell} d{self.rating}: {self.effect} {self.amount}"]
        if self.die is not None:
            parts.append(f"with d{self.die}")
        if self.lasts != "instant":
            parts.append(f"({self.lasts})")
        if self.rolled is not None:
            parts.append(f"(rolled {self.rolled})")
        return " ".join(parts)


def spell_effect(spell_id: str, rating: int, roll: Roller) -> SpellEffect:
    """What a cast of ``spell_id`` at ``rating`` does, rolling the rating die if the spell says so.

    Call it after the Mage roll succeeded ("All magical actions are up to the
    Mage Ability"). Heal: "Recovers spell rating Hit Points"; Fireball: "Deals
    spell rating in damage"; Invisibility: "can't be physically attacked for
    spell rating Rounds"; Mirror Image: "spell rating in illusions with 1 HP
    each": each a roll of the rating die. Summon, Shield, Bless: the target gets
    the rating die. Haste: our house rule, one more action on the next turn.
    """
    entry = spell(spell_id)
    sides = parse_die(rating, f"rating of {entry.name}")
    rolled = roll(sides) if entry.amount == "roll" else None
    amount = rolled if rolled is not None else (entry.value or 0)
    return SpellEffect(entry.id, entry.effect, sides, amount, sides if entry.die else None,
                       entry.lasts, rolled)
