"""`undercroft roll` and `undercroft odds` (placeholder until the dice core lands)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the dice commands to ``app``."""
