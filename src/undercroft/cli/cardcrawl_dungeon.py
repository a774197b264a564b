"""`undercroft cardcrawl dungeon`: seed 004's Random Dungeons, as a list, JSON and a plan
(SVG, PNG, or a Universal VTT file for virtual tabletops).

The rules live in ``systems.cardcrawl.dungeon.plan``, the grid in
``dungeon.layout`` and the pictures in ``dungeon.drawing``; this module only reads
options, refuses bad ones in one line, and prints or writes what was asked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table
from rich.text import Text

from undercroft.cli.output import check_target, emit_json, new_seed, write_bytes, write_text
from undercroft.cli.paper_options import DEFAULT_PAPER, DEFAULT_SCALE, Paper, Scale
from undercroft.errors import BadInput, first_problem
from undercroft.maps.paper import paper_name, parse_scale
from undercroft.systems.cardcrawl.dungeon.connect import MAX_ENTRANCES
from undercroft.systems.cardcrawl.dungeon.dice import DIE_SIZES, MAX_ROOMS
from undercroft.systems.cardcrawl.dungeon.drawing import render_png, render_svg
from undercroft.systems.cardcrawl.dungeon.layout import Layout, LayoutConfig, layout_dungeon
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE
from undercroft.systems.cardcrawl.dungeon.pdf import plan_pdf
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan, PlanConfig, generate_plan
from undercroft.systems.cardcrawl.dungeon.uvtt import plan_uvtt

REPEATS = ("keep", "reroll", "adjacent")


def register(app: typer.Typer) -> None:
    """Add the dungeon commands to ``app``."""
    app.command("dungeon")(dungeon_command)


def dungeon_command(
    rooms: Annotated[int, typer.Option("--rooms", help=f"Number of rooms, 1 to {MAX_ROOMS}.")],
    vary: Annotated[bool, typer.Option(
        "--vary", help="First third of the rooms one die smaller, last third one larger.")] = False,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed, same dungeon.")] \
        = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the dungeon as JSON.")] \
        = False,
    svg: Annotated[Path | None, typer.Option("--svg", help="Write the plan as SVG.")] = None,
    png: Annotated[Path | None, typer.Option("--png", help="Write the plan as PNG.")] = None,
    uvtt: Annotated[Path | None, typer.Option(
        "--uvtt", help="Write the plan as a Universal VTT file (.uvtt, .dd2vtt: Foundry, "
                       "Roll20, Fantasy Grounds) with its walls and doors. A plan hides "
                       "nothing, so the GM's and the players' file are the same.")] = None,
    die: Annotated[str | None, typer.Option(
        "--die", help="Main die by choice (d4..d20) instead of rooms - 4 rounded up.")] = None,
    repeats: Annotated[str, typer.Option(
        "--repeats", help="A room type seen --max-repeats times: keep, reroll or adjacent.")] \
        = "keep",
    max_repeats: Annotated[int, typer.Option(
        "--max-repeats", help="Rooms a type may fill before --repeats steps in.")] = 2,
    lower_level: Annotated[bool, typer.Option(
        "--lower-level", help="Links past the last room lead down to a lower level.")] = False,
    max_corridor: Annotated[int | None, typer.Option(
        "--max-corridor", help="Drop links whose corridor is longer than this many squares.")] \
        = None,
    entrances: Annotated[int, typer.Option(
        "--entrances", help="Ways in the plan keeps; more rolled ones are dropped.")] \
        = MAX_ENTRANCES,
    all_links: Annotated[bool, typer.Option(
        "--all-links", help="Draw every rolled link, corridors sharing squares, and keep "
                            "every way in (a picture of the list, not a plan to print).")] \
        = False,
    pdf: Annotated[Path | None, typer.Option(
        "--pdf", help="Write a print-ready PDF: the plan at true scale, then the room list.")] \
        = None,
    paper: Paper = DEFAULT_PAPER,
    scale: Scale = DEFAULT_SCALE,
) -> None:
    """Generate a Random Dungeon (seed 004): sizes, types, connections, and a grid plan."""
    config, layout_config = read_options(rooms, vary, die, repeats, max_repeats, lower_level,
                                         max_corridor, entrances, all_links)
    pdf_paper, scale_mm = paper_name(paper), parse_scale(scale)
    if pdf is not None:
        check_target(pdf, "--pdf")
    for path, option in ((svg, "--svg"), (png, "--png"), (uvtt, "--uvtt")):
        if path is not None:
            check_target(path, option)
    seed = new_seed() if seed is None else seed
    plan = generate_plan(config, seed)
    layout = layout_dungeon(plan, layout_config)
    title = f"Random dungeon: {rooms} rooms, seed {seed}"
    if svg is not None:
        write_text(svg, render_svg(plan, layout, title), "--svg")
    if png is not None:
        write_bytes(png, render_png(plan, layout, title), "--png")
    if pdf is not None:
        write_bytes(pdf, plan_pdf(plan, layout, paper=pdf_paper, scale_mm=scale_mm,
                                  title=title), "--pdf")
    if uvtt is not None:
        write_text(uvtt, json.dumps(plan_uvtt(plan, layout)), "--uvtt")
    if json_output:
        emit_json(dungeon_document(plan, layout, seed, layout_config), "-")
        return
    print_dungeon(Console(highlight=False), plan, layout, seed)
    for path in (svg, png, pdf, uvtt):
        if path is not None:
            Console(highlight=False).print(f"Wrote {path}", markup=False)


def read_options(rooms: int, vary: bool, die: str | None, repeats: str, max_repeats: int,
                 lower_level: bool, max_corridor: int | None, entrances: int = MAX_ENTRANCES,
                 all_links: bool = False) -> tuple[PlanConfig, LayoutConfig]:
    """The validated settings, or BadInput naming the option that was wrong."""
    if not 1 <= rooms <= MAX_ROOMS:
        raise BadInput(f"--rooms {rooms}: a dungeon has 1 to {MAX_ROOMS} rooms")
    if repeats not in REPEATS:
        raise BadInput(f"--repeats {repeats!r}: expected one of {', '.join(REPEATS)}")
    if max_repeats < 1:
        raise BadInput(f"--max-repeats {max_repeats}: at least 1")
    if max_corridor is not None and max_corridor < 1:
        raise BadInput(f"--max-corridor {max_corridor}: at least 1 square")
    if entrances < 1:
        raise BadInput(f"--entrances {entrances}: at least 1 way in")
    sides = None if die is None else parse_die(die)
    try:
        config = PlanConfig.model_validate({"rooms": rooms, "vary": vary, "die": sides,
                                            "repeats": repeats, "max_repeats": max_repeats,
                                            "lower_level": lower_level})
        return config, LayoutConfig(max_corridor=max_corridor, max_entrances=entrances,
                                    fit=not all_links)
    except ValidationError as error:  # every field was checked above; kept as a safety net
        raise BadInput(f"dungeon options: {first_problem(error).message}") from None


def parse_die(text: str) -> int:
    """'d8' or '8' -> 8, one of the seed's die sizes."""
    raw = text.strip().lower().removeprefix("d")
    if not raw.isdigit() or int(raw) not in DIE_SIZES:
        raise BadInput(f"--die {text!r}: expected one of "
                       f"{', '.join(f'd{s}' for s in DIE_SIZES)}")
    return int(raw)


def dungeon_document(plan: DungeonPlan, layout: Layout, seed: int,
                     layout_config: LayoutConfig) -> dict[str, Any]:
    """The whole dungeon as one JSON document: options, die plan, rooms with rectangles, map."""
    document = plan.to_dict()
    for room in document["rooms"]:
        room["rect"] = layout.rects[room["number"]].to_dict()
    rolls = document.pop("rolls")
    return {"system": "cardcrawl", "generator": "random dungeons", "seed": seed,
            "options": {**plan.config.model_dump(), **layout_config.model_dump()},
            **document, "map": layout.to_dict(), "rolls": rolls}


def print_dungeon(console: Console, plan: DungeonPlan, layout: Layout, seed: int) -> None:
    """The seed's list (number, size, type, connections as rolled) and what the map kept."""
    bands = ", ".join(f"{start}{f'-{end}' if end > start else ''} d{sides}"
                      for start, end, sides in plan.dice.bands())
    console.print(f"[bold]Random dungeon[/bold]: {len(plan.rooms)} rooms, seed {seed}")
    console.print(f"Dice: main d{plan.dice.main}; rooms {bands}", markup=False)
    table = Table(show_edge=False, pad_edge=False)
    for column in ("#", "size", "type", "connections (dim: dropped; dup: duplicate)"):
        table.add_column(column, justify="right" if column in ("#", "size") else "left")
    for room in plan.rooms:
        links = Text()
        for index, link in enumerate(room.links):
            if index:
                links.append(", ")
            if link.kept:
                links.append(link.label)
            elif link.reason == "duplicate":
                links.append(f"{link.label} (dup)", style="dim")
            else:
                links.append(link.label, style="dim")
        table.add_row(f"{room.number}.", str(room.size), room.type.name, links)
    console.print(table)
    mutual = ", ".join(f"{a}-{b}" for a, b in plan.mutual) or "none"
    entrance = ", ".join(map(str, plan.entrance_rooms)) or "none"
    console.print(f"Mutual links: {mutual}", markup=False)
    console.print(f"Entrance links: {entrance}", markup=False)
    lower = [str(room.number) for room in plan.rooms if room.lower_level]
    if lower:
        console.print(f"Down to a lower level: {', '.join(lower)}", markup=False)
    console.print(f"Map: {layout.width} x {layout.height} squares of 10 ft, entrance on the "
                  f"west, {len(layout.corridors)} corridors", markup=False)
    reasons: dict[str, list[str]] = {}
    for dropped in layout.dropped:
        reasons.setdefault(dropped.reason, []).append(_pair(dropped.a, dropped.b))
    for reason, pairs in reasons.items():
        console.print(f"Not drawn ({reason}): {', '.join(pairs)}", markup=False)
    for added in layout.added:
        console.print(f"Added: {_pair(added.a, added.b)} ({added.added})", markup=False)
    for junction in layout.junctions:
        meeting = " and ".join(_pair(a, b) for a, b in junction.corridors)
        console.print(f"Junction: {meeting} meet", markup=False)


def _pair(a: int, b: int) -> str:
    return f"{'entrance' if a == ENTRANCE else a}-{b}"
