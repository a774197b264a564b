"""`undercroft cardcrawl character new|show`: build a starting character, or show a saved one.

``new`` follows seed 004's Character Creation with random but legal choices
from the starter cards (``--seed N`` repeats them); ``show`` reads a saved
character, checks it whole and prints it. Both can save the sheets as SVG.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from undercroft.cli.output import check_target, emit_json, new_seed, write_text
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.character.build import STREAM, Character, new_character
from undercroft.systems.cardcrawl.character.document import read_character, to_dict
from undercroft.systems.cardcrawl.character.drawing import render_character_svg
from undercroft.systems.cardcrawl.character.sheets import Sheet

app = typer.Typer(help="Card Crawl characters (seed 004): build one, or show a saved one.",
                  no_args_is_help=True)

JsonOption = Annotated[bool, typer.Option("--json", help="Print the character as one JSON "
                                                         "document.")]
SvgOption = Annotated[Path | None, typer.Option("--svg", help="Draw the sheets to an SVG file.")]


def register(parent: typer.Typer) -> None:
    """Add the character commands to ``parent`` (the cardcrawl app)."""
    parent.add_typer(app, name="character")


@app.command("new")
def new(
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed, same "
                                                            "character.")] = None,
    json_output: JsonOption = False,
    out: Annotated[Path | None, typer.Option("--out", help="Save the character as JSON "
                                                           "(for `show`).")] = None,
    svg: SvgOption = None,
) -> None:
    """A new character by the seed's Character Creation: race, +4/+4 card (or a second
    race for a half-human), +1 attack, defence cards 1, 2 and 3, one basic gear."""
    character = new_character(Stream(new_seed() if seed is None else seed, STREAM))
    _emit(character, json_output, svg, out)


@app.command("show")
def show(
    file: Annotated[Path, typer.Argument(help="A character saved by `new --out`.")],
    json_output: JsonOption = False,
    svg: SvgOption = None,
) -> None:
    """A saved character, checked against the rules, with its skill bonuses recomputed."""
    _emit(read_character(file), json_output, svg, None)


def _emit(character: Character, json_output: bool, svg: Path | None, out: Path | None) -> None:
    for target, option in ((out, "--out"), (svg, "--svg")):
        if target is not None:
            check_target(target, option)
    document = to_dict(character)
    if out is not None:
        write_text(out, json.dumps(document, indent=2) + "\n", "--out")
    if svg is not None:
        write_text(svg, render_character_svg(character), "--svg")
    if json_output:
        emit_json(document, "-")
    else:
        print_character(character, Console(highlight=False))


def _grid(title: str, sheet: Sheet, names: dict[str, str]) -> Table:
    grid = Table(title=title, show_header=False, show_lines=True)
    for _ in range(3):
        grid.add_column(width=14, justify="center")
    for row in sheet.rows:
        grid.add_row(*(names[card] if card else "·" for card in row))
    return grid


def print_character(character: Character, console: Console) -> None:
    """The character for a person: sheets, seams, skill bonuses, attacks, defence, gear."""
    names = {card_id: character.card_set.get(card_id).name for card_id in character.owned}
    seed = "" if character.seed is None else f", seed {character.seed}"
    console.print(f"[bold]{character.title}[/bold] ({character.points} points{seed})")
    console.print(_grid("Character sheet", character.character_sheet, names))
    for item in character.seam_bonuses():
        side = "right" if item.seam.direction == "right" else "bottom"
        console.print(f"  {names[item.giver]}'s {side} +{item.bonus} meets {names[item.taker]}'s "
                      f"{'left' if side == 'right' else 'top'} skill: {item.skill} +{item.bonus}")
    bonuses = ", ".join(f"{skill} +{bonus}" for skill, bonus in character.skill_bonuses().items())
    console.print(f"Skill bonuses: {bonuses or 'none (no seams)'}")
    console.print(_grid("Attack sheet", character.attack_sheet, names))
    attacks = Table("attack", "bonus", "difficulty", "combo right", "combo down", "effect",
                    title="Attacks")
    for slot in character.attacks():
        card = slot.card
        attacks.add_row(card.name, f"+{card.bonus}", str(card.difficulty),
                        _combo(card.combo_right, slot.right, names),
                        _combo(card.combo_bottom, slot.below, names), card.effect)
    console.print(attacks)
    defence = Table("defence card", "rating", "effect",
                    title=f"Defence cards ({len(character.carried)} brought, "
                          f"{character.defence_limit} usable)")
    for held in character.defence_cards():
        defence.add_row(held.name, str(held.rating), held.effect)
    console.print(defence)
    gear = Table("card", "kind", "effect", title=f"Gear and spells ({len(character.equipped)} "
                                                 f"equipped, limit {character.equip_limit})")
    for equipped in character.equipment():
        gear.add_row(equipped.name, equipped.kind, equipped.effect)
    console.print(gear)


def _combo(bonus: int, target: str | None, names: dict[str, str]) -> str:
    return f"+{bonus} to {names[target]}" if target else f"+{bonus} (nothing there)"
