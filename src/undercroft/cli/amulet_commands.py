"""`undercroft amulet ...` commands."""

from __future__ import annotations

import typer

app = typer.Typer(help="Amulet (seeds 000 and 001): the GM-less, Gauntlet-style crawl.",
                  no_args_is_help=True)
