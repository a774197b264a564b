"""`undercroft simulate SYSTEM`: the balance lab's command.

Many whole games with automated players (or many runs of one Amulet encounter
with ``--scenario``), summed up with confidence intervals, optionally swept over
rule values, written as JSON, one row per game, and an HTML report. Everything
the user typed is checked before the first game is played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Final

import typer
from rich.console import Console
from rich.table import Table

from undercroft.cli.lab_options import (
    Agents,
    ConfigFile,
    JsonOutput,
    Scheduler,
    Seed,
    System,
    WorkerCount,
    lab_flags,
)
from undercroft.cli.output import check_folder_target, emit_json, new_seed
from undercroft.cli.progress import progress_bar
from undercroft.content.files import check_can_create
from undercroft.engine import registry
from undercroft.errors import BadInput
from undercroft.sim.games import check_agents
from undercroft.sim.report import PAGE
from undercroft.sim.rows_out import RowWriter, check_target
from undercroft.sim.run import Plan, RunResult, out_columns, run
from undercroft.sim.settings import build_arms, parse_sets, read_config_file
from undercroft.sim.stats import Summary
from undercroft.sim.workers import default_workers, open_workers

MAX_GAMES: Final = 100_000_000
MAX_RUNS: Final = 1_000_000


def simulate_command(
    system: System,
    games: Annotated[int | None, typer.Option("--games", help="Games per arm of the sweep.")
                     ] = None,
    seed: Seed = None,
    config: ConfigFile = None,
    sets: Annotated[list[str] | None, typer.Option(
        "--set", help="key=value, or key=a,b,c to sweep (repeat for a grid); list items "
        "joined with '+'.")] = None,
    agents: Agents = None,
    party: Annotated[str | None, typer.Option("--party", help="Classes, comma-separated.")
                     ] = None,
    workers: WorkerCount = None,
    scheduler: Scheduler = None,
    json_output: JsonOutput = False,
    out: Annotated[Path | None, typer.Option(
        "--out", help="One row per game: a .csv or .parquet file.")] = None,
    report: Annotated[Path | None, typer.Option(
        "--report", help="Write an HTML report with plots into this folder.")] = None,
    scenario: Annotated[Path | None, typer.Option(
        "--scenario", help="Amulet only: simulate one encounter from a scenario file.")
    ] = None,
    runs: Annotated[int | None, typer.Option("--runs", help="Runs of the --scenario.")
                    ] = None,
) -> None:
    """Play many games with automated players and sum them up with error bars."""
    ruleset = registry.get(system)
    seed = new_seed() if seed is None else seed
    if scenario is not None or runs is not None:
        _encounter(system, scenario, runs, seed, json_output,
                   any(v is not None for v in (games, config, sets, agents, party, workers,
                                               scheduler, out, report)))
        return
    if games is None:
        raise BadInput("--games: required (how many games per arm)")
    if not 1 <= games <= MAX_GAMES:
        raise BadInput(f"--games {games}: expected 1 to {MAX_GAMES:,}")
    if workers is not None and workers < 1:
        raise BadInput(f"--workers {workers}: expected 1 or more")
    model = ruleset.config_model()
    base: dict[str, Any] = read_config_file(config) if config is not None else {}
    if party is not None:
        if "party" not in model.model_fields:
            raise BadInput(f"--party: {system} has no party setting")
        base["party"] = [name.strip().lower() for name in party.split(",")]
    arms = build_arms(model, base, parse_sets(sets or [], model),
                      "--party" if config is None else f"--config {config}")
    chosen = agents or registry.default_agent(system)
    names = tuple(name.strip().lower() for name in chosen.split(","))
    check_agents(ruleset, names)
    check_outputs(out, report)
    plan = Plan(system, games, seed, arms, names)
    count = workers or default_workers()
    result = _play(plan, count, scheduler, out)
    if report is not None:
        from undercroft.sim.report import write_report

        page = write_report(result, report)
        Console(stderr=True).print(f"report: {page}")
    if json_output:
        emit_json(result.to_dict(), "-")
    else:
        _print_result(result)


def check_outputs(out: Path | None, report: Path | None) -> None:
    """Refuse, before the first game, an --out or --report that could not be written when
    the run is over: a run of hours must not end in a write that fails (an --out into a
    missing folder or over a folder or a FIFO, a --report folder that is a file or
    cannot be made or written)."""
    if out is not None:
        check_target(out)
        check_can_create(out.parent, f"--out {out}")
    if report is not None:
        check_folder_target(report, PAGE, "--report")



def _play(plan: Plan, count: int, scheduler: str | None, out: Path | None) -> RunResult:
    total = plan.games * len(plan.arms)
    with open_workers(count, scheduler) as workers, progress_bar(
            f"{plan.system} games") as bar:
        task = bar.add_task("games", total=total)

        def advance(games: int) -> None:
            bar.advance(task, games)

        if out is None:
            return run(plan, workers, workers.count, advance)
        with RowWriter(out, out_columns(plan)) as rows:
            return run(plan, workers, workers.count, advance, rows)


def _print_result(result: RunResult) -> None:
    """Headline figures per arm, with their intervals, on stdout."""
    console = Console(highlight=False)
    plan = result.plan
    console.print(f"{plan.system}: {plan.games:,} games per arm, seed {plan.seed}, agents "
                  f"{','.join(plan.agents)}")
    table = Table("figure", *[a.arm.label.replace(", ", "\n") for a in result.arms])
    names = result.arms[0].spec.headline or tuple(result.arms[0].summary.means)
    for name in names:
        table.add_row(name, *[_mean_text(a.summary, name) for a in result.arms])
    for name in result.arms[0].summary.rates_dict():
        table.add_row(name, *[_rate_text(a.summary, name) for a in result.arms])
    console.print(table)


def _mean_text(summary: Summary, name: str) -> str:
    mean = summary.means.get(name)
    if mean is None:
        return "-"
    lo, hi = mean.ci95()
    return f"{mean.mean:.2f} ({lo:.2f}-{hi:.2f})"


def _rate_text(summary: Summary, name: str) -> str:
    rate = summary.rates_dict().get(name)
    if rate is None:
        return "-"
    lo, hi = rate["ci95"]
    return f"{100 * rate['p']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"


def _encounter(system: str, scenario: Path | None, runs: int | None, seed: int,
               json_output: bool, other_options: bool) -> None:
    """``--scenario FILE --runs N``: one Amulet encounter, many times."""
    if system != "amulet":
        raise BadInput(f"--scenario: only amulet has scenarios, not {system!r}")
    if scenario is None or runs is None:
        raise BadInput("--scenario and --runs go together")
    if other_options:
        raise BadInput("--scenario takes only --runs, --seed and --json")
    if not 1 <= runs <= MAX_RUNS:
        raise BadInput(f"--runs {runs}: expected 1 to {MAX_RUNS:,}")
    from undercroft.sim.encounters import encounter_document, simulate_encounter
    from undercroft.systems.amulet.encounter.scenario import read_scenario

    found = read_scenario(scenario)
    name = found.name or scenario.stem
    with progress_bar("encounter runs") as bar:
        task = bar.add_task("runs", total=runs)
        summary = simulate_encounter(found, seed, runs, lambda: bar.advance(task))
    document = encounter_document(name, seed, summary)
    if json_output:
        emit_json(document, "-")
        return
    console = Console(highlight=False)
    console.print(f"{name}: {runs:,} runs, seed {seed}")
    table = Table("figure", "value (95% interval)")
    for rate in document["rates"]:
        table.add_row(rate, _rate_text(summary, rate))
    for metric in document["metrics"]:
        table.add_row(metric, _mean_text(summary, metric))
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("simulate")(lab_flags(simulate_command))
