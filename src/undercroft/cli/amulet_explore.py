"""The interactive walk-through of an Amulet level: the mapper at the table's service.

Until the game itself lands this is what ``make run`` starts: the level grows
one room at a time as the person opens exits, with the players' map (only what
has been discovered) redrawn after each step and every table roll shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.panel import Panel

from undercroft.cli.output import write_text
from undercroft.errors import BadInput
from undercroft.maps.ascii import render_ascii
from undercroft.maps.model import Room
from undercroft.maps.svg import render_svg
from undercroft.systems.amulet.generation.generator import LevelGenerator

HELP = """Commands:
  <exit id>      open that exit (e.g. 1.2) and map what lies behind it
  search         find the secret exits of every room discovered so far
  all            open every exit until the level is full
  gm             show the whole map, secrets included
  svg FILE       save the players' map as SVG
  help           this list
  quit           leave (end of input works too)"""


class Walkthrough:
    """A read-eval loop over one level generator."""

    def __init__(self, generator: LevelGenerator, console: Console, stdin: TextIO) -> None:
        self.generator = generator
        self.console = console
        self.stdin = stdin
        self.shown_rolls = 0

    def run(self) -> None:
        level = self.generator.level
        self.console.print(Panel(f"{level.title}\nYou wake in a dark cell. Type 'help'.",
                                 title="Amulet"))
        self.generator.start()
        self._report(self.generator.level.rooms[:1])
        while True:
            line = self._read()
            if line is None or line in ("quit", "q", "exit"):
                self.console.print("The torches gutter. Farewell.")
                return
            try:
                self._do(line)
            except BadInput as error:
                self.console.print(f"[red]{error}[/red]")

    def _read(self) -> str | None:
        openable = self._openable()
        self.console.print(f"\nOpenable exits: {', '.join(openable) or 'none'}")
        self.console.print("> ", end="")
        text = self.stdin.readline()
        return text.strip().lower() if text else None

    def _openable(self) -> list[str]:
        level = self.generator.level
        return [e for e in self.generator.openable() if level.find_exit(e)[1].found]

    def _do(self, line: str) -> None:
        if line in ("help", "?", ""):
            self.console.print(HELP)
        elif line == "search":
            self._search()
        elif line == "all":
            before = len(self.generator.level.rooms)
            self.generator.generate_all()
            self._report(self.generator.level.rooms[before:])
        elif line == "gm":
            self.console.print(render_ascii(self.generator.level), markup=False)
        elif line.startswith("svg "):
            target = Path(line[4:].strip())
            write_text(target, render_svg(self.generator.level, player_view=True), "svg")
            self.console.print(f"saved {target}")
        else:
            if line not in self._openable():
                raise BadInput(f"{line!r} is not a command or an openable exit; type 'help'")
            self._report(self.generator.open(line))

    def _search(self) -> None:
        found = 0
        for room in self.generator.level.rooms:
            for exit_ in room.exits:
                if exit_.type == "secret" and not exit_.found:
                    exit_.found = True
                    found += 1
        self.console.print(f"You search every wall and find {found} side(s) of secret exits.")

    def _report(self, rooms: list[Room]) -> None:
        rolls = self.generator.roller.rolls
        for roll in rolls[self.shown_rolls:]:
            note = f"  ({roll.note})" if roll.note else ""
            self.console.print(f"  [dim]room {roll.room}: {roll.table} {roll.dice} = "
                               f"{roll.total} -> {roll.result}{note}[/dim]")
        self.shown_rolls = len(rolls)
        for room in rooms:
            exits = ", ".join(f"{e.id} {e.type} {e.wall}" for e in room.exits if e.found)
            self.console.print(f"[bold]Room {room.id}[/bold]: {room.shape}, size {room.size}; "
                               f"contents: {', '.join(room.contents)}; "
                               f"{'; '.join(room.labels) or 'no encounter'}; exits: {exits}")
        if not rooms:
            self.console.print("Nothing new lies behind it.")
        self.console.print(render_ascii(self.generator.level, player_view=True), markup=False)
