"""Damage and healing: Armor, blinking, weapon-proof slimes, scattering, potions.

Seed 000 gives the monsters' special cases (a wizard's blink stops odd damage,
only potions hurt slimes, a swarm scatters below three monsters' health into
three whole monsters) and seed 001 the potion's spill over generators. What
Armor does is a house rule (:attr:`PlayRules.armor`).
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired
from undercroft.systems.amulet.characters.monster_numbers import has, stats
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.scene import Generator, HeroState, Monster, Swarm

Foe = Swarm | Monster | Generator

HEALTH_CALLS: Final = ((50, "{name}, your life force is running out."),
                       (25, "{name} needs food, badly!"),
                       (10, "{name} is about to die!"))
"""Seed 000, GAME ANNOUNCEMENTS: said when a hero's health reaches 50, 25 and 10."""
BRAVERY: Final = "I've not seen such bravery!"
TRAP: Final = "trap"
FRIENDLY_FIRE: Final = "friendly fire"
COUNTDOWN: Final = "countdown"
POISON: Final = "poison"
DEATH_CAUSES: Final = (COUNTDOWN, TRAP, POISON, FRIENDLY_FIRE)
"""Causes of death besides the monster kinds."""
SCATTERED: Final = 3
"""Seed 000, Scattered: "the swarm's abstract number becomes a concrete 3 monsters"."""


def armour_words(fight: Fight, hero: HeroState) -> str:
    """What a blow's damage dice are against, for the log: the hero's Armor as the house
    rule takes it off (nothing when Armor is off)."""
    rule = fight.scene.rules.armor
    if rule == "none":
        return ""
    each = " a die" if rule == "per_die" else ""
    return f"{hero.name}'s armour {hero.hero.armor}{each}"


def after_armor(fight: Fight, hero: HeroState, dice: list[int]) -> int:
    """The damage a hero takes from one attack's dice, after Armor (house rule)."""
    fired("amulet.combat.armor")
    armor = hero.hero.armor
    rule = fight.scene.rules.armor
    if rule == "per_die":
        return sum(max(0, die - armor) for die in dice)
    if rule == "per_attack":
        return max(0, sum(dice) - armor)
    return sum(dice)


def hurt_hero(fight: Fight, hero: HeroState, dice: list[int], source: str, cause: str,
              armor: bool = True) -> int:
    """Take one attack's damage off a hero's health; says the health calls and death.

    ``cause`` is what a death is put down to (a monster kind, "friendly fire"): the
    balance lab counts deaths by it."""
    damage = after_armor(fight, hero, dice) if armor else sum(dice)
    if armor:
        fight.dice.log.facing(dice, armour_words(fight, hero))
    before = hero.health
    hero.health = max(0, hero.health - damage)
    fight.say("hurt", f"{source} hits {hero.name} for {damage} "
              f"(health {before} -> {hero.health})", hero=hero.name, damage=damage)
    set_health(fight, hero, before, cause)
    return damage


def heal_hero(fight: Fight, hero: HeroState, amount: int, source: str, cause: str) -> None:
    """Add (or, for poison, take) health; poison can kill like any other harm. ``cause``
    names the kind of source ("food", "poison", "token", ...) for the balance lab."""
    before = hero.health
    hero.health = max(0, hero.health + amount)
    fight.say("health", f"{hero.name} {'gains' if amount >= 0 else 'loses'} {abs(amount)} "
              f"health from {source} (health {before} -> {hero.health})",
              hero=hero.name, change=amount, cause=cause)
    set_health(fight, hero, before, cause)


def set_health(fight: Fight, hero: HeroState, before: int, cause: str) -> None:
    """Announcements for thresholds crossed downward, and death at 0.

    A death says its cause; a hero held in quicksand dies of the trap, whatever
    struck last (it could not get away). A ward's gift, to be used "immediately",
    dies with the hero (level points wait for a hero brought back)."""
    for threshold, words in HEALTH_CALLS:
        if before > threshold >= hero.health > 0:
            fired("amulet.call.health")
            fight.announce(words.format(name=hero.hero.hero_class.title()))
    if hero.health == 0 and hero.status != "dead":
        if hero.status == "trapped":
            cause = TRAP
        hero.status = "dead"
        hero.ward_door = False
        fight.say("death", f"{hero.name} dies", hero=hero.name, cause=cause)


def hurt_foe(fight: Fight, foe: Foe, amount: int, source: str, by_potion: bool = False) -> int:
    """Damage a swarm, monster or generator; returns what it really took."""
    if isinstance(foe, Generator):
        kind_proof, blinks = False, False
    else:
        kind_proof = has(foe.kind, "weapon proof") and not by_potion
        blinks = has(foe.kind, "blinks")
    if kind_proof:
        fired("amulet.monster.slime-waits")
        fight.say("no effect", f"{source} does nothing to {foe.id}: only potions hurt "
                  f"{foe.kind}s", foe=foe.id)
        return 0
    if blinks and amount % 2 == 1:
        fired("amulet.monster.wizard-blinks")
        fight.say("no effect", f"{foe.id} blinks: {source}'s odd result ({amount}) does nothing",
                  foe=foe.id)
        return 0
    if isinstance(foe, Swarm):
        fired("amulet.swarm.shared-pool")
    taken = min(amount, foe.health)
    foe.health -= taken
    fight.say("damage", f"{source} deals {amount} to {foe.id} (health {foe.health + taken} -> "
              f"{foe.health})", foe=foe.id, damage=taken)
    after_damage(fight, foe)
    return taken


def shrink(fight: Fight, swarm: Swarm, amount: int, why: str) -> None:
    """A swarm loses health without being hurt (ghosts and slimes spent in striking)."""
    swarm.health = max(0, swarm.health - amount)
    fight.say("shrink", f"{swarm.id} loses {amount} health: {why}", foe=swarm.id)
    after_damage(fight, swarm)


def after_damage(fight: Fight, foe: Foe) -> None:
    """Destruction, scattering, and the bravery call when nothing is left."""
    if foe.health <= 0:
        fight.say("destroyed", f"{foe.id} is destroyed", foe=foe.id)
    elif isinstance(foe, Swarm) and foe.health <= foe.threshold:
        scatter(fight, foe)
    if fight.scene.table.room_is_level and not fight.scene.foes(None) \
            and _anything_was_here(fight):
        fired("amulet.call.bravery")
        fight.announce(BRAVERY, once="bravery")


def _anything_was_here(fight: Fight) -> bool:
    scene = fight.scene
    return bool(scene.swarms or scene.monsters or scene.generators)


def scatter(fight: Fight, swarm: Swarm) -> None:
    """Seed 000, Scattered: the swarm becomes three monsters at full health."""
    fired("amulet.swarm.scatter")
    swarm.health = 0
    full = stats(swarm.kind).health
    made = []
    for _ in range(SCATTERED):
        monster = Monster(fight.scene.new_id(swarm.kind), swarm.kind, full, swarm.place)
        fight.scene.monsters.append(monster)
        made.append(monster.id)
    fight.say("scattered", f"{swarm.id} is scattered: it becomes {', '.join(made)} "
              f"({full} health each)", foe=swarm.id, monsters=made)


def burst(fight: Fight, hero: HeroState, total: int, source: str) -> None:
    """A potion's aura (seed 001, Potion): the nearest swarm takes the total; the same
    total spills over the room's generators one after another; one wraith is destroyed.

    House rule: with no swarm in the room, the total spills over lone monsters
    (not wraiths) one after another, as it does over generators.
    """
    scene = fight.scene
    swarms = [s for s in scene.swarms if s.health > 0 and s.place == "room"]
    if swarms:
        nearest = next((s for s in swarms if hero.name in s.swarmed), swarms[0])
        hurt_foe(fight, nearest, total, source, by_potion=True)
    else:
        spill(fight, [m for m in scene.monsters if m.health > 0 and m.place == "room"
                      and not has(m.kind, "dies to potions")], total, source)
    spill(fight, [g for g in scene.generators if g.health > 0 and g.place == "room"],
          total, source)
    wraith = next((m for m in scene.monsters if m.health > 0 and m.place == "room"
                   and has(m.kind, "dies to potions")), None)
    if wraith is not None:
        fired("amulet.monster.wraith-potion")
        wraith.health = 0
        fight.say("destroyed", f"{source} destroys {wraith.id} (one {wraith.kind} per potion)",
                  foe=wraith.id)
        after_damage(fight, wraith)


def spill(fight: Fight, foes: list[Generator] | list[Monster], total: int, source: str) -> None:
    """The total goes to the first; what is left over after destroying it, to the next."""
    left = total
    for foe in foes:
        if left <= 0:
            break
        share = min(left, foe.health)
        hurt_foe(fight, foe, share, source, by_potion=True)
        left -= share
