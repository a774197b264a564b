"""The whole game's steps that take no time (``free_choices``), with the level's choices.

A ward may open any discovered Door or Walldoor "previously discovered" on the
level, in whatever room it is, not only the toucher's: every closed door the
players have a name for (one name for a door seen from both sides). While any hero
on the level has such a choice, or a level point to spend, only those heroes
choose; then play goes on where it stood.
"""

from __future__ import annotations

from collections.abc import Mapping

from undercroft.engine.tally import fired
from undercroft.systems.amulet.game.level_play import Level, mark_seen, name_found_exits
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.free_choices import (
    DECLINE,
    LOCKED,
    free_choices,
    let_ward_go,
    spend_point,
)


def choosers(game: GameState) -> frozenset[str]:
    """The seats with a choice that takes no time (empty: a step like any other)."""
    return frozenset(h.name for h in game.heroes if h.choosing_freely)


def ward_doors(level: Level) -> list[str]:
    """The players' names of the Doors and Walldoors found on the level and still closed
    (a door seen from both of its rooms is named once, by the first name it got)."""
    found: list[str] = []
    listed: set[str] = set()
    for name, exit_id in level.by_name.items():
        _, exit_ = level.generator.level.find_exit(exit_id)
        state = level.exits.get(exit_id)
        kind = state.kind if state is not None else exit_.type
        if kind not in LOCKED or level.is_open(exit_) or not level.is_found(exit_) or \
                (exit_.twin or "") in listed:
            continue
        listed.add(exit_id)
        found.append(name)
    return found


def legal_now(game: GameState, seat: str) -> list[Action]:
    hero = game.hero(seat)
    if not hero.choosing_freely:
        return []
    doors = ward_doors(game.level) if hero.ward_door else []
    return free_choices(hero, doors)


def drop_idle_wards(game: GameState) -> None:
    """A ward touched when no discovered door waits anywhere on the level opens nothing."""
    waiting = [h for h in game.heroes if h.ward_door]
    if waiting and not ward_doors(game.level):
        for hero in waiting:
            hero.ward_door = False
            game.fight(game.rooms[hero.name]).say(
                "ward", f"no discovered door waits for {hero.name}'s ward", hero=hero.name)


def step(game: GameState, choices: Mapping[str, Action]) -> None:
    """The free choices of a step that takes no time, in seat order."""
    level = game.level
    for hero in [h for h in game.heroes if h.choosing_freely]:
        action = choices.get(hero.name, DECLINE)
        fight = game.fight(game.rooms[hero.name])
        fight.say("action", f"{hero.name}: {action.text}", hero=hero.name, action=action.text)
        if action.verb == "point":
            spend_point(fight, hero, action.target or "speed")
        elif action.verb == "ward" and action.target in level.by_name:
            _open(level, level.by_name[action.target])
            hero.ward_door = False
            fired("amulet.item.ward")
            fight.say("exit opened", f"{hero.name}'s ward opens the way {action.target}",
                      hero=hero.name, exit=action.target)
        else:
            let_ward_go(fight, hero)
    name_found_exits(level)
    mark_seen(level)
    game.forget_rooms(None)


def _open(level: Level, exit_id: str) -> None:
    """A door opened from afar (its opening, whether a side of it is in play or not)."""
    _, exit_ = level.generator.level.find_exit(exit_id)
    level.opening_for(exit_).open = True
