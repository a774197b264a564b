"""Settings of a whole Amulet game: the party, the meta-dungeon's house rules, limits.

Seed 000 names the countdown, tokens (credits), level points and Scaling but
gives none of their numbers (notes/sources.md: "Not found anywhere"); each is a
field here whose default is our choice, with the reason in
docs/rules/amulet.md ("The whole game").
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from undercroft.systems.amulet.characters.heroes import hero_classes
from undercroft.systems.amulet.generation.config import LevelConfig
from undercroft.systems.amulet.room.house_rules import PlayRules

DEFAULT_PARTY = ("warrior", "elf", "valkyrie", "wizard")


class GameConfig(BaseModel):
    """How one game of Amulet is played, from the first cell to the deepest level."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    party: tuple[str, ...] = Field(DEFAULT_PARTY, title="Heroes (their classes, one seat each)")
    """The heroes' classes, one seat each (one to four)."""
    play: PlayRules = Field(PlayRules(max_rounds=10_000, scaling=True), title="Rules of play")
    """The rules of play. Scaling is on in a whole game (off in a sandbox encounter):
    seed 000 promises "increasing dungeon level difficulty", and with Scaling the
    level bonus, faster monsters and generators, and mini-boss levels come with depth."""
    level: LevelConfig = Field(LevelConfig(), title="How levels are made")
    countdown_every: int = Field(2, ge=1, le=1000, title="Rounds between countdown ticks")
    countdown_drain: int = Field(1, ge=0, le=100, title="Health lost each tick")
    """The countdown: every hero loses ``countdown_drain`` health every
    ``countdown_every`` rounds. 1 every 2 rounds: 200 rounds of life from 100
    health, so a level explored to the end without food kills, and each food
    (+10) buys 20 rounds, each stair (+10) 20 more."""
    tokens: int = Field(3, ge=0, le=100, title="Tokens each player starts with")
    """Tokens each player starts with (the arcade's credits)."""
    token_health: int = Field(50, ge=1, le=1000, title="Health a token gives a living hero")
    """Spending a token on a living hero: this much health."""
    revive_health: int = Field(100, ge=1, le=1000, title="Health a revived hero comes back with")
    """Spending a token on a dead hero: back in the game with this much health, in
    the room where the party is."""
    stair_health: int = Field(10, ge=0, le=1000, title="Health the stair's torches give")
    """Seed 001, Stair: "The torches of the lower level ignite when all PCs have arrived,
    and each PC gains 10 bonus health at this time": every living hero, once all have
    come down (not when a treasure level dissolves: no Stair was taken)."""
    advance_every: int = Field(2, ge=0, le=100, title="Levels between level points (0: never)")
    """Every this many levels reached, each hero gains a level point (0: never)."""
    depth_limit: int = Field(0, ge=0, le=10_000, title="Last level (0: no limit)")
    """The game ends on reaching this depth (0: no limit)."""
    max_rounds: int = Field(3000, ge=1, le=1_000_000, title="Most rounds before time is up")
    """The game ends (time up) after this many rounds: a bound for automated play."""
    roll_behind_open_exits: bool = Field(True, title="Make the rooms seen through open exits")
    """Seed 001, Open: heroes who stay a step in a room without going through an open
    exit have the room behind it made, see it, and meet the swarms in it that chase
    (``game.rules._roll_behind_open_exits``; False: rooms are made only when entered)."""
    final_stair_in_reach: bool = Field(True, title="Keep a stair within the party's reach")
    """Seed 001's final-room Stair applied to what the party can reach: when no exit the
    party can reach is left to open and no Stair is within its reach, the last room it
    can reach gets a Stair (``way_down``). False: only when the whole level is made, as
    the generator alone does (rooms nobody can enter then keep it from coming)."""
    miniboss_every: int = Field(10, ge=1, le=1000, title="Levels between mini-boss levels")
    """Seed 001: mini-boss levels "appear every 10 levels, for groups using the
    Scaling rules" (``play.scaling``)."""

    @field_validator("level")
    @classmethod
    def _no_one_to_ask(cls, level: LevelConfig) -> LevelConfig:
        """A recorded game must replay from its choices alone, so "GM's choice" results
        are rolled again rather than asked (house rule)."""
        if level.gm_choice != "reroll":
            raise ValueError("a whole game rolls GM's choice again: gm_choice must be "
                             "'reroll'")
        return level

    @field_validator("party")
    @classmethod
    def _known_classes(cls, party: tuple[str, ...]) -> tuple[str, ...]:
        known = hero_classes()
        if not 1 <= len(party) <= 4:
            raise ValueError(f"a party has one to four heroes, got {len(party)}")
        for name in party:
            if name not in known:
                raise ValueError(f"unknown class {name!r} (expected one of "
                                 f"{', '.join(known)})")
        return party

    def hero_names(self) -> list[str]:
        """Each seat's hero: the class name, numbered when a class repeats."""
        names = []
        for index, hero_class in enumerate(self.party):
            same = self.party.count(hero_class)
            earlier = self.party[:index].count(hero_class)
            names.append(hero_class.title() + (f"-{earlier + 1}" if same > 1 else ""))
        return names
