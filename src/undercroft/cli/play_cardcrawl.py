"""`undercroft play cardcrawl`: Card Crawl at one terminal, seats in turn, no game master."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from undercroft.cli.play_turns import given_options, run_table, seat_named
from undercroft.engine.api import Seat
from undercroft.engine.registry import default_agent
from undercroft.engine.table import Table


def register(play_app: typer.Typer) -> None:
    play_app.command("cardcrawl")(play_cardcrawl)


def play_cardcrawl(
    ctx: typer.Context,
    players: Annotated[int, typer.Option("--players", help="Seats, 1 to 4.")] = 3,
    rooms: Annotated[int, typer.Option("--rooms", help="Rooms in the Random Dungeon.")] = 10,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed and choices, "
                                             "same game.")] = None,
    auto: Annotated[str | None, typer.Option(
        "--auto", help="Seats the agent plays (Seat-1,Seat-3), or 'all'.")] = None,
    agent: Annotated[str, typer.Option("--agent", help="sensible (the mixed player), "
                                       "cautious, aggressive, mixed or random.")
                     ] = default_agent("cardcrawl"),
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write the game record to FILE after every step.")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="Go on with a saved game record (choices are added to it).")] = None,
) -> None:
    """Play Card Crawl hot-seat: each seat chooses in turn; agents play --auto seats."""
    given = given_options(ctx, {"players": "players", "rooms": "rooms"})
    run_table("cardcrawl", {"players": players, "rooms": rooms}, seed, auto, agent, record,
              Console(highlight=False), sys.stdin, show_table, resume=resume, given=given,
              sheet=sheet)


def show_table(console: Console, view: dict[str, Any], seat: str, legal: Sequence[Any]) -> None:
    where = "the entrance" if view["where"] == 0 else f"room {view['where']}"
    console.print(f"\nRound {view['round']}, {where}. {seat} to act.", markup=False)
    for foe in view["foes"]:
        console.print(f"  {_foe_text(foe)}", markup=False)
    for member in view["party"]:
        cards = ", ".join(_card_text(card) for card in member["cards"])
        console.print(f"  {member['seat']}, {member['title']}: {cards}", markup=False)
        foes = view["foes"] if view.get("attack_against") == "opponent" else []
        console.print(f"      {_member_text(member, foes)}", markup=False)


def sheet(table: Table, seat: Seat, name: str) -> list[str]:
    """``sheet NAME``: a character's whole sheet as the table sees it: its cards with what
    each does, its skills and attacks (with the number to beat against each foe here),
    its abilities and what waits for its next roll."""
    wanted = seat_named(name or seat, table.seats)
    view = table.view(seat)
    member = next(m for m in view["party"] if m["seat"] == wanted)
    foes = view["foes"] if view.get("attack_against") == "opponent" else []
    state = ", out of the fight" if member["incapacitated"] else ""
    lines = [f"{wanted}, {member['title']}{state}", f"  {_member_text(member, foes)}"]
    lines += [f"  {_card_text(card)}: {card['text']}" for card in member["cards"]]
    if member["abilities"]:
        lines.append(f"  abilities: {', '.join(member['abilities'])}")
    return lines


def _foe_text(foe: dict[str, Any]) -> str:
    """"bandit-1: 2 standing (hit dice 5, 5); attacks at +3, wards off at +1"."""
    dice = ", ".join("+".join(map(str, creature)) for creature in foe["creatures"] if creature)
    specials = "; ".join(text.split(":")[0] for text in foe["special"])
    return (f"{foe['id']}: {foe['standing']} standing (hit dice {dice}); attacks at "
            f"+{foe['attack']}, wards off at +{foe['defence']}"
            f"{'; ' + specials if specials else ''}")


def _member_text(member: dict[str, Any], foes: Sequence[dict[str, Any]]) -> str:
    """Skills, attacks (with the number to beat against each foe here) and what is
    waiting for the character's next roll or hit."""
    skills = ", ".join(f"{name} +{bonus}" for name, bonus in member["skills"].items())
    attacks = ", ".join(f"{a['name']} +{a['bonus']} with {' or '.join(a['skills'])} "
                        f"({_to_beat(a, foes)})" for a in member["attacks"])
    marks = [f"ward {member['ward']}"] if member["ward"] else []
    marks += [f"+{value} on the next {skill} roll" for skill, value in member["boosts"].items()]
    marks += [f"+{member['focus']} on the next attack"] if member["focus"] else []
    marks += [f"{name} +{bonus} combo next" for name, bonus in member["combo"].items()]
    marks += [f"carrying {card['name']}" for card in member["pack"]]
    marks += ["holding on (Relentless)"] if member["holding_on"] else []
    return "; ".join([f"skills: {skills or 'none'}", f"attacks: {attacks}", *marks])


def _to_beat(attack: dict[str, Any], foes: Sequence[dict[str, Any]]) -> str:
    """"to beat 7 against bandit-1": 6 + the foe's skill, moved by the card's difficulty
    (seed 004); with no foe here (or under ``attack_against = "card"``), the card's own
    difficulty."""
    if not foes:
        return f"difficulty {attack['difficulty']}"
    return ", ".join(f"to beat {6 + foe['defence'] + attack['difficulty'] - 9} against "
                     f"{foe['id']}" for foe in foes)


def _card_text(card: dict[str, Any]) -> str:
    """"Parry (1)", "Rope [tapped]": a card as the table sees it."""
    rating = f" ({card['rating']})" if card["rating"] else ""
    state = "" if card["state"] == "ready" else f" [{card['state']}]"
    return f"{card['name']}{rating}{state}"
