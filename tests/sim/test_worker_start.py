"""A spawned worker of the balance lab starts light: it loads the simulation code and the
game it plays, never the heavy libraries of other commands, and no command of the CLI.

The worker is started from a script laid out as the ``undercroft`` console script is (it
imports ``undercroft.cli`` at its top, which a spawned process runs again), and plays a
real batch of Amulet games before it says which modules it holds."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

HEAVY = ("scipy", "matplotlib", "pandas", "pyarrow", "fastapi", "starlette", "sqlalchemy",
         "uvicorn", "icepool", "distributed", "dask")

PROBE = '''
import sys
import time

from undercroft.sim.games import play_batch


def loaded(batch):
    rows = play_batch(batch)
    return [len(rows), sorted(sys.modules), time.process_time()]
'''

SCRIPT = '''
import json
import sys

from undercroft.cli import main  # as the console script does: a spawned worker runs it again

import worker_probe
from undercroft.sim.games import Batch
from undercroft.sim.workers import LocalPool

if __name__ == "__main__":
    batch = Batch("amulet", "{}", ("sensible",), 1, 0, 0, 2)
    with LocalPool(1) as pool:
        games, modules, seconds = next(pool.play([batch], worker_probe.loaded))
    print(json.dumps({"games": games, "modules": modules, "cpu": seconds}))
'''


def worker_modules(tmp_path: Path) -> dict[str, object]:
    (tmp_path / "worker_probe.py").write_text(textwrap.dedent(PROBE), encoding="utf-8")
    script = tmp_path / "undercroft_like.py"
    script.write_text(textwrap.dedent(SCRIPT), encoding="utf-8")
    answer = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                            timeout=300, cwd=tmp_path, check=True)
    found: dict[str, object] = json.loads(answer.stdout.strip().splitlines()[-1])
    return found


def test_a_spawned_worker_loads_no_heavy_library_and_no_command(tmp_path: Path) -> None:
    found = worker_modules(tmp_path)
    modules = set(found["modules"])  # type: ignore[call-overload]
    assert found["games"] == 2  # it played the batch
    assert "undercroft.systems.amulet.ruleset" in modules
    assert [name for name in HEAVY if name in modules] == []
    commands = sorted(name for name in modules if name.startswith("undercroft.cli."))
    assert commands == [], commands
