"""Whether two builds play the same whole games, in every system: choices, events, views, truth.

Usage: python bench/same_games.py [--games N] [--seed S] [--systems a,b]
       [--save FILE] [--against FILE]

Plays N whole games (default 50) of each registered system's default config with
its default automated player in every seat, on seeds S, S+1, ..., and digests
each game four ways: the record's choices, every event (as JSON, so the order of
keys counts), every view a seat was given to choose from, and a hash of the
whole truth every tenth step and at the end. A restructure that moves code must
leave all four as they were; a change that adds to events (rolls, say) shows
as "events" alone. ``--save`` writes the digests to FILE; ``--against``
compares with a file saved before (by another build: run this script with that
build's ``src`` first on PYTHONPATH), prints "identical" or each game and part
that differs, and exits 1 when any does. Systems present in only one of the two
files are named and skipped.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from bench_args import positive
from undercroft.engine import registry
from undercroft.engine.api import Event, Ruleset
from undercroft.engine.record import new_record, state_hash
from undercroft.engine.registry import default_agent
from undercroft.engine.runner import play_out
from undercroft.rng import Stream

MAX_STEPS = 100_000
TRUTH_EVERY = 10
PARTS = ("choices", "events", "views", "truth")


class Witness:
    """An automated player that writes down each view it is given."""

    def __init__(self, agent: Any, seat: str, digest: Any) -> None:
        self._agent = agent
        self._seat = seat
        self._digest = digest

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: Stream) -> Any:
        self._digest.update(f"{self._seat}\n{json.dumps(view, default=str)}\n".encode())
        return self._agent.choose(view, legal, rng)


def one_game(ruleset: Ruleset[Any, Any], seed: int) -> dict[str, Any]:
    config = ruleset.config_model()()
    state = ruleset.new(config, seed)
    digests = {part: hashlib.sha256() for part in PARTS}
    make = ruleset.agents()[default_agent(ruleset.name)]
    agents = {seat: Witness(make(), seat, digests["views"]) for seat in ruleset.seats(state)}
    record = new_record(ruleset, config, seed)
    steps = 0

    def after_step(events: Sequence[Event]) -> None:
        nonlocal steps
        steps += 1
        for event in events:
            digests["events"].update(json.dumps(event.to_dict(), default=str).encode())
        if steps % TRUTH_EVERY == 0:
            digests["truth"].update(state_hash(ruleset.view(state, None)).encode())

    outcome = play_out(ruleset, state, agents, seed, record=record, max_steps=MAX_STEPS,
                       after_step=after_step)
    digests["truth"].update(state_hash(ruleset.view(state, None)).encode())
    digests["choices"].update(json.dumps(record.choices).encode())
    return {"seed": seed, "steps": steps, "result": outcome.result if outcome else "unfinished",
            **{part: digest.hexdigest()[:16] for part, digest in digests.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=50, help="games per system (50)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (0)")
    parser.add_argument("--systems", default=",".join(registry.names()),
                        help="systems to play, comma-separated (all)")
    parser.add_argument("--save", help="write the digests to this file")
    parser.add_argument("--against", help="compare the digests with this file")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    games = {name: [one_game(registry.get(name), seed) for seed in seeds]
             for name in args.systems.split(",")}
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump(games, out, indent=0)
    if args.against:
        with open(args.against, encoding="utf-8") as before:
            saved: dict[str, list[dict[str, Any]]] = json.load(before)
        differ = 0
        for name, played in games.items():
            if name not in saved:
                print(f"{name}: not in {args.against}, skipped")
                continue
            old = {game["seed"]: game for game in saved[name]}
            for game in played:
                before = old.get(game["seed"], {})
                parts = [key for key, value in game.items() if before.get(key) != value]
                if parts:
                    differ += 1
                    print(f"{name} seed {game['seed']}: {', '.join(parts)} differ")
        for name in sorted(set(saved) - set(games)):
            print(f"{name}: only in {args.against}, skipped")
        if differ:
            sys.exit(1)
        print(f"identical ({', '.join(games)}; seeds {seeds.start}-{seeds.stop - 1})")
        return
    if not args.save:
        for name, played in games.items():
            for game in played:
                print(json.dumps({"system": name, **game}))


if __name__ == "__main__":
    main()
