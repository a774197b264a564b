"""A hero's turn in a fight: attack with a weapon or a spell, or cast a spell on a hero.

Seed 003: "all weapon based combat is under the Warrior Ability. All magical actions
are up to the Mage Ability"; a hit rolls the Stuff die for damage; a Monster "is
defeated when a Hero does enough damage to meet or exceed the Monster's Hit
Points", and the hero who defeats it collects its coins. Loot is "spent after the
roll": a move "spending loot" spends the party's tokens only if the roll failed
and the tokens can turn it into a success. A move "with the special" pays its
penny and uses the hero's Special Ability (Deadly Strike's damage, Blurring
Speed's extra attacks, Arcane Vigor's extra targets, Divine Insight's extra
heroes, Inhuman Alacrity's extra spells).
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import counting, fired, used
from undercroft.systems.squad.content import loot_id, stuff_id
from undercroft.systems.squad.dice_steps import succeeds
from undercroft.systems.squad.hero_combat import (
    Check,
    ability_check,
    attack_ability,
    roll_damage,
)
from undercroft.systems.squad.heroes import Hero, heal
from undercroft.systems.squad.loot import can_rescue, rescue
from undercroft.systems.squad.moves import Move
from undercroft.systems.squad.specials import (
    damage_ignored,
    extra_attacks,
    extra_damage,
    extra_heroes,
    extra_spells,
    extra_targets,
)
from undercroft.systems.squad.spells import spell, spell_effect
from undercroft.systems.squad.spending import activate_special
from undercroft.systems.squad.state import InPlay, SquadState

HARMFUL: Final = ("damage",)
"""Spell effects aimed at monsters; every other spell is cast on a hero."""


def hero_legal(state: SquadState, hero_id: str) -> list[Move]:
    hero = state.heroes[hero_id]
    moves: list[Move] = []
    foes = state.foes()
    party = [state.heroes[h] for h in state.standing_heroes()]
    can_pay = hero.pennies >= 1 and _special_helps(hero)
    for stuff in hero.stuff:
        if stuff.kind == "armour":
            continue
        harmful = stuff.kind == "weapon" or spell(stuff.spell or "").effect in HARMFUL
        targets = [m.id for m in foes] if harmful else state.standing_heroes()
        verb = "attack" if stuff.kind == "weapon" else "cast"
        for target in targets:
            for how in _hows(state, hero, attack_ability(stuff), party, can_pay):
                moves.append(Move(verb, hero_id, target, stuff.name, how))
    moves.append(Move("wait", hero_id))
    return moves


def _special_helps(hero: Hero) -> bool:
    return any(f(hero) for f in (extra_attacks, extra_damage, extra_heroes, extra_spells,
                                 extra_targets, damage_ignored))


def _hows(state: SquadState, hero: Hero, ability: str, party: list[Hero],
          can_pay: bool) -> list[str]:
    key = {"warrior": "W", "mage": "M", "explorer": "E"}[ability]
    has_loot = any(h.loot.get(key, 0) for h in party)
    hows = [""]
    if has_loot:
        hows.append("loot")
    if can_pay:
        hows.append("special")
        if has_loot:
            hows.append("both")
    return hows


def hero_act(state: SquadState, hero_id: str, move: Move) -> None:
    hero = state.heroes[hero_id]
    if move.verb == "wait":
        state.say("wait", f"{hero.name} waits", hero=hero_id)
        return
    special = move.how in ("special", "both")
    if special:
        state.coins.spend(activate_special(hero, hero).cost, on_own_hero=True)
        fired("squad.loop.specials")
        used(f"squad.special.{hero.special}")
        state.say("special", f"{hero.name} spends a penny on the special ability",
                  hero=hero_id)
        if damage_ignored(hero):  # Hardy Resilience: ready for the next hit
            state.effects.setdefault(hero_id, {})["hardy"] = damage_ignored(hero)
    stuff = hero.stuff_named(move.item)
    times = 1 + (extra_attacks(hero) if special and stuff.kind == "weapon" else 0) \
        + (extra_spells(hero) if special and stuff.kind == "spell" else 0)
    if times > 1:
        fired("squad.special.extra-actions")
    used(stuff_id(stuff.name))
    for _ in range(times):
        if move.verb == "attack":
            _strike(state, hero_id, move, special)
        else:
            _cast(state, hero_id, move, special)
    _companion(state, hero_id)


def _id_of(state: SquadState, hero: Hero) -> str:
    return next(h for h, other in state.heroes.items() if other is hero)


def _companion(state: SquadState, hero_id: str) -> None:
    """A summoned companion "with one Ability equal to spell rating" acts after its
    summoner: like a monster, one die for everything (to hit at 4, then for damage)."""
    die = state.effects.get(hero_id, {}).get("companion", 0)
    target = next(iter(state.foes()), None)
    if not die or target is None:
        return
    fired("squad.spell.summon")
    face = state.dice.die(die)
    if not succeeds(face):
        state.say("miss", f"{state.heroes[hero_id].name}'s companion misses {target.id}",
                  hero=hero_id)
        return
    _wound(state, hero_id, target, state.dice.die(die), "a summoned companion", face)


def _checked(state: SquadState, hero: Hero, ability: str, move: Move) -> Check:
    """The ability roll; a Bless on the hero rerolls a failure once, then loot may save it."""
    check = ability_check(hero, ability, state.dice)
    marks = state.effects.get(_id_of(state, hero), {})
    if not check.success and marks.get("bless", 0) > 0:
        fired("squad.spell.bless")
        marks["bless"] -= 1
        check = ability_check(hero, ability, state.dice)
        state.say("bless", f"{hero.name} rerolls (Bless): {check.roll}", success=check.success)
    party = [state.heroes[h] for h in state.standing_heroes()]
    if not check.success and move.how in ("loot", "both") and can_rescue(check, party):
        check, spent = rescue(check, party)
        fired("squad.loop.loot-spent")
        used(loot_id(spent.kind))
        if any(name != hero.name for name, _ in spent.taken):
            fired("squad.loot.for-another")
        state.say("loot spent", f"loot turns {hero.name}'s {ability} roll into a success",
                  taken=[list(t) for t in spent.taken])
    return check


def _strike(state: SquadState, hero_id: str, move: Move, special: bool) -> None:
    hero = state.heroes[hero_id]
    target = next((m for m in state.foes() if m.id == move.target), None) \
        or next(iter(state.foes()), None)
    if target is None:
        return
    stuff = hero.stuff_named(move.item)
    fired("squad.stuff.attack")
    check = _checked(state, hero, attack_ability(stuff), move)
    if not check.success:
        state.say("miss", f"{hero.name} attacks {target.id} with {stuff.name}: "
                  f"{check.roll} on d{check.die}, a miss", hero=hero_id, target=target.id)
        return
    damage = roll_damage(stuff, state.dice, extra_damage(hero) if special else 0)
    if special and extra_damage(hero):
        fired("squad.special.deadly-strike")
    _wound(state, hero_id, target, damage, stuff.name, check.roll)


def _wound(state: SquadState, hero_id: str, target: InPlay, damage: int, source: str,
           roll: int) -> None:
    hero = state.heroes[hero_id]
    target.hit_points = max(0, target.hit_points - damage)
    state.say("hit", f"{hero.name} hits {target.id} with {source} ({roll}): {damage} damage "
              f"({target.hit_points} left)", hero=hero_id, target=target.id, damage=damage)
    if target.hit_points == 0:
        fired("squad.defeat.monster")
        coins = state.coins.collect(target.id) if target.id in state.coins.pushed else 0
        if coins:
            fired("squad.collect.coins")
            fired("squad.loop.push-and-collect")
        hero.pennies += coins
        state.defeated.append(target)
        state.say("defeated", f"{hero.name} defeats {target.id}"
                  f"{f' and collects {coins} penny' if coins == 1 else ''}"
                  f"{f' and collects {coins} pennies' if coins > 1 else ''}",
                  hero=hero_id, target=target.id, coins=coins, monster=target.kind)


def _cast(state: SquadState, hero_id: str, move: Move, special: bool) -> None:
    hero = state.heroes[hero_id]
    stuff = hero.stuff_named(move.item)
    fired("squad.loop.spells")
    if counting():
        used(f"squad.spell.{stuff.spell}")
        if stuff.name != spell(stuff.spell or "").name:
            fired("squad.spell.own-spells")
    check = _checked(state, hero, "mage", move)
    if not check.success:
        state.say("miss", f"{hero.name} casts {stuff.name}: {check.roll} on d{check.die}, "
                  "the spell fails", hero=hero_id)
        return
    effect = spell_effect(stuff.spell or "", stuff.die, state.dice.die)
    if effect.effect in HARMFUL:
        first = next((m for m in state.foes() if m.id == move.target), None)
        others = [m for m in state.foes() if m is not first]
        fired("squad.spell.fireball")
        extra = extra_targets(hero) if special else 0
        if extra:
            fired("squad.special.targets")
        for target in ([first] if first else []) + others[:extra]:
            _wound(state, hero_id, target, effect.amount, stuff.name, check.roll)
        return
    helped = [move.target] + ([h for h in state.standing_heroes() if h != move.target]
                              [:extra_heroes(hero)] if special else [])
    if len(helped) > 1:
        fired("squad.special.targets")
    for target_id in helped:
        _help(state, hero, target_id, effect.effect, effect.amount, effect.die, stuff.name)


def _help(state: SquadState, caster: Hero, target_id: str, kind: str, amount: int,
          die: int | None, source: str) -> None:
    target = state.heroes[target_id]
    marks = state.effects.setdefault(target_id, {})
    if kind == "heal":
        fired("squad.spell.heal")
        healed = heal(target, amount)
        text = f"{target.name} recovers {healed} hit points ({target.hit_points})"
    elif kind == "untargetable":
        fired("squad.spell.invisibility")
        marks["invisible"] = marks.get("invisible", 0) + amount
        text = f"{target.name} cannot be physically attacked for {amount} rounds"
    elif kind == "illusions":
        marks["illusions"] = marks.get("illusions", 0) + amount
        text = f"{target.name} is surrounded by {amount} illusions"
    elif kind == "armour" and die:
        marks["shield"] = max(marks.get("shield", 0), die)
        text = f"{target.name} gains a d{die} of armour for the scene"
    elif kind == "reroll" and die:
        marks["bless"] = marks.get("bless", 0) + 1
        text = f"{target.name} may reroll one failed ability roll"
    elif kind == "extra-action":
        marks["haste"] = marks.get("haste", 0) + 1
        text = f"{target.name} gets an extra action next round"
    else:
        marks["companion"] = max(marks.get("companion", 0), die or amount)
        text = f"{target.name} summons a companion (d{die or amount}) for the scene"
    state.say("spell", f"{caster.name} casts {source} on {target.name}: {text}",
              hero=target_id, effect=kind)

