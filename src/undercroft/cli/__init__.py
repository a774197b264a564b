"""The ``undercroft`` command (Typer + Rich).

``main`` runs the Typer app outside Click's standalone mode so that every
usage error and every :class:`~undercroft.errors.BadInput` becomes exactly one
line on stderr with exit code 2, as DESIGN.md's contracts require.

Each top-level command lives in its own module and is imported only when it is
run or asked for its own help: the commands pull in libraries that take
seconds to load (scipy for ``simulate``, the web stack for ``serve``), and
``undercroft --help`` or ``undercroft roll d6`` should not wait for them. The
summaries the top-level help lists are therefore written here;
tests/test_startup.py checks them against each command's own help.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Final

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from undercroft.errors import BadInput, one_line

COMMANDS: Final[dict[str, tuple[str, str]]] = {
    "roll": ("dice_commands", "Roll a dice expression and show the working."),
    "odds": ("dice_commands", "Show the exact odds of a dice expression."),
    "replay": ("replay_command", "Replay a game record exactly and show where it stands "
               "(at its end, or at --round)."),
    "simulate": ("simulate_command", "Play many games with automated players and sum them "
                 "up with error bars."),
    "audit": ("audit_command", "Play whole games and report rule coverage, unused content, "
              "broken games and length."),
    "serve": ("serve_command", "Run the shared table: a lobby to make tables, a screen to "
              "watch, a page per seat."),
    "amulet": ("amulet_commands", "Amulet (seeds 000 and 001): the GM-less, Gauntlet-style "
               "crawl."),
    "cardcrawl": ("cardcrawl_commands", "Card Crawl (seed 004): card-built characters and "
                  "Random Dungeons."),
    "play": ("play_commands", "Play a whole game at this terminal (hot seat)."),
}
"""Each command's name: the module whose ``register(app)`` adds it, and its summary."""


def plain_flags(command: TyperCommand | TyperGroup) -> TyperCommand | TyperGroup:
    """Show on/off options without a ``<bool>`` value in help, in this command and below.

    Typer's Rich help prints a type beside every option, flags included, though a
    flag takes no value; an empty metavar is what it prints for one instead.
    """
    for param in command.get_params(typer.Context(command)):
        if isinstance(param, TyperOption) and param.is_flag:
            param.metavar = ""
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            if isinstance(sub, TyperCommand | TyperGroup):
                plain_flags(sub)
    return command


def load_command(name: str) -> TyperCommand | TyperGroup:
    """The Click command ``name``, built from its module (imported now)."""
    module_name = COMMANDS[name][0]
    module: Any = importlib.import_module(f"undercroft.cli.{module_name}")
    holder = typer.Typer()
    module.register(holder)
    command = typer.main.get_group(holder).commands[name]
    assert isinstance(command, TyperCommand | TyperGroup)
    return plain_flags(command)


class Deferred(TyperCommand):
    """A command known by its name and summary until it is run or asked for help."""

    def __init__(self, name: str, summary: str) -> None:
        super().__init__(name, help=summary, short_help=summary, add_help_option=False)
        self._loaded: TyperCommand | TyperGroup | None = None

    def loaded(self) -> TyperCommand | TyperGroup:
        """The command itself, its module imported on first use."""
        if self._loaded is None:
            assert self.name is not None
            self._loaded = load_command(self.name)
        return self._loaded

    def make_context(self, info_name: str | None, args: list[str],
                     parent: Any = None, **extra: Any) -> Any:
        """Hand the arguments to the command itself, which parses and runs them."""
        return self.loaded().make_context(info_name, args, parent, **extra)


class Commands(TyperGroup):
    """The top-level group: every command deferred until it is used."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, (_, summary) in COMMANDS.items():
            self.add_command(Deferred(name, summary))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """Typer's help, without ``<bool>`` beside ``--help``."""
        plain_flags(self)
        super().format_help(ctx, formatter)


app = typer.Typer(
    name="undercroft",
    help="Tabletop dungeon crawls run as software.",
    cls=Commands,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def build_kind() -> str:
    """Which build runs: the hot modules compiled with mypyc, or plain Python.

    setup.py compiles the hot modules where it can; ``undercroft.rng`` is one of them,
    and a compiled module is an extension (its file is a shared library, not ``.py``).
    """
    from undercroft import rng

    compiled = not rng.__file__.endswith(".py")
    return "compiled with mypyc" if compiled else "plain Python"


def show_version(asked: bool) -> None:
    """Print the version and which build runs, then stop."""
    if asked:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("undercroft")
        except PackageNotFoundError:
            number = "unknown (not installed)"
        sys.stdout.write(f"undercroft {number} ({build_kind()})\n")
        raise typer.Exit()


@app.callback()
def undercroft(
    version: bool = typer.Option(False, "--version", callback=show_version,
                                 is_eager=True,
                                 help="Show the version and which build runs, and exit."),
) -> None:
    """Tabletop dungeon crawls run as software."""


def fail(message: str) -> None:
    """Print one line about bad input on stderr and exit 2."""
    sys.stderr.write(f"undercroft: error: {one_line(message)}\n")
    raise SystemExit(2)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script."""
    try:
        code = app(args=argv, standalone_mode=False)
    except BadInput as error:
        fail(str(error))
    except typer.Exit as done:
        raise SystemExit(done.exit_code) from None
    except (typer.Abort, KeyboardInterrupt):
        sys.stderr.write("undercroft: aborted\n")
        raise SystemExit(1) from None
    except typer.TyperException as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            sys.stderr.write(error.format_message() + "\n")
            raise SystemExit(2) from None
        fail(error.format_message().replace("\n", " "))
    if isinstance(code, int) and code:
        raise SystemExit(code)
