"""The issue's speed goal, measured fairly: Amulet levels against python-tcod BSP maps.

Usage: python bench/versus_tcod.py [--rounds N] [--seconds S] [--tcod-python PATH] [--json]

A shared machine's speed drifts from minute to minute, so one run of each
benchmark compares two different machines. This runs the two benchmarks in
turn, N rounds of S seconds each, and reports each side's best and median
rounds and both ratios. The README quotes the ratio of medians (the typical
round); the ratio of bests shows each side when least disturbed by other work.
python-tcod is not a dependency of Undercroft: pass an interpreter that has
it with --tcod-python (default: this one).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).parent


def one_round(python: str, script: str, seconds: float) -> float:
    """Run one benchmark script with --json and read its figure from the last line."""
    done = subprocess.run([python, str(BENCH / script), "--seconds", str(seconds), "--json"],
                          capture_output=True, text=True, check=True)
    figure: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return next(iter(figure.values()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--tcod-python", default=sys.executable)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    amulet: list[float] = []
    tcod: list[float] = []
    for _ in range(args.rounds):
        amulet.append(one_round(sys.executable, "amulet_generate.py", args.seconds))
        tcod.append(one_round(args.tcod_python, "tcod_bsp.py", args.seconds))
    figures = {
        "amulet_levels_per_second_best": max(amulet),
        "amulet_levels_per_second_median": statistics.median(amulet),
        "tcod_maps_per_second_best": max(tcod),
        "tcod_maps_per_second_median": statistics.median(tcod),
        "ratio_of_bests": round(max(amulet) / max(tcod), 3),
        "ratio_of_medians": round(statistics.median(amulet) / statistics.median(tcod), 3),
    }
    for name, value in figures.items():
        print(f"{name}: {value}")
    if args.json:
        print(json.dumps({"ratio_of_medians": figures["ratio_of_medians"],
                          "ratio_of_bests": figures["ratio_of_bests"]}))


if __name__ == "__main__":
    main()
