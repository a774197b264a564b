"""Whose turn it is at a Dungeon Squad! table, what they may do, and the one step that changes it.

A stage is a run of scenes: the GM sets one (monsters, a trap, or the boss); in a
fight the heroes act first, each in turn ("We get to go first"), then the GM acts
for each monster; when no monster stands the heroes search for loot, then camp
(spend coins, decide on pursuit) until every Guide is ready, and the GM sets the
next scene. The stage ends when its boss is defeated; the game is won when the
last stage's boss falls, lost when every hero is out, and over ("pool spent") when
the Pool cannot pay the next stage's boss.
"""

from __future__ import annotations

from collections.abc import Mapping

from undercroft.engine.tally import drawn, fired, used
from undercroft.engine.turns import TextEvent, the_choice
from undercroft.engine.words import counted
from undercroft.systems.squad.gm.stages import opening_lines
from undercroft.systems.squad.play import camp, spoils
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.fight import (
    explorer_rolls,
    gm_turns,
    hero_moves,
    hero_turns,
    spell_effects,
)
from undercroft.systems.squad.play.state import GM, SquadState


def acting(state: SquadState) -> str | None:
    """The seat that chooses now."""
    if state.ended is not None:
        return None
    if state.phase in ("gm", "monsters"):
        return GM
    if state.phase == "heroes":
        return state.guides[state.present()[state.turn]]
    if state.phase == "rescue":
        return state.guides[state.asking[0]]
    if state.phase == "spoils":
        return spoils.divider(state)
    if state.phase == "loot":
        return state.guides[state.loot_due[0]]
    return next(g for g in _guides(state) if g not in state.ready)


def _guides(state: SquadState) -> list[str]:
    return list(dict.fromkeys(state.guides[h] for h in state.standing_heroes()))


def to_act(state: SquadState) -> list[str]:
    seat = acting(state)
    return [] if seat is None else [seat]


def legal(state: SquadState, seat: str) -> list[Move]:
    if seat != acting(state):
        return []
    if state.phase == "gm":
        return gm_turns.scene_legal(state)
    if state.phase == "monsters":
        return gm_turns.monster_legal(state, state.foes()[state.turn])
    if state.phase == "heroes":
        return hero_moves.hero_legal(state, state.present()[state.turn])
    if state.phase == "rescue":
        return explorer_rolls.rescue_legal(state)
    if state.phase == "spoils":
        return spoils.spoils_legal(state)
    if state.phase == "loot":
        return camp.loot_legal(state, state.loot_due[0])
    return camp.camp_legal(state, seat)


def step(state: SquadState, choices: Mapping[str, Move]) -> list[TextEvent]:
    """The acting seat's one legal move, and everything it sets off."""
    move = the_choice(acting(state), choices, lambda seat: legal(state, seat))
    start = len(state.events)
    state.steps += 1
    if state.phase == "gm":
        gm_turns.set_scene(state, move)
        if not state.asking:  # else the Guides first say whether 1E saves a dodge
            _after_scene_set(state)
    elif state.phase == "heroes":
        hero_id = state.present()[state.turn]
        hero_turns.hero_act(state, hero_id, move)
        if move.verb != "mend":  # spending loot is no action: the turn goes on
            _after_hero(state, hero_id)
    elif state.phase == "rescue":
        if explorer_rolls.rescue_act(state, move):
            _rolls_decided(state)
    elif state.phase == "spoils":
        if spoils.give_out(state, move):
            _to_loot(state)
    elif state.phase == "monsters":
        gm_turns.monster_act(state, state.foes()[state.turn], move)
        _after_monster(state, move)
    elif state.phase == "loot":
        camp.take(state, move)
        if not state.loot_due:
            _to_camp(state)
    else:
        _camp_move(state, move)
    _check_end(state)
    return state.events[start:]


def _rolls_decided(state: SquadState) -> None:
    """Every Guide has said whether loot saves a failed roll: the trap or search goes on."""
    if state.resume[0] == "trap":
        gm_turns.finish_trap(state)
        _after_scene_set(state)
    else:
        _searched(state)


def _after_scene_set(state: SquadState) -> None:
    if state.foes():
        _start_round(state)
    else:
        _to_camp(state)


def _start_round(state: SquadState) -> None:
    fired("squad.loop.heroes-first")
    state.phase, state.turn = "heroes", 0
    _begin_turn(state)


def _begin_turn(state: SquadState) -> None:
    """A hero's turn starts: a Haste waiting on it becomes an extra action now."""
    marks = state.effects.get(state.present()[state.turn], {})
    if marks.get("haste", 0) > 0:
        marks["hasted"] = marks.get("hasted", 0) + marks.pop("haste")


def _after_hero(state: SquadState, hero_id: str) -> None:
    marks = state.effects.get(hero_id, {})
    if not state.foes():
        _end_scene(state)
        return
    present = state.present()
    if hero_id in present and marks.get("hasted", 0) > 0:
        fired("squad.spell.haste")
        marks["hasted"] -= 1
        state.say("haste", f"{state.heroes[hero_id].name} acts again (Haste)", hero=hero_id)
        return
    if hero_id in present:
        spell_effects.companion_acts(state, hero_id)
        if not state.foes():
            _end_scene(state)
            return
        state.turn += 1  # a hero who fled left the order: the next one is at its place
    if not present:
        _all_fled(state)
    elif state.turn >= len(present):
        state.phase, state.turn = "monsters", 0
    else:
        _begin_turn(state)


def _all_fled(state: SquadState) -> None:
    """Every hero still standing has fled: the scene is over without a search, and the
    monsters left take their coins back to the Stage's Value (the GM may bring them
    again)."""
    fired("squad.loop.hero-flees")
    for monster in state.foes():
        if monster.id in state.coins.pushed:
            state.coins.release(monster.id)
    state.scene = [m for m in state.scene if m.fled]  # those may still be pursued
    state.say("scene over", "Every hero has fled: the scene is over")
    _to_camp(state)


def _after_monster(state: SquadState, move: Move) -> None:
    if not state.standing_heroes():
        return
    if not state.foes():
        _end_scene(state)
        return
    if move.verb != "flee" or not any(m.fled and m.id == move.actor for m in state.scene):
        state.turn += 1
    if not state.present():
        _all_fled(state)
        return
    if state.turn >= len(state.foes()):
        state.round += 1
        for marks in state.effects.values():
            if marks.get("invisible", 0) > 0:
                marks["invisible"] -= 1
        _start_round(state)


def _end_scene(state: SquadState) -> None:
    state.say("scene over", "No monster stands: the scene is over")
    camp.search(state)
    if not state.asking:
        _searched(state)


def _searched(state: SquadState) -> None:
    camp.finish_search(state)
    spoils.offer_spoils(state, _guides(state))
    if not state.spoils:
        _to_loot(state)


def _to_loot(state: SquadState) -> None:
    if state.loot_due:
        state.phase = "loot"
    else:
        _to_camp(state)


def _to_camp(state: SquadState) -> None:
    if state.coins.stage_over:
        _next_stage(state)
        if state.ended is not None:
            return
    state.phase, state.turn = "camp", 0
    state.ready = set()


def _camp_move(state: SquadState, move: Move) -> None:
    if move.verb in ("improve", "raise"):
        camp.spend(state, move)
    elif move.verb == "pursue":
        camp.pursue(state, move)
    elif move.verb == "give":
        camp.give(state, move)
    elif move.verb == "pay":
        camp.pay(state, move)
    elif move.verb == "mend":
        hero_turns.mend(state, move.actor, move.target)
    else:
        state.ready.add(move.actor)
    if all(g in state.ready for g in _guides(state)):
        _next_scene(state)


def _next_scene(state: SquadState) -> None:
    returned = state.coins.next_scene()
    if returned:
        fired("squad.defeat.pursuit-lost")
    for denizen, coins in returned.items():
        state.say("coins back", f"{denizen} got away: {coins} coins back to the Stage Value",
                  monster=denizen)
    state.effects = {}
    pursued = [m for m in state.scene if not m.fled and m.hit_points > 0]
    state.scene = pursued
    state.defeated = []
    if pursued:
        state.say("pursuit", f"The heroes catch up with {', '.join(m.id for m in pursued)}")
        _start_round(state)
    else:
        state.phase = "gm"


def _next_stage(state: SquadState) -> None:
    back = state.coins.close_stage()
    fired("squad.loop.stages")
    fired("squad.end.stage-ends")
    fired("squad.boss.final-encounter")
    used(f"squad.stage.{state.config.stages[state.stage_index]}")
    state.say("stage over", f"{state.stage.name} is over: {back} coins back to the Pool",
              stage=state.stage.name)
    if state.stage_index + 1 >= len(state.config.stages):
        state.ended = "victory"
        state.say("game over", "The last boss has fallen, every stage played: the heroes win",
                  result="victory")
        return
    state.stage_index += 1
    open_stage(state)


def open_stage(state: SquadState) -> None:
    """The GM sets aside the Stage's Value and names the boss; a Pool too poor for the
    boss's share ends the adventure there, "pool spent": neither a victory (stages are
    left unplayed) nor a defeat (the heroes stand)."""
    if not state.coins.can_open_stage(state.config.boss_share):
        fired("squad.coins.small-pool")
        fired("squad.end.pool-spent")
        state.ended = "pool spent"
        held = state.coins.pool + state.coins.carried
        total = len(state.config.stages)
        state.say("game over", f"The Pool holds {counted(held, 'penny', 'pennies')}, fewer "
                  f"than the boss's share of {state.config.boss_share}: {state.stage.name} "
                  f"cannot be played, and the adventure ends after {state.stage_index} of "
                  f"{total} stages",
                  result="pool spent")
        return
    value = state.coins.open_stage(state.stage.boss, state.config.per_guide,
                                   state.config.boss_share)
    fired("squad.stage.divide")
    fired("squad.coins.stage-value")
    fired("squad.economy.lay-out")
    fired("squad.boss.named")
    drawn(f"squad.stage.{state.config.stages[state.stage_index]}")
    state.say("stage", f"{state.stage.name}: {state.stage.setting} (Stage Value {value}; the "
              f"boss: {state.stage.boss})", stage=state.stage.name, value=value)
    for name, line in opening_lines(state.stage).items():  # exposition, no adversary
        state.say("character", f'{name}: "{line}"', character=name)
    state.phase = "gm"


def _check_end(state: SquadState) -> None:
    if state.ended is not None:
        return
    if not state.standing_heroes():
        state.ended = "defeated"
        state.say("game over", "Every hero is out of the game", result="defeated")
    elif state.steps >= state.config.max_steps:
        state.ended = "time up"
        state.say("game over", "Time is up", result="time up")
