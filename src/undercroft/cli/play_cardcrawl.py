"""`undercroft play cardcrawl`: Card Crawl at one terminal, seats in turn, no game master.

Each human seat is shown the table (the room, the enemies' hit dice, everyone's
cards) and a numbered list of what it may do, and types a number or the start of
an action's text; automated seats choose for themselves; the software runs the
enemies. The record is kept after every step, so `undercroft replay FILE` plays the
game again exactly; "quit" or the end of input stops (the record keeps the game).
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer
from pydantic import ValidationError
from rich.console import Console

from undercroft.engine.agents import Agent, agent_stream
from undercroft.engine.record import Record, new_record, save_record
from undercroft.engine.registry import get
from undercroft.errors import BadInput
from undercroft.rng import Stream

SEED_LIMIT = 2**31


def register(play_app: typer.Typer) -> None:
    play_app.command("cardcrawl")(play_cardcrawl)


def play_cardcrawl(
    players: Annotated[int, typer.Option("--players", help="Seats, 1 to 4.")] = 3,
    rooms: Annotated[int, typer.Option("--rooms", help="Rooms in the Random Dungeon.")] = 10,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed and choices, "
                                             "same game.")] = None,
    auto: Annotated[str | None, typer.Option(
        "--auto", help="Seats the agent plays (Seat-1,Seat-3), or 'all'.")] = None,
    agent: Annotated[str, typer.Option("--agent", help="cautious, aggressive, mixed or "
                                       "random.")] = "mixed",
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write the game record to FILE after every step.")] = None,
) -> None:
    """Play Card Crawl hot-seat: each seat chooses in turn; agents play --auto seats."""
    run_table(players, rooms, seed, auto, agent, record, Console(highlight=False), sys.stdin)


def run_table(players: int, rooms: int, seed: int | None, auto: str | None, agent: str,
              record_path: Path | None, console: Console, stdin: TextIO) -> None:
    ruleset = get("cardcrawl")
    try:
        config = ruleset.config_model().model_validate({"players": players, "rooms": rooms})
    except ValidationError as error:
        first = error.errors()[0]
        raise BadInput(f"--{first['loc'][0]} {first['input']}: {first['msg']}") from None
    seed = secrets.randbelow(SEED_LIMIT) if seed is None else seed
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
    console.print(f"Card Crawl, seed {seed}: {len(seats)} seats, {rooms} rooms "
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
            _show(console, view, seat, legal)
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


def _show(console: Console, view: dict[str, Any], seat: str, legal: Sequence[Any]) -> None:
    where = "the entrance" if view["where"] == 0 else f"room {view['where']}"
    console.print(f"\nRound {view['round']}, {where}. {seat} to act.", markup=False)
    for foe in view["foes"]:
        console.print(f"  {foe['id']}: {foe['standing']} standing, hit dice "
                      f"{foe['creatures']}", markup=False)
    for member in view["party"]:
        cards = ", ".join(_card_text(card) for card in member["cards"])
        console.print(f"  {member['seat']}, {member['title']}: {cards}", markup=False)
    for number, action in enumerate(legal, start=1):
        console.print(f"  {number:>2}  {action.text}", markup=False)


def _card_text(card: dict[str, Any]) -> str:
    """"Parry (1)", "Rope [tapped]": a card as the table sees it."""
    rating = f" ({card['rating']})" if card["rating"] else ""
    state = "" if card["state"] == "ready" else f" [{card['state']}]"
    return f"{card['name']}{rating}{state}"


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
