"""A treasure level in play (seed 001, SPECIAL LEVELS): ten actions of racing for treasure.

Each action every hero who races rolls a Speed contest (d20 + Speed); a lone
racer collects a treasure per point over 10, and among several only the highest
collects, his result less the next highest or 10, whichever is greater
(:func:`special_levels.race_treasures`). House rule: a hero may sit the action
out (``wait``) or spend a token instead; there is nothing else on the level.
"""

from __future__ import annotations

from collections.abc import Mapping

from undercroft.engine.tally import fired
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.generation.special_levels import roll_race
from undercroft.systems.amulet.room.actions import Action

RACE = Action("race")


def racing_actions() -> list[Action]:
    return [Action("wait"), RACE]


def race(game: GameState, choices: Mapping[str, Action]) -> None:
    """One action of the race: roll for the racers, hand out the treasure."""
    racers = {h.name: h.hero.speed for h in game.heroes
              if h.present and choices.get(h.name, Action("wait")).verb == "race"}
    game.race_actions -= 1
    fight = game.fight(1)
    if not racers:
        fight.say("race", f"nobody races ({game.race_actions} actions left)")
        return
    fired("amulet.level.race")
    if len(racers) > 1:
        fired("amulet.level.race-competing")
    results, treasures = roll_race(
        racers, lambda name: game.dice.total("treasure race", 1, 20))
    for name, count in treasures.items():
        game.hero(name).treasure += count
    shown = ", ".join(f"{name} {results[name]}" for name in racers)
    winners = [f"{name} +{count}" for name, count in treasures.items() if count]
    fight.say("race", f"the race for treasure: {shown}; "
              + (", ".join(winners) if winners else "nobody collects")
              + f" ({game.race_actions} actions left)", treasures=dict(treasures))
