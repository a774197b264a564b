"""`undercroft cardcrawl ...`: Card Crawl's characters and Random Dungeons.

Each group of commands lives in its own module and adds itself here.
"""

from __future__ import annotations

import typer

from undercroft.cli import cardcrawl_character, cardcrawl_dungeon

app = typer.Typer(help="Card Crawl (seed 004): card-built characters and Random Dungeons.",
                  no_args_is_help=True)
cardcrawl_dungeon.register(app)
cardcrawl_character.register(app)


def register(parent: typer.Typer) -> None:
    """Add `cardcrawl ...` to the `undercroft` command."""
    parent.add_typer(app, name="cardcrawl")
