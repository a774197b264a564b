"""The options a print-ready PDF shares wherever a command writes one (docs/print.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from undercroft.maps.paper import DEFAULT_PAPER, DEFAULT_SCALE

Paper = Annotated[str, typer.Option("--paper", help="PDF paper: a4 or letter.")]
Scale = Annotated[str, typer.Option(
    "--scale", help="PDF length of one grid square: 5mm, 1cm, 0.25in.")]

__all__ = ["DEFAULT_PAPER", "DEFAULT_SCALE", "Paper", "Scale"]
