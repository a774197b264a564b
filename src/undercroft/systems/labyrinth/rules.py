"""Whose turn it is in Labyrinth, what they may do, and the one step that changes the game.

In a battle, players act in initiative order and the dungeon master's monsters
act between them (``battle``). Elsewhere the seats take turns one action at a
time, going round the living: each may shop, equip or use an item for themselves,
or lead the party (open the next door, go back to town, go down the stairs).
House rule: the party stays together, as Chapter 3 speaks of "the party"; a
dead character is out of the game (its player watches the rest of the campaign).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from undercroft.engine.tally import fired
from undercroft.engine.turns import TextEvent, the_choice
from undercroft.systems.labyrinth import battle, dungeon, items_play, town
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.adventurer.state import Adventurer
from undercroft.systems.labyrinth.state import LabyrinthState


def acting(state: LabyrinthState) -> Adventurer | None:
    if state.ended is not None or not state.living():
        return None
    if state.statue is not None:
        return state.adventurer(state.statue.seat)
    if state.phase == "fight":
        assert state.fight is not None
        return state.adventurer(state.fight.acting)
    return state.party[state.turn]


def to_act(state: LabyrinthState) -> list[str]:
    member = acting(state)
    return [] if member is None else [member.seat]


def legal(state: LabyrinthState, seat: str) -> list[Choice]:
    member = acting(state)
    if member is None or member.seat != seat:
        return []
    if state.statue is not None:
        return items_play.statue_legal(state)
    if state.phase == "fight":
        return battle.fight_legal(state, member)
    if state.phase == "town":
        plays = town.town_legal(state, member) + items_play.item_legal(state, member)
    elif state.phase == "stairs":
        plays = dungeon.stairs_legal(state) + items_play.item_legal(state, member)
    else:
        plays = dungeon.explore_legal(state, member)
    return [*plays, Choice("wait")]


_Apply = Callable[[LabyrinthState, Adventurer, Choice], None]
_APPLY: Final[dict[str, _Apply]] = {
    "buy": town.buy, "sell": town.sell, "lift": town.lift,
    "enter": lambda state, member, choice: dungeon.begin(state, int(choice.target)),
    "next": lambda state, member, choice: dungeon.next_room(state, member),
    "open": lambda state, member, choice: dungeon.open_chest(state, member),
    "search": lambda state, member, choice: dungeon.search_chest(state, member),
    "return": lambda state, member, choice: _return(state, member),
    "down": dungeon.go_down,
    "equip": items_play.wear, "unequip": items_play.wear, "use": items_play.use,
    "raise": items_play.statue_choice, "lower": items_play.statue_choice,
    "swap": items_play.statue_choice, "keep": items_play.statue_choice,
    "wait": lambda state, member, choice: None,
}


def _return(state: LabyrinthState, member: Adventurer) -> None:
    dungeon.go_back(state, member)
    if state.unlocked >= state.config.goal_floor and state.living():
        fired("labyrinth.play.end")
        state.ended = "victory"
        state.say("game over", f"Back in town having reached floor {state.unlocked}: the "
                  "mayor's commission is done", result="victory")


def step(state: LabyrinthState, choices: Mapping[str, Choice]) -> list[TextEvent]:
    """The acting seat's one choice; BadInput (nothing changed) for anything else."""
    member = acting(state)
    choice = the_choice(None if member is None else member.seat, choices,
                        lambda seat: legal(state, seat))
    assert member is not None
    start = len(state.events)
    state.steps += 1
    if state.phase == "fight":
        battle.player_turn(state, member, choice)
    else:
        _APPLY[choice.verb](state, member, choice)
        if state.statue is None:  # a statue's choice is still this seat's to make
            _next_seat(state)
    _check_end(state)
    return state.events[start:]


def _next_seat(state: LabyrinthState) -> None:
    if not state.living():
        return
    fired("labyrinth.play.turns")
    count = len(state.party)
    index = state.turn
    for _ in range(count):
        index = (index + 1) % count
        if state.party[index].alive:
            break
    if index <= state.turn:
        state.round += 1
    state.turn = index


def _check_end(state: LabyrinthState) -> None:
    if state.ended is not None:
        return
    if not state.living():
        fired("labyrinth.play.end")
        state.ended = "defeated"
        state.say("game over", "Every adventurer is dead", result="defeated")
    elif state.steps >= state.config.max_steps:
        fired("labyrinth.play.end")
        state.ended = "time up"
        state.say("game over", "Time is up", result="time up")
    elif state.phase != "fight" and not state.party[state.turn].alive:
        _next_seat(state)
