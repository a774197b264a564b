"""Whether two builds of Amulet play the same whole games: every choice, event and view.

Usage: python bench/amulet_same_games.py [--games N] [--seed S] [--save FILE]
       [--against FILE]

Plays N whole games (default 50) of the default party with four sensible
automated heroes, on seeds S, S+1, ..., as ``bench/amulet_games.py`` does, and
digests each one: every seat's view as its player received it (as JSON text, so
the order of keys counts), every choice, every event, and the whole truth at
the end. Speed work must leave all of these as they were: a cache that showed
a seat a stale room, or another seat's, changes the digest even where the
player happens to choose the same. ``--save`` writes the digests to FILE;
``--against`` compares them with a file saved before (by another build: run
this script with that build's ``src`` first on PYTHONPATH) and prints
"identical", or the games that differ, and exits 1. Without either, the
digests go to stdout, one JSON line a game.
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
from undercroft.engine.runner import play_out
from undercroft.rng import Stream
from undercroft.systems.amulet.actions import Action
from undercroft.systems.amulet.events import Event
from undercroft.systems.amulet.game_agents import AGENTS

MAX_STEPS = 100_000


class Witness:
    """The sensible player, writing down each view it is given and what it chose."""

    def __init__(self, seat: str, digest: Any) -> None:
        self._agent = AGENTS["sensible"]()
        self._seat = seat
        self._digest = digest

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Stream) -> Action:
        chosen: Action = self._agent.choose(view, legal, rng)
        self._digest.update(f"{self._seat}\n{json.dumps(view)}\n{chosen.text}\n".encode())
        return chosen


def one_game(seed: int) -> dict[str, Any]:
    ruleset = registry.get("amulet")
    state = ruleset.new(ruleset.config_model()(), seed)
    digest = hashlib.sha256()
    agents = {seat: Witness(seat, digest) for seat in ruleset.seats(state)}

    def after_step(events: Sequence[Event]) -> None:
        for event in events:
            digest.update(json.dumps(event.to_dict()).encode())

    outcome = play_out(ruleset, state, agents, seed, max_steps=MAX_STEPS, after_step=after_step)
    digest.update(json.dumps(ruleset.view(state, None)).encode())
    return {"seed": seed, "rounds": state.table.round - 1, "steps": state.steps,
            "depth": state.depth, "result": outcome.result if outcome else "unfinished",
            "digest": digest.hexdigest()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=50, help="games to play (50)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (0)")
    parser.add_argument("--save", help="write the digests to this file")
    parser.add_argument("--against", help="compare the digests with this file")
    args = parser.parse_args()
    games = [one_game(seed) for seed in range(args.seed, args.seed + args.games)]
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump(games, out, indent=0)
    if args.against:
        with open(args.against, encoding="utf-8") as before:
            saved = {game["seed"]: game for game in json.load(before)}
        differ = [game["seed"] for game in games if saved.get(game["seed"]) != game]
        if differ:
            print(f"differ: seeds {', '.join(map(str, differ))}")
            sys.exit(1)
        print(f"identical ({len(games)} games, seeds {args.seed}-{args.seed + args.games - 1})")
        return
    if not args.save:
        for game in games:
            print(json.dumps(game))


if __name__ == "__main__":
    main()
