"""Whole-game speed of Amulet: four sensible automated heroes from the first cell to the end.

Usage: python bench/amulet_games.py [--games N] [--seed S] [--json] [--profile]

Plays N full games (default 200) of the default party (warrior, elf, valkyrie,
wizard), each seat played by the sensible agent, in one process, on seeds
S, S+1, ..., S+N-1 through the Game API (``registry.get("amulet")`` and
``runner.play_out``), so two runs play the same games. The clock covers each
game's ``new`` and its play to the end; one ``new`` before the clock starts
loads the rule tables. Prints games per second, rounds per second (the sum of
``state.table.round - 1`` over games), mean depth reached, mean rounds per game
and each result's share of games, beside the issue's goal: 10,000 four-hero
games in under a minute on a 2-core machine, about 83 games per second per
core. The last line of stdout is {"games_per_second": X, "rounds_per_second": Y};
with --json stdout is one JSON document holding every figure. A progress bar
goes to stderr (not with --json). --profile runs the games under cProfile
(slower: its figures are not the benchmark's) and prints the top 25 functions
by cumulative and by total time to stderr.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import platform
import pstats
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from bench_args import positive
from undercroft.engine import registry
from undercroft.engine.api import Ruleset
from undercroft.engine.runner import play_out
from undercroft.systems.amulet.game.agents import AGENTS

GOAL_GAMES: Final = 10_000
GOAL_SECONDS: Final = 60.0
GOAL_CORES: Final = 2
GOAL_PER_CORE: Final = GOAL_GAMES / GOAL_SECONDS / GOAL_CORES
"""Games per second one process must play for the issue's goal (83.3)."""
MAX_STEPS: Final = 100_000
"""play_out's bound; GameConfig.max_rounds (3000) ends a game long before it."""
TOP: Final = 25
AGENT: Final = "sensible"




def play_one(ruleset: Ruleset[Any, Any], config: Any, seed: int) -> tuple[int, int, str]:
    """One whole game on ``seed``: (rounds, depth reached, result)."""
    state = ruleset.new(config, seed)
    agents = {seat: AGENTS[AGENT]() for seat in ruleset.seats(state)}
    outcome = play_out(ruleset, state, agents, seed, max_steps=MAX_STEPS)
    result = outcome.result if outcome is not None else "unfinished"
    return state.table.round - 1, state.depth, result


def play_all(ruleset: Ruleset[Any, Any], config: Any, seeds: range,
             tick: Callable[[], None]) -> tuple[list[tuple[int, int, str]], float]:
    """Every game in turn, with the wall-clock seconds they took."""
    games = []
    started = time.perf_counter()
    for seed in seeds:
        games.append(play_one(ruleset, config, seed))
        tick()
    return games, time.perf_counter() - started


def figures(games: list[tuple[int, int, str]], seconds: float, seed: int,
            profiled: bool) -> dict[str, Any]:
    count = len(games)
    rounds = sum(g[0] for g in games)
    results = Counter(g[2] for g in games)
    rate = count / seconds
    return {
        "games_per_second": round(rate, 2),
        "rounds_per_second": round(rounds / seconds, 1),
        "goal_games_per_second_per_core": round(GOAL_PER_CORE, 1),
        "goal_met": rate >= GOAL_PER_CORE,
        "seconds_for_10000_games_on_2_cores": round(GOAL_GAMES / (rate * GOAL_CORES), 1),
        "ms_per_game": round(1000 * seconds / count, 2),
        "us_per_round": round(1e6 * seconds / rounds, 1) if rounds else None,
        "mean_depth_reached": round(sum(g[1] for g in games) / count, 2),
        "max_depth_reached": max(g[1] for g in games),
        "mean_rounds_per_game": round(rounds / count, 1),
        "results": {name: round(n / count, 4) for name, n in sorted(results.items())},
        "games": count,
        "first_seed": seed,
        "seconds": round(seconds, 3),
        "profiled": profiled,
        "python": platform.python_version(),
    }


def print_profile(profile: cProfile.Profile, stream: Any) -> None:
    for order in ("cumulative", "tottime"):
        buffer = io.StringIO()
        stats = pstats.Stats(profile, stream=buffer)
        stats.strip_dirs().sort_stats(order).print_stats(TOP)
        print(f"--- top {TOP} functions by {order} time ---", file=stream)
        print(buffer.getvalue(), file=stream)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=200, help="games to play (200)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (0)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--profile", action="store_true",
                        help="run under cProfile; top functions to stderr")
    args = parser.parse_args()

    ruleset = registry.get("amulet")
    config = ruleset.config_model()()
    ruleset.new(config, args.seed)  # load tables and data files before the clock starts
    seeds = range(args.seed, args.seed + args.games)
    profile = cProfile.Profile() if args.profile else None
    err = Console(stderr=True)

    progress = Progress(TextColumn("amulet games"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=err, transient=True,
                        disable=args.json or not err.is_terminal)
    with progress:
        task = progress.add_task("games", total=args.games)

        def tick() -> None:
            progress.advance(task)

        if profile is not None:
            profile.enable()
        games, seconds = play_all(ruleset, config, seeds, tick)
        if profile is not None:
            profile.disable()

    result = figures(games, seconds, args.seed, profile is not None)
    if profile is not None:
        print_profile(profile, sys.stderr)
    if args.json:
        print(json.dumps(result))
        return
    for name, value in result.items():
        if name == "games_per_second":
            verdict = "met" if result["goal_met"] else "not met"
            value = f"{value}  (goal: {GOAL_PER_CORE:.1f} per core, {GOAL_GAMES:,} games " \
                    f"in {GOAL_SECONDS:.0f} s on {GOAL_CORES} cores: {verdict})"
        print(f"{name}: {value}")
    print(json.dumps({"games_per_second": result["games_per_second"],
                      "rounds_per_second": result["rounds_per_second"]}))


if __name__ == "__main__":
    main()
