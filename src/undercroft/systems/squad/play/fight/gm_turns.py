"""The Gamemaster's moves: setting a scene, springing traps, and running the monsters.

Seed 003: the GM brings denizens into a stage; "Whenever the Gamemaster has a
Monster attack a Hero or spring a Trap to harm the Heroes, the Gamemaster should
push forward the cost of the Monster or Trap from the Stage's Value". The Cost is
"the Cost for the Gamemaster to bring this Monster into play", and the example's
goblins "rush us ... and attack!": so a monster's cost is pushed as it is brought
in to attack, once, and stays on the table until a hero defeats it
(docs/rules/squad-gm.md); a monster may flee with a successful Monster Ability
roll, or attack (``monster_attacks``).
"""

from __future__ import annotations

from undercroft.engine.tally import drawn, fired, used
from undercroft.engine.words import counted
from undercroft.systems.squad.dice import difficulty_words, roller_of
from undercroft.systems.squad.gm.denizens import avoids_trap, bestiary, trap_damage, try_flee
from undercroft.systems.squad.gm.stages import boss_of, price_list
from undercroft.systems.squad.heroes.hero import Stuff, take_damage
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.fight.explorer_rolls import roll_explorer
from undercroft.systems.squad.play.fight.monster_attacks import (
    attack_moves,
    knocked_out,
    monster_attack,
)
from undercroft.systems.squad.play.state import InPlay, SquadState

MAX_GROUP = 6


def scene_legal(state: SquadState) -> list[Move]:
    """What the GM may bring: a group of one monster kind it can pay to attack, a trap on
    the standing heroes, or the boss (once nothing else can be paid for, or at will)."""
    stage = state.stage
    targets = len(state.standing_heroes())
    prices = price_list(stage, targets)
    spare = state.coins.spare
    fired("squad.coins.push-needs-coins")
    moves = []
    for monster in stage.monsters:
        cost = prices[monster]
        moves += [Move("bring", "", monster, str(n)) for n in range(1, MAX_GROUP + 1)
                  if n * cost <= spare]
    moves += [Move("spring", "", trap) for trap in stage.traps if prices[trap] <= spare]
    boss = bestiary().bosses[stage.boss]
    if state.coins.can_push(stage.boss, boss.cost):
        moves.append(Move("boss"))
    return moves


def set_scene(state: SquadState, move: Move) -> None:
    table = bestiary()
    state.scene, state.defeated = [], []
    if move.verb == "boss":
        boss = boss_of(state.stage)
        boss_id = state.stage.boss
        state.scene.append(InPlay(boss_id, boss_id, boss.die, boss.hit_points,
                                  boss.hit_points, tuple(boss.loot),
                                  tuple(Stuff(s.name, s.kind, s.die, s.spell)
                                        for s in boss.stuff),
                                  boss=True))
        state.coins.push(boss_id, boss.cost)
        fired("squad.stage.boss")
        if boss.stuff:
            fired("squad.boss.stuff")
        drawn(f"squad.boss.{boss_id}")
        state.say("boss", f"The boss of {state.stage.name}: {boss.name}. {boss.description}",
                  monster=boss_id)
        return
    if move.verb == "spring":
        _spring(state, move.target)
        return
    kind = table.monsters[move.target]
    for _ in range(int(move.item)):
        monster = InPlay(_new_id(state, move.target), move.target, kind.die,
                         kind.hit_points, kind.hit_points, tuple(kind.loot))
        state.coins.push(monster.id, kind.cost)
        state.scene.append(monster)
        drawn(f"squad.monster.{move.target}")
    fired("squad.monster.cost")
    brought = int(move.item)
    state.say("monsters", f"{counted(brought, kind.name, kind.many)} "
              f"{'attacks' if brought == 1 else 'attack'}! "
              f"({', '.join(m.id for m in state.scene)})", monster=move.target,
              count=brought)


def _new_id(state: SquadState, kind: str) -> str:
    state.made += 1
    return f"{kind}-{state.made}"


def _spring(state: SquadState, trap_id: str) -> None:
    """Each standing hero makes an Explorer check (1E may save a failure: the ``rescue``
    phase), then :func:`finish_trap`."""
    trap = bestiary().traps[trap_id]
    targets = state.standing_heroes()
    denizen = _new_id(state, trap_id)
    state.coins.push(denizen, trap.cost(len(targets)))
    fired("squad.trap.cost-per-target")
    fired("squad.trap.sprung-by-gm")
    fired("squad.trap.explorer-check")
    fired("squad.loop.traps")
    drawn(f"squad.trap.{trap_id}")
    state.say("trap", f"{trap.name} is sprung on {counted(len(targets), 'hero', 'heroes')}",
              trap=trap_id)
    roll_explorer(state, targets, ("trap", trap_id, denizen))
    if not state.asking:
        finish_trap(state)


def finish_trap(state: SquadState) -> None:
    """Every hero has dodged or not: the GM rolls the trap's die for each one caught
    (armour does not soak a trap: in the seed's example Faf takes the full 2), and each
    who got away collects a share of its cost."""
    _, trap_id, denizen = state.resume
    trap = bestiary().traps[trap_id]
    rolls, state.rolls, state.resume, state.asking = state.rolls, {}, (), []
    avoided = [h for h, check in rolls.items() if avoids_trap(check.total)]
    for hero_id, check in rolls.items():
        away = hero_id in avoided
        state.say("avoid" if away else "caught", f"{state.heroes[hero_id].name} "
                  f"{'gets away' if away else 'is caught'} ({check.total})", hero=hero_id)
    for hero_id in (h for h in rolls if h not in avoided):
        hero = state.heroes[hero_id]
        damage = trap_damage(trap, roller_of(state.dice, "trap damage"))
        fired("squad.stuff.armour-not-traps")
        used(f"squad.trap.{trap_id}")
        take_damage(hero, damage)
        state.say("trapped", f"{trap.name} hits {hero.name} for {damage} "
                  f"({hero.hit_points} left)", hero=hero_id, damage=damage, source=trap_id)
        knocked_out(state, hero_id, trap_id)
    share = state.coins.settle_trap(denizen, len(rolls), len(avoided))
    fired("squad.defeat.trap")
    if avoided and share:
        fired("squad.collect.coins")
    for hero_id in avoided:
        state.heroes[hero_id].pennies += share


def monster_legal(state: SquadState, monster: InPlay) -> list[Move]:
    """A monster attacks (``monster_attacks``), flees, or holds back."""
    return [*attack_moves(state, monster), Move("flee", monster.id), Move("hold", monster.id)]


def monster_act(state: SquadState, monster: InPlay, move: Move) -> None:
    if move.verb == "hold":
        state.say("hold", f"{monster.id} holds back", monster=monster.id)
        return
    if move.verb == "flee":
        fired("squad.defeat.flee")
        if try_flee(monster.die, roller_of(state.dice, "flee", difficulty_words())):
            fired("squad.loop.flee-and-pursue")
            monster.fled = True
            if monster.id in state.coins.pushed:
                state.coins.flee(monster.id)
            state.say("fled", f"{monster.id} flees the scene", monster=monster.id)
        else:
            state.say("stays", f"{monster.id} tries to flee and fails", monster=monster.id)
        return
    monster_attack(state, monster, move)
