"""Labyrinth's adventurers: creation, modifiers, attacks, and the specials that act in play.

Seed 002, Chapter 1: choose a race and a class, roll 3d6 for Strength,
Intelligence and Luck, apply race and class modifiers, compute each modifier as
(S + T - 10) / 2 rounded down, choose up to two elements, start with the race's
health and 10 silver. This module is the one to import: it makes adventurers
(:func:`new_adventurer`, :func:`random_choices`) and computes, on every read,
the numbers an attack or an ability check uses (:func:`modifier`,
:func:`attack_bonus`, :func:`damage_dice`), so nothing goes stale when a stat or
an item changes. State and JSON are in :mod:`state`, items worn in
:mod:`items`, the race and class rules in :mod:`specials`.

Item cards belong to :mod:`content`; to stay independent of it, the functions
here take the worn items' effects through two small protocols, and check that
as many are given as the adventurer wears (:func:`worn_items` fetches them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Final, NamedTuple, Protocol, TypeVar, runtime_checkable

from undercroft.dice import distribution
from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.tally import fired, used
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.labyrinth.adventurer.elements import AFFINITIES, MAX_ELEMENTS, affinity
from undercroft.systems.labyrinth.adventurer.items import (
    die,
    equip,
    gain_item,
    lift_curse,
    lose_item,
    unequip,
)
from undercroft.systems.labyrinth.adventurer.races_classes import (
    character_class,
    classes,
    race,
    races,
)
from undercroft.systems.labyrinth.adventurer.specials import (
    BACKLASH_DIE,
    STATS,
    Stat,
    attacks_per_turn,
    can_brace,
    has_backlash,
    human_attack_bonus,
    may_attack_with_intelligence,
    medic_keeps_card,
    race_stat_bonus,
    renegade,
    takes_double_fire,
    warrior_attack,
    woodfolk_health,
)
from undercroft.systems.labyrinth.adventurer.state import (
    EQUIP_SLOTS,
    ROLLED_DICE,
    START_SILVER,
    Adventurer,
)

__all__ = [
    "EQUIP_SLOTS", "START_SILVER", "STATS", "Adventurer", "Choices", "ItemEffects",
    "StatEffects", "armour_class", "attack_bonus", "attacks_per_turn", "brace", "can_brace",
    "consume_skip", "damage_dice", "die", "equip", "gain_item", "lift_curse", "living_medics",
    "lose_item", "max_health", "medic_keeps_card", "modifier", "new_adventurer",
    "random_choices", "renegade", "stat_modifier", "takes_double_fire", "unequip",
    "wizard_backlash", "worn_items"]

STAT_DIE: Final = 6
BRACE_DICE: Final = 2
T = TypeVar("T")


class StatEffects(Protocol):
    """Any worn item: what it adds to each stat (a cursed item has only this)."""

    @property
    def stat_effects(self) -> Mapping[Stat, int]: ...


@runtime_checkable
class ItemEffects(StatEffects, Protocol):
    """A piece of equipment: stat effects, a damage die (a weapon) and an attack bonus."""

    @property
    def damage(self) -> str | None: ...

    @property
    def attack_bonus_from(self) -> Stat | None:
        """A stat whose value (not its modifier) is added to attack rolls."""

    @property
    def only_class(self) -> str | None:
        """The class that gets the attack bonus (None: everyone)."""


class Choices(NamedTuple):
    """A player's choices at creation: race ID, class ID, affinity."""

    race: str
    klass: str
    elements: tuple[str, ...]


def new_adventurer(seat: str, race_id: str, klass: str, elements: Iterable[str],
                   stream: Stream) -> Adventurer:
    """A new character (Chapter 1): choices checked first (BadInput, nothing rolled), then
    3d6 per stat in the order Strength, Intelligence, Luck, race and class modifiers, full
    health and 10 silver."""
    race(race_id)
    character_class(klass)
    chosen = affinity(elements)
    fired("labyrinth.character.new")
    fired("labyrinth.character.race-and-class")
    fired("labyrinth.character.affinity")
    if len(chosen) == MAX_ELEMENTS:
        fired("labyrinth.character.relation")
    else:
        fired("labyrinth.character.nullified")
    fired("labyrinth.character.stats")
    rolled = {stat: stream.dice(ROLLED_DICE, STAT_DIE) for stat in STATS}
    fired("labyrinth.character.base-stat")
    bonus = race_stat_bonus(race_id, chosen)  # no class of Appendix B changes a stat
    adventurer = Adventurer(
        seat=seat, race=race_id, klass=klass, elements=chosen, rolled=rolled,
        stats={stat: sum(rolled[stat]) + bonus[stat] for stat in STATS}, health=0)
    fired("labyrinth.character.start-health-silver")
    if woodfolk_health(adventurer):
        fired("labyrinth.race.woodfolk-health")
    adventurer.health = adventurer.max_health
    return adventurer


def random_choices(stream: Stream) -> Choices:
    """A race, a class and an affinity, each uniform (the 16 affinities equally likely), for
    automated players and tests."""
    return Choices(stream.choice(list(races())), stream.choice(list(classes())),
                   stream.choice(AFFINITIES))


def worn_items(adventurer: Adventurer, lookup: Callable[[str], T]) -> list[T]:
    """The item of every worn ID (equipped, then cursed), by ``lookup`` (a catalogue's
    ``__getitem__``, or a function from a card copy to its card)."""
    return [lookup(item) for item in adventurer.worn]


def _checked(adventurer: Adventurer, items: Sequence[StatEffects]) -> Sequence[StatEffects]:
    """The worn items' effects, refusing a list that does not match what is worn."""
    if len(items) != len(adventurer.worn):
        raise ValueError(f"{adventurer.seat} wears {len(adventurer.worn)} items "
                         f"({', '.join(adventurer.worn) or 'none'}) but {len(items)} were "
                         "given: pass every worn item, equipped and cursed (worn_items)")
    return items


def stat_modifier(score: int, effects: int = 0) -> int:
    """Chapter 1: "(S + T - 10) / 2 rounded down" (floor: -1 // 2 == -1)."""
    return (score + effects - 10) // 2


def modifier(adventurer: Adventurer, stat: Stat, items: Sequence[StatEffects]) -> int:
    """The stat's modifier now: its base S with T, the worn items' effects on it."""
    if stat not in STATS:
        raise BadInput(f"{stat!r} is not a statistic (statistics: {', '.join(STATS)})")
    effects = sum(item.stat_effects.get(stat, 0) for item in _checked(adventurer, items))
    return stat_modifier(adventurer.stats[stat], effects)


def _weapons(items: Sequence[StatEffects]) -> list[str]:
    return [item.damage for item in items if isinstance(item, ItemEffects) and item.damage]


def attack_bonus(adventurer: Adventurer, items: Sequence[StatEffects],
                 use_intelligence: bool | None = None) -> int:
    """What is added to the d20 of an attack (Chapter 4: "add your strength modifier to the
    roll, plus any other appropriate modifiers").

    The class's unarmed attack modifier when no weapon is worn (a warrior wearing nothing:
    +4); a destructive human's +2; an item's stat bonus for its class (the Sureshot
    Shooter: an archer's luck stat); and the Strength modifier, or for a wizard the
    Intelligence modifier: ``use_intelligence`` None takes the better.
    """
    _checked(adventurer, items)
    fired("labyrinth.character.attack-roll")
    fired("labyrinth.character.modifier")
    if items:
        fired("labyrinth.character.item-effects")
    if use_intelligence and not may_attack_with_intelligence(adventurer):
        raise BadInput(f"only a wizard may attack with intelligence, not a {adventurer.klass}")
    if use_intelligence is None:
        use_intelligence = may_attack_with_intelligence(adventurer) and \
            modifier(adventurer, "intelligence", items) > modifier(adventurer, "strength", items)
    if may_attack_with_intelligence(adventurer):
        fired("labyrinth.class.wizard-intelligence")
        if use_intelligence:
            used("labyrinth.special.wizard-intelligence")
    unburdened = warrior_attack(adventurer, bool(adventurer.worn))
    armed = bool(_weapons(items))
    unarmed = 0 if armed else character_class(adventurer.klass).unarmed_attack
    if unburdened is not None:
        fired("labyrinth.class.warrior")
        used("labyrinth.special.warrior-unarmed")
    elif not armed:
        fired("labyrinth.class.unarmed")
    bonus = unarmed if unburdened is None else unburdened
    human = human_attack_bonus(adventurer)
    if human:
        fired("labyrinth.race.human-attack")
        used("labyrinth.special.human-attack")
    bonus += human
    for item in items:
        if isinstance(item, ItemEffects) and item.attack_bonus_from is not None and \
                (item.only_class is None or item.only_class.lower() == adventurer.klass):
            fired("labyrinth.character.sureshot")
            fired("labyrinth.item.sureshot")
            bonus += adventurer.stats[item.attack_bonus_from]
    return bonus + modifier(adventurer, "intelligence" if use_intelligence else "strength", items)


@cache
def _strength_of(dice: str) -> tuple[float, int]:
    """How good a damage die is: its mean, then its best roll."""
    odds = distribution(dice)
    return float(sum(value * chance for value, chance in odds.items())), max(odds)


def damage_dice(adventurer: Adventurer, items: Sequence[StatEffects]) -> str:
    """The damage die of an attack: the worn weapon's (of two, the better on average, then
    the higher best roll, then the first worn), else the class's unarmed damage die."""
    fired("labyrinth.character.damage-die")
    weapons = _weapons(_checked(adventurer, items))
    if not weapons:
        return character_class(adventurer.klass).unarmed_damage
    fired("labyrinth.item.weapons")
    return max(weapons, key=_strength_of)


def armour_class(adventurer: Adventurer) -> int:
    """The race's armour class and the specials (:attr:`Adventurer.armour_class`)."""
    return adventurer.armour_class


def max_health(adventurer: Adventurer) -> int:
    """The race's health and the specials (:attr:`Adventurer.max_health`)."""
    return adventurer.max_health


def brace(adventurer: Adventurer, stream: LoggedStream) -> list[int]:
    """A hollow with a nullified relation braces against an attack: the 2d6 rolled (their
    sum is added to its armour class for this attack), and it will skip its next attack."""
    if not can_brace(adventurer):
        raise BadInput(f"{adventurer.seat} cannot brace: only a hollow whose elemental "
                       "relation is nullified may add 2d6 to its armour class")
    fired("labyrinth.race.hollow-brace")
    used("labyrinth.special.brace")
    dice = stream.dice(BRACE_DICE, 6, "brace")
    adventurer.skip_next_attack = True
    return dice


def consume_skip(adventurer: Adventurer) -> bool:
    """At the adventurer's attack: True if this attack is skipped (it braced), spending the
    skip; False if it attacks."""
    skipped = adventurer.skip_next_attack
    adventurer.skip_next_attack = False
    return skipped


def wizard_backlash(adventurer: Adventurer, stream: LoggedStream) -> int | None:
    """After a destructive wizard attacks: the 1d4 rolled, for the game to deal as damage
    (through ``losses.hurt``, so that a backlash that kills follows Character Death like
    any other death); None (no roll) for everyone else."""
    if not has_backlash(adventurer):
        return None
    fired("labyrinth.class.wizard-backlash")
    used("labyrinth.special.backlash")
    return stream.die(BACKLASH_DIE, "backlash")


def living_medics(party: Iterable[Adventurer]) -> int:
    """How many medics alive in the party would roll for a healing card."""
    return sum(1 for member in party if member.alive and member.klass == "medic")
