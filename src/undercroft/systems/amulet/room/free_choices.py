"""Choices that take no time: the door a ward opens, and a level point to spend.

Seed 001: "The first character to touch the ward may immediately open any
previously discovered Door or Walldoor": which one (or none) is the hero's
choice, made at once. Seed 000: "When characters gain level points ..., a die
amount (d#) increases by one die type, or a number increases by one": which
ability is the player's choice. While a hero has such a choice to make, a step
is given to it alone: only those heroes choose, and no time passes (no action
is counted, no monster acts, the countdown waits).
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired
from undercroft.systems.amulet.characters.heroes import ABILITIES
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.scene import ExitState, HeroState, Scene

LOCKED: Final = ("door", "walldoor")
DECLINE: Final = Action("wait")
"""Letting a ward's gift go (the seed's "may")."""
POINTS: Final = tuple(Action("point", ability) for ability in ABILITIES)


def free_step(heroes: list[HeroState]) -> bool:
    """Whether the next step is one that takes no time (a hero has a free choice)."""
    return any(hero.choosing_freely for hero in heroes)


def waiting_doors(exits: list[ExitState]) -> list[ExitState]:
    """Discovered Doors and Walldoors still closed, among ``exits``."""
    return [e for e in exits if e.kind in LOCKED and e.found and not e.open and e.id]


def free_choices(hero: HeroState, doors: list[str]) -> list[Action]:
    """The hero's free choices: a door for the ward to open (``doors``: the players'
    names of the doors waiting), or none; an ability for a level point."""
    actions: list[Action] = []
    if hero.ward_door:
        actions += [Action("ward", name) for name in doors]
        actions.append(DECLINE)
    if hero.points > 0:
        actions += POINTS
    return actions


def room_choices(scene: Scene, hero: HeroState) -> list[Action]:
    """A hero's free choices in a room that is the whole level (the sandbox)."""
    return free_choices(hero, [e.id for e in waiting_doors(scene.exits)])


def open_by_ward(fight: Fight, hero: HeroState, exit_: ExitState) -> None:
    """The ward's gift: the chosen Door or Walldoor opens (no key is spent)."""
    fired("amulet.item.ward")
    hero.ward_door = False
    exit_.open = True
    fight.say("exit opened", f"{hero.name}'s ward opens the {exit_.kind} {exit_.id}",
              hero=hero.name, exit=exit_.id)


def let_ward_go(fight: Fight, hero: HeroState) -> None:
    hero.ward_door = False
    fight.say("ward", f"{hero.name} lets the ward's gift go", hero=hero.name)


def drop_idle_wards(fight: Fight, heroes: list[HeroState], doors: int) -> None:
    """A ward touched when no door waits for it opens nothing (no choice is offered)."""
    if doors:
        return
    for hero in heroes:
        if hero.ward_door:
            hero.ward_door = False
            fight.say("ward", f"no discovered door waits for {hero.name}'s ward",
                      hero=hero.name)


def spend_point(fight: Fight, hero: HeroState, ability: str) -> None:
    """One level point: a die one type up (d12 on to d12+1 ...), or a number up by one."""
    fired("amulet.hero.level-points")
    hero.points -= 1
    hero.hero = hero.hero.raised(ability)
    fight.say("level point", f"{hero.name} spends a level point on {ability}: "
              f"{getattr(hero.hero, ability)}", hero=hero.name, ability=ability)


def resolve_in_room(fight: Fight, hero: HeroState, action: Action) -> None:
    """One free choice made in a room that is the whole level (the sandbox)."""
    fight.say("action", f"{hero.name}: {action.text}", hero=hero.name, action=action.text)
    if action.verb == "point":
        spend_point(fight, hero, action.target or "speed")
        return
    exit_ = fight.scene.exit(action.target or "") if action.verb == "ward" else None
    if exit_ is not None and not exit_.open:
        open_by_ward(fight, hero, exit_)
    else:
        let_ward_go(fight, hero)
