"""Speed of Card Crawl's Random Dungeons: plan and grid layout, in one process.

Usage: python bench/cardcrawl_dungeons.py [--rooms N] [--seconds S] [--json]

Makes dungeons of N rooms (default 20, with the seed's variation) on seeds 0, 1,
2, ... for S seconds (default 3) after one warm-up dungeon, and prints dungeons
per second and milliseconds per dungeon for the plan alone and for plan and
layout together. The last line of stdout is {"dungeons_per_second": X}.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from bench_args import positive
from undercroft.systems.cardcrawl.dungeon.layout import layout_dungeon
from undercroft.systems.cardcrawl.dungeon.plan import PlanConfig, generate_plan


def rate(make: Callable[[int], Any], seconds: float) -> float:
    """How many ``make(seed)`` calls a second, over about ``seconds``."""
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        make(count)
        count += 1
    return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=positive, default=20, help="rooms (20)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per figure (3)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    args = parser.parse_args()
    config = PlanConfig(rooms=args.rooms, vary=True)
    layout_dungeon(generate_plan(config, 0))  # imports and first-call costs
    plans = rate(lambda seed: generate_plan(config, seed), args.seconds)
    whole = rate(lambda seed: layout_dungeon(generate_plan(config, seed)), args.seconds)
    figures = {"rooms": args.rooms, "plans_per_second": round(plans, 1),
               "dungeons_per_second": round(whole, 1),
               "ms_per_dungeon": round(1000 / whole, 2)}
    if args.json:
        print(json.dumps(figures))
        return
    for name, value in figures.items():
        print(f"{name}: {value}")
    print(json.dumps({"dungeons_per_second": figures["dungeons_per_second"]}))


if __name__ == "__main__":
    main()
