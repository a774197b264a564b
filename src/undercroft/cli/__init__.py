"""The ``undercroft`` command (Typer + Rich).

``main`` runs the Typer app outside Click's standalone mode so that every
usage error and every :class:`~undercroft.errors.BadInput` becomes exactly one
line on stderr with exit code 2, as DESIGN.md's contracts require.
"""

from __future__ import annotations

import sys

import typer

from undercroft.cli import (
    amulet_commands,
    audit_command,
    cardcrawl_commands,
    dice_commands,
    play_commands,
    replay_command,
    serve_command,
    simulate_command,
)
from undercroft.errors import BadInput, one_line

app = typer.Typer(
    name="undercroft",
    help="Tabletop dungeon crawls run as software.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
dice_commands.register(app)
app.add_typer(amulet_commands.app, name="amulet")
app.add_typer(cardcrawl_commands.app, name="cardcrawl")
play_commands.register(app)
replay_command.register(app)
simulate_command.register(app)
audit_command.register(app)
serve_command.register(app)


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
