"""`undercroft cardcrawl dungeon ...` (being written)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the dungeon commands to ``app``."""
