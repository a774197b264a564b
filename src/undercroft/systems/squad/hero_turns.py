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
from undercroft.systems.squad.hero_combat import Check, roll_damage
from undercroft.systems.squad.hero_rolls import roll_ability
from undercroft.systems.squad.heroes import Hero, Stuff
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
from undercroft.systems.squad.spell_effects import help_hero
from undercroft.systems.squad.spells import spell, spell_effect
from undercroft.systems.squad.spending import activate_special
from undercroft.systems.squad.state import SquadState
from undercroft.systems.squad.wounds import wound_monster

HARMFUL: Final = ("damage",)
"""Spell effects aimed at monsters; every other spell is cast on a hero."""


def move_ability(stuff: Stuff) -> str:
    """The Ability a move with ``stuff`` rolls: "all weapon based combat is under the
    Warrior Ability. All magical actions are up to the Mage Ability"."""
    return "warrior" if stuff.kind == "weapon" else "mage"


def harmful(stuff: Stuff) -> bool:
    """Whether a move with ``stuff`` is aimed at a monster (a weapon, a damaging spell)."""
    return stuff.kind == "weapon" or spell(stuff.spell or "").effect in HARMFUL


def hero_legal(state: SquadState, hero_id: str) -> list[Move]:
    hero = state.heroes[hero_id]
    moves: list[Move] = []
    foes = state.foes()
    party = [state.heroes[h] for h in state.standing_heroes()]
    can_pay = hero.pennies >= 1 and _special_helps(hero)
    for stuff in hero.stuff:
        if stuff.kind == "armour":
            continue
        targets = [m.id for m in foes] if harmful(stuff) else state.standing_heroes()
        verb = "attack" if stuff.kind == "weapon" else "cast"
        for target in targets:
            for how in _hows(state, hero, move_ability(stuff), party, can_pay):
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


def _checked(state: SquadState, hero_id: str, ability: str, move: Move) -> Check:
    """The ability roll (a Bless rerolls a failure); then loot may save it."""
    hero = state.heroes[hero_id]
    check = roll_ability(state, hero_id, ability)
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
    check = _checked(state, hero_id, move_ability(stuff), move)
    if not check.success:
        state.say("miss", f"{hero.name} attacks {target.id} with {stuff.name}: "
                  f"{check.roll} on d{check.die}, a miss", hero=hero_id, target=target.id)
        return
    damage = roll_damage(stuff, state.dice, extra_damage(hero) if special else 0)
    if special and extra_damage(hero):
        fired("squad.special.deadly-strike")
    wound_monster(state, hero_id, target, damage, stuff.name, check.roll)


def _cast(state: SquadState, hero_id: str, move: Move, special: bool) -> None:
    hero = state.heroes[hero_id]
    stuff = hero.stuff_named(move.item)
    fired("squad.loop.spells")
    if counting():
        used(f"squad.spell.{stuff.spell}")
        if stuff.name != spell(stuff.spell or "").name:
            fired("squad.spell.own-spells")
    aimed = harmful(stuff)
    if aimed and not state.foes():
        return
    check = _checked(state, hero_id, "mage", move)
    if not check.success:
        state.say("miss", f"{hero.name} casts {stuff.name}: {check.roll} on d{check.die}, "
                  "the spell fails", hero=hero_id)
        return
    effect = spell_effect(stuff.spell or "", stuff.die, state.dice.die)
    if aimed:
        first = next((m for m in state.foes() if m.id == move.target), state.foes()[0])
        others = [m for m in state.foes() if m is not first]
        fired("squad.spell.fireball")
        extra = extra_targets(hero) if special else 0
        if extra:
            fired("squad.special.targets")
        for target in [first, *others[:extra]]:
            wound_monster(state, hero_id, target, effect.amount, stuff.name, check.roll)
        return
    target_id = move.target if move.target in state.standing_heroes() else hero_id
    neediest = sorted((h for h in state.standing_heroes() if h != target_id),
                      key=lambda h: (state.heroes[h].hit_points, h))
    helped = [target_id, *(neediest[:extra_heroes(hero)] if special else [])]
    if len(helped) > 1:
        fired("squad.special.targets")
    for helped_id in helped:
        help_hero(state, hero, helped_id, effect, stuff.name)
