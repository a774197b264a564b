"""`undercroft replay FILE`: a game record played again exactly, and where it stands.

Replay needs only the record (system, rules version, config, seed, choices): the
figures a script reads (``--json``) include a ``state_hash`` equal for equal
states, so two machines can check that they replayed the same game. The figures are the
ruleset's (engine.capabilities.standing) and the drawing is the system's terminal front
(``cli.fronts``): nothing here knows one system from another.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from undercroft.cli.fronts import front_for
from undercroft.cli.output import check_target, emit_json, write_text
from undercroft.engine.api import Ruleset
from undercroft.engine.capabilities import PlayersMap, standing
from undercroft.engine.record import Record, load_record, replay, state_hash
from undercroft.engine.registry import get
from undercroft.errors import BadInput
from undercroft.maps.svg import render_svg
from undercroft.maps.uvtt_level import level_uvtt


def register(app: typer.Typer) -> None:
    """Add `replay` to the `undercroft` command."""
    app.command("replay")(replay_command)


def replay_command(
    path: Annotated[Path, typer.Argument(help="A game record (JSON).", show_default=False)],
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    round_: Annotated[int | None, typer.Option(
        "--round", help="Stop at round N (the state once round N is over).")] = None,
    svg: Annotated[Path | None, typer.Option(
        "--svg", help="Draw the players' map of the level at that point.")] = None,
    uvtt: Annotated[Path | None, typer.Option(
        "--uvtt", help="Write the players' map at that point as a Universal VTT file "
        "(walls and doors for a virtual tabletop).")] = None,
) -> None:
    """Replay a game record exactly and show where it stands (at its end, or at --round)."""
    if round_ is not None and round_ < 0:
        raise BadInput(f"--round {round_}: expected 0 or more")
    for target, option in ((svg, "--svg"), (uvtt, "--uvtt")):
        if target is not None:
            check_target(target, option)
    record = load_record(path)
    ruleset, state, _ = replay(record, str(path), until=_until_round(record, round_))
    figures = replay_figures(ruleset, state, record)
    for target, option in ((svg, "--svg"), (uvtt, "--uvtt")):
        if target is not None and not isinstance(ruleset, PlayersMap):
            raise BadInput(f"{option}: {record.system} has no level map to draw")
    if isinstance(ruleset, PlayersMap) and (svg is not None or uvtt is not None):
        level = ruleset.players_map(state, None)
        if svg is not None:
            write_text(svg, render_svg(level, player_view=True), "--svg")
        if uvtt is not None:
            write_text(uvtt, json.dumps(level_uvtt(level, player_view=True)), "--uvtt")
    if json_output:
        emit_json(figures, "-")
        return
    console = Console(highlight=False)
    front_for(record.system).standing(console, ruleset, state)
    console.print(f"{path}: seed {record.seed}, step {figures['steps']} of "
                  f"{len(record.choices)}, state {figures['state_hash'][:16]}",
                  markup=False, soft_wrap=True)


def _until_round(record: Record, limit: int | None) -> Callable[[Any], bool] | None:
    """Stop before the first step taken once round ``limit`` is over."""
    if limit is None:
        return None
    ruleset = get(record.system)
    return lambda state: ruleset.view(state, None)["round"] > limit


def replay_figures(ruleset: Ruleset[Any, Any], state: Any,
                   record: Record) -> dict[str, Any]:
    """What a script reads of a replayed game: where it stands (engine.capabilities's
    ``standing``), the outcome, a fingerprint."""
    truth = ruleset.view(state, None)
    outcome = ruleset.outcome(state)
    return {"system": record.system, "seed": record.seed, "steps": truth["step"],
            "round": truth["round"], **standing(ruleset, state),
            "outcome": None if outcome is None else outcome.result,
            "state_hash": state_hash(truth)}
