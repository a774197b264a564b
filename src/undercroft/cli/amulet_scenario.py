"""`undercroft amulet scenario FILE`: play a described situation once, or many times.

A scenario is the ``amulet-encounter`` ruleset's config: one run is a game played
by the engine's runner with the scenario's script in every seat (a scripted
choice that is not possible is bad input), many runs are a balance lab run;
both are ``sim.encounters``'.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from undercroft.cli.output import emit_json, new_seed
from undercroft.errors import BadInput
from undercroft.systems.amulet.encounter.rules import ending
from undercroft.systems.amulet.encounter.scenario import ScenarioFile, read_scenario
from undercroft.systems.amulet.encounter.state import EncounterState
from undercroft.systems.amulet.room.events import Event

if TYPE_CHECKING:
    from undercroft.sim.stats import Summary

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
    # The encounter lab sums runs up with scipy: loaded for this command only.
    from undercroft.sim.encounters import outcome_tally, play_once, run_document

    scenario = read_scenario(path)
    name = scenario.name or path.stem
    seed = new_seed() if seed is None else seed
    if runs is not None:
        if not 1 <= runs <= MAX_RUNS:
            raise BadInput(f"--runs {runs}: expected 1 to {MAX_RUNS}")
        tally = outcome_tally(name, seed, _many(scenario, seed, runs, show=not json_output))
        if json_output:
            emit_json(tally, "-")
        else:
            _print_tally(tally)
        return
    state, events = play_once(scenario, seed, str(path))
    if json_output:
        emit_json({"scenario": name, **run_document(state, events)}, "-")
    else:
        _print_run(name, state, events)


def _many(scenario: ScenarioFile, seed: int, runs: int, show: bool) -> Summary:
    from undercroft.sim.encounters import simulate_encounter

    if not show or runs < PROGRESS_FROM:
        return simulate_encounter(scenario, seed, runs)
    with Progress(console=Console(file=sys.stderr), transient=True) as progress:
        task = progress.add_task("playing", total=runs)
        return simulate_encounter(scenario, seed, runs, lambda: progress.advance(task))


def _print_run(name: str, state: EncounterState, events: list[Event]) -> None:
    console = Console(highlight=False)
    console.print(f"[bold]{name}[/bold] (seed {state.seed})")
    for event in events:
        console.print(event.explained(), markup=False, soft_wrap=True)
    scene = state.scene
    console.print(f"[bold]Outcome:[/bold] {ending(state)} after {scene.round - 1} rounds")
    for hero in scene.heroes:
        console.print(f"  {hero.name}: {hero.status}, health {hero.health}, keys {hero.keys}, "
                      f"potions {hero.potions}, treasure {hero.treasure}"
                      + (f", in cover behind {hero.cover}" if hero.cover else ""),
                      markup=False, soft_wrap=True)
    unused = state.dice.unused()
    if unused:
        console.print(f"  forced rolls never reached: {', '.join(unused)}", markup=False)
    for foe in scene.foes(None):
        console.print(f"  {foe.id}: health {foe.health}"
                      + (" (beyond)" if foe.place == "beyond" else ""), markup=False)


def _print_tally(tally: dict[str, Any]) -> None:
    console = Console(highlight=False)
    runs = tally["runs"]
    table = Table(title=f"{tally['scenario']}: {runs} runs from seed {tally['seed']}")
    table.add_column("outcome")
    table.add_column("runs", justify="right")
    table.add_column("share", justify="right")
    for outcome, count in sorted(tally["outcomes"].items(), key=lambda pair: -pair[1]):
        table.add_row(outcome, str(count), f"{count / runs:.1%}")
    console.print(table)
    console.print(f"mean rounds {tally['mean_rounds']:.1f}, hero deaths {tally['hero_deaths']}, "
                  f"script fallbacks {tally['script_fallbacks']}")
