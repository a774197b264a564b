"""The shared table's load benchmark (bench/web_load.py) still runs: two small tables,
played for two rounds against a real server, give every figure in one JSON document."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parents[2] / "bench" / "web_load.py"


def test_the_web_load_benchmark_plays_every_round_and_prints_its_figures() -> None:
    done = subprocess.run([sys.executable, str(BENCH), "--tables", "2", "--rounds", "2",
                           "--json"], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    figures: dict[str, Any] = json.loads(lines[0])
    assert figures["tables"] == 2 and figures["seats"] == 8 and figures["rounds"] == 2
    assert figures["finished_early"] == 0
    assert figures["steps"] >= 4 and figures["choices"] == 4 * 2 * 2  # every seat, each round
    assert figures["choices_per_second"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["goal_tables"] == 100 and figures["goal_p99_ms"] == 100.0
    assert figures["goal_met"] is False  # two tables are not the goal's hundred
    assert figures["think_seconds"] == 1.0  # people's pace by default, not the stress case
