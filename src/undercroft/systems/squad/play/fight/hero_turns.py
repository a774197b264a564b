"""A hero's turn in a fight: attack with a weapon or a spell, cast a spell on a hero, flee,
or spend 1HP tokens (the moves are ``hero_moves``).

Seed 003: "all weapon based combat is under the Warrior Ability. All magical actions
are up to the Mage Ability"; a hit rolls the Stuff die for damage; a Monster "is
defeated when a Hero does enough damage to meet or exceed the Monster's Hit
Points", and the hero who defeats it collects its coins. Loot is "spent after the
roll": a move "spending loot" spends the party's tokens only if the roll failed
and the tokens can turn it into a success, and 1C tokens on a monster already
damaged only if they turn the hit into a defeat. A move "with the special" pays its
penny and uses the hero's Special Ability (Deadly Strike's damage, Blurring
Speed's extra attacks, Arcane Vigor's extra targets, Divine Insight's extra
heroes, Inhuman Alacrity's extra spells).
"""

from __future__ import annotations

from dataclasses import replace

from undercroft.engine.tally import counting, fired, used
from undercroft.systems.squad.dice import difficulty_words, succeeds
from undercroft.systems.squad.heroes.combat import Check, roll_damage
from undercroft.systems.squad.heroes.loot import (
    can_rescue,
    damage_with_loot,
    heal_with_loot,
    rescue,
)
from undercroft.systems.squad.heroes.specials import (
    SPECIALS,
    damage_ignored,
    extra_attacks,
    extra_damage,
    extra_heroes,
    extra_spells,
    extra_targets,
)
from undercroft.systems.squad.heroes.spells import spell, spell_effect
from undercroft.systems.squad.heroes.spending import activate_special
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.content_ids import loot_id, stuff_id
from undercroft.systems.squad.play.fight.hero_moves import harmful, move_ability, party_of
from undercroft.systems.squad.play.fight.hero_rolls import roll_ability
from undercroft.systems.squad.play.fight.spell_effects import help_hero
from undercroft.systems.squad.play.fight.wounds import wound_monster
from undercroft.systems.squad.play.state import InPlay, SquadState


def hero_act(state: SquadState, hero_id: str, move: Move) -> None:
    hero = state.heroes[hero_id]
    if move.verb == "wait":
        state.say("wait", f"{hero.name} waits", hero=hero_id)
        return
    if move.verb == "mend":
        mend(state, hero_id, move.target)
        return
    if move.verb == "flee":
        _flee(state, hero_id, move)
        return
    if move.verb == "trap":
        _set_trap(state, hero_id, move)
        return
    special = move.how in ("special", "both")
    if special and damage_ignored(hero):  # Hardy Resilience: paid when a hit comes
        state.effects.setdefault(hero_id, {})["hardy"] = 1
        state.say("hardy", f"{hero.name} readies Hardy Resilience for the next hit",
                  hero=hero_id)
        special = False
    elif special:
        state.coins.spend(activate_special(hero, hero).cost, on_own_hero=True)
        fired("squad.loop.specials")
        used(f"squad.special.{hero.special}")
        state.say("special", f"{hero.name} spends a penny on "
                  f"{SPECIALS[hero.special].name}", hero=hero_id, special=hero.special)
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
    party = party_of(state)
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
    damage += _finish_with_crits(state, hero_id, target, damage, move)
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
        if special and extra_damage(hero):  # Deadly Strike: "Deal L additional damage"
            fired("squad.special.deadly-strike")
            effect = replace(effect, amount=effect.amount + extra_damage(hero))
        first = next((m for m in state.foes() if m.id == move.target), state.foes()[0])
        others = [m for m in state.foes() if m is not first]
        fired("squad.spell.fireball")
        extra = extra_targets(hero) if special else 0
        if extra:
            fired("squad.special.targets")
        bonus = _finish_with_crits(state, hero_id, first, effect.amount, move)
        wound_monster(state, hero_id, first, effect.amount + bonus, stuff.name, check.roll)
        for target in others[:extra]:
            wound_monster(state, hero_id, target, effect.amount, stuff.name, check.roll)
        return
    target_id = move.target if move.target in state.present() else hero_id
    neediest = sorted((h for h in state.present() if h != target_id),
                      key=lambda h: (state.heroes[h].hit_points, h))
    helped = [target_id, *(neediest[:extra_heroes(hero)] if special else [])]
    if len(helped) > 1:
        fired("squad.special.targets")
    for helped_id in helped:
        help_hero(state, hero, helped_id, effect, stuff.name)


def _finish_with_crits(state: SquadState, hero_id: str, target: InPlay, damage: int,
                       move: Move) -> int:
    """1C: "Add +1 damage roll to any Monster already damaged". With "spending loot", the
    party's 1C tokens are spent on a hit at a monster damaged before it, and only to
    turn the hit into a defeat (exactly the Hit Points it would have left): as ability
    loot is spent only to turn a failure into a success. The damage added."""
    if move.how not in ("loot", "both") or not target.damaged:
        return 0
    party = party_of(state)
    gap = target.hit_points - damage
    if gap <= 0 or sum(h.loot.get("C", 0) for h in party) < gap:
        return 0
    spent = damage_with_loot(party, gap, monster_damaged=True)
    fired("squad.loop.loot-spent")
    used(loot_id("C"))
    if any(name != state.heroes[hero_id].name for name, _ in spent.taken):
        fired("squad.loot.for-another")
    state.say("loot spent", f"{gap} x 1C add {gap} damage on {target.id}, already damaged",
              taken=[list(t) for t in spent.taken])
    return gap


def mend(state: SquadState, hero_id: str, target_id: str) -> None:
    """1HP: "Add +1 to any Hero's current Hit Points": one of the hero's own tokens, in a
    fight (no action) or in camp."""
    hero, target = state.heroes[hero_id], state.heroes[target_id]
    heal_with_loot([hero], target, 1)
    fired("squad.loop.loot-spent")
    used(loot_id("HP"))
    state.say("mend", f"{hero.name} spends 1HP on {target.name} ({target.hit_points} hit "
              "points)", hero=target_id)


def _flee(state: SquadState, hero_id: str, move: Move) -> None:
    """A hero runs from the fight: an Explorer roll ("Everything else is up to the
    Explorer Ability"). Away, it takes no more turns, and no monster may attack it, until
    the scene is over."""
    fired("squad.loop.hero-flees")
    check = _checked(state, hero_id, "explorer", move)
    name = state.heroes[hero_id].name
    if not check.success:
        state.say("stays", f"{name} tries to flee ({check.roll}) and fails", hero=hero_id)
        return
    state.effects.setdefault(hero_id, {})["fled"] = 1
    state.say("hero fled", f"{name} flees the fight ({check.total})", hero=hero_id)


def _set_trap(state: SquadState, hero_id: str, move: Move) -> None:
    """ "A Hero could set a trap with a successful Explorer check and some pennies. A Trap
    consists of an Ability Die and a Cost ... equal to the amount of targets". House
    rules: the trap's die is the hero's Explorer die; it is set for that many standing
    monsters, the weakest first, and paid for only once set (a penny each, back to the
    Stage's Value, as coins a hero spends on its own side are); each monster rolls its
    die to get away (at least 4, as a hero's Explorer check), and the trap's die hurts
    each one caught, armour or not (armour does not soak a trap)."""
    hero = state.heroes[hero_id]
    count = int(move.item)
    fired("squad.trap.set-by-heroes")
    check = _checked(state, hero_id, "explorer", move)
    if not check.success:
        state.say("trap fails", f"{hero.name} fails to set a trap ({check.roll})",
                  hero=hero_id)
        return
    targets = sorted(state.foes(), key=lambda m: (m.hit_points, m.id))[:count]
    hero.pennies -= len(targets)
    state.coins.spend(len(targets), on_own_hero=True)
    die = hero.abilities["explorer"]
    state.say("trap set", f"{hero.name} sets a d{die} trap for "
              f"{', '.join(m.id for m in targets)} ({len(targets)} penn"
              f"{'y' if len(targets) == 1 else 'ies'})", hero=hero_id)
    for monster in targets:
        face = state.dice.die(monster.die, "avoid trap", difficulty_words())
        if succeeds(face):
            state.say("avoid", f"{monster.id} gets away from the trap ({face})",
                      monster=monster.id)
            continue
        wound_monster(state, hero_id, monster, state.dice.die(die, "trap damage"), "a trap",
                      soaked=False)
