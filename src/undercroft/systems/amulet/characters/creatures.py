"""Monster kinds in play: their numbers, their tactics, and the Modos conversion.

Numbers and tactics live in ``data/monsters.toml`` so a designer can give a new
monster existing behaviours without touching Python. The tactics are carried
out by :mod:`monster_phase` and :mod:`harm`:

- ``seeks through walls`` (ghost): heads for the nearest hero even behind a
  wall it cannot pass, so it is stuck beyond a murder hole.
- ``vanishes on strike`` (ghost, slime): each strike that lands spends one monster.
- ``blind behind walls`` (barbarian): ignores heroes it cannot see.
- ``counterattacks through murder holes`` (barbarian): strikes back at a hero
  who hit it through a murder hole, until a hero shows up in an opening.
- ``lobs shots`` (hobbit): shoots any hero in its room, over its comrades.
- ``waits for tremors`` (slime): acts only with a hero in its room; never pursues.
- ``weapon proof`` (slime): only potions hurt it.
- ``shoots until close`` (demon): shoots heroes it is not biting; bites when close.
- ``blinks`` (wizard): an odd damage result does nothing.
- ``evades`` (wizard): a hero must win a Speed contest to engage it in melee;
  it never swarms, gains no speed each round, never pursues.
- ``dies to potions`` (wraith): each potion destroys one.
- ``ambush`` (mimic): +4 speed on its first attack.
"""

from __future__ import annotations

from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from undercroft.systems.amulet.characters.monster_numbers import (
    die_bonus,
    die_sides,
    has,
    mini_boss_kind,
    stats,
)
from undercroft.systems.amulet.generation.tables import MonsterStats

__all__ = ["AMBUSH_SPEED", "MIMIC_TREASURE_PERCENT", "ModosMonster", "convert_monster",
           "die_bonus", "die_sides", "has", "mini_boss_kind", "stats"]

AMBUSH_SPEED: Final = 4
"""notes/sources.md: a mimic has "+4 speed on its first attack"."""
MIMIC_TREASURE_PERCENT: Final = 25
"""notes/sources.md: "a mimic has a 25% chance of actually being a treasure"."""


class ModosMonster(BaseModel):
    """The Modos numbers the seed's conversion reads (seed 000, OTHER MONSTERS)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    protection: str = "d4"
    physical_damage: int = Field(ge=0)
    melee: str = "0"
    unarmed: str = "0"
    ranged: str = "0"
    spell: str = "0"
    movement: int = Field(0, ge=0)
    physical_bonus: int = Field(0, ge=0)


def _higher(first: str, second: str) -> str:
    """The bigger of two damage dice ("0" is none)."""
    return first if die_sides(first) >= die_sides(second) else second


def convert_monster(monster: ModosMonster) -> MonsterStats:
    """An Amulet monster from a Modos one, by the seed's formula.

    "give them health equal to half their protection die, plus 1/3 of their max
    physical damage. Substitute melee or unarmed damage for the melee score,
    whichever is higher, and ranged or spell damage (die) for the shot score.
    The speed score is the monster's movement skill points or physical bonus,
    whichever is higher." Fractions round down (house rule).
    """
    health = die_sides(monster.protection) // 2 + monster.physical_damage // 3
    return MonsterStats(health=health, melee=_higher(monster.melee, monster.unarmed),
                        shot=_higher(monster.ranged, monster.spell),
                        speed=max(monster.movement, monster.physical_bonus))
