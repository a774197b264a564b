"""`undercroft replay FILE`: a game record played again exactly, and where it stands.

Replay needs only the record (system, rules version, config, seed, choices): the
figures a script reads (``--json``) include a ``state_hash`` equal for equal
states, so two machines can check that they replayed the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from undercroft.cli import amulet_table as draw
from undercroft.cli.output import check_target, emit_json, write_text
from undercroft.engine.api import Ruleset
from undercroft.engine.capabilities import PlayersMap
from undercroft.engine.record import Record, load_record, replay, state_hash
from undercroft.engine.registry import get
from undercroft.errors import BadInput
from undercroft.maps.svg import render_svg
from undercroft.systems.amulet.game_state import GameState
from undercroft.systems.amulet.ruleset import summary


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
) -> None:
    """Replay a game record exactly and show where it stands (at its end, or at --round)."""
    if round_ is not None and round_ < 0:
        raise BadInput(f"--round {round_}: expected 0 or more")
    if svg is not None:
        check_target(svg, "--svg")
    record = load_record(path)
    ruleset, state, _ = replay(record, str(path), until=_until_round(record, round_))
    figures = replay_figures(ruleset, state, record)
    if svg is not None:
        if not isinstance(ruleset, PlayersMap):
            raise BadInput(f"--svg: {record.system} has no level map to draw")
        write_text(svg, render_svg(ruleset.players_map(state, None), player_view=True),
                   "--svg")
    if json_output:
        emit_json(figures, "-")
        return
    console = Console(highlight=False)
    if record.system != "amulet":
        _print_plain(console, ruleset, state)
        console.print(f"{path}: seed {record.seed}, step {figures['steps']} of "
                      f"{len(record.choices)}, state {figures['state_hash'][:16]}",
                      markup=False, soft_wrap=True)
        return
    view = ruleset.view(state, ruleset.seats(state)[0])
    console.print(draw.header(view))
    console.print(draw.heroes(view))
    outcome = ruleset.outcome(state)
    if outcome is not None:
        console.print(draw.outcome(outcome.result, outcome.summary))
    console.print(f"{path}: seed {record.seed}, step {figures['steps']} of "
                  f"{len(record.choices)}, state {figures['state_hash'][:16]}",
                  markup=False, soft_wrap=True)


def _until_round(record: Record, limit: int | None) -> Callable[[Any], bool] | None:
    """Stop before the first step taken once round ``limit`` is over."""
    if limit is None:
        return None
    ruleset = get(record.system)
    return lambda state: ruleset.view(state, None)["round"] > limit


def _print_plain(console: Console, ruleset: Ruleset[Any, Any], state: Any) -> None:
    """Where a game of a system without its own table drawing stands, in words."""
    truth = ruleset.view(state, None)
    console.print(f"{ruleset.name}: round {truth['round']}", markup=False)
    for event in truth.get("events", [])[-8:]:
        console.print(f"  {event['text']}", markup=False)
    outcome = ruleset.outcome(state)
    if outcome is not None:
        console.print(f"outcome: {outcome.result} {outcome.summary}", markup=False)


def replay_figures(ruleset: Ruleset[Any, Any], state: Any,
                   record: Record) -> dict[str, Any]:
    """What a script reads of a replayed game: the figures, the outcome, a fingerprint."""
    truth = ruleset.view(state, None)
    outcome = ruleset.outcome(state)
    if record.system != "amulet":
        return {"system": record.system, "seed": record.seed, "steps": truth["step"],
                "round": truth["round"], **(outcome.summary if outcome is not None else {}),
                "outcome": None if outcome is None else outcome.result,
                "state_hash": state_hash(truth)}
    assert isinstance(state, GameState)
    return {
        "system": record.system,
        "seed": record.seed,
        "steps": truth["step"],
        "round": truth["round"],
        "depth": truth["depth"],
        **summary(state),
        "outcome": None if outcome is None else outcome.result,
        "state_hash": state_hash(truth),
    }

