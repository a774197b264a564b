"""What a spawned worker of the balance lab costs before it plays: CPU seconds to start,
and to play its first small batch of Amulet games.

Usage: python bench/worker_start.py [--runs N] [--json]

Each run starts one fresh worker (``sim.workers.LocalPool``, spawned as `simulate
--workers` does) from a script laid out as the ``undercroft`` console script is, asks it
for its CPU time at once (the start: Python, the CLI's entry and the simulation code),
then has a second fresh worker play two games and report its CPU time after them. It
prints the median of each over N runs (default 5), and the heavy libraries a worker
held (none is the goal: scipy.stats alone cost about 1.4 s a worker before the
commands were imported lazily). A run of the lab pays the start once per worker.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any, Final

from bench_args import positive, print_figures

HEAVY: Final = ("scipy", "matplotlib", "pandas", "pyarrow", "fastapi", "sqlalchemy",
                "uvicorn", "icepool")

PROBE: Final = '''
import sys
import time

from undercroft.sim.games import play_batch


def started(batch):
    return [time.process_time(), sorted(sys.modules)]


def played(batch):
    play_batch(batch)
    return [time.process_time(), sorted(sys.modules)]
'''

SCRIPT: Final = '''
import json
import sys

from undercroft.cli import main  # as the console script does: a spawned worker runs it again

import worker_probe
from undercroft.sim.games import Batch
from undercroft.sim.workers import LocalPool

if __name__ == "__main__":
    batch = Batch("amulet", "{}", ("sensible",), 1, 0, 0, 2)
    answers = {}
    for name in ("started", "played"):
        with LocalPool(1) as pool:
            answers[name] = next(pool.play([batch], getattr(worker_probe, name)))
    print(json.dumps(answers))
'''


def one_run(folder: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, str(folder / "undercroft_like.py")],
                          capture_output=True, text=True, timeout=600, cwd=folder,
                          check=True)
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=positive, default=5)
    parser.add_argument("--json", action="store_true", help="one JSON document")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "worker_probe.py").write_text(textwrap.dedent(PROBE), encoding="utf-8")
        (folder / "undercroft_like.py").write_text(textwrap.dedent(SCRIPT), encoding="utf-8")
        runs = [one_run(folder) for _ in range(args.runs)]
    held = sorted({heavy for run in runs for heavy in HEAVY
                   if any(module == heavy or module.startswith(heavy + ".")
                          for module in run["played"][1])})
    print_figures({
        "runs": args.runs,
        "start_cpu_seconds_median": round(statistics.median(r["started"][0] for r in runs), 3),
        "after_two_games_cpu_seconds_median": round(
            statistics.median(r["played"][0] for r in runs), 3),
        "heavy_held": held,
    }, args.json)


if __name__ == "__main__":
    main()
