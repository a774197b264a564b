"""After a fight: loot, then the camp between scenes (spending coins, pursuing the fled).

Seed 003: "At the end of a combat scene, every Hero can attempt to discover Loot.
Simply roll each Hero's Explorer Ability die. If successful, the Gamemaster will
inform the Hero Guides which Loot Types are available by looking at the Monsters
that were defeated. In addition to any Loot a Boss might have, any Stuff it had is
automatically available." Coins buy Stuff steps and Special Ability levels
("Improving Stuff can be done at any time": here, between scenes); coins spent on
one's own hero go back to the Stage's Value, on another hero they do not. Fled
monsters: "If the Heroes wish to pursue, the Gamemaster should set the scene to do
so when the current scene is over"; otherwise their coins return.
"""

from __future__ import annotations

from undercroft.engine.tally import drawn, fired
from undercroft.engine.words import counted
from undercroft.systems.squad.dice import TOP
from undercroft.systems.squad.heroes.hero import Hero
from undercroft.systems.squad.heroes.loot import (
    gain_loot,
    loot_kind,
    transfer_loot,
    transfer_pennies,
)
from undercroft.systems.squad.heroes.specials import TOP_LEVEL
from undercroft.systems.squad.heroes.spending import improve_stuff, raise_special
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.content_ids import loot_id
from undercroft.systems.squad.play.fight.explorer_rolls import roll_explorer
from undercroft.systems.squad.play.state import SquadState

PRICE = 5


def search(state: SquadState) -> None:
    """Every hero still in the scene rolls Explorer (1E may save a failure when there is
    something to find: the ``rescue`` phase); then :func:`finish_search`."""
    kinds = tuple(dict.fromkeys(loot_kind(kind) for m in state.defeated for kind in m.loot))
    state.offered = kinds
    state.loot_due = []
    fired("squad.loop.loot-search")
    fired("squad.loot.search")
    if kinds:
        fired("squad.monster.loot-type")
    roll_explorer(state, state.present(), ("search",), ask=bool(kinds))


def finish_search(state: SquadState) -> None:
    """The finders are due to choose among the defeated monsters' Loot Types."""
    rolls, state.rolls, state.resume, state.asking = state.rolls, {}, (), []
    for hero_id, check in rolls.items():
        state.say("search", f"{state.heroes[hero_id].name} searches ({check.total}): "
                  f"{'finds loot' if check.success else 'nothing'}", hero=hero_id,
                  success=check.success)
        if check.success and state.offered:
            state.loot_due.append(hero_id)


def loot_legal(state: SquadState, hero_id: str) -> list[Move]:
    return [Move("take", hero_id, "", f"1{kind}") for kind in state.offered]


def take(state: SquadState, move: Move) -> None:
    gain_loot(state.heroes[move.actor], move.item)
    drawn(loot_id(move.item))
    state.loot_due.remove(move.actor)
    state.say("loot", f"{state.heroes[move.actor].name} takes {move.item}", hero=move.actor,
              loot=move.item)


def camp_legal(state: SquadState, guide: str) -> list[Move]:
    """A guide's spending for its heroes (on themselves or on another hero), its heroes'
    loot and pennies (1HP on a wounded hero, a token or a penny given), pursuit of the
    fled, and "ready"."""
    moves: list[Move] = []
    own = [h for h, g in state.guides.items() if g == guide and not state.heroes[h].out_of_game]
    for payer_id in own:
        payer = state.heroes[payer_id]
        if payer.pennies < PRICE:
            continue
        for target_id in state.standing_heroes():
            target = state.heroes[target_id]
            other = "" if target_id == payer_id else target_id
            moves += [Move("improve", payer_id, other, s.name) for s in target.stuff
                      if s.die < TOP]
            if target.special_level < TOP_LEVEL:
                moves.append(Move("raise", payer_id, other))
    for giver_id in own:
        giver = state.heroes[giver_id]
        if giver.loot.get("HP", 0):
            moves += [Move("mend", giver_id, h, "1HP") for h in state.standing_heroes()
                      if state.heroes[h].hit_points < state.heroes[h].max_hit_points]
        for kind, count in giver.loot.items():
            if count:
                moves += [Move("give", giver_id, other, f"1{kind}")
                          for other in state.standing_heroes() if other != giver_id]
        if giver.pennies:
            moves += [Move("pay", giver_id, other) for other in state.standing_heroes()
                      if other != giver_id]
    fled = [m for m in state.scene if m.fled]
    moves += [Move("pursue", "", m.id) for m in fled]
    moves.append(Move("ready", guide))
    return moves


def spend(state: SquadState, move: Move) -> None:
    payer = state.heroes[move.actor]
    target_id = move.target or move.actor
    target: Hero = state.heroes[target_id]
    if move.verb == "improve":
        paid = improve_stuff(payer, target, move.item)
        what = f"{target.name}'s {move.item} to d{target.stuff_named(move.item).die}"
    else:
        paid = raise_special(payer, target)
        what = f"{target.name}'s special to +{target.special_level}"
    state.coins.spend(paid.cost, on_own_hero=paid.to_stage > 0)
    fired("squad.loop.spending")
    fired("squad.spend.coins")
    paying = counted(paid.cost, "penny", "pennies")
    state.say("spend", f"{payer.name} pays {paying} to raise {what}"
              f"{' (back to the Stage Value)' if paid.to_stage else ''}", hero=move.actor,
              cost=paid.cost)


def give(state: SquadState, move: Move) -> None:
    """ "Loot can be transferred between Hero Guides and between Heroes in any way the
    Hero Guides see fit"."""
    transfer_loot(state.heroes[move.actor], state.heroes[move.target], move.item)
    state.say("give", f"{state.heroes[move.actor].name} gives {move.item} to "
              f"{state.heroes[move.target].name}", hero=move.actor)


def pay(state: SquadState, move: Move) -> None:
    """A penny passes between heroes: "The Hero Guide then transfers one Penny from Urd to
    Faf" (it stays with the heroes: no Stage's Value is touched)."""
    giver, taker = state.heroes[move.actor], state.heroes[move.target]
    transfer_pennies(giver, taker, 1)
    state.say("pay", f"{giver.name} gives a penny to {taker.name}", hero=move.actor)


def pursue(state: SquadState, move: Move) -> None:
    monster = state.monster(move.target)
    fired("squad.defeat.pursue")
    fired("squad.loop.flee-and-pursue")
    if monster.id in state.coins.pushed:
        state.coins.pursue(monster.id)
    monster.fled = False
    monster.hit_points = monster.full
    state.say("pursue", f"The heroes pursue {monster.id}: it will be back, recovered fully",
              monster=monster.id)
