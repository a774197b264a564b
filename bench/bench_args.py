"""Command-line checks the benchmark scripts share (each runs as ``python bench/NAME.py``,
so this folder is on the import path)."""

from __future__ import annotations

import argparse


def positive(text: str) -> int:
    """A whole number of 1 or more, or argparse's one-line refusal."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return value
