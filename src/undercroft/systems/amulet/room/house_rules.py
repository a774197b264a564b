"""The rules of play inside a room that the seeds leave open, as named settings.

Seed 000's Combat chapter is only an outline (take half, no initiative, no
reloading, act during turn only, auto defenses, maneuver, mass damage, mass
protection, choke points). Every gap it leaves is a field here whose default is
what we chose; docs/rules/amulet.md names the passage each field fills, so a
designer can change one and measure what it does.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from undercroft.systems.amulet.generation.tables import SPECIALS


class PlayRules(BaseModel):
    """How a fight in an Amulet room is resolved."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    actions_per_round: int = Field(1, ge=1, le=3)
    """Actions each hero takes before the monsters act. Treasure levels count
    "10 actions" as 10 rounds, so one; core Modos gives three."""
    armor: Literal["per_attack", "per_die", "none"] = "per_attack"
    """What Armor does to a hit: subtracted from each attack's damage (default),
    from each die rolled, or nothing."""
    hero_attack: Literal["damage", "contest"] = "damage"
    """How a hero's attack is rolled: its damage die always lands (default, the
    arcade's shots never miss), or first a Speed contest against the target."""
    monster_attack: Literal["contest", "damage"] = "contest"
    """How a lone monster's attack is rolled: a Speed contest against the hero's
    automatic defence (default), or its damage die always lands."""
    ties: Literal["defender", "reroll"] = "defender"
    """A tied contest: the defender holds (default) or both roll again (Modos allows either)."""
    flanking_bonus: int = Field(2, ge=0, le=20)
    """Extra damage on each attack against a lone monster the hero flanks."""
    friendly_fire_die: int = Field(6, ge=2, le=100)
    friendly_fire_range: int = Field(2, ge=0, le=100)
    """A shot at monsters that have swarmed or engaged another hero hits that hero
    on a roll of 1..range on the friendly-fire die (seed: "1-2 becomes 1")."""
    specials: tuple[str, ...] = SPECIALS
    """The Specials a Special content can be; empty plays without them."""
    special_actions: int = Field(10, ge=1, le=1000)
    """"Each Special lasts 10 actions"."""
    item_cap: int = Field(12, ge=0, le=1000)
    """"Characters may carry a combined maximum of 12 keys and potions"."""
    password_actions: int = Field(10, ge=1, le=1000)
    """How long the password's word turns every wall into Stairs ("for a while")."""
    generator_every: int = Field(10, ge=1, le=1000)
    """A generator dispenses a monster every this many rounds (notes/sources.md)."""
    crumble_hits: int = Field(3, ge=1, le=100)
    """"Three actions of attacks ... are required to destroy a crumbling wall"."""
    lock_hits: int = Field(6, ge=0, le=1000)
    """Seed 000's outline: "Locks – Unlocking without magic keys" (title only). House
    rule: this many attack actions break a door's or walldoor's lock (twice a
    crumbling wall); 0: only a magic key opens one."""
    shooters_circle_wards: bool = True
    """Monsters that move to get a shot (hobbits, demons) step around a ward a hero
    shelters behind; off, every ward stops every monster's shot."""
    scaling: bool = False
    """Scaling: the dungeon level is the bonus of traps and secret doors."""
    trap_bonus: int = Field(1, ge=0, le=40)
    """"The trap gets +1 to its contest, or Level Bonus if you are Scaling"."""
    secret_bonus: int = Field(0, ge=0, le=40)
    """"Roll +0 for the opposing contest, or use the Dungeon Level as a bonus"."""
    max_rounds: int = Field(60, ge=1, le=10_000)
    """A sandbox run stops after this many rounds (time up)."""
