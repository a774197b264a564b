"""How the balance lab scales from one worker to two: the same games, timed both ways.

Usage: python bench/sim_scaling.py [--games N] [--seed S] [--workers 1,2] [--json]

Runs ``undercroft simulate amulet`` with the default rules and four sensible
automated heroes N times over (default 2,000 games, the issue's figure) once per
worker count, through the same code the command uses (``undercroft.sim.run`` with
a local process pool; one worker plays in this process), and prints each run's
wall-clock seconds and games per second, the speed-up of each count over one
worker, and whether the figures of every run were identical (they must be). The
issue's goal: at least 1.8x from 1 to 2 workers on a 2-core machine. The last line
of stdout is {"speedup": X, "games_per_second": {...}}; with --json stdout is one
JSON document holding every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from typing import Any, Final

from bench_args import positive
from undercroft.engine import registry
from undercroft.sim.run import Plan, run
from undercroft.sim.settings import build_arms
from undercroft.sim.workers import open_workers

GOAL_SPEEDUP: Final = 1.8




def counts(text: str) -> list[int]:
    try:
        found = [int(part) for part in text.split(",")]
    except ValueError:
        found = []
    if not found or min(found) < 1:
        raise argparse.ArgumentTypeError(f"expected worker counts like 1,2, got {text!r}")
    return found


def timed(plan: Plan, workers: int) -> tuple[float, dict[str, Any]]:
    """Seconds for the whole run, pool start included, and its JSON document."""
    started = time.perf_counter()
    with open_workers(workers, None) as pool:
        result = run(plan, pool, workers)
    return time.perf_counter() - started, result.to_dict()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=2000, help="games (2000)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (0)")
    parser.add_argument("--workers", type=counts, default=[1, 2], help="counts to time (1,2)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    args = parser.parse_args()

    ruleset = registry.get("amulet")
    arms = build_arms(ruleset.config_model(), {}, [])
    plan = Plan("amulet", args.games, args.seed, arms, ("sensible",))
    seconds: dict[int, float] = {}
    documents = []
    for workers in args.workers:
        seconds[workers], document = timed(plan, workers)
        documents.append(document)
    base = seconds[args.workers[0]]
    rates = {str(w): round(args.games / s, 2) for w, s in seconds.items()}
    speedups = {str(w): round(base / s, 2) for w, s in seconds.items()}
    last = str(args.workers[-1])
    figures = {
        "games": args.games, "seed": args.seed, "cores": os.cpu_count(),
        "seconds": {str(w): round(s, 2) for w, s in seconds.items()},
        "games_per_second": rates, "speedup_over_first": speedups,
        "goal_speedup_1_to_2": GOAL_SPEEDUP,
        "goal_met": speedups.get("2", 0.0) >= GOAL_SPEEDUP if "2" in speedups else None,
        "same_figures": all(d == documents[0] for d in documents),
        "python": platform.python_version(),
    }
    if args.json:
        print(json.dumps(figures))
        return
    for name, value in figures.items():
        print(f"{name}: {value}")
    print(json.dumps({"speedup": speedups[last], "games_per_second": rates}))


if __name__ == "__main__":
    main()
