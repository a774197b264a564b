"""Hot-seat play at one terminal for the turn-based rulesets (Card Crawl, Labyrinth).

Each human seat is shown the table and a numbered list of what it may do, and types
a number or the start of an action's text; automated seats choose for themselves;
the software is the game master. The record is kept after every step, so
`undercroft replay FILE` plays the game again exactly; "quit" or the end of input
stops (the record keeps the game). Each system brings its own way of showing the
table (``show``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError
from rich.console import Console

from undercroft.content.files import check_replaceable
from undercroft.engine.agents import Agent, agent_stream
from undercroft.engine.record import Record, new_record, save_record
from undercroft.engine.registry import get
from undercroft.errors import BadInput, first_problem
from undercroft.rng import Stream, fresh_seed

SEED_LIMIT = 2**63
"""Seeds accepted: every game seed the balance lab reports (``sim.games.game_seed`` gives
63-bit numbers), so any simulated game can be played again at the terminal."""
NEW_SEED_BITS = 31
"""A seed drawn when none is given: short enough to read out and type again."""


def run_table(system: str, fields: dict[str, Any], seed: int | None, auto: str | None,
              agent: str, record_path: Path | None, console: Console, stdin: TextIO,
              show: Callable[[Console, dict[str, Any], str, Sequence[Any]], None]) -> None:
    """Play ``system`` at this terminal until it ends or the person stops."""
    ruleset = get(system)
    try:
        config = ruleset.config_model().model_validate(fields)
    except ValidationError as error:
        problem = first_problem(error)
        option = problem.field.split(".")[0].replace("_", "-")
        raise BadInput(f"--{option} {problem.given}: {problem.message}") from None
    if record_path is not None:
        check_replaceable(record_path, f"--record {record_path}")
    seed = fresh_seed(NEW_SEED_BITS) if seed is None else seed
    if not 0 <= seed < SEED_LIMIT:
        raise BadInput(f"--seed {seed}: expected 0 to {SEED_LIMIT - 1}")
    known = ruleset.agents()
    if agent not in known:
        raise BadInput(f"--agent {agent!r}: unknown (known: {', '.join(sorted(known))})")
    state = ruleset.new(config, seed)
    seats = list(ruleset.seats(state))
    automated = _auto_seats(auto, seats)
    agents: dict[str, Agent] = {seat: known[agent]() for seat in automated}
    streams: dict[str, Stream] = {}
    kept = new_record(ruleset, config, seed)
    console.print(f"{system}, seed {seed}: {len(seats)} seats "
                  f"(automated: {', '.join(automated) or 'none'})", markup=False)
    for event in ruleset.view(state, None)["events"]:
        console.print(event["text"], markup=False)
    while ruleset.outcome(state) is None:
        seat = sorted(ruleset.to_act(state))[0]
        legal = ruleset.legal(state, seat)
        view = ruleset.view(state, seat)
        if seat in agents:
            stream = streams.setdefault(seat, agent_stream(seed, seat))
            choice = agents[seat].choose(view, legal, stream)
        else:
            show(console, view, seat, legal)
            picked = _ask(console, stdin, seat, legal)
            if picked is None:
                _keep(kept, record_path)
                console.print(f"Stopped at step {len(kept.choices)}"
                              + (f"; the record is in {record_path}" if record_path else ""),
                              markup=False)
                return
            choice = picked
        events = ruleset.step(state, {seat: choice})
        kept.add({seat: choice})
        _keep(kept, record_path)
        for event in events:
            console.print(f"  {event.to_dict()['text']}", markup=False)
    outcome = ruleset.outcome(state)
    assert outcome is not None
    console.print(f"The game is over: {outcome.result} {outcome.summary}", markup=False)


def _auto_seats(text: str | None, seats: list[str]) -> list[str]:
    if text is None:
        return []
    if text.strip().lower() == "all":
        return seats
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    for name in chosen:
        if name not in seats:
            raise BadInput(f"--auto {name!r}: no such seat (seats: {', '.join(seats)}; or "
                           "'all')")
    return [seat for seat in seats if seat in chosen]


def _keep(record: Record, path: Path | None) -> None:
    if path is None:
        return
    try:
        save_record(record, path)
    except OSError as error:
        raise BadInput(f"{path}: cannot save the game record ({error.strerror})") from None


def _ask(console: Console, stdin: TextIO, seat: str, legal: Sequence[Any]) -> Any:
    """The action the person means, or None to stop (quit, or the end of input)."""
    while True:
        console.print(f"{seat}> ", end="", markup=False)
        line = stdin.readline()
        if not line or line.strip().lower() == "quit":
            return None
        typed = " ".join(line.split()).lower()
        if typed.isdigit() and 1 <= int(typed) <= len(legal):
            return legal[int(typed) - 1]
        fits = [action for action in legal if action.text.startswith(typed)] if typed else []
        if len(fits) == 1:
            return fits[0]
        console.print("Type the number of an action or the start of its text (one action "
                      "only), or quit.", markup=False)
