"""The monsters' part of a round: generators, swarms, lone monsters, the room beyond.

Seed 000, Swarms: a swarm needs no roll to attack. Each round it tries to
swarm the heroes (a Speed contest per hero, the swarm gaining +1 per round
the heroes stay); a hero who loses takes two melee dice, four if standing
alone, and a swarm reaches only as many heroes as its size allows (25% one,
50% two, 75% three, 100% all). It also makes as many shot attacks as the room
has units. Defences are automatic ("auto defenses"): the hero's contest costs
no action. Lone monsters attack one hero each, spread evenly. Shots do not
reach a hero in cover behind a ward (``cover.py``).
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.systems.amulet.characters.creatures import AMBUSH_SPEED
from undercroft.systems.amulet.characters.monster_numbers import (
    die_bonus,
    die_sides,
    has,
    monster_id,
    stats,
)
from undercroft.systems.amulet.generation.content_ids import GENERATOR_IDS, SPECIAL_IDS
from undercroft.systems.amulet.room.cover import open_targets
from undercroft.systems.amulet.room.exits import SWARM_MELEE_DICE
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.harm import hurt_hero, shrink
from undercroft.systems.amulet.room.scene import Generator, HeroState, Monster, Place, Swarm

LONE_SWARM_DICE: Final = 4
"""Seed 000: "When monsters swarm a lone PC, the swarm deals four times its melee"."""
SWARM_SIZE: Final = 4
"""Seed 000: "A swarm is any group of monsters numbering four or more"."""


def monsters_act(fight: Fight) -> None:
    """Everything the monsters do after the heroes' actions of a round."""
    scene = fight.scene
    for generator in [g for g in scene.generators if g.health > 0]:
        tick(fight, generator)
    for swarm in [s for s in scene.swarms if s.health > 0 and s.place == "room"]:
        swarm_turn(fight, swarm)
    struck: dict[str, int] = {}
    for monster in [m for m in scene.monsters if m.health > 0 and m.place == "room"]:
        lone_turn(fight, monster, struck)
    if scene.hole_open():
        beyond_turn(fight)


def tick(fight: Fight, generator: Generator) -> None:
    """notes/sources.md: every 10 rounds a monster of its kind, until the swarm is full
    (more often deeper down with Scaling: ``Scene.generator_every``)."""
    generator.rounds += 1
    if generator.rounds % fight.scene.generator_every():
        return
    dispense(fight, generator.kind, generator.place, generator.id)


def dispense(fight: Fight, kind: str, place: Place, source: str) -> None:
    """One more monster: into the swarm of its kind, or alone; four or more alone make a
    swarm when their health is more than a scattered swarm's (else they stay alone)."""
    scene = fight.scene
    fired("amulet.monster.generator-dispenses")
    used(GENERATOR_IDS.get(kind) or kind)
    single = stats(kind).health
    capacity = scene.capacity(place)
    swarm = next((s for s in scene.swarms if s.health > 0 and s.kind == kind
                  and s.place == place), None)
    if swarm is not None:
        if swarm.health >= capacity:
            fight.say("generator", f"{source} is idle: {swarm.id} fills the room")
            return
        swarm.health = min(capacity, swarm.health + single)
        fight.say("generator", f"{source} adds a {kind} to {swarm.id} (health {swarm.health})")
        return
    alone = [m for m in scene.monsters if m.health > 0 and m.kind == kind and m.place == place]
    if sum(m.health for m in alone) >= capacity:
        fight.say("generator", f"{source} is idle: its {kind}s fill the room")
        return
    health = min(capacity, sum(m.health for m in alone) + single)
    formed = Swarm(scene.new_id("swarm"), kind, health, capacity, place)
    if len(alone) + 1 >= SWARM_SIZE and formed.health > formed.threshold:
        for monster in alone:
            monster.health = 0
        scene.swarms.append(formed)
        fight.say("generator", f"{source} adds a {kind}: {len(alone) + 1} {kind}s form "
                  f"{formed.id} (health {health})")
        return
    monster = Monster(scene.new_id(kind), kind, single, place)
    scene.monsters.append(monster)
    fight.say("generator", f"{source} dispenses {monster.id}")


def swarm_turn(fight: Fight, swarm: Swarm) -> None:
    """Swarming (unless it evades), then shots; the swarm gains speed while heroes stay."""
    scene = fight.scene
    present = scene.present()
    if not present:
        return
    swarm.swarmed = []
    if not has(swarm.kind, "evades"):
        swarm.swarmed = swarming(fight, swarm, present)
        if swarm.health <= 0:
            return
    swarm_shots(fight, swarm, present)
    if not has(swarm.kind, "evades") and swarm.health > 0:
        swarm.rounds += 1


def swarming(fight: Fight, swarm: Swarm, present: list[HeroState]) -> list[str]:
    """The swarming contest against every hero it can reach; returns whom it swarmed."""
    fired("amulet.swarm.swarming")
    speed = fight.scene.speed_of(swarm.kind) + swarm.rounds
    losers: list[tuple[int, HeroState]] = []
    for hero in present:
        if hero.has_special("repulsiveness"):
            fired("amulet.swarm.repulsiveness")
            used(SPECIAL_IDS["repulsiveness"])
            continue
        contest = fight.dice.contest("swarming", hero.hero.speed, speed, take_half=hero.steady,
                                     second=f"{swarm.id}'s speed")
        if contest.won:
            fight.say("maneuver", f"{hero.name} keeps clear of {swarm.id} (speed {speed})",
                      hero=hero.name, foe=swarm.id)
        else:
            losers.append((contest.margin, hero))
            fight.say("caught", f"{hero.name} fails to keep clear of {swarm.id} (speed {speed})",
                      hero=hero.name, foe=swarm.id)
    if losers:
        fired("amulet.swarm.reach")
    losers.sort(key=lambda pair: pair[0])
    swarmed = [hero for _, hero in losers[: swarm.reach]]
    spared = [hero.name for _, hero in losers[swarm.reach:]]
    if spared:
        fight.say("spared", f"{swarm.id} is too small to reach {', '.join(spared)}",
                  foe=swarm.id, heroes=spared)
    sides = die_sides(stats(swarm.kind).melee)
    alone_room = len(present) == 1
    names = [hero.name for hero in swarmed]
    if names:
        fired("amulet.swarm.no-roll")
        fired("amulet.combat.mass-protection")
        used(monster_id(swarm.kind))
        if any(hero.cover is not None for hero in swarmed):
            fired("amulet.cover.walk-around")
        fight.say("swarmed", f"{swarm.id} swarms {', '.join(names)} (it can reach "
                  f"{'all' if swarm.reach >= len(present) else swarm.reach})",
                  foe=swarm.id, heroes=names)
    for hero in swarmed:
        if not sides:
            break
        count = LONE_SWARM_DICE if hero.alone or alone_room else SWARM_MELEE_DICE
        dice = fight.dice.each("swarm melee", count, sides)
        hurt_hero(fight, hero, dice, f"{swarm.id} ({count}x melee)", swarm.kind)
        if has(swarm.kind, "vanishes on strike"):
            _vanishes(swarm.kind)
            shrink(fight, swarm, count * stats(swarm.kind).health,
                   f"{count} {swarm.kind}s cease to exist as they strike")
            if swarm.health <= 0:
                break
    return names


def swarm_shots(fight: Fight, swarm: Swarm, present: list[HeroState]) -> None:
    """As many shot attacks as the room has units, spread evenly over the targets.

    Hobbits lob over their comrades at anyone; demons shoot only heroes they are
    not biting; the others shoot anyone in the room.
    """
    sides = die_sides(stats(swarm.kind).shot)
    if not sides:
        return
    targets = [h for h in present if h.present]
    if has(swarm.kind, "shoots until close"):
        targets = [h for h in targets if h.name not in swarm.swarmed]
    if not targets:
        return
    targets = open_targets(fight.scene, targets, swarm.kind)
    if not targets:
        fight.say("blocked", f"{swarm.id}'s shots stop at the wards", foe=swarm.id)
        return
    fired("amulet.swarm.shots")
    _shooter(swarm.kind)
    used(monster_id(swarm.kind))
    start = (fight.scene.round - 1) % len(targets)
    for shot in range(fight.scene.size):
        hero = targets[(start + shot) % len(targets)]
        if hero.present:
            hurt_hero(fight, hero, [fight.dice.total("swarm shot", 1, sides)], f"{swarm.id}'s shot",
                      swarm.kind)


def lone_turn(fight: Fight, monster: Monster, struck: dict[str, int]) -> None:
    """A lone monster attacks one hero, the one attacked least so far this round."""
    present = fight.scene.present()
    if not present:
        return
    numbers = stats(monster.kind)
    shooting = die_sides(numbers.shot) > 0 and (
        has(monster.kind, "lobs shots") or has(monster.kind, "evades")
        or (has(monster.kind, "shoots until close") and not monster.close))
    targets = open_targets(fight.scene, present, monster.kind) if shooting else present
    if shooting:
        _shooter(monster.kind)
    if has(monster.kind, "seeks through walls") and len(targets) > 1:
        fired("amulet.monster.ghost-seeks")
    if not targets:
        fight.say("blocked", f"{monster.id} has no open shot: every hero is behind a ward",
                  foe=monster.id)
        return
    for _ in range(min(numbers.attacks, len(targets))):
        hero = min(targets, key=lambda h: struck.get(h.name, 0))
        struck[hero.name] = struck.get(hero.name, 0) + 1
        strike(fight, monster, hero, "shot" if shooting else "melee")
        targets = [h for h in targets if h is not hero and h.present]
        if monster.health <= 0 or not targets:
            break
    if has(monster.kind, "shoots until close") and not monster.close:
        monster.close = True


def strike(fight: Fight, monster: Monster, hero: HeroState, mode: str) -> None:
    """One lone monster's attack: a Speed contest (house rule), then its die."""
    numbers = stats(monster.kind)
    die = numbers.shot if mode == "shot" else numbers.melee
    sides = die_sides(die)
    if not sides:
        return
    fired("amulet.combat.monster-attack")
    used(monster_id(monster.kind))
    speed = fight.scene.speed_of(monster.kind)
    if has(monster.kind, "ambush") and not monster.attacked:
        fired("amulet.monster.mimic-ambush")
        speed += AMBUSH_SPEED
    monster.attacked = True
    if fight.scene.rules.monster_attack == "contest":
        contest = fight.dice.contest("monster attack", speed, hero.hero.speed,
                                     second=f"{hero.name}'s speed", against_half=hero.steady)
        if not contest.won:
            fight.say("defended", f"{hero.name} fends off {monster.id}", hero=hero.name)
            return
    hurt_hero(fight, hero, [fight.dice.total(f"monster {mode}", 1, sides, die_bonus(die))],
              f"{monster.id}'s {mode}", monster.kind)
    if has(monster.kind, "vanishes on strike"):
        _vanishes(monster.kind)
        monster.health = 0
        fight.say("destroyed", f"{monster.id} ceases to exist as it strikes", foe=monster.id)


def beyond_turn(fight: Fight) -> None:
    """Through an open murder hole: a choke point, one attack per monster or swarm.

    Shooters shoot back at the hero who last attacked through it; barbarians
    strike back at whoever hit them through it; ghosts press toward the nearest
    hero and are stuck behind the wall; the others cannot see through.
    """
    scene = fight.scene
    present = scene.present()
    if not present:
        return
    fired("amulet.combat.choke-point")
    exposed = open_targets(scene, present, "", "beyond")
    shooter = scene.hole_shooter
    default = next((h for h in exposed if h.name == shooter), exposed[0] if exposed else None)
    for foe in [f for f in scene.foes("beyond") if not isinstance(f, Generator)]:
        numbers = stats(foe.kind)
        grudge = scene.grudges.get(foe.id)
        if grudge is not None and die_sides(numbers.melee):
            fired("amulet.monster.barbarian-grudge")
            used(monster_id(foe.kind))
            target = next((h for h in present if h.name == grudge), None)
            if target is not None and target not in exposed:
                fight.say("blocked", f"{foe.id} strikes back through the murder hole at a "
                          f"ward: {target.name} is in cover", foe=foe.id, hero=target.name)
            elif target is not None:
                hurt_hero(fight, target, [fight.dice.total("monster melee", 1,
                                                           die_sides(numbers.melee))],
                          f"{foe.id} striking back through the murder hole", foe.kind)
        elif die_sides(numbers.shot) and not has(foe.kind, "waits for tremors"):
            if default is None:
                fight.say("blocked", f"{foe.id}'s shot through the murder hole stops at a "
                          "ward", foe=foe.id)
            else:
                used(monster_id(foe.kind))
                hurt_hero(fight, default, [fight.dice.total("monster shot", 1,
                                                            die_sides(numbers.shot))],
                          f"{foe.id}'s shot through the murder hole", foe.kind)
        elif has(foe.kind, "seeks through walls"):
            fired("amulet.monster.ghost-seeks")
            fight.say("stuck", f"{foe.id} heads for the nearest hero and is stuck behind the "
                      "wall", foe=foe.id)


def _vanishes(kind: str) -> None:
    """Seed 000: a ghost, or a slime, that strikes ceases to exist."""
    if has(kind, "weapon proof"):
        fired("amulet.monster.slime-waits")
    else:
        fired("amulet.monster.ghost-vanishes")


def _shooter(kind: str) -> None:
    """The rules of the monsters that move to shoot: hobbits lob over their comrades,
    demons shoot until close enough to bite."""
    if has(kind, "lobs shots"):
        fired("amulet.monster.hobbit-lobs")
    elif has(kind, "shoots until close"):
        fired("amulet.monster.demon-charges")
