"""Heroes attacking: melee and shots, potions, flanking, and friendly fire.

Seed 000's Combat outline: no reloading (the amulet's weapon returns, so a shot
is always ready), mass damage (an attack on a swarm lands on its shared pool),
evading monsters (a hero must win a Speed contest to engage a wizard in melee,
and still takes its melee damage). Seed 001: a potion is six Magic dice, a shot
potion 6d6; crumbling walls fall to three attack actions; PC shots destroy
food, ale and poison. How an attack is rolled is a house rule
(:attr:`PlayRules.hero_attack`).
"""

from __future__ import annotations

from typing import Final

from undercroft.dice import DieStep
from undercroft.engine.tally import fired, used
from undercroft.systems.amulet.characters.monster_numbers import die_sides, has, stats
from undercroft.systems.amulet.generation.content_ids import CONTENT_IDS, SPECIAL_IDS
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.harm import FRIENDLY_FIRE, Foe, burst, hurt_foe, hurt_hero
from undercroft.systems.amulet.room.scene import Content, ExitState, Generator, HeroState, Swarm

POTION_DICE: Final = 6
"""Seed 001: "he rolls his Magic die six times"; a shot potion is 6d6."""
SHOT_POTION_SIDES: Final = 6
DIRECT_SHOT: Final = (50, 75)
"""Seed 001, Murder Hole: the chance of a direct shot on a generator beyond, plain
and with Reflective Shot."""
FOOD_WARDS: Final = ("food", "ale", "poison")
LOCKED: Final = ("door", "walldoor")
"""Exits a magic key opens; house rule ``lock_hits``: blows can break them too."""


def hero_die(hero: HeroState, mode: str) -> DieStep:
    return hero.hero.melee if mode == "melee" else hero.hero.shot


def damage_roll(fight: Fight, hero: HeroState, mode: str, half: bool) -> int:
    """One attack's damage: the hero's Melee or Shot die (d12+N adds N)."""
    step = hero_die(hero, mode)
    return fight.dice.total(mode, 1, step.sides, step.bonus, take_half=half)


def attack(fight: Fight, hero: HeroState, action: Action) -> None:
    """``attack TARGET with melee|shot`` against a foe, a crumbling wall or a ward."""
    scene = fight.scene
    target = action.target or ""
    mode = action.mode or "melee"
    foe = scene.foe(target)
    if foe is not None:
        attack_foe(fight, hero, foe, mode, action.half)
        return
    exit_ = scene.exit(target)
    if exit_ is not None:
        attack_exit(fight, hero, exit_)
        return
    content = scene.content(target)
    if content is not None:
        shoot_content(fight, hero, content)
        return
    nothing_there(fight, hero, target)


def nothing_there(fight: Fight, hero: HeroState, target: str) -> None:
    """An action aimed at something another hero finished earlier in the same step."""
    fight.say("nothing there", f"{hero.name}'s target {target} is already gone", hero=hero.name)


def attack_foe(fight: Fight, hero: HeroState, foe: Foe, mode: str, half: bool) -> None:
    """An attack on a swarm, a lone monster or a generator, here or beyond a murder hole."""
    scene = fight.scene
    fired("amulet.combat.hero-attack")
    if mode == "shot":
        fired("amulet.hero.magic-weapons")
    if foe.place == "beyond":
        fired("amulet.item.murder-hole")
        used(CONTENT_IDS["murder hole"])
        scene.hole_shooter = hero.name
        if isinstance(foe, Generator):
            in_sight = _through_hole(fight, hero, foe)
            if in_sight is None:
                return
            foe = in_sight
        if not isinstance(foe, Generator) and has(foe.kind, "counterattacks through murder holes"):
            fired("amulet.monster.barbarian-grudge")
            scene.grudges[foe.id] = hero.name
    generator = isinstance(foe, Generator)
    speed = 0 if generator else scene.speed_of(foe.kind)
    evading = not generator and has(foe.kind, "evades")
    if mode == "melee" and evading:
        fired("amulet.monster.wizard-evades")
        if isinstance(foe, Swarm):
            fired("amulet.swarm.evading")
        engage = fight.dice.contest("engage", hero.hero.speed, speed,
                                    second=f"{foe.id}'s speed")
        if not engage.won:
            fight.say("evaded", f"{foe.id} evades {hero.name}'s melee", hero=hero.name)
            return
        _strike_back(fight, hero, foe)
        if not hero.present:
            return
    elif scene.rules.hero_attack == "contest" and speed \
            and not fight.dice.contest("to hit", hero.hero.speed, speed,
                                       second=f"{foe.id}'s speed").won:
        fight.say("miss", f"{hero.name} misses {foe.id}", hero=hero.name)
        return
    amount = damage_roll(fight, hero, mode, half)
    if hero.flanking == foe.id:
        fired("amulet.combat.flanking")
        amount += scene.rules.flanking_bonus
    if isinstance(foe, Swarm):
        fired("amulet.combat.mass-damage")
        if mode == "shot" and _stray_shot(fight, hero, foe, amount):
            return
    hurt_foe(fight, foe, amount, f"{hero.name}'s {mode}")


def _through_hole(fight: Fight, hero: HeroState, generator: Generator) -> Foe | None:
    """A direct shot on a generator beyond: 50%, or 75% with Reflective Shot."""
    reflective = hero.has_special("reflective shot")
    if reflective:
        used(SPECIAL_IDS["reflective shot"])
    percent = DIRECT_SHOT[1] if reflective else DIRECT_SHOT[0]
    if fight.dice.chance("direct shot", percent):
        return generator
    in_way = next((s for s in fight.scene.swarms if s.health > 0 and s.place == "beyond"), None)
    fight.say("no direct shot", f"{hero.name} has no direct shot on {generator.id}"
              + (f"; the shot goes into {in_way.id}" if in_way else ""), hero=hero.name)
    return in_way


def _strike_back(fight: Fight, hero: HeroState, foe: Foe) -> None:
    """Engaging an evading monster still subjects the hero to its melee damage."""
    sides = die_sides(stats(foe.kind).melee)
    if not sides:
        return
    count = 2 if isinstance(foe, Swarm) else 1
    dice = fight.dice.each("engaged melee", count, sides)
    hurt_hero(fight, hero, dice, f"{foe.id} (engaged)", foe.kind)


def _stray_shot(fight: Fight, hero: HeroState, swarm: Swarm, amount: int) -> bool:
    """A shot into a swarm may stray into a comrade it swarmed, or into food among it.

    House rule: 1..range on the friendly-fire die (default 1-2 on a d6) strays.
    Reflective Shot lowers the range by one ("1-2 becomes 1, and 1 becomes
    none"). A stray shot hits the first comrade the swarm swarmed last round;
    until friendly fire is on, the first such hit is announced and does no
    harm, and the shot goes on to its target. With no comrade in the way it
    hits food lying in the swarm's room (seed 000: "Food can be destroyed by
    accident if it is in a swarm"): ward and food are gone. Returns whether the
    shot was spent on a comrade or on the food.
    """
    scene = fight.scene
    comrades = [c for c in scene.present() if c.name in swarm.swarmed and c.name != hero.name]
    food = None if swarm.place != "room" else next(
        (c for c in scene.contents if c.kind == "food" and not c.gone), None)
    if not comrades and food is None:
        return False
    reflective = hero.has_special("reflective shot")
    if reflective:
        fired("amulet.ff.reflective-shot")
        used(SPECIAL_IDS["reflective shot"])
    reach = scene.rules.friendly_fire_range - (1 if reflective else 0)
    face = fight.dice.total("friendly fire", 1, scene.rules.friendly_fire_die)
    if face > reach:
        return False
    if not comrades and food is not None:
        fired("amulet.ff.food-in-swarm")
        food.gone = True
        fight.say("destroyed", f"{hero.name}'s shot strays into the food {food.id} among "
                  f"{swarm.id}: ward and food are gone", hero=hero.name, content=food.id)
        shot_food(fight, hero)
        return True
    comrade = comrades[0]
    if scene.table.friendly_fire != "on":
        if scene.table.friendly_fire == "off":
            fired("amulet.ff.announced")
            scene.table.friendly_fire = "announced"
        fight.announce("Shots do not hurt other players – yet.", once="friendly fire")
        return False
    fired("amulet.ff.stray-shot")
    hurt_hero(fight, comrade, [amount], f"{hero.name}'s stray shot", FRIENDLY_FIRE)
    return True


def attack_exit(fight: Fight, hero: HeroState, exit_: ExitState) -> None:
    """Attacks on a crumbling wall (three actions bring it down), or shooting a food exit."""
    if exit_.kind in LOCKED:
        fired("amulet.game.lock-hits")
        exit_.hits += 1
        needed = fight.scene.rules.lock_hits
        if exit_.hits >= needed:
            exit_.open = True
            fight.say("exit opened", f"{hero.name} breaks the lock of the {exit_.kind} "
                      f"{exit_.id}", exit=exit_.id)
        else:
            fight.say("lock", f"{hero.name} strikes the lock of the {exit_.kind} {exit_.id} "
                      f"({exit_.hits} of {needed})", exit=exit_.id)
    elif exit_.kind == "crumble":
        fired("amulet.exit.crumble")
        exit_.hits += 1
        needed = fight.scene.rules.crumble_hits
        if exit_.hits >= needed:
            exit_.open = True
            fight.say("exit opened", f"{hero.name} brings down the crumbling wall {exit_.id}",
                      exit=exit_.id)
        else:
            fight.say("crumble", f"{hero.name} strikes the crumbling wall {exit_.id} "
                      f"({exit_.hits} of {needed})", exit=exit_.id)
    elif exit_.kind == "food":
        fired("amulet.exit.food")
        exit_.open = True
        fight.say("exit opened", f"{hero.name} shoots the food ward in {exit_.id}: the way is "
                  "open and the food is gone", exit=exit_.id)
        shot_food(fight, hero)


def shot_food(fight: Fight, hero: HeroState) -> None:
    """Seed 000: "Remember, don't shoot food!" the first time, "[Class] shot the food!" after."""
    fired("amulet.call.shot-food")
    if "food shot" in fight.scene.table.announced:
        fight.announce(f"{hero.hero.hero_class.title()} shot the food!")
    else:
        fight.announce("Remember, don't shoot food!", once="food shot")


def shoot_content(fight: Fight, hero: HeroState, content: Content) -> None:
    """PC shots destroy food, ale and poison; a shot potion bursts for 6d6."""
    content.gone = True
    if content.kind == "potion":
        fired("amulet.item.shot-potion")
        used(CONTENT_IDS["potion"])
        total = fight.dice.total("shot potion", POTION_DICE, SHOT_POTION_SIDES)
        fight.say("potion", f"{hero.name} shoots the potion {content.id}: 6d6 = {total}",
                  hero=hero.name, total=total)
        burst(fight, hero, total, "the shot potion")
        return
    fired("amulet.item.shots-destroy-food")
    fight.say("destroyed", f"{hero.name} shoots the {content.kind} {content.id}: ward and "
              f"{content.kind} are gone", content=content.id)
    if content.kind == "food":
        shot_food(fight, hero)


def use_potion(fight: Fight, hero: HeroState, half: bool) -> None:
    """One action: six Magic dice to the nearest swarm, spilling over generators."""
    fired("amulet.item.potion")
    fired("amulet.hero.magic-power")
    used(CONTENT_IDS["potion"])
    hero.potions -= 1
    step = hero.hero.magic
    total = fight.dice.total("potion", POTION_DICE, step.sides, POTION_DICE * step.bonus,
                             take_half=half)
    fight.say("potion", f"{hero.name} uses a potion: {POTION_DICE} x {step} = {total}",
              hero=hero.name, total=total)
    burst(fight, hero, total, f"{hero.name}'s potion")


def flank(fight: Fight, hero: HeroState, target: str, half: bool) -> None:
    """Modos: flanking needs two movement contests; both won, the hero flanks the monster."""
    foe = fight.scene.foe(target)
    if foe is None:
        nothing_there(fight, hero, target)
        return
    fired("amulet.combat.flanking")
    speed = fight.scene.speed_of(foe.kind)
    side = f"{foe.id}'s speed"
    first = fight.dice.contest("flank", hero.hero.speed, speed, take_half=half, second=side)
    second = fight.dice.contest("flank", hero.hero.speed, speed, take_half=half,
                                second=side) if first.won else None
    if second is not None and second.won:
        hero.flanking = foe.id
        fight.say("flank", f"{hero.name} flanks {foe.id}", hero=hero.name)
    else:
        fight.say("flank failed", f"{hero.name} fails to flank {foe.id}", hero=hero.name)
