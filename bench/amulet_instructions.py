"""Instructions a round of whole Amulet games, counted by valgrind's callgrind.

Usage: python bench/amulet_instructions.py [--games N] [--seed S] [--json]

The stable figure beside games per second (which vary with the machine's load):
runs ``bench/amulet_games.py --games N --seed S`` (default 10 games, seeds 0-9: the
README's figure) under ``valgrind --tool=callgrind``, and a second process that only
starts the same way (imports, rule tables, one new game), and prints the difference
divided by the rounds the games played. Run it after ``make fast`` for the compiled
figure; it says whether the game's modules ran compiled. Needs valgrind (``apt-get
install valgrind``); a run of 10 games takes a minute or two compiled.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Final

from bench_args import positive, print_figures

BENCH: Final = Path(__file__).resolve().parent
START: Final = (
    "import sys; sys.path.insert(0, {bench!r}); import amulet_games; "
    "from undercroft.engine import registry; ruleset = registry.get('amulet'); "
    "ruleset.new(ruleset.config_model()(), {seed})"
)
"""What ``amulet_games.py`` does before its first game: the process's start."""
TOTAL: Final = re.compile(r"^summary:\s+(\d+)", re.MULTILINE)


def instructions(command: list[str]) -> tuple[int, str]:
    """The instructions callgrind counts for the whole of a command, and its stdout."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               *command], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"callgrind failed on {' '.join(command)}: "
                             f"{done.stderr.strip().splitlines()[-1:]}")
        found = TOTAL.search(out.read_text())
        if found is None:
            raise SystemExit(f"no instruction total in callgrind's output for {command}")
        return int(found[1]), done.stdout


def compiled() -> bool:
    from undercroft.systems.amulet.game import agents, rules
    return all(Path(m.__file__ or "").suffix != ".py" for m in (rules, agents))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=10, help="games to play (10)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (0)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    python = sys.executable
    games, shown = instructions([python, str(BENCH / "amulet_games.py"), "--games",
                                 str(args.games), "--seed", str(args.seed), "--json"])
    start, _ = instructions([python, "-c", START.format(bench=str(BENCH), seed=args.seed)])
    played: dict[str, Any] = json.loads(shown.strip().splitlines()[-1])
    rounds = round(played["mean_rounds_per_game"] * args.games)
    result = {
        "instructions_per_round": round((games - start) / rounds),
        "rounds": rounds,
        "games": args.games,
        "first_seed": args.seed,
        "instructions_games": games,
        "instructions_start": start,
        "compiled": compiled(),
    }
    print_figures(result, args.json)


if __name__ == "__main__":
    main()
