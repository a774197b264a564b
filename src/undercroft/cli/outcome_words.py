"""An outcome's summary said as a line of words for the terminal, not as a Python dict.

The summaries are figures for the balance lab and the audit (``Outcome.summary``: names
to numbers, lists and per-seat tables); a person at the end of a game reads them as
"deepest floor 3; alive: Seat-1, Seat-2; silver: Seat-1 12, Seat-2 7".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def outcome_line(result: str, summary: Mapping[str, Any]) -> str:
    """The result, then each figure of the summary in words ("victory. Rounds 12; ...")."""
    figures = "; ".join(f"{name.replace('_', ' ')}{_value(value)}"
                        for name, value in summary.items())
    return f"{result}. {figures[:1].upper()}{figures[1:]}" if figures else result


def _value(value: Any) -> str:
    if isinstance(value, Mapping):
        return ": " + (", ".join(f"{key} {_plain(item)}" for key, item in value.items())
                       or "none")
    if isinstance(value, list | tuple | set):
        return ": " + (", ".join(_plain(item) for item in value) or "none")
    return f" {_plain(value)}"


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
