"""One step of an encounter: every hero's action in seat order, then (each round) the monsters.

"No initiative" (seed 000, Combat): the heroes choose together and their actions
are resolved in seat order (``room.hero_actions.resolve``, as in a whole game), then
the monsters act (``monster_phase``), so no hero ever acts before another gets
to choose. With ``actions_per_round`` above one the monsters act after every that
many steps. A choice that takes no time (a ward's door, a level point) gets a step
of its own. Every choice is checked before anything changes: an illegal one is
refused and the state is left as it was.

What a whole game adds around one room (tokens, announcements claimed, rooms
entered, the countdown) is not part of an encounter: a hero who leaves the room
has left the encounter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from undercroft.errors import BadInput
from undercroft.systems.amulet.encounter.state import EncounterState
from undercroft.systems.amulet.room.actions import Action, parse_action
from undercroft.systems.amulet.room.cover import drop_fallen_cover
from undercroft.systems.amulet.room.events import Event
from undercroft.systems.amulet.room.free_choices import (
    DECLINE,
    drop_idle_wards,
    free_step,
    resolve_in_room,
    waiting_doors,
)
from undercroft.systems.amulet.room.hero_actions import resolve, wear_specials
from undercroft.systems.amulet.room.legal import check, legal
from undercroft.systems.amulet.room.monster_phase import monsters_act
from undercroft.systems.amulet.room.scene import Scene

WAIT: Final = Action("wait")


def to_act(state: EncounterState) -> set[str]:
    """The heroes in the room with something to choose (none once the fight is over)."""
    if ending(state) is not None:
        return set()
    scene = state.scene
    return {hero.name for hero in scene.present() if legal(scene, hero)}


def legal_for(state: EncounterState, seat: str) -> list[Action]:
    """The seat's actions now (none for a hero who has left, died, or waits on another's
    choice that takes no time)."""
    if ending(state) is not None:
        return []
    hero = next((h for h in state.scene.heroes if h.name == seat), None)
    return [] if hero is None else legal(state.scene, hero)


def step(state: EncounterState, choices: Mapping[str, Action]) -> list[Event]:
    """Resolve one step; returns its events."""
    ended = ending(state)
    if ended is not None:
        raise BadInput(f"the encounter is over ({ended})")
    return play_step(state, choices)


def play_step(state: EncounterState, choices: Mapping[str, Action]) -> list[Event]:
    """The rules of one step, whether or not the fight is over (a rules test plays on in
    a room with no foes from the start)."""
    scene = state.scene
    names = [hero.name for hero in scene.heroes]
    for name, action in choices.items():
        if name not in names:
            raise BadInput(f"no seat named {name!r} (seats: {', '.join(names)})")
        check(scene, scene.hero(name), action)
    state.off_script += _off_script(state, choices)
    state.events = []
    state.steps += 1
    fight = state.fight()
    if free_step(scene.heroes):
        for hero in [h for h in scene.present() if h.choosing_freely]:
            resolve_in_room(fight, hero, choices.get(hero.name, DECLINE))
        return state.events[:]
    for hero in scene.present():
        action = choices.get(hero.name, WAIT)
        if hero.present:
            resolve(fight, hero, action)
    drop_fallen_cover(fight)
    drop_idle_wards(fight, scene.heroes, len(waiting_doors(scene.exits)))
    scene.table.action += 1
    for hero in scene.present():
        wear_specials(fight, hero)
    if scene.table.action % scene.rules.actions_per_round == 0:
        monsters_act(fight)
        scene.table.round += 1
    return state.events[:]


def _off_script(state: EncounterState, choices: Mapping[str, Action]) -> int:
    """How many of the seats the script gives a choice this step chose otherwise."""
    script = state.script()
    return sum(1 for name, text in script.items()
               if name in choices and choices[name] != parse_action(text))


def ending(state: EncounterState) -> str | None:
    """How the encounter ended, or None while it goes on: the fight's end, but a
    cleared room goes on while the script still has steps (a script may pick up what
    the foes left)."""
    ended = fight_ending(state.scene)
    if ended == "cleared" and state.steps < len(state.config.rounds):
        return None
    return ended


def fight_ending(scene: Scene) -> str | None:
    """How the fight ended, or None while it goes on.

    Wiped out: every hero dead. Escaped / descended: every living hero has left
    (descended when one took the stairs). Cleared: nothing hostile is left, here
    or beyond a murder hole. Time up: the round limit passed.
    """
    if all(hero.status == "dead" for hero in scene.heroes):
        return "wiped out"
    if not scene.present():
        gone = [hero for hero in scene.heroes if hero.status == "gone"]
        return "descended" if any(h.gone_by == "stair" for h in gone) else "escaped"
    if not scene.foes(None):
        return "cleared"
    if scene.round > scene.rules.max_rounds:
        return "time up"
    return None
