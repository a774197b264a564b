"""`undercroft simulate SYSTEM`: the balance lab's command.

Many whole games with automated players (or many runs of one Amulet encounter
with ``--scenario``), summed up with confidence intervals, optionally swept over
rule values, written as JSON, one row per game, and an HTML report; or, with
``--compare K=A,B``, two rule values played on the same games until their
difference is known. Everything the user typed is checked before the first game
is played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Final

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
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
from undercroft.cli.progress import SpeedColumn, progress_bar
from undercroft.content.files import check_can_create
from undercroft.engine import registry
from undercroft.engine.capabilities import simulated
from undercroft.errors import BadInput, flag
from undercroft.sim.compare import (
    Finding,
    Question,
    check_metric_values,
    check_metrics,
    check_question,
    compare,
    decimals,
    paired_batches,
)
from undercroft.sim.compare import Until as StopRule
from undercroft.sim.games import Batch, check_agents, play_batch
from undercroft.sim.report import PAGE
from undercroft.sim.rows_out import RowWriter, check_target
from undercroft.sim.run import Plan, RunResult, out_columns, run
from undercroft.sim.settings import (
    Arm,
    Sweep,
    build_arms,
    config_dump,
    parse_sets,
    read_config_file,
    setting_keys,
)
from undercroft.sim.stats import Summary
from undercroft.sim.workers import default_workers, open_workers

MAX_GAMES: Final = 100_000_000
MAX_RUNS: Final = 1_000_000
DEFAULT_MAX_PAIRS: Final = 10_000
PLAYERS_KEY: Final = "agents"
"""``--compare agents=A,B``: the arms differ by their players, not by a setting."""

Compare = Annotated[str | None, typer.Option(
    "--compare", help="key=A,B: play both values on the same games and stop when the "
    "difference is known; agents=A,B compares players (a+b for one per seat).")]
Metrics = Annotated[list[str] | None, typer.Option(
    "--metric", help="With --compare: a figure to compare (repeatable; column=word for a "
    "word figure; default: the system's first headline figure).")]
Until = Annotated[str, typer.Option(
    "--until", help="With --compare: decided (the interval excludes 0 or lies within "
    "+-tolerance) or precise (narrower than the tolerance).")]
Tolerance = Annotated[float | None, typer.Option(
    "--tolerance", help="With --compare: a difference too small to matter.")]
MaxGames = Annotated[int | None, typer.Option(
    "--max-games", help=f"With --compare: paired games at most (default "
    f"{DEFAULT_MAX_PAIRS:,}).")]


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
    compare_key: Compare = None,
    metrics: Metrics = None,
    until: Until = "decided",
    tolerance: Tolerance = None,
    max_games: MaxGames = None,
) -> None:
    """Play many games with automated players and sum them up with error bars."""
    ruleset = registry.get(system)
    seed = new_seed() if seed is None else seed
    if scenario is not None or runs is not None:
        _encounter(system, scenario, runs, seed, json_output,
                   any(v is not None for v in (games, config, sets, agents, party, workers,
                                               scheduler, out, report)))
        return
    if compare_key is None:
        for option, given in (("--metric", metrics), ("--tolerance", tolerance),
                              ("--max-games", max_games),
                              ("--until", None if until == "decided" else until)):
            if given is not None:
                raise BadInput(f"{option}: only with --compare")
    else:
        if games is not None or out is not None or report is not None:
            raise BadInput("--compare: stops by itself (bound it with --max-games); it "
                           "takes no --games, --out or --report")
        _compare(system, seed, compare_key, metrics or [], until, tolerance,
                 DEFAULT_MAX_PAIRS if max_games is None else max_games, config, sets,
                 agents, party, workers, scheduler, json_output)
        return
    if games is None:
        raise BadInput("--games: required (how many games per arm)")
    if not 1 <= games <= MAX_GAMES:
        raise BadInput(f"--games {games}: expected 1 to {MAX_GAMES:,}")
    _check_workers(workers)
    model = ruleset.config_model()
    base = _base_settings(system, config, party)
    arms = build_arms(model, base, parse_sets(sets or [], model), _where(config))
    names = _agents(system, agents)
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


def _check_workers(workers: int | None) -> None:
    if workers is not None and workers < 1:
        raise BadInput(f"--workers {workers}: expected 1 or more")


def _base_settings(system: str, config: Path | None, party: str | None) -> dict[str, Any]:
    """The settings of ``--config`` and ``--party``, not yet checked."""
    base: dict[str, Any] = read_config_file(config) if config is not None else {}
    if party is not None:
        if "party" not in registry.get(system).config_model().model_fields:
            raise BadInput(f"--party: {system} has no party setting")
        base["party"] = [name.strip().lower() for name in party.split(",")]
    return base


def _where(config: Path | None) -> str:
    return "--party" if config is None else f"--config {config}"


def _agents(system: str, agents: str | None) -> tuple[str, ...]:
    chosen = agents or registry.default_agent(system)
    names = tuple(name.strip().lower() for name in chosen.split(","))
    check_agents(registry.get(system), names)
    return names


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


def _compare(system: str, seed: int, text: str, metric_names: list[str], until: str,
             tolerance: float | None, max_games: int, config: Path | None,
             sets: list[str] | None, agents: str | None, party: str | None,
             workers: int | None, scheduler: str | None, json_output: bool) -> None:
    """``--compare K=A,B``: both values on the same games, until the question is answered."""
    ruleset = registry.get(system)
    model = ruleset.config_model()
    chosen_until = check_question(until, tolerance, max_games)
    if max_games > MAX_GAMES:
        raise BadInput(f"--max-games {max_games}: expected at most {MAX_GAMES:,}")
    _check_workers(workers)
    key, values = _compare_values(text, [PLAYERS_KEY, *setting_keys(model)])
    if key == PLAYERS_KEY:
        if agents is not None:
            raise BadInput("--agents: --compare agents=A,B names each arm's players")
        return _compare_players(system, seed, values, metric_names, chosen_until,
                                tolerance, max_games, config, sets, party, workers,
                                scheduler, json_output)
    sweeps = parse_sets(sets or [], model)
    for sweep in sweeps:
        if len(sweep.values) > 1 or sweep.key == key:
            raise BadInput(f"--set {sweep.key}: --compare varies one key ({key}); a --set "
                           "here is a plain setting")
    base = _base_settings(system, config, party)
    build_arms(model, base, sweeps, _where(config))
    with flag("--compare", "setting"):
        built = build_arms(model, base, [*sweeps, Sweep(key, values)], _where(config))
    arms: tuple[Arm, Arm] = (built[0], built[1])
    names = _agents(system, agents)
    spec = simulated(ruleset).figure_spec(arms[0].config)
    question = Question(key, arms, check_metrics(spec, metric_names), chosen_until,
                        tolerance, max_games)
    _ask(system, seed, question, names, workers, scheduler, json_output)


def _compare_players(system: str, seed: int, values: tuple[str, str],
                     metric_names: list[str], chosen_until: StopRule, tolerance: float | None,
                     max_games: int, config: Path | None, sets: list[str] | None,
                     party: str | None, workers: int | None, scheduler: str | None,
                     json_output: bool) -> None:
    """``--compare agents=A,B`` (its options already checked by :func:`_compare`): the
    same config, two sets of players, the same games."""
    ruleset = registry.get(system)
    model = ruleset.config_model()
    players = (_agents(system, values[0].replace("+", ",")),
               _agents(system, values[1].replace("+", ",")))
    sweeps = parse_sets(sets or [], model)
    for sweep in sweeps:
        if len(sweep.values) > 1:
            raise BadInput(f"--set {sweep.key}: --compare varies the players; a --set here "
                           "is a plain setting")
    one = build_arms(model, _base_settings(system, config, party), sweeps, _where(config))[0]
    arms = (Arm(0, {PLAYERS_KEY: values[0]}, one.config),
            Arm(1, {PLAYERS_KEY: values[1]}, one.config))
    spec = simulated(ruleset).figure_spec(one.config)
    question = Question(PLAYERS_KEY, arms, check_metrics(spec, metric_names), chosen_until,
                        tolerance, max_games, players)
    _ask(system, seed, question, players[0], workers, scheduler, json_output)


def _ask(system: str, seed: int, question: Question, names: tuple[str, ...],
         workers: int | None, scheduler: str | None, json_output: bool) -> None:
    """Play the comparison's paired games until it is answered, and say the answer."""
    arms, key = question.arms, question.key
    first_game = play_batch(Batch(system, arms[0].config.model_dump_json(), names, seed,
                                  arms[0].index, 0, 1))
    check_metric_values(first_game[0], question.metrics)
    with open_workers(workers or default_workers(), scheduler) as pool, _compare_bar(
            system) as bar:
        task = bar.add_task("pairs", total=question.max_games, interval="")

        def look(games: int, found: tuple[Finding, ...]) -> None:
            bar.update(task, completed=games, interval=_intervals_text(found))

        answer = compare(pool.play(paired_batches(system, names, seed, question)),
                         question, look)
    if json_output:
        common = _without(config_dump(arms[0].config), key)
        players = [list(seats) for seats in question.players] if question.players \
            else list(names)
        emit_json({"system": system, "seed": seed, "agents": players,
                   "config": common, **answer.to_dict()}, "-")
        return
    console = Console(highlight=False)
    for sentence in answer.sentences():
        console.print(sentence, soft_wrap=True)


def _without(settings: dict[str, Any], key: str) -> dict[str, Any]:
    """The settings both arms share: all but the compared ``key``, which may be dotted
    (``house.countdown``), so that only that one setting goes, not its group."""
    *groups, leaf = key.split(".")
    group = settings
    for name in groups:
        inner = group.get(name)
        if not isinstance(inner, dict):
            return settings
        group = inner
    group.pop(leaf, None)
    return settings


def _compare_values(text: str, known: list[str]) -> tuple[str, tuple[str, str]]:
    """``key=A,B``: a setting's key and its two different values."""
    key, sep, rest = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise BadInput(f"--compare {text}: expected key=A,B")
    if key not in known:
        raise BadInput(f"--compare {key}: unknown setting (valid: {', '.join(known)})")
    values = tuple(v.strip() for v in rest.split(","))
    if len(values) != 2 or not all(values) or values[0] == values[1]:
        raise BadInput(f"--compare {text}: expected two different values, {key}=A,B")
    return key, (values[0], values[1])


def _compare_bar(system: str) -> Progress:
    """Paired games played and every metric's current interval, on stderr."""
    return Progress(TextColumn(f"{system} paired games"), BarColumn(), MofNCompleteColumn(),
                    SpeedColumn(), TextColumn("{task.fields[interval]}"),
                    console=Console(stderr=True), transient=True)


def _intervals_text(found: tuple[Finding, ...]) -> str:
    """Each metric's difference so far and its interval, as the bar shows them."""
    return "; ".join(_interval_text(one) for one in found)


def _interval_text(found: Finding) -> str:
    lo, hi = found.interval
    if lo == float("-inf"):
        return found.metric
    places = decimals(found)
    return (f"{found.metric} {found.difference:+.{places}f} "
            f"({lo:.{places}f} to {hi:.{places}f})")


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
