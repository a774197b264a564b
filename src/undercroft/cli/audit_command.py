"""`undercroft audit SYSTEM`: the rules-health audit (docs/balance-lab.md, "The audit").

Plays whole games as the balance lab does (the same seeds, agents, local processes or a
Dask cluster) and reports what no test of a part sees: which rules fired and which
never did, the content never drawn or never used, the games that broke (each fault with
the command that replays its game to the step it was seen at), and where the steps go.
``--game I --until STEP`` is that command: it plays one game of the run to that step.
"""

from __future__ import annotations

import json
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
from undercroft.cli.output import check_folder_target, check_target, emit_json, new_seed
from undercroft.cli.progress import progress_bar
from undercroft.engine import registry
from undercroft.engine.audit import Auditable
from undercroft.engine.record import check_record_target, new_record, save_record
from undercroft.errors import BadInput
from undercroft.sim.audit_game import audit_game, auditable
from undercroft.sim.audit_run import run_audit
from undercroft.sim.audit_summary import to_dict
from undercroft.sim.games import check_agents, game_seed
from undercroft.sim.settings import build_arms, parse_sets, read_config_file
from undercroft.sim.workers import default_workers, open_workers

MAX_GAMES: Final = 10_000_000
DEFAULT_GAMES: Final = 200


def audit_command(
    system: System,
    games: Annotated[int, typer.Option("--games", help="Games to play.")] = DEFAULT_GAMES,
    seed: Seed = None,
    config: ConfigFile = None,
    sets: Annotated[list[str] | None, typer.Option(
        "--set", help="key=value (repeat); list items joined with '+'.")] = None,
    agents: Agents = None,
    workers: WorkerCount = None,
    scheduler: Scheduler = None,
    json_output: JsonOutput = False,
    report: Annotated[Path | None, typer.Option(
        "--report", help="Write the HTML report: FILE.html, or a folder for index.html.")
    ] = None,
    game: Annotated[int | None, typer.Option(
        "--game", help="Play only game I of the run (with --until: to that step).")] = None,
    until: Annotated[int | None, typer.Option(
        "--until", help="With --game: stop after this step.")] = None,
    record: Annotated[Path | None, typer.Option(
        "--record", help="With --game: write the game's record (for `undercroft replay`).")
    ] = None,
) -> None:
    """Play whole games and report rule coverage, unused content, broken games and length."""
    ruleset = registry.get(system)
    if not isinstance(ruleset, Auditable):
        audited = [name for name in registry.names() if isinstance(registry.get(name), Auditable)]
        raise BadInput(f"system {system!r}: no rules audit (audited: {', '.join(audited)})")
    seed = new_seed() if seed is None else seed
    model = ruleset.config_model()
    base: dict[str, Any] = read_config_file(config) if config is not None else {}
    parsed = parse_sets(sets or [], model)
    swept = [sweep.key for sweep in parsed if len(sweep.values) > 1]
    if swept:
        raise BadInput(f"--set {swept[0]}: the audit plays one set of rules (no sweeps; "
                       "`undercroft simulate` compares them)")
    [arm] = build_arms(model, base, parsed, f"--config {config}" if config else "--set")
    chosen = agents or registry.default_agent(system)
    names = tuple(name.strip().lower() for name in chosen.split(","))
    check_agents(ruleset, names)
    if game is not None:
        _one_game(system, arm.config, names, seed, game, until, record, json_output)
        return
    if until is not None or record is not None:
        raise BadInput("--until and --record go with --game (one game of the run)")
    if not 1 <= games <= MAX_GAMES:
        raise BadInput(f"--games {games}: expected 1 to {MAX_GAMES:,}")
    if workers is not None and workers < 1:
        raise BadInput(f"--workers {workers}: expected 1 or more")
    if report is not None:
        if report.suffix.lower() in (".html", ".htm"):
            check_target(report, "--report")
        else:
            check_folder_target(report, "index.html", "--report")
    with open_workers(workers or default_workers(), scheduler) as pool, progress_bar(
            f"{system} games audited") as bar:
        task = bar.add_task("games", total=games)
        summary = run_audit(system, arm.config, names, games, seed, pool,
                            lambda done: bar.advance(task, done))
    audit = auditable(ruleset)
    document = to_dict(summary, seed, sets or [], names, audit.catalogue(arm.config),
                       audit.usable_kinds())
    if report is not None:
        from undercroft.sim.audit_report import write_audit_report

        page = write_audit_report(document, report)
        Console(stderr=True).print(f"report: {page}")
    if json_output:
        emit_json(document, "-")
    else:
        _print(document)



def _one_game(system: str, config: Any, names: tuple[str, ...], seed: int, index: int,
              until: int | None, record: Path | None, json_output: bool) -> None:
    """Game ``index`` of the run, under audit, to step ``until`` (or its end)."""
    if index < 0:
        raise BadInput(f"--game {index}: expected 0 or more")
    if until is not None and until < 0:
        raise BadInput(f"--until {until}: expected 0 or more")
    if record is not None:
        check_record_target(record, f"--record {record}")
    ruleset = registry.get(system)
    played: list[dict[str, str]] = []
    this_seed = game_seed(seed, index)
    audit = audit_game(ruleset, config, names, this_seed, index, until, played)
    if record is not None:
        kept = new_record(ruleset, config, this_seed)
        kept.choices = played
        save_record(kept, record)
    document = {"system": system, "seed": seed, "game": index, "game_seed": this_seed,
                "steps": audit.steps, "result": audit.result,
                "anomalies": [{"kind": a.kind, "step": a.step, "detail": a.detail}
                              for a in audit.anomalies],
                "record": str(record) if record is not None else None}
    if json_output:
        emit_json(document, "-")
        return
    console = Console(highlight=False)
    console.print(f"{system}, game {index} of seed {seed} (its own seed {this_seed}): "
                  f"{audit.steps} steps, {audit.result or 'not ended'}", markup=False)
    for anomaly in audit.anomalies:
        console.print(f"  step {anomaly.step}: {anomaly.kind}: {anomaly.detail}",
                      markup=False)
    if record is not None:
        console.print(f"record: {record} (undercroft replay {record})", markup=False)


def _print(document: dict[str, Any]) -> None:
    console = Console(highlight=False)
    broken = document["broken_games"]
    console.print(f"{document['system']}: {document['games']:,} games, seed "
                  f"{document['seed']}; {broken['count']:,} ({100 * broken['share']:.1f}%) "
                  "with a fault that must be zero", markup=False)
    table = Table("anomaly", "games", "times", "first seen (replay)")
    for kind, found in document["anomalies"].items():
        if found["games"]:
            example = found["examples"][0]
            table.add_row(kind + (" *" if found["must_be_zero"] else ""),
                          f"{found['games']:,}", f"{found['times']:,}",
                          f"{example['detail']}\n{example['replay']}")
    console.print(table)
    rules = document["rules"]
    console.print(f"rules: {rules['documented']} documented, {rules['fireable']} counted in "
                  f"play, {len(rules['never_fired'])} never fired: "
                  + (", ".join(rules["never_fired"]) or "none"), markup=False)
    content = document["content"]
    console.print("content never drawn: " + (", ".join(content["never_drawn"]) or "none"),
                  markup=False)
    console.print("drawn but never used: " + (", ".join(content["drawn_never_used"])
                                              or "none"), markup=False)
    if content["not_in_catalogue"]:
        console.print("drawn or used but not in the catalogue: "
                      + ", ".join(content["not_in_catalogue"]), markup=False)
    length = document["length"]
    console.print(f"steps a game: mean {length['steps']['mean']:.1f}, median "
                  f"{length['steps']['median']:.0f}; results "
                  + json.dumps(length["results"]), markup=False)
    for key, what in (("where", "where the steps go"), ("doing", "spent on")):
        total = sum(length[key].values())
        if total:
            console.print(f"{what}: " + ", ".join(
                f"{name} {100 * steps / total:.1f}%" for name, steps in length[key].items()),
                markup=False)


def register(app: typer.Typer) -> None:
    app.command("audit")(lab_flags(audit_command))

