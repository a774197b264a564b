"""A stored table's values read as untrusted input: each checked, each fault one line.

The database is the server's own, but a row may be damaged (a disk fault, a hand edit, a
restore from the wrong backup), and a fault in one table must not keep the others from
loading. So the store asks the database for text (JSON and dates as they were written),
and this module reads it with bounds: a config or a step too long or too deeply nested, a
seed of thousands of digits, a date that is no date, a choice that is not text, each
becomes the reason the table is set aside, never an exception that stops the server.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Final

from undercroft.errors import BadInput

MAX_CONFIG: Final = 64 * 1024
"""Characters of a stored config's JSON (a request body is at most 64 KiB)."""
MAX_STEP: Final = 16 * 1024
"""Characters of one stored step's JSON (a few seats, each choice at most 200 characters)."""
MAX_SEED_DIGITS: Final = 40
"""Digits of a stored seed: the server makes 63-bit seeds (19 digits)."""
MAX_NAME: Final = 64
"""Characters of a seat or agent name (the columns' width)."""


def json_object(raw: Any, what: str, limit: int) -> dict[str, Any]:
    """A JSON object stored as text; BadInput naming ``what`` for anything else."""
    found = _json(raw, what, limit)
    if not isinstance(found, dict):
        raise BadInput(f"its {what} is not a JSON object")
    return found


def _json(raw: Any, what: str, limit: int) -> Any:
    if not isinstance(raw, str):
        raise BadInput(f"its {what} is not JSON text")
    if len(raw) > limit:
        raise BadInput(f"its {what} is longer than {limit:,} characters")
    try:
        found = json.loads(raw)
    except RecursionError:
        raise BadInput(f"its {what} is nested too deeply") from None
    except ValueError as error:
        raise BadInput(f"its {what} is not JSON ({_first_words(error)})") from None
    return found


def seed(raw: Any) -> int:
    text = str(raw).strip()
    if len(text.lstrip("-")) > MAX_SEED_DIGITS:
        raise BadInput(f"its seed has more than {MAX_SEED_DIGITS} digits")
    if not text.lstrip("-").isdigit():
        raise BadInput(f"its seed {text[:MAX_SEED_DIGITS]!r} is not a whole number")
    return int(text)


def moment(raw: Any, what: str) -> datetime:
    """A stored date and time (naive UTC), as SQLite and PostgreSQL give it back as text."""
    if isinstance(raw, datetime):
        return raw
    try:
        return datetime.fromisoformat(str(raw)).replace(tzinfo=None)
    except ValueError:
        raise BadInput(f"its {what} {str(raw)[:40]!r} is not a date") from None


def choices(raw: Any, number: int) -> dict[str, str]:
    """Step ``number``'s choices: ``{seat: text}``."""
    found = _json(raw, f"step {number}", MAX_STEP)
    if not isinstance(found, dict) or not all(
            isinstance(seat, str) and len(seat) <= MAX_NAME and isinstance(text, str)
            for seat, text in found.items()):
        raise BadInput(f"step {number} is not a set of choices")
    return found


def name(raw: Any, what: str) -> str:
    if not isinstance(raw, str) or not 0 < len(raw) <= MAX_NAME:
        raise BadInput(f"its {what} is not a name of at most {MAX_NAME} characters")
    return raw


def _first_words(error: ValueError) -> str:
    """A parser's complaint, short: where it stopped, never the text it read."""
    return " ".join(str(error).split())[:80]
