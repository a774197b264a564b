"""How fast a restarted shared table resumes a long game: from its snapshot, or by replay.

Usage: python bench/table_resume.py [--steps N] [--every E] [--seed S] [--json]

Plays one Amulet table of the shared table's service (the default rules; the Warrior a
human seat whose choices the sensible agent makes here, the other three seats automated
sensible players) for N steps (default 1,000, fewer if the game ends), writing a snapshot
every E steps (default: the server's). Then, as a restarted server does, it rebuilds the
table from the database three times each way and keeps the best: from the latest
snapshot and the steps after it, and from the whole record (the snapshot set aside).
Prints the steps, both times, the steps replayed after the snapshot, the snapshot's size
and the time to write one. The last line of stdout is {"replay_seconds": X,
"resume_seconds": Y}; with --json stdout is one JSON document holding every figure.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from bench_args import positive
from undercroft.engine.agents import agent_stream
from undercroft.store.games import GameStore, StoredTable
from undercroft.systems.amulet.game.agents import SensibleAgent
from undercroft.web.live import SNAPSHOT_EVERY, LiveTable, restore, snapshot_of
from undercroft.web.tables import TableService

HUMAN: Final = "Warrior"
AUTOMATED: Final = {"Elf": "sensible", "Valkyrie": "sensible", "Wizard": "sensible"}
TRIES: Final = 3


def play(service: TableService, steps: int) -> int:
    """Make a table and play it ``steps`` steps (or to its end); returns its id."""
    made = service.create("amulet", {}, AUTOMATED)
    token = next(seat["token"] for seat in made["seats"] if seat["seat"] == HUMAN)
    game = service.tables[made["table"]].table
    agent, stream = SensibleAgent(), agent_stream(game.seed, HUMAN)
    while game.steps < steps and game.outcome is None:
        view = game.view(HUMAN)
        choice = agent.choose(view, game.legal(HUMAN), stream)
        claim = "!" if choice.claim else ""  # the seat page's claim toggle
        service.choose(token, "127.0.0.1", claim + choice.plain().text, game.steps)
    return int(made["table"])


def settled(live: LiveTable, seconds: float = 120) -> None:
    """Wait (at most ``seconds``) until the automated seats' steps, which go on in the
    background when the person's seat can no longer choose, are taken and stored: the
    stored rows and the game in memory are then the same game."""
    deadline = time.monotonic() + seconds
    while live.continuing:
        if time.monotonic() > deadline:
            raise SystemExit(f"the table's automated steps did not finish in {seconds:.0f} s")
        time.sleep(0.05)


def best(work: Callable[[], LiveTable]) -> tuple[float, LiveTable]:
    times, live = [], None
    for _ in range(TRIES):
        start = time.perf_counter()
        live = work()
        times.append(time.perf_counter() - start)
    assert live is not None
    return min(times), live


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=positive, default=1_000)
    parser.add_argument("--every", type=positive, default=SNAPSHOT_EVERY)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(f"sqlite:///{Path(folder) / 'games.sqlite3'}")
        service = TableService(store, seeds=lambda: args.seed, snapshot_every=args.every)
        table_id = play(service, args.steps)
        settled(service.tables[table_id])
        stored = next(table for table in store.tables() if table.id == table_id)
        figures = measure(stored, service.tables[table_id], args.every)
        store.close()
    if args.json:
        print(json.dumps(figures))
        return
    print(f"Amulet table, seed {args.seed}: {figures['steps']} steps, a snapshot every "
          f"{args.every} (the latest at step {figures['snapshot_step']}, "
          f"{figures['snapshot_bytes']:,} bytes compressed, written in "
          f"{figures['write_ms']:.1f} ms)")
    print(f"  whole record replayed: {figures['replay_seconds']:.3f} s")
    print(f"  from the snapshot, {figures['steps_after_snapshot']} steps replayed after it: "
          f"{figures['resume_seconds']:.3f} s")
    print(json.dumps({"replay_seconds": figures["replay_seconds"],
                      "resume_seconds": figures["resume_seconds"]}))


def measure(stored: StoredTable, played: LiveTable, every: int) -> dict[str, Any]:
    assert stored.snapshot is not None, "no snapshot was written: play more steps"
    without = dataclasses.replace(stored, snapshot=None)
    replay_seconds, replayed = best(lambda: restore(without, every))
    resume_seconds, resumed = best(lambda: restore(stored, every))
    assert resumed.snapshot_at == stored.snapshot.number, "the snapshot was not used"
    truth = played.table.view(None)
    assert resumed.table.view(None) == truth
    assert replayed.table.view(None) == truth
    start = time.perf_counter()
    written = snapshot_of(played)
    write_ms = (time.perf_counter() - start) * 1000
    return {"steps": len(stored.steps), "every": every,
            "snapshot_step": stored.snapshot.number,
            "steps_after_snapshot": len(stored.steps) - stored.snapshot.number,
            "snapshot_bytes": len(written.data), "write_ms": round(write_ms, 2),
            "replay_seconds": round(replay_seconds, 4),
            "resume_seconds": round(resume_seconds, 4)}


if __name__ == "__main__":
    main()
