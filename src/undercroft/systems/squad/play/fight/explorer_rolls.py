"""Explorer rolls the GM's side calls for (dodging a trap, searching for loot), and the
Guides' choice to save a failed one with 1E.

Seed 003: "1E: Add +1 to any Explorer Ability Roll"; "Bonuses are spent after the
roll, that is, the Hero Guide does not have to declare that the Hero is using the
Loot unless the Guide sees that the roll has failed and wishes to make it
successful." Every hero rolls first (a Bless rerolls a failure); then, for each
failed roll the party's 1E tokens can still turn into a success, the Guide of the
hero who rolled says whether to spend them (the ``rescue`` phase); then the trap or
the search goes on with the rolls as they stand.
"""

from __future__ import annotations

from collections.abc import Sequence

from undercroft.engine.tally import fired, used
from undercroft.systems.squad.heroes.combat import Check
from undercroft.systems.squad.heroes.loot import can_rescue, rescue
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.content_ids import loot_id
from undercroft.systems.squad.play.fight.hero_rolls import roll_ability
from undercroft.systems.squad.play.state import SquadState


def roll_explorer(state: SquadState, hero_ids: Sequence[str], resume: tuple[str, ...],
                  ask: bool = True) -> dict[str, Check]:
    """Each hero's Explorer roll, kept in the state; ``asking`` lists the failures loot
    could save (none unless ``ask``: a search with nothing to find), and the phase is
    ``rescue`` while any is left to decide."""
    state.rolls = {h: roll_ability(state, h, "explorer") for h in hero_ids}
    state.resume = resume
    state.asking = [h for h in hero_ids if ask and _savable(state, state.rolls[h])]
    if state.asking:
        state.phase = "rescue"
    return state.rolls


def _savable(state: SquadState, check: Check) -> bool:
    party = [state.heroes[h] for h in state.standing_heroes()]
    return not check.success and can_rescue(check, party)


def rescue_legal(state: SquadState) -> list[Move]:
    hero_id = state.asking[0]
    ability = state.rolls[hero_id].ability
    return [Move("rescue", hero_id, "", ability), Move("fail", hero_id, "", ability)]


def rescue_act(state: SquadState, move: Move) -> bool:
    """Spend the tokens, or let the roll fail; True when nothing is left to decide."""
    hero_id = state.asking.pop(0)
    name = state.heroes[hero_id].name
    if move.verb == "rescue":
        party = [state.heroes[h] for h in state.standing_heroes()]
        state.rolls[hero_id], spent = rescue(state.rolls[hero_id], party)
        fired("squad.loop.loot-spent")
        used(loot_id(spent.kind))
        if any(giver != name for giver, _ in spent.taken):
            fired("squad.loot.for-another")
        state.say("loot spent", f"{spent.total} x 1{spent.kind} turn {name}'s "
                  f"{move.item} roll into a success", hero=hero_id,
                  taken=[list(t) for t in spent.taken])
    else:
        state.say("roll stands", f"{name}'s {move.item} roll stands", hero=hero_id)
    state.asking = [h for h in state.asking if _savable(state, state.rolls[h])]
    return not state.asking
