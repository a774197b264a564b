"""How much of a whole Amulet game the party spends apart, with four sensible heroes.

Usage: python bench/amulet_party_split.py [--games N] [--seed S] [--json]

Plays N whole default games (default 200) of a run seeded S (default 1): the same
games as ``undercroft simulate amulet --games N --seed S`` and ``undercroft audit
amulet --games N --seed S`` (game i on ``game_seed(S, i)``, through
``runner.play_out``), and, after every step of play, looks at the party as the
audit does (``amulet.party-split`` and ``amulet.waiting-downstairs``):

- apart: the living heroes on the level (in a room or held in it) stand in more
  than one room;
- waiting below: a hero has gone down the stairs while a comrade is still alive on
  the level above.

Prints each as a share of all steps, and of the rounds played, beside the median
and 90th percentile of rounds a game and of the depth reached. With --json stdout
is one JSON document. Runs on any checkout (it reads only the game's state), so a
build before a change and one after can be compared on the same seeds.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from typing import Any, Final

from bench_args import positive, print_figures
from undercroft.engine import registry
from undercroft.engine.runner import play_out
from undercroft.sim.games import game_seed
from undercroft.systems.amulet.game.agents import AGENTS

MAX_STEPS: Final = 100_000
AGENT: Final = "sensible"


class Watch:
    """The steps and rounds of one game, and how many of them had the party apart."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.steps = self.apart = self.below = 0
        self.rounds_apart = self.rounds_below = 0
        self._round = state.table.round

    def __call__(self, events: Sequence[Any]) -> None:
        state = self.state
        if state.ended is not None:
            return
        rounds = state.table.round - self._round
        self._round = state.table.round
        present = [h for h in state.heroes if h.present]
        apart = len({state.rooms.get(h.name) for h in present}) > 1
        below = bool(present) and any(h.status == "gone" and h.gone_by == "stair"
                                      for h in state.heroes)
        self.steps += 1
        self.apart += apart
        self.below += below
        self.rounds_apart += rounds * apart
        self.rounds_below += rounds * below


def play(run_seed: int, count: int) -> list[dict[str, int]]:
    ruleset = registry.get("amulet")
    config = ruleset.config_model()()
    games = []
    for seed in (game_seed(run_seed, index) for index in range(count)):
        state = ruleset.new(config, seed)
        agents = {seat: AGENTS[AGENT]() for seat in ruleset.seats(state)}
        watch = Watch(state)
        play_out(ruleset, state, agents, seed, max_steps=MAX_STEPS, after_step=watch)
        games.append({"seed": seed, "rounds": state.table.round - 1, "depth": state.depth,
                      "steps": watch.steps, "apart": watch.apart, "below": watch.below,
                      "rounds_apart": watch.rounds_apart,
                      "rounds_below": watch.rounds_below})
    return games


def _share(games: list[dict[str, int]], part: str, whole: str) -> float:
    return round(sum(g[part] for g in games) / max(1, sum(g[whole] for g in games)), 4)


def _p90(values: list[int]) -> float:
    if len(values) < 2:
        return float(values[0])
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def figures(games: list[dict[str, int]], seed: int) -> dict[str, Any]:
    rounds = [g["rounds"] for g in games]
    depths = [g["depth"] for g in games]
    return {
        "games": len(games),
        "seed": seed,
        "steps_apart": _share(games, "apart", "steps"),
        "steps_waiting_below": _share(games, "below", "steps"),
        "rounds_apart": _share(games, "rounds_apart", "rounds"),
        "rounds_waiting_below": _share(games, "rounds_below", "rounds"),
        "rounds_median": statistics.median(rounds),
        "rounds_p90": _p90(rounds),
        "depth_median": statistics.median(depths),
        "depth_p90": _p90(depths),
        "depth_max": max(depths),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=200, help="games to play (200)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (1)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    args = parser.parse_args()
    result = figures(play(args.seed, args.games), args.seed)
    print_figures(result, args.json)


if __name__ == "__main__":
    main()
