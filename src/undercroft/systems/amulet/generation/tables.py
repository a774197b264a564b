"""Amulet's dungeon generation tables (seed 001) and the monster stats they name."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Final

from pydantic import BaseModel, ConfigDict, Field, field_validator

from undercroft.content.loading import read_toml, validate
from undercroft.content.tables import RollTable, load_tables

DATA = Path(__file__).parents[1] / "data"
TABLES_FILE = DATA / "tables.toml"
MONSTERS_FILE = DATA / "monsters.toml"

GM: Final = "gm"
MONSTERS = ("wizard", "demon", "barbarian", "ghost", "hobbit", "slime")
EXIT_TYPES = ("stair", "crumble", "secret", "walldoor", "door", "open", "food", "treasure",
              "teleport")
CONTENTS = ("password", "roll 2", "special", "potion", "murder hole", "key", "treasure", "none",
            "food", "ale", "poison", "ward", "trap", "roll 3")
SPECIALS = ("reflective shot", "repulsiveness", "teleportability")
"""Seed 001, Special: the three named boons (the group may add others)."""
ENCOUNTERS = ("wraith", "none", "roll 2", "generator", "swarm", "mimic")
SWARM_SIZES = ("1", "25%", "50%", "75%", "100%")
TACTICS = ("seeks through walls", "vanishes on strike", "blind behind walls",
           "counterattacks through murder holes", "lobs shots", "waits for tremors",
           "weapon proof", "shoots until close", "blinks", "evades", "dies to potions", "ambush")
"""The monster behaviours the rules carry out (seed 000 Tactics, notes/sources.md)."""

ALLOWED: dict[str, set[str]] = {
    "size": {"1", "2", "3", "4", "5", GM},
    "shape": {"square", "rectangle", "hallway", "triangle", "circle", GM},
    "exit_location": {"north", "south", "east", "west", GM},
    "exit_type": {*EXIT_TYPES, GM},
    "exit_number": {"1", "2", "3", "4", GM},
    "contents": {*CONTENTS, GM},
    "swarm_size": {*SWARM_SIZES, GM},
    "encounter": {*ENCOUNTERS, GM},
    "monster": {*MONSTERS, GM},
}
"""The nine tables in the order of the seed's consolidated table, with their results."""


@cache
def _load(path: Path) -> dict[str, RollTable]:
    return load_tables(path, ALLOWED)


def amulet_tables(path: Path | None = None) -> dict[str, RollTable]:
    """The generation tables (the shipped file unless ``path`` names another)."""
    return _load(path or TABLES_FILE)


class MonsterStats(BaseModel):
    """One monster's numbers; dice are die expressions, "0" for no attack."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    health: int = Field(ge=0)
    melee: str
    shot: str
    speed: int = Field(ge=0)
    tactics: tuple[str, ...] = ()
    attacks: int = Field(1, ge=1, le=10)
    """Attacks a lone monster makes each round (a mini-boss makes several)."""

    @field_validator("tactics")
    @classmethod
    def _known_tactics(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [name for name in value if name not in TACTICS]
        if unknown:
            raise ValueError(f"unknown tactic {unknown[0]!r}; known: {', '.join(TACTICS)}")
        return value


@cache
def monsters(path: Path = MONSTERS_FILE) -> dict[str, MonsterStats]:
    """Monster stats by name, validated."""
    document = read_toml(path)
    return {name: validate(MonsterStats, values, f"{path}: monster {name!r}")
            for name, values in document.items()}
