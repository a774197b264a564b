"""Settings of a game of Labyrinth: the party, the goal, and the house rules of play.

Seed 002 is a game with a human dungeon master; where the software stands in for
one, each choice it makes is a field here, its reason beside it and in
docs/rules/labyrinth.md ("Play").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from undercroft.content.packs import check_name


class LabyrinthConfig(BaseModel):
    """How one game of Labyrinth is played."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(4, ge=1, le=6, title="Players")
    """Seats (the seed: "a game for 3-6 players"; fewer are allowed for tests and solo
    play, as the software is the dungeon master)."""
    party: tuple[str, ...] = Field((), title="Characters (race:class:elements, one a seat)")
    """Each seat's character as "race:class:element+element" (elements may be left out:
    "human:warrior"); seats not given are made at random."""
    packs: tuple[str, ...] = Field((), max_length=16, title="Content packs")
    """Content packs (TOML files of custom encounter and item cards, monsters and monster
    bands: docs/rules/labyrinth-content.md) added to the seed's cards, by name: Labyrinth's
    own (``monster-bands``) or the operator's (``undercroft.content.packs``), never a path."""
    goal_floor: int = Field(5, ge=1, le=20, title="Floor to reach")
    """The campaign is won when the party, some of it alive, is back in town having
    unlocked this floor (the seed's cards run to level 5)."""
    chest_item: bool = Field(True, title="A safe chest gives an item too")
    """An untrapped chest also gives an item card (seed 002: the items deck "is used when
    treasure is found", and no card of Appendix C says how else)."""
    search_difficulty: Literal[10, 15, 20] = Field(15,
                                                   title="Difficulty of checking a chest for traps")
    """Checking a chest for traps is an ability check of moderate difficulty."""
    dm_targets: Literal["weakest", "random"] = Field("random", title="Whom the monsters attack")
    """Whom the automated dungeon master's monsters attack: one of the living at random
    (the default: a neutral DM, neither kind nor cruel), or the one with the least
    health left (a DM playing to kill; the balance lab shows the difference)."""
    monster_health: int = Field(100, ge=10, le=200, title="Monster health (% of the book's)")
    """Each monster's health as a percentage of Appendix E's, rounded to the nearest
    point and at least 1: 100 (the default) plays the seed's numbers, which the seed
    itself warns are unbalanced (a Bugbear Band of level 1 kills most parties); a
    designer trying softer monsters sets e.g. 50 (the balance lab shows both)."""
    max_steps: int = Field(4000, ge=1, le=1_000_000, title="Most choices before time is up")
    """The game ends (time up) after this many choices: a bound for automated play."""

    @field_validator("packs")
    @classmethod
    def _pack_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_name(name) for name in value)
