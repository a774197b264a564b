"""A monster's or a boss's attack on a hero or on a summoned companion.

Seed 003: Monsters "have one die to roll no matter what they are doing": to hit (at
least 4) and again for damage, which the hero's armour soaks ("The Gamemaster rolls
the D4 again and deals 3 damage! ... Another D4 roll later, and the Goblin only dealt
1 point of damage"). Bosses "have the same characteristics as Monsters ... They can
also have Stuff": a boss holding a weapon or a damaging spell attacks with it as a
hero does, its own die to hit and the Stuff's die for damage (house rule, the
reading that puts its Stuff to use); a spell is no physical attack, so an invisible
hero is no shelter from it. A boss's armour soaks the heroes' hits (``wounds``).
"""

from __future__ import annotations

from dataclasses import replace

from undercroft.engine.tally import fired, used
from undercroft.systems.squad.dice import difficulty_words, succeeds
from undercroft.systems.squad.heroes.combat import apply_soak, armour_soak
from undercroft.systems.squad.heroes.hero import Stuff
from undercroft.systems.squad.heroes.specials import damage_ignored
from undercroft.systems.squad.heroes.spells import spell
from undercroft.systems.squad.heroes.spending import activate_special
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.content_ids import stuff_id
from undercroft.systems.squad.play.fight.spell_effects import (
    COMPANION,
    companion_hurt,
    has_companion,
)
from undercroft.systems.squad.play.state import InPlay, SquadState


def offensive_stuff(monster: InPlay) -> list[Stuff]:
    """The Stuff a boss attacks with: its weapons and damaging spells."""
    return [s for s in monster.stuff if s.kind == "weapon"
            or (s.kind == "spell" and spell(s.spell or "").effect == "damage")]


def attack_moves(state: SquadState, monster: InPlay) -> list[Move]:
    """Every attack the monster may make: at a hero still in the scene (not an invisible
    one, unless with a spell) or at a summoned companion; with each of a boss's weapons
    and damaging spells, or with its own die when it holds none."""
    moves: list[Move] = []
    held: list[Stuff | None] = [*offensive_stuff(monster)]
    for stuff in held or [None]:
        item = stuff.name if stuff is not None else ""
        physical = stuff is None or stuff.kind == "weapon"
        moves += [Move("monster", monster.id, hero_id, item) for hero_id in state.present()
                  if not (physical and state.effects.get(hero_id, {}).get("invisible", 0))]
        moves += [Move("monster", monster.id, hero_id, item, COMPANION)
                  for hero_id in state.present() if has_companion(state, hero_id)]
    return moves


def monster_attack(state: SquadState, monster: InPlay, move: Move) -> None:
    """The monster's die to hit, then the damage die (a boss's Stuff's, else its own)."""
    stuff = next((s for s in monster.stuff if s.name == move.item), None)
    what = f" with its {stuff.name}" if stuff is not None else ""
    target = (f"{state.heroes[move.target].name}'s companion" if move.how == COMPANION
              else state.heroes[move.target].name)
    face = state.dice.die(monster.die, "monster attack", difficulty_words())
    fired("squad.monster.one-die")
    used(f"squad.{'boss' if monster.boss else 'monster'}.{monster.kind}")
    if stuff is not None:
        fired("squad.boss.stuff-in-combat")
        used(stuff_id(stuff.name))
    if not succeeds(face):
        state.say("monster miss", f"{monster.id} attacks {target}{what} ({face}): a miss",
                  monster=monster.id, hero=move.target)
        return
    damage_die = stuff.die if stuff is not None else monster.die
    if move.how == COMPANION:
        fired("squad.spell.summon")
        companion_hurt(state, move.target, state.dice.die(damage_die, "damage"), monster.id)
        return
    _hit_hero(state, monster, move.target, face, state.dice.die(damage_die, "damage"), what)


def _hit_hero(state: SquadState, monster: InPlay, hero_id: str, face: int, damage: int,
              what: str) -> None:
    hero = state.heroes[hero_id]
    marks = state.effects.setdefault(hero_id, {})
    if marks.get("illusions", 0) > 0:
        fired("squad.spell.mirror-image")
        marks["illusions"] -= 1
        state.say("illusion", f"{monster.id} strikes one of {hero.name}'s illusions",
                  monster=monster.id, hero=hero_id)
        return
    shield = [spell_armour_of(marks["shield"])] if marks.get("shield") else []
    soak = armour_soak(hero, damage, state.dice, 0, shield)
    ignore = _hardy(state, hero_id, soak.taken)
    soak = replace(soak, ignored=ignore, taken=max(0, soak.taken - ignore))
    taken = apply_soak(hero, soak)
    if shield and soak.armour == shield[0].name:
        fired("squad.spell.shield")
    elif soak.armour is not None:
        used(stuff_id(soak.armour))
    state.say("wounded", f"{monster.id} hits {hero.name}{what} ({face}) for {damage}; "
              f"{soak.armour or 'no armour'} soaks {soak.armour_roll}"
              f"{f', Hardy Resilience {ignore}' if ignore else ''}: {taken} taken "
              f"({hero.hit_points} left)", monster=monster.id, hero=hero_id, damage=taken,
              source=monster.kind, ignored=ignore)
    knocked_out(state, hero_id, monster.kind)


def _hardy(state: SquadState, hero_id: str, damage: int) -> int:
    """Hardy Resilience, readied: "Ignore L damage when hit by a Monster". Its penny is
    paid when a hit leaves damage for it to ignore, after armour (a hit the armour stops
    keeps it ready); a hero with no penny left ignores nothing."""
    hero = state.heroes[hero_id]
    marks = state.effects.get(hero_id, {})
    if not marks.get("hardy") or damage <= 0 or hero.pennies < 1:
        return 0
    del marks["hardy"]
    state.coins.spend(activate_special(hero, hero).cost, on_own_hero=True)
    fired("squad.loop.specials")
    fired("squad.special.hardy-resilience")
    used(f"squad.special.{hero.special}")
    state.say("special", f"{hero.name} spends a penny on Hardy Resilience", hero=hero_id,
              special=hero.special)
    return damage_ignored(hero)


def spell_armour_of(die: int) -> Stuff:
    return Stuff("Shield", "armour", die)


def knocked_out(state: SquadState, hero_id: str, source: str) -> None:
    """ "When a Hero is reduced to zero Hit Points, they are out of the game!": said, with
    what did it; its spells and companion leave with it."""
    hero = state.heroes[hero_id]
    if hero.out_of_game:
        state.effects.pop(hero_id, None)
        fired("squad.loop.out-of-game")
        fired("squad.hp.out")
        state.say("out", f"{hero.name} is out of the game", hero=hero_id, source=source)
