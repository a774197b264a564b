"""`undercroft play squad`: Dungeon Squad! at one terminal, the GM software or a person."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from undercroft.cli.play_turns import run_table


def register(play_app: typer.Typer) -> None:
    play_app.command("squad")(play_squad)


def play_squad(
    players: Annotated[int, typer.Option("--players", help="Hero Guides, 1 to 4.")] = 1,
    heroes: Annotated[int, typer.Option("--heroes", help="Heroes per Guide, 1 or 2.")] = 2,
    example: Annotated[bool, typer.Option(
        "--example", help="Play the seed's Faf of the Blue Steel and Urd the Indomitable.")
    ] = False,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed and choices, "
                                             "same game.")] = None,
    auto: Annotated[str, typer.Option(
        "--auto", help="Seats the agent plays: GM (the default), Guide-1, ..., or 'all'; "
        "'none' puts a person in the GM's seat too.")] = "GM",
    agent: Annotated[str, typer.Option("--agent", help="sensible or random.")] = "sensible",
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write the game record to FILE after every step.")] = None,
) -> None:
    """Play Dungeon Squad! + Coin-Op hot-seat; the software is the Gamemaster unless a
    person takes the GM seat."""
    fields: dict[str, Any] = {"players": players, "heroes_per_player": heroes,
                              "party": "example" if example else "random"}
    run_table("squad", fields, seed, None if auto == "none" else auto, agent, record,
              Console(highlight=False), sys.stdin, show_table)


def show_table(console: Console, view: dict[str, Any], seat: str, legal: Sequence[Any]
               ) -> None:
    console.print(f"\n{view['stage']}, round {view['round']} ({view['phase']}). {seat} to "
                  f"act. Stage Value {view['coins']['stage_value']}.", markup=False)
    for monster in view["scene"]:
        if monster["hit_points"] > 0 and not monster["fled"]:
            console.print(f"  {monster['id']}: {monster['die']}, {monster['hit_points']} hp",
                          markup=False)
    for hero_id, hero in view["heroes"].items():
        stuff = ", ".join(f"{s['name']} {s['die']}" for s in hero["stuff"])
        loot = " ".join(f"{n}{k}" for k, n in hero["loot"].items() if n)
        console.print(f"  {hero_id}: {hero['hit_points']} hp, {hero['pennies']} pennies; "
                      f"{stuff}{'; loot ' + loot if loot else ''}", markup=False)
    for number, action in enumerate(legal, start=1):
        console.print(f"  {number:>2}  {action.text}", markup=False)
