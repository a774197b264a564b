"""One step of a fight: every hero's action at once, then (each round) the monsters.

"No initiative" (seed 000, Combat): the heroes choose together and their
actions are resolved in seat order, then the monsters act, so no hero ever
acts before another gets to choose. With ``actions_per_round`` above one the
monsters act after every that many steps. Every choice is checked before
anything changes: an illegal one is refused and the scene is left as it was.
"""

from __future__ import annotations

from collections.abc import Mapping

from undercroft.errors import BadInput
from undercroft.systems.amulet.actions import Action
from undercroft.systems.amulet.cover import drop_fallen_cover
from undercroft.systems.amulet.events import Event
from undercroft.systems.amulet.fight import Fight
from undercroft.systems.amulet.free_choices import (
    DECLINE,
    drop_idle_wards,
    free_step,
    resolve_in_room,
    waiting_doors,
)
from undercroft.systems.amulet.legal import check
from undercroft.systems.amulet.monster_phase import monsters_act
from undercroft.systems.amulet.room_actions import resolve, wear_specials
from undercroft.systems.amulet.scene import Scene


def step(fight: Fight, choices: Mapping[str, Action]) -> list[Event]:
    """Resolve one action of every hero still in the room; returns the new events."""
    scene = fight.scene
    unknown = [name for name in choices if name not in {h.name for h in scene.heroes}]
    if unknown:
        raise BadInput(f"no hero named {unknown[0]!r} in this scene")
    for name, action in choices.items():
        check(scene, scene.hero(name), action)
    start = len(fight.events)
    if free_step(scene.heroes):
        for hero in [h for h in scene.present() if h.choosing_freely]:
            resolve_in_room(fight, hero, choices.get(hero.name, DECLINE))
        return fight.events[start:]
    for hero in scene.present():
        action = choices.get(hero.name, Action("wait"))
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
    return fight.events[start:]


def outcome(scene: Scene) -> str | None:
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
