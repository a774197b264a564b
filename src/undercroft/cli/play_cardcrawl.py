"""`undercroft play cardcrawl`: Card Crawl at one terminal, seats in turn, no game master."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from undercroft.cli.play_turns import run_table


def register(play_app: typer.Typer) -> None:
    play_app.command("cardcrawl")(play_cardcrawl)


def play_cardcrawl(
    players: Annotated[int, typer.Option("--players", help="Seats, 1 to 4.")] = 3,
    rooms: Annotated[int, typer.Option("--rooms", help="Rooms in the Random Dungeon.")] = 10,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed and choices, "
                                             "same game.")] = None,
    auto: Annotated[str | None, typer.Option(
        "--auto", help="Seats the agent plays (Seat-1,Seat-3), or 'all'.")] = None,
    agent: Annotated[str, typer.Option("--agent", help="sensible (the mixed player), "
                                       "cautious, aggressive, mixed or random.")] = "sensible",
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write the game record to FILE after every step.")] = None,
) -> None:
    """Play Card Crawl hot-seat: each seat chooses in turn; agents play --auto seats."""
    run_table("cardcrawl", {"players": players, "rooms": rooms}, seed, auto, agent, record,
              Console(highlight=False), sys.stdin, show_table)


def show_table(console: Console, view: dict[str, Any], seat: str, legal: Sequence[Any]) -> None:
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
