"""`undercroft amulet ...`: tables, whole levels, a walk-through, and Modos conversion."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from undercroft.cli.amulet_explore import Walkthrough
from undercroft.cli.amulet_scenario import scenario_command
from undercroft.cli.output import check_target, emit_json, new_seed, write_bytes, write_text
from undercroft.cli.paper_options import DEFAULT_PAPER, DEFAULT_SCALE, Paper, Scale
from undercroft.errors import BadInput, flag
from undercroft.maps.ascii import render_ascii
from undercroft.maps.model import LevelMap
from undercroft.maps.paper import paper_name, parse_scale
from undercroft.maps.pdf import level_pdf
from undercroft.maps.png import render_png
from undercroft.maps.svg import render_svg
from undercroft.maps.uvtt_level import level_uvtt
from undercroft.systems.amulet.characters.modos import convert, read_sheet
from undercroft.systems.amulet.generation.config import DEFAULT_LEVEL_SIZE, LevelConfig
from undercroft.systems.amulet.generation.discovery import mark_players_knowledge
from undercroft.systems.amulet.generation.export import level_dict
from undercroft.systems.amulet.generation.generator import LevelGenerator
from undercroft.systems.amulet.generation.tables import ALLOWED, amulet_tables

app = typer.Typer(help="Amulet (seeds 000 and 001): the GM-less, Gauntlet-style crawl.",
                  no_args_is_help=True)
app.command("scenario")(scenario_command)


def register(parent: typer.Typer) -> None:
    """Add `amulet ...` to the `undercroft` command."""
    parent.add_typer(app, name="amulet")

SeedOption = Annotated[int | None, typer.Option("--seed", help="Seed; same seed, same level.")]
DepthOption = Annotated[int, typer.Option("--depth", help="Dungeon level, 1 or deeper.")]
SizeOption = Annotated[int, typer.Option("--size", help="Level size X: the level is X by X units.")]
GmOption = Annotated[str, typer.Option("--gm-choice",
                                       help="A 'GM' result: 'reroll' (roll again) or 'ask'.")]


def level_config(size: int, gm_choice: str) -> LevelConfig:
    """The generator's settings from command-line options, refusing bad values in one line."""
    if gm_choice not in ("reroll", "ask"):
        raise BadInput(f"--gm-choice {gm_choice!r}: expected 'reroll' or 'ask'")
    if not 1 <= size <= 200:
        raise BadInput(f"--size {size}: a level is 1 to 200 units square")
    return LevelConfig(level_size=size, gm_choice="ask" if gm_choice == "ask" else "reroll")


def level_generator(seed: int | None, depth: int, size: int, gm_choice: str) -> LevelGenerator:
    """A generator for the command-line options, refusing bad values in one line each."""
    config = level_config(size, gm_choice)
    seed = new_seed() if seed is None else seed
    with flag("--depth", "depth"), flag("--gm-choice", "GM's choice"):
        return LevelGenerator(config, seed, depth, ask=ask_gm if gm_choice == "ask" else None)


def ask_gm(table: str, options: list[str]) -> str:
    """Ask the person for a GM's choice: a prompt on stderr at a terminal, a line of input."""
    prompt = f"GM's choice for {table} ({', '.join(options)})"
    while True:
        if sys.stdin.isatty():
            sys.stderr.write(prompt + ": ")
            sys.stderr.flush()
        line = sys.stdin.readline()
        if not line:
            raise BadInput(f"--gm-choice ask: no answer for table {table!r} (input closed)")
        answer = line.strip().lower()
        if answer in options:
            return answer
        if not sys.stdin.isatty():
            raise BadInput(f"--gm-choice ask: {answer!r} is not one of {', '.join(options)} "
                           f"(table {table!r})")
        sys.stderr.write(f"  {answer!r} is not one of the choices\n")


@app.command("tables")
def tables(
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Seed 001's dungeon generation tables (2d8, rolls 2-16)."""
    loaded = amulet_tables()
    if json_output:
        emit_json({name: {str(total): table.results[total]
                          for total in range(table.low, table.high + 1)}
                   for name, table in loaded.items()}, "-")
        return
    grid = Table(title="Amulet dungeon generation tables (roll 2d8)")
    grid.add_column("2d8", justify="right")
    for name in ALLOWED:
        grid.add_column(name.replace("_", " "))
    for total in range(2, 17):
        grid.add_row(str(total), *(loaded[name].results[total] for name in ALLOWED))
    Console().print(grid)


@app.command("convert")
def convert_command(
    sheet: Annotated[Path, typer.Argument(help="A TOML file of Modos numbers "
                                                "(see examples/modos/).")],
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """A Modos character's Amulet numbers (seed 000, GENERATING AMULET NUMBERS)."""
    result = convert(read_sheet(sheet), str(sheet))
    if json_output:
        emit_json(result.to_dict(), "-")
        return
    grid = Table(title=f"{result.hero.name}: Amulet numbers, health {result.hero.health}")
    for column in ("ability", "points", "score", "Amulet"):
        grid.add_column(column)
    numbers = result.hero.numbers()
    for ability in result.order:
        grid.add_row(ability, str(result.points[ability]), str(result.scores[ability]),
                     str(numbers[ability]))
    Console().print(grid)
    if result.hero.level_points:
        Console().print(f"Includes {result.hero.level_points} point(s) for levels above 2.")


@app.command("generate")
def generate(
    seed: SeedOption = None,
    depth: DepthOption = 1,
    size: SizeOption = DEFAULT_LEVEL_SIZE,
    gm_choice: GmOption = "reroll",
    json_target: Annotated[str | None, typer.Option(
        "--json", help="Write the level as JSON to FILE, or '-' for stdout.")] = None,
    svg: Annotated[Path | None, typer.Option("--svg", help="Write a printable SVG map.")] = None,
    png: Annotated[Path | None, typer.Option("--png", help="Write a PNG map.")] = None,
    uvtt: Annotated[Path | None, typer.Option(
        "--uvtt", help="Write a Universal VTT file (.uvtt, .dd2vtt): the map with its walls "
        "and doors for Foundry VTT, Roll20 or Fantasy Grounds.")] = None,
    ascii_map: Annotated[bool, typer.Option("--ascii", help="Print the map as text.")] = False,
    smooth: Annotated[bool, typer.Option("--smooth-circles",
                                         help="Draw Circle rooms round, not octagonal.")] = False,
    player_view: Annotated[bool, typer.Option(
        "--player-view", help="Draw the players' map: no unfound secrets, nor the rooms "
        "only they lead to.")] = False,
    pdf: Annotated[Path | None, typer.Option(
        "--pdf", help="Write a print-ready PDF: the map at true scale, then the room key.")] \
        = None,
    paper: Paper = DEFAULT_PAPER,
    scale: Scale = DEFAULT_SCALE,
) -> None:
    """Generate one whole Amulet level from the seed's tables, and print or save its map."""
    generator = level_generator(seed, depth, size, gm_choice)
    pdf_paper, scale_mm = paper_name(paper), parse_scale(scale)
    if json_target == "-" and ascii_map:
        raise BadInput("--ascii and --json - both want standard output; "
                       "write the JSON to a file instead")
    for target, option in ((svg, "--svg"), (png, "--png"), (pdf, "--pdf"), (uvtt, "--uvtt"),
                           (None if json_target in (None, "-") else Path(json_target), "--json")):
        if target is not None:
            check_target(target, option)
    level = generator.generate_all()
    if player_view:
        mark_players_knowledge(level)
    style = "smooth" if smooth else "octagon"
    if svg is not None:
        write_text(svg, render_svg(level, player_view=player_view, circle_style=style), "--svg")
    if png is not None:
        _write_png(level, png, style, player_view)
    if pdf is not None:
        write_bytes(pdf, level_pdf(level, player_view=player_view, paper=pdf_paper,
                                   scale_mm=scale_mm), "--pdf")
    if uvtt is not None:
        write_text(uvtt, json.dumps(level_uvtt(level, player_view=player_view)), "--uvtt")
    if json_target is not None:
        emit_json(level_dict(generator), json_target)
    if ascii_map or all(target is None for target in (json_target, svg, png, pdf, uvtt)):
        console = Console(highlight=False)
        console.print(f"[bold]{level.title}[/bold] - {len(level.rooms)} rooms, "
                      f"{level.level_size}x{level.level_size} units")
        console.print(render_ascii(level, player_view=player_view), markup=False)


def _write_png(level: LevelMap, path: Path, style: str, player_view: bool) -> None:
    """Render to a temporary file beside the target, then move it into place."""
    check_target(path, "--png")
    with tempfile.TemporaryDirectory() as scratch:
        temporary = Path(scratch) / "map.png"
        render_png(level, temporary, player_view=player_view, circle_style=style)
        write_bytes(path, temporary.read_bytes(), "--png")


@app.command("explore")
def explore(
    seed: SeedOption = None,
    depth: DepthOption = 1,
    size: SizeOption = DEFAULT_LEVEL_SIZE,
    gm_choice: GmOption = "reroll",
) -> None:
    """Walk a level room by room: open exits and watch the map grow (type 'help')."""
    generator = level_generator(seed, depth, size, gm_choice)
    Walkthrough(generator, Console(highlight=False), sys.stdin).run()
