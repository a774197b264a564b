"""How long the ``undercroft`` command takes to answer: ``--help`` and ``roll d6``.

Usage: python bench/startup.py [--runs N] [--json]

Runs each command N times (default 7) as a person does, through the console script
beside this Python (``python -m undercroft`` when there is none), and prints the median
and best wall-clock seconds of each and the median CPU seconds (which vary less with
the machine's load). Then it imports ``undercroft.cli`` once under ``python -X
importtime`` and prints that import's time and the libraries it loaded of those only
some commands need (scipy, matplotlib, pandas, the web stack, icepool, numpy).
Start-up is paid on every command: the goal is half a second for both commands on the
development machine. Its load varies, so compare the medians of runs made in turn.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Final

from bench_args import positive, print_figures

COMMANDS: Final = {"help": ["--help"], "roll": ["roll", "d6", "--seed", "1"]}
HEAVY: Final = ("scipy", "matplotlib", "pandas", "fastapi", "sqlalchemy", "uvicorn",
                "icepool", "numpy")


def command_line() -> list[str]:
    """The ``undercroft`` console script installed with this Python, or ``-m``."""
    script = Path(sys.executable).with_name("undercroft")
    return [str(script)] if script.exists() else [sys.executable, "-m", "undercroft"]


def seconds(argv: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of ``argv`` to its exit (output discarded).

    The CPU time (user and system) varies less than the wall clock with the other
    work on the machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def import_figures() -> dict[str, Any]:
    """``import undercroft.cli`` under ``-X importtime``: its seconds and heavy libraries."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import undercroft.cli"],
        check=True, capture_output=True, text=True, env={**os.environ, "PYTHONWARNINGS": ""})
    loaded: set[str] = set()
    total_us = 0
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|")
        module = name.strip()
        loaded.add(module.split(".")[0])
        if module == "undercroft.cli":
            total_us = int(cumulative)
    return {"import_cli_seconds": round(total_us / 1e6, 3),
            "heavy_loaded_by_import": sorted(loaded.intersection(HEAVY))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=positive, default=7, help="runs of each command")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    options = parser.parse_args()
    base = command_line()
    figures: dict[str, Any] = {}
    for name, args in COMMANDS.items():
        seconds(base + args)  # one run first, so that every timed run finds files cached
        runs = [seconds(base + args) for _ in range(options.runs)]
        walls = [wall for wall, _ in runs]
        figures[f"{name}_median_seconds"] = round(statistics.median(walls), 3)
        figures[f"{name}_best_seconds"] = round(min(walls), 3)
        figures[f"{name}_median_cpu_seconds"] = round(statistics.median(c for _, c in runs), 3)
    figures.update(import_figures())
    figures["runs"] = options.runs
    print_figures(figures, options.json)


if __name__ == "__main__":
    main()
