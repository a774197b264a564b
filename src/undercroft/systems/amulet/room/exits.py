"""Going through exits (seed 001, Exit Types) and getting away from swarms (seed 000).

Doors and walldoors take a key; a secret exit is found by a Speed contest per
wall searched (+0, or the level when scaling), one action each; stairs go
down; a teleporter carries only its user, and monsters never follow. Leaving
past a swarm is fleeing: each swarm that pursues gets a Speed contest at its
normal speed, and catches the hero on a win for its 2x melee. Sneaking out
is a Speed contest against the swarm's swarming speed: win and go unseen,
lose and stay.
"""

from __future__ import annotations

from undercroft.engine.tally import fired, used
from undercroft.systems.amulet.characters.monster_numbers import die_sides, has, stats
from undercroft.systems.amulet.generation.content_ids import CONTENT_IDS, SPECIAL_IDS
from undercroft.systems.amulet.generation.special_levels import secret_door_bonus
from undercroft.systems.amulet.room.contents import (
    FOOD,
    KEY_IN_TREASURE_PERCENT,
    gain_key,
    room_to_carry,
)
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.harm import heal_hero, hurt_hero
from undercroft.systems.amulet.room.scene import ExitState, HeroState, Scene, Swarm

SWARM_MELEE_DICE = 2
"""Seed 000: a swarm deals "two times a single monster's melee (i.e. roll twice)"."""


def pursuers(scene: Scene) -> list[Swarm]:
    """Swarms in the room that chase a fleeing hero (not evaders, not blind slimes)."""
    return [s for s in scene.swarms if s.health > 0 and s.place == "room"
            and not has(s.kind, "evades") and not has(s.kind, "waits for tremors")]


def open_exit(fight: Fight, hero: HeroState, exit_: ExitState) -> None:
    """A magic key opens any lock, then disappears."""
    fired("amulet.item.key")
    fired("amulet.exit.door")
    used(CONTENT_IDS["key"])
    hero.keys -= 1
    exit_.open = True
    fight.say("exit opened", f"{hero.name} opens the {exit_.kind} {exit_.id} with a key",
              hero=hero.name, exit=exit_.id)


def search(fight: Fight, hero: HeroState, wall: str, half: bool) -> None:
    """One Speed contest on one wall; the first hero to win finds a secret exit there."""
    rules = fight.scene.rules
    fired("amulet.exit.secret")
    if rules.scaling:
        fired("amulet.level.bonus")
    bonus = secret_door_bonus(fight.scene.level_bonus, rules.scaling, rules.secret_bonus)
    won = fight.dice.contest("search", hero.hero.speed, bonus, take_half=half,
                             second="the level's secret-exit bonus").won
    hidden = [e for e in fight.scene.exits if wall in e.wall.split() and not e.found]
    if won and hidden:
        if " " in hidden[0].wall:
            fired("amulet.game.diagonal-search")
        fired("amulet.game.exit-names")
        fight.scene.reveal_exit(hidden[0])
        hidden[0].open = True
        fight.say("secret found", f"{hero.name} finds a secret exit {hidden[0].id} in the "
                  f"{wall} wall", hero=hero.name, exit=hidden[0].id)
    else:
        fight.say("search", f"{hero.name} searches the {wall} wall and finds nothing",
                  hero=hero.name)


def flee(fight: Fight, hero: HeroState, by: str) -> None:
    """Leave past every pursuing swarm; each that wins its contest gets its 2x melee.

    Swarm shots cannot damage fleeing heroes: once gone, nothing in the room
    can target them.
    """
    chasers = pursuers(fight.scene)
    if chasers:
        fired("amulet.combat.fleeing")
        if hero.has_special("repulsiveness"):
            fired("amulet.swarm.repulsiveness")
            used(SPECIAL_IDS["repulsiveness"])
            chasers = []
        else:
            fired("amulet.swarm.pursuit")
    for swarm in chasers:
        speed = fight.scene.speed_of(swarm.kind)
        if fight.dice.contest("pursuit", hero.hero.speed, speed, take_half=hero.steady,
                              second=f"{swarm.id}'s speed").won:
            fight.say("fled", f"{hero.name} outruns {swarm.id}", hero=hero.name)
            continue
        sides = die_sides(stats(swarm.kind).melee)
        dice = fight.dice.each("swarm melee", SWARM_MELEE_DICE, sides)
        hurt_hero(fight, hero, dice, f"{swarm.id} (catching up)", swarm.kind)
        if not hero.present:
            return
    go(fight, hero, by)


def go(fight: Fight, hero: HeroState, by: str, through_opening: bool = True) -> None:
    """The hero leaves the room. A hero in an opening makes barbarians forget murder holes
    (a teleporting hero passes through none)."""
    hero.status = "gone"
    hero.gone_by = by
    hero.flanking = None
    if through_opening:
        fight.scene.grudges.clear()
    fight.say("gone", f"{hero.name} leaves by {by}", hero=hero.name, by=by)


def sneak(fight: Fight, hero: HeroState, exit_: ExitState, half: bool) -> None:
    """Slip out unseen: win a Speed contest against every swarm's swarming speed."""
    fired("amulet.combat.sneaking")
    for swarm in pursuers(fight.scene):
        speed = fight.scene.speed_of(swarm.kind) + swarm.rounds
        if not fight.dice.contest("sneak", hero.hero.speed, speed, take_half=half,
                                  second=f"{swarm.id}'s swarming speed").won:
            fight.say("seen", f"{swarm.id} sees {hero.name} sneaking; {hero.name} stays",
                      hero=hero.name)
            return
    go(fight, hero, exit_.id)


def read_scroll(fight: Fight, hero: HeroState) -> None:
    """The password's magic word, used once: every wall is a Stair for a while."""
    scene = fight.scene
    fired("amulet.item.password")
    used(CONTENT_IDS["password"])
    hero.scrolls -= 1
    scene.table.stairs_until = scene.table.action + scene.rules.password_actions
    fight.say("password", f"{hero.name} speaks the magic word: every wall is a Stair for "
              f"{scene.rules.password_actions} actions", hero=hero.name)


def touch_exit(fight: Fight, hero: HeroState, exit_: ExitState) -> None:
    """Eating a food exit's ward opens it; a treasure wall gives one treasure per unit
    touched (each with the treasure's 50% key) and is open once all are taken."""
    if exit_.kind == "food":
        fired("amulet.exit.food")
        exit_.open = True
        heal_hero(fight, hero, FOOD, f"the food ward in {exit_.id}", "food")
        return
    fired("amulet.exit.treasure-wall")
    exit_.collected += 1
    hero.treasure += 1
    key = fight.dice.chance("treasure key", KEY_IN_TREASURE_PERCENT)
    fight.say("treasure", f"{hero.name} takes a unit of the treasure wall {exit_.id}: "
              f"+1 treasure ({exit_.collected} of {exit_.units})"
              + (", and a key inside" if key else ""), hero=hero.name)
    if key and room_to_carry(fight, hero, "key", exit_.id):
        gain_key(fight, hero)
    if exit_.collected >= exit_.units:
        exit_.open = True
        fight.say("exit opened", f"the treasure wall {exit_.id} is an opening now",
                  exit=exit_.id)
