"""`undercroft play labyrinth`: Labyrinth at one terminal, the software as dungeon master."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from undercroft.cli.play_turns import given_options, run_table, seat_named
from undercroft.content import packs
from undercroft.engine.api import Seat
from undercroft.engine.registry import default_agent
from undercroft.engine.table import Table
from undercroft.errors import BadInput
from undercroft.systems.labyrinth.setup import PACKS


def register(play_app: typer.Typer) -> None:
    play_app.command("labyrinth")(play_labyrinth)


def play_labyrinth(
    ctx: typer.Context,
    players: Annotated[int, typer.Option("--players", help="Seats, 1 to 6.")] = 4,
    party: Annotated[str | None, typer.Option(
        "--party", help="Characters as race:class:element+element, comma-separated "
        "(oxkin:warrior:metal+earth,hollow:wizard); seats left out are made at random.")
    ] = None,
    cards: Annotated[list[Path] | None, typer.Option(
        "--cards", help="A content pack of custom cards (TOML), chosen by its file's name "
        "(its folder is searched for packs, as $UNDERCROFT_PACKS is); repeat for more.")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed and choices, "
                                             "same game.")] = None,
    auto: Annotated[str | None, typer.Option(
        "--auto", help="Seats the agent plays (Seat-1,Seat-3), or 'all'.")] = None,
    agent: Annotated[str, typer.Option("--agent", help="careful, bold or random.")
                     ] = default_agent("labyrinth"),
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write the game record to FILE after every step.")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="Go on with a saved game record (choices are added to it).")] = None,
) -> None:
    """Play Labyrinth hot-seat: each seat chooses in turn; agents play --auto seats."""
    fields: dict[str, Any] = {"players": players}
    if party is not None:
        fields["party"] = tuple(part.strip() for part in party.split(",") if part.strip())
    if cards:
        fields["packs"] = tuple(_pack_name(path) for path in cards)
    given = given_options(ctx, {"players": "players", "party": "party", "cards": "packs"})
    run_table("labyrinth", fields, seed, auto, agent, record, Console(highlight=False),
              sys.stdin, show_table, resume=resume, given=given, sheet=sheet)


def _pack_name(path: Path) -> str:
    """The name a pack file is chosen by; its folder joins the folders packs are found in.

    A game's record names its packs, never their paths (``undercroft.content.packs``), so
    a record of this game replays wherever the same pack is found by name.
    """
    if path.suffix != packs.SUFFIX or not path.is_file():
        raise BadInput(f"--cards {path}: expected a pack's .toml file")
    try:
        name = packs.check_name(path.stem)
    except ValueError as error:
        raise BadInput(f"--cards {path}: {error}; rename the file") from None
    if name in packs.available(PACKS) and packs.find([name], PACKS)[0].resolve() != \
            path.resolve():
        raise BadInput(f"--cards {path}: {name!r} is already the name of another pack "
                       "(Labyrinth's own, or one in $UNDERCROFT_PACKS); rename the file")
    packs.add_folder(path.parent, "--cards")
    return name


def show_table(console: Console, view: dict[str, Any], seat: str, legal: Sequence[Any]
               ) -> None:
    """The table as the acting seat sees it: where the party is, its own sheet in full,
    the others in a line each, the market or the monsters, and what it may do."""
    where = "in town" if view["phase"] == "town" else f"on floor {view['floor']}"
    fight = view["fight"]
    doing = view["phase"] if fight is None else f"fight, battle round {fight['round']}"
    console.print(f"\nRound {view['round']}, {where} ({doing}). {seat} to act.",
                  markup=False)
    lines = sheet_lines(view["sheets"][seat])
    for member in view["party"]:
        if member["seat"] != seat:
            lines.append(_member_line(member))
    if view["market"]:
        lines.append("market: " + "; ".join(
            f"{item['copy']} ({item['name']}, {item['card'].get('cost')} sp: {item['does']})"
            for item in view["market_items"]))
    if fight is not None:
        kinds = fight["kinds"]
        lines.append("monsters: " + ", ".join(
            f"{m['id']} ({m['health']} hp; armour class {kinds[m['kind']]['armour_class']}, "
            f"attack {kinds[m['kind']]['attack_modifier']:+d}, damage "
            f"{kinds[m['kind']]['damage']})" for m in fight["monsters"] if m["health"] > 0))
    statue = view.get("statue")
    if statue is not None:
        lines.append(f"The Dragon Statue: {statue['text']}. {statue['seat']} chooses.")
    for line in lines:
        console.print(f"  {line}", markup=False)


def sheet(table: Table, seat: Seat, name: str) -> list[str]:
    """``sheet NAME``: a seat's whole sheet (every sheet is open at this table: each seat's
    view carries its own)."""
    wanted = seat_named(name or seat, table.seats)
    return sheet_lines(table.view(wanted)["sheets"][wanted])


def sheet_lines(sheet: dict[str, Any]) -> list[str]:
    """A seat's own sheet: who it is, health, armour class and silver; each stat with what
    items add and its modifier; its attack bonus and damage; its specials; its items."""
    elements = "+".join(sheet["elements"]) or "no elements"
    lines = [f"{sheet['seat']}, {sheet['race']} {sheet['class']} ({elements}: "
             f"{sheet['relation']}): {sheet['health']}/{sheet['max_health']} hp, armour "
             f"class {sheet['armour_class']}, {sheet['silver']} sp"]
    stats = []
    for name, stat in sheet["stats"].items():
        items = f" {stat['items']:+d} from items" if stat["items"] else ""
        stats.append(f"{name} {stat['base']}{items} (modifier {stat['modifier']:+d})")
    lines.append("  " + ", ".join(stats))
    attack = ", ".join(f"{bonus:+d} with {stat}" for stat, bonus in sheet["attack"].items())
    twice = f", {sheet['attacks_per_turn']} attacks a turn" \
        if sheet["attacks_per_turn"] > 1 else ""
    lines.append(f"  attack {attack}; damage {sheet['damage']}{twice}")
    for special in sheet["specials"]:
        lines.append(f"  special: {special['text']}")
    for item in sheet["items"]:
        state = ", cursed" if item["cursed"] else ", equipped" if item["equipped"] else ""
        lines.append(f"  item: {item['copy']}{state} ({item['name']}: {item['does']})")
    if not sheet["items"]:
        lines.append("  items: none")
    return lines


def _member_line(member: dict[str, Any]) -> str:
    state = "dead" if not member["alive"] else \
        f"{member['health']}/{member['computed']['max_health']} hp"
    worn = ", ".join(member["equipped"] + member["cursed"]) or "nothing worn"
    return (f"{member['seat']}, {member['race']} {member['class']}: {state}, "
            f"{member['silver']} sp, {worn}")
