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

from undercroft.dice import DieStep
from undercroft.errors import BadInput
from undercroft.systems.amulet.tables import MonsterStats, monsters

AMBUSH_SPEED: Final = 4
"""notes/sources.md: a mimic has "+4 speed on its first attack"."""
MIMIC_TREASURE_PERCENT: Final = 25
"""notes/sources.md: "a mimic has a 25% chance of actually being a treasure"."""


_MADE: dict[str, MonsterStats] = {}
"""Kinds made in play rather than read from the data file (the mini-bosses), by name."""


def make_kind(kind: str, numbers: MonsterStats) -> None:
    """Add a kind made in play; the same name always carries the same numbers (a
    mini-boss is named by its depth), so games and processes never disagree."""
    known = _MADE.get(kind)
    if known is not None and known != numbers:
        raise BadInput(f"monster {kind!r}: already made with other numbers")
    _MADE[kind] = numbers


_FROM_FILE: dict[str, MonsterStats] = {}
_TACTICS: dict[str, frozenset[str]] = {}
_DICE: dict[str, DieStep | None] = {}
"""Lookups a game makes tens of thousands of times, answered from plain dictionaries
(``monsters()`` and ``DieStep.parse`` cost a call, a cache key and a regex each)."""


def stats(kind: str) -> MonsterStats:
    """The numbers of one monster kind; an unknown kind is bad input."""
    found = _MADE.get(kind)
    if found is None:
        found = _FROM_FILE.get(kind)
    if found is not None:
        return found
    known = monsters()
    if kind not in known:
        raise BadInput(f"monster {kind!r}: expected one of {', '.join(known)}")
    found = _FROM_FILE[kind] = known[kind]
    return found


def has(kind: str, tactic: str) -> bool:
    """Whether monsters of ``kind`` follow ``tactic``."""
    tactics = _TACTICS.get(kind)
    if tactics is None:
        tactics = _TACTICS[kind] = frozenset(stats(kind).tactics)
    return tactic in tactics


def _die(expression: str) -> DieStep | None:
    if expression not in _DICE:
        _DICE[expression] = None if expression.strip() == "0" else DieStep.parse(expression)
    return _DICE[expression]


def die_sides(expression: str) -> int:
    """The sides of a monster's attack die ("d8" -> 8); 0 for no attack."""
    die = _die(expression)
    return 0 if die is None else die.sides


def die_bonus(expression: str) -> int:
    """What a monster adds to its attack die past d12 ("d12+2" -> 2)."""
    die = _die(expression)
    return 0 if die is None else die.bonus


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
