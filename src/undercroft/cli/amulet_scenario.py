"""`undercroft amulet scenario FILE`: play a described situation once, or many times."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from undercroft.cli.output import emit_json, new_seed
from undercroft.errors import BadInput
from undercroft.systems.amulet.sandbox import RunResult, Tally, play, play_many
from undercroft.systems.amulet.scenario import ScenarioFile, read_scenario

MAX_RUNS = 1_000_000
PROGRESS_FROM = 200
"""Runs at which a progress bar is worth showing (on stderr, never with --json)."""


def scenario_command(
    path: Annotated[Path, typer.Argument(help="The scenario file (TOML).", show_default=False)],
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed, same fight.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    runs: Annotated[int | None, typer.Option(
        "--runs", help="Play N times on seeds derived from --seed; print how often each "
        "outcome happened.")] = None,
) -> None:
    """Play an Amulet encounter from a scenario file: every roll explained."""
    scenario = read_scenario(path)
    name = scenario.name or path.stem
    seed = new_seed() if seed is None else seed
    if runs is not None:
        if not 1 <= runs <= MAX_RUNS:
            raise BadInput(f"--runs {runs}: expected 1 to {MAX_RUNS}")
        tally = _many(scenario, seed, runs, show=not json_output)
        if json_output:
            emit_json({"scenario": name, "seed": seed, **tally.to_dict()}, "-")
        else:
            _print_tally(name, seed, tally)
        return
    result = play(scenario, seed, strict=True, where=str(path))
    if json_output:
        emit_json({"scenario": name, **result.to_dict()}, "-")
    else:
        _print_run(name, result)


def _many(scenario: ScenarioFile, seed: int, runs: int, show: bool) -> Tally:
    if not show or runs < PROGRESS_FROM:
        return play_many(scenario, seed, runs)
    with Progress(console=Console(file=sys.stderr), transient=True) as progress:
        task = progress.add_task("playing", total=runs)
        return play_many(scenario, seed, runs, lambda: progress.advance(task))


def _print_run(name: str, result: RunResult) -> None:
    console = Console(highlight=False)
    console.print(f"[bold]{name}[/bold] (seed {result.seed})")
    for event in result.fight.events:
        console.print(event.explained(), markup=False, soft_wrap=True)
    scene = result.fight.scene
    console.print(f"[bold]Outcome:[/bold] {result.outcome} after {scene.round - 1} rounds")
    for hero in scene.heroes:
        console.print(f"  {hero.name}: {hero.status}, health {hero.health}, keys {hero.keys}, "
                      f"potions {hero.potions}, treasure {hero.treasure}"
                      + (f", in cover behind {hero.cover}" if hero.cover else ""),
                      markup=False, soft_wrap=True)
    unused = result.fight.dice.unused()
    if unused:
        console.print(f"  forced rolls never reached: {', '.join(unused)}", markup=False)
    for foe in scene.foes(None):
        console.print(f"  {foe.id}: health {foe.health}"
                      + (" (beyond)" if foe.place == "beyond" else ""), markup=False)


def _print_tally(name: str, seed: int, tally: Tally) -> None:
    console = Console(highlight=False)
    table = Table(title=f"{name}: {tally.runs} runs from seed {seed}")
    table.add_column("outcome")
    table.add_column("runs", justify="right")
    table.add_column("share", justify="right")
    for outcome, count in sorted(tally.outcomes.items(), key=lambda pair: -pair[1]):
        table.add_row(outcome, str(count), f"{count / tally.runs:.1%}")
    console.print(table)
    summary = tally.to_dict()
    console.print(f"mean rounds {summary['mean_rounds']:.1f}, hero deaths {tally.deaths}, "
                  f"script fallbacks {tally.fallbacks}")
