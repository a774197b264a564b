"""A hero's rolls in a fight: an Ability check, an attack with Stuff, armour soaking a hit.

Seed 003, Abilities: "if a Hero attacks a creature with a sword, the player would
roll the Hero's Warrior die to see if the Hero successfully inflicts damage";
"All magical actions are up to the Mage Ability". The Example of Play then
rolls the Stuff's die for the damage ("I roll my Lightning Arc die (D4) and deal
2 damage") and an armour's die against a hit ("Another D4 roll later, and the
Goblin only dealt 1 point of damage").

Pure functions: dice come from a roller (``stream.die`` or a script), results
are frozen records the game loop turns into events. Loot is spent between the
check and the damage (:mod:`loot`), so :func:`ability_check` and
:func:`roll_damage` are separate steps; :func:`hero_attack` is both at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.squad.dice import DIFFICULTY, Roller, difficulty_words, roller_of, succeeds
from undercroft.systems.squad.heroes.hero import Hero, Stuff, take_damage
from undercroft.systems.squad.heroes.specials import extra_heroes, extra_targets
from undercroft.systems.squad.heroes.spells import SpellEffect, spell, spell_effect

ATTACK_ABILITY: Final = {"weapon": "warrior", "spell": "mage"}
"""Warrior for weapons ("Physical Combat"), Mage for spells ("Spell casting")."""


@dataclass(frozen=True)
class Check:
    """One Ability roll against a Difficulty Number; ``bonus`` is loot added after the roll."""

    ability: str
    die: int
    roll: int
    difficulty: int = DIFFICULTY
    bonus: int = 0

    @property
    def total(self) -> int:
        return self.roll + self.bonus

    @property
    def success(self) -> bool:
        return succeeds(self.total, self.difficulty)

    def with_bonus(self, bonus: int) -> Check:
        """The same roll with loot added ("Bonuses are spent after the roll")."""
        return replace(self, bonus=self.bonus + bonus)


def ability_check(hero: Hero, ability: str, roll: Stream | Roller,
                  difficulty: int = DIFFICULTY) -> Check:
    """Roll the hero's die for ``ability`` against ``difficulty`` (4 "unless otherwise stated")."""
    die = hero.ability_die(ability)
    fired("squad.ability.uses")
    fired("squad.ability.difficulty")
    roller = roller_of(roll, ability, difficulty_words(difficulty))
    return Check(ability, die, roller(die), difficulty)


def roll_damage(stuff: Stuff, roll: Stream | Roller, bonus: int = 0) -> int:
    """The damage of a hit: one roll of the Stuff's die, plus ``bonus`` (Deadly Strike, 1C loot)."""
    return roller_of(roll, "damage")(stuff.die) + bonus


@dataclass(frozen=True)
class Attack:
    """A hero's attack: the check, and on a hit the damage die rolled and any bonus."""

    hero: str
    stuff: str
    check: Check
    damage_roll: int | None
    bonus_damage: int = 0

    @property
    def damage(self) -> int:
        """Damage dealt: 0 on a miss."""
        return 0 if self.damage_roll is None else self.damage_roll + self.bonus_damage


def attack_ability(stuff: Stuff) -> str:
    """The Ability a piece of Stuff attacks with, or BadInput if it cannot attack.

    Weapons attack with Warrior, damaging spells (those cast as a Fireball) with
    Mage; armour and helping spells do not attack (cast those with
    :func:`spells.spell_effect` after a Mage check).
    """
    if stuff.kind == "spell" and stuff.spell is not None \
            and spell(stuff.spell).effect != "damage":
        raise BadInput(f"{stuff.name} ({stuff.spell}) does not deal damage; cast it instead")
    if stuff.kind not in ATTACK_ABILITY:
        raise BadInput(f"{stuff.name} is {stuff.kind}; attack with a weapon or a damaging spell")
    return ATTACK_ABILITY[stuff.kind]


def hero_attack(hero: Hero, stuff_name: str, roll: Stream | Roller,
                difficulty: int = DIFFICULTY, bonus_damage: int = 0) -> Attack:
    """Attack with a piece of Stuff: the Ability die to hit, then the Stuff die for damage.

    "Faf blasts out with Lightning Arc! I roll a D12 to see if I can hit the
    Goblin, and easily strike with an 8. I roll my Lightning Arc die (D4) and
    deal 2 damage". The damage die is rolled only on a hit.
    """
    stuff = hero.stuff_named(stuff_name)
    check = ability_check(hero, attack_ability(stuff), roll, difficulty)
    damage = roller_of(roll, "damage")(stuff.die) if check.success else None
    return Attack(hero.name, stuff.name, check, damage, bonus_damage if check.success else 0)


def best_armour(hero: Hero, extra: Sequence[Stuff] = ()) -> Stuff | None:
    """The armour that soaks a hit: the biggest die among the hero's armour and ``extra``.

    The seed never says what a hero with several armours rolls (house rule): the
    best one, and only one, so buying a second armour is no shortcut past the
    d12 limit. ``extra`` is armour from play, such as a Shield spell's rating
    die. Ties go to the first held.
    """
    armours = [s for s in (*hero.stuff, *extra) if s.kind == "armour"]
    if len(armours) > 1:
        fired("squad.stuff.best-armour")
    return max(armours, key=lambda s: s.die, default=None)


@dataclass(frozen=True)
class Soak:
    """A monster's hit on a hero: the damage rolled, what armour and abilities took off."""

    hero: str
    damage: int
    armour: str | None
    armour_roll: int
    ignored: int
    """Hardy Resilience's level as applied (some of it may have had nothing left to ignore)."""
    taken: int


def armour_soak(hero: Hero, damage: int, roll: Stream | Roller, ignore: int = 0,
                extra_armour: Sequence[Stuff] = ()) -> Soak:
    """Roll the hero's best armour and subtract it (and ``ignore``) from a monster's damage.

    "The Gamemaster rolls the D4 again and deals 3 damage! But, I remember that
    Urd has his Magical Tattoos. Another D4 roll later, and the Goblin only
    dealt 1 point of damage": 3 - 2 = 1. ``ignore`` is Hardy Resilience's level
    when activated. Never below 0. Nothing is changed: see :func:`apply_soak`.
    """
    armour = best_armour(hero, extra_armour)
    if armour is not None:
        fired("squad.stuff.armour")
    armour_roll = roller_of(roll, "armour")(armour.die) if armour is not None else 0
    taken = max(0, damage - armour_roll - max(0, ignore))
    return Soak(hero.name, damage, armour.name if armour else None, armour_roll,
                max(0, ignore), taken)


def apply_soak(hero: Hero, soak: Soak) -> int:
    """Take the damage left after the soak; the Hit Points lost."""
    return take_damage(hero, soak.taken)


@dataclass(frozen=True)
class Cast:
    """A hero's spell: the Mage check and, when it succeeds, what the spell does."""

    hero: str
    stuff: str
    check: Check
    effect: SpellEffect | None


def cast_spell(hero: Hero, stuff_name: str, roll: Stream | Roller,
               difficulty: int = DIFFICULTY) -> Cast:
    """Cast a spell Stuff: a Mage check, then on a success the spell at its rating.

    "All magical actions are up to the Mage Ability", helping spells included.
    """
    stuff = hero.stuff_named(stuff_name)
    if stuff.kind != "spell" or stuff.spell is None:
        raise BadInput(f"{stuff.name} is {stuff.kind}, not a spell")
    check = ability_check(hero, "mage", roll, difficulty)
    effect = spell_effect(stuff.spell, stuff.die, roller_of(roll, stuff.spell)) \
        if check.success else None
    return Cast(hero.name, stuff.name, check, effect)


def most_targets(hero: Hero, spell_id: str, activated: bool) -> int:
    """How many targets a cast may have: 1, plus Arcane Vigor's level for a spell on monsters
    or Divine Insight's for a spell on heroes, when the hero activates it (1 penny)."""
    if not activated:
        return 1
    bonus = extra_targets(hero) if spell(spell_id).targets == "monster" else extra_heroes(hero)
    return 1 + bonus


def spell_armour(effect: SpellEffect) -> Stuff:
    """A Shield's armour as Stuff, for :func:`armour_soak`'s ``extra_armour``, for the scene.

    "Target receives Armor equal to spell rating for Scene".
    """
    if effect.effect != "armour" or effect.die is None:
        raise BadInput(f"{effect.spell} gives no armour")
    return Stuff(f"{spell(effect.spell).name} d{effect.die}", "armour", effect.die)
