"""What counting rules costs whole Amulet games: the same games with the audit's tally off
and on, in turn, in one process.

Usage: python bench/audit_overhead.py [--games N] [--rounds R] [--seed S] [--json]

Plays games S to S+N-1 (default 10 from 0) with the sensible heroes, R times (default
3) in each mode, alternating off and on so that both see the same machine load. "Off"
is play as at the table and in the lab, where ``engine.tally.fired`` finds no tally and
returns; "on" plays each game inside ``tallying()``, as ``undercroft audit`` does, but
without its per-step checks, so the figure is the cost of the counting alone. Prints
each mode's best games per second and the ratio on/off; the last line of stdout is
{"off": X, "on": Y, "ratio": Z}. Issue 20's limit: a fall of at most 5% with counting
on. The cost of the rule calls with counting off is read by running
bench/amulet_games.py on the build before and after them (farm-bench --vs).
"""

from __future__ import annotations

import argparse
import json
import time
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Final

from amulet_games import play_one
from bench_args import positive
from undercroft.engine import registry
from undercroft.engine.tally import tallying

LIMIT: Final = 0.95
"""Issue 20: whole-game speed with counting on at least 95% of it with counting off."""


def timed(ruleset: Any, config: Any, seeds: range, counting: bool) -> tuple[float, int]:
    """Seconds to play every game of ``seeds``, and the rules fired in all."""
    fired = 0
    started = time.perf_counter()
    for seed in seeds:
        scope: AbstractContextManager[Any] = tallying() if counting else nullcontext()
        with scope as tally:
            play_one(ruleset, config, seed)
        if tally is not None:
            fired += sum(tally.fired.values())
    return time.perf_counter() - started, fired


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=10, help="games a round (10)")
    parser.add_argument("--rounds", type=positive, default=3, help="rounds per mode (3)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (0)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    args = parser.parse_args()

    ruleset = registry.get("amulet")
    config = ruleset.config_model()()
    ruleset.new(config, args.seed)
    seeds = range(args.seed, args.seed + args.games)
    best = {"off": float("inf"), "on": float("inf")}
    fired = 0
    for _ in range(args.rounds):
        for mode in ("off", "on"):
            seconds, count = timed(ruleset, config, seeds, mode == "on")
            best[mode] = min(best[mode], seconds)
            fired = max(fired, count)
    rates = {mode: round(args.games / seconds, 3) for mode, seconds in best.items()}
    ratio = round(rates["on"] / rates["off"], 4)
    result = {"games": args.games, "rounds": args.rounds, "first_seed": args.seed,
              "games_per_second_off": rates["off"], "games_per_second_on": rates["on"],
              "ratio": ratio, "within_limit": ratio >= LIMIT,
              "rules_fired_per_game": round(fired / args.games, 1)}
    if args.json:
        print(json.dumps(result))
        return
    for name, value in result.items():
        print(f"{name}: {value}")
    print(json.dumps({"off": rates["off"], "on": rates["on"], "ratio": ratio}))


if __name__ == "__main__":
    main()
