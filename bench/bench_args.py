"""Command-line checks the benchmark scripts share (each runs as ``python bench/NAME.py``,
so this folder is on the import path)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any


def positive(text: str) -> int:
    """A whole number of 1 or more, or argparse's one-line refusal."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return value


def print_figures(figures: Mapping[str, Any], as_json: bool) -> None:
    """The figures as one JSON document (``--json``), or a ``name: value`` line each."""
    if as_json:
        print(json.dumps(figures))
        return
    for name, value in figures.items():
        print(f"{name}: {value}")
