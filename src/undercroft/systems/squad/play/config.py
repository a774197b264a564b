"""Settings of a game of Dungeon Squad! + Coin-Op: the table, the stages, the GM's policy.

Each field's default is the seed's rule where it has one, and our choice (with
its reason, in docs/rules/squad.md) where it has none.
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from undercroft.systems.squad.gm.stages import stages
from undercroft.systems.squad.heroes.spells import load_spells

HELPING_SPELLS: Final = ("heal", "bless", "haste", "invisibility", "mirror-image", "summon",
                         "shield")
"""The seed's spells that are cast on heroes: every spell of its table but Fireball."""
MAX_STAGES = 32
"""Stages a game may have at most (the seed's three, a stage may repeat): a bound on a
config that comes from a file or the web, not a rule."""


class SquadConfig(BaseModel):
    """How one game of Dungeon Squad! + Coin-Op is played."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(2, ge=1, le=4, title="Hero Guides")
    """Hero Guides at the table (the GM is a seat of its own)."""
    heroes_per_player: int = Field(2, ge=1, le=2, title="Heroes per Guide")
    """The seed: a Guide describes "the actions of two Heroes"; "up to two"."""
    party: Literal["random", "example"] = Field("random",
                                                title="Heroes (random, or the seed's example)")
    """``random``: heroes whose best Ability (the d12) goes round Mage, Warrior, Explorer,
    so every party of three or more has each kind (the balance lab compares them);
    ``example``: the seed's Faf of the Blue Steel and Urd the Indomitable (one Guide)."""
    helping_spells: tuple[str, ...] = Field(HELPING_SPELLS, max_length=16,
                                            title="Spells a Mage may hold")
    """Spells (ids of data/spells.toml) a random Mage may hold as its defensive piece of
    Stuff, one drawn for each Mage from this list (the seed: "immaterial (e.g. spells)"
    Stuff is as good as physical, and "one offensive and one defensive item" is only a
    suggestion). The default is the table's seven spells besides Fireball, so every
    spell of the seed comes into play; empty: every random hero wears Leather Armour
    and holds no spell but a Fireball."""
    stages: tuple[str, ...] = Field(("mountain-pass", "burning-village", "caves-of-frost"),
                                    min_length=1, max_length=MAX_STAGES, title="Stages, in order")
    """The stages in order (data/stages.toml); the game is won when the last boss falls.
    Checked here, not when the game reaches a stage: a config from a record, the web or
    the lab naming no stage or an unknown one is refused as the config is read (a
    validation error naming this field), never a fault in the middle of play."""
    per_guide: int = Field(5, ge=0, le=100, title="Stage's Value per Guide (pennies)")
    boss_share: int = Field(10, ge=1, le=100, title="Stage's Value kept for the Boss (pennies)")
    """The Stage's Value: "5 cents per Hero Guide and 10 cents for the Boss" (>>Untested<<)."""
    gm_group: float = Field(1.0, ge=0.25, le=4.0, title="Monsters the GM brings per standing hero")
    """The automated GM brings about this many monsters per standing hero at a time."""
    max_steps: int = Field(3000, ge=1, le=1_000_000, title="Most choices before time is up")
    """The game ends (time up) after this many choices: a bound for automated play."""

    @field_validator("helping_spells")
    @classmethod
    def _known_spells(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        known = load_spells()
        for index, spell_id in enumerate(value):
            if spell_id not in known:
                raise ValueError(f"item {index}: no spell {spell_id!r} (known: "
                                 f"{', '.join(known)})")
        return value

    @field_validator("stages")
    @classmethod
    def _known_stages(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        known = stages()
        for index, stage_id in enumerate(value):
            if stage_id not in known:
                raise ValueError(f"item {index}: no stage {stage_id!r} (known: "
                                 f"{', '.join(known)})")
        return value
