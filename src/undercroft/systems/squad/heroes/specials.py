"""Coin-Op's Special Abilities: six of them, each a level from +1 to +5.

Seed 003, Special Abilities: "Every Hero will have one Special Ability ... It is
chosen when the Hero is created. Every Special Ability is based on the simple
progression below ... Depending on which Special Ability your Hero possesses,
the +# might refer to targets or damage or actions."

This module says what a level *gives*; paying for a level or for a use is
:mod:`spending` (5 pennies a level, 1 penny a use). The game loop asks the
function for the effect it is resolving (``extra_damage`` when a hero deals
damage, ``damage_ignored`` when a monster hits one, ...): each returns the
hero's level if the hero has that ability, else 0, so the loop can offer the
activation only when it would do something.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, Protocol

from undercroft.errors import BadInput

Effect = Literal["monster-targets", "hero-targets", "damage", "ignore-damage",
                 "physical-attacks", "spells"]

FIRST_LEVEL: Final = 1
""""You always start at +1 for free"."""
TOP_LEVEL: Final = 5
"""The progression table runs from +1 to +5."""


@dataclass(frozen=True)
class Special:
    """One Special Ability: what its +# counts, and the seed's words at level L."""

    id: str
    name: str
    effect: Effect
    seed: str
    """The seed's row, with L for the level ("Deal L additional damage")."""

    def text(self, level: int) -> str:
        """The seed's sentence for that level: "Deal 3 additional damage"."""
        return self.seed.replace("L", str(level))


SPECIALS: Final = {s.id: s for s in (
    Special("arcane-vigor", "Arcane Vigor", "monster-targets",
            "Your spell can hit L additional Monsters"),
    Special("divine-insight", "Divine Insight", "hero-targets",
            "Your spell can help L additional Heroes"),
    Special("deadly-strike", "Deadly Strike", "damage", "Deal L additional damage"),
    Special("hardy-resilience", "Hardy Resilience", "ignore-damage",
            "Ignore L damage when hit by a Monster"),
    Special("blurring-speed", "Blurring Speed", "physical-attacks",
            "Make L additional physical attacks"),
    Special("inhuman-alacrity", "Inhuman Alacrity", "spells", "Cast L additional spells"),
)}
"""The six Special Abilities of the seed's Descriptions, by ID."""


def special_id(text: str) -> str:
    """The ID of a Special Ability from its ID or its name ("Arcane Vigor" -> arcane-vigor).

    An unknown one is one :class:`BadInput` line listing the six.
    """
    key = "-".join(text.strip().lower().split())
    if key not in SPECIALS:
        names = ", ".join(s.name for s in SPECIALS.values())
        raise BadInput(f"special ability {text!r}: expected one of {names}")
    return key


def check_level(level: int) -> int:
    """A level of the progression, +1 to +5, or one line of bad input."""
    if isinstance(level, bool) or not isinstance(level, int) \
            or not FIRST_LEVEL <= level <= TOP_LEVEL:
        raise BadInput(f"special ability level {level!r}: expected {FIRST_LEVEL} to {TOP_LEVEL}")
    return level


class HasSpecial(Protocol):
    """What a Special Ability reads of a hero (``hero.Hero`` has it): which ability it
    has and at what level. Said here so that heroes depend on their abilities and not
    the other way round."""

    @property
    def special(self) -> str: ...

    @property
    def special_level(self) -> int: ...


def _bonus(hero: HasSpecial, effect: Effect) -> int:
    return hero.special_level if SPECIALS[hero.special].effect == effect else 0


def extra_targets(hero: HasSpecial) -> int:
    """Arcane Vigor: "Your spell can hit L additional Monsters" (0 for any other ability).

    For a spell that targets monsters (Fireball, a Lightning Arc): up to L more
    monsters take the same effect.
    """
    return _bonus(hero, "monster-targets")


def extra_heroes(hero: HasSpecial) -> int:
    """Divine Insight: "Your spell can help L additional Heroes" (0 for any other ability).

    For a spell that targets heroes (Heal, Bless, Haste, Shield, ...).
    """
    return _bonus(hero, "hero-targets")


def extra_damage(hero: HasSpecial) -> int:
    """Deadly Strike: "Deal L additional damage", added to one damage roll of the hero.

    Any damage the hero deals, a weapon's or a damaging spell's (the seed does
    not limit it to weapons).
    """
    return _bonus(hero, "damage")


def damage_ignored(hero: HasSpecial) -> int:
    """Hardy Resilience: "Ignore L damage when hit by a Monster" (after armour)."""
    return _bonus(hero, "ignore-damage")


def extra_attacks(hero: HasSpecial) -> int:
    """Blurring Speed: "Make L additional physical attacks" this turn."""
    return _bonus(hero, "physical-attacks")


def extra_spells(hero: HasSpecial) -> int:
    """Inhuman Alacrity: "Cast L additional spells" this turn."""
    return _bonus(hero, "spells")
