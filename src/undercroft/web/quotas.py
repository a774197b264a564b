"""How much of the server one person, and all of them, may use (``undercroft serve``).

The lobby needs no token, so anyone who reaches the server can make tables; each table
is held in memory and replayed at every start. These limits keep that bounded: new
tables per client address per hour, live tables in all, automated steps taken inside
one request (the rest are taken in the background), and how long finished and idle
tables stay live before they are archived (kept in the database, no longer loaded).
Each is an option of ``undercroft serve`` (docs/security.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from undercroft.errors import BadInput

_DURATION: Final = re.compile(r"(\d{1,9})([smhd]?)")
_UNITS: Final = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86_400}


@dataclass(frozen=True)
class ServeLimits:
    """The limits of one server; the defaults suit a home server for a few tables."""

    tables_per_hour: int = 20
    """New tables one client address may make in an hour (0: no limit)."""
    max_tables: int = 200
    """Live tables the server holds at once; a new one past this is refused (0: none)."""
    steps_per_request: int = 50
    """Automated steps taken before a request is answered; the rest go on in the
    background, each batch sent to the table's screens as it is taken."""
    archive_finished: timedelta = timedelta(days=1)
    """A finished table is archived this long after its game ended."""
    archive_idle: timedelta = timedelta(days=14)
    """An unfinished table is archived after this long without a step."""

    def __post_init__(self) -> None:
        for name in ("tables_per_hour", "max_tables"):
            if getattr(self, name) < 0:
                raise BadInput(f"{name.replace('_', ' ')} {getattr(self, name)}: expected "
                               "0 (no limit) or more")
        if self.steps_per_request < 1:
            raise BadInput(f"steps per request {self.steps_per_request}: expected 1 or more")


def duration(text: str, option: str) -> timedelta:
    """``90s``, ``30m``, ``24h``, ``14d`` (a bare number is seconds) as a duration."""
    matched = _DURATION.fullmatch(text.strip())
    if matched is None or int(matched[1]) == 0:
        raise BadInput(f"{option} {text!r}: expected a duration such as 30m, 24h or 14d")
    return timedelta(seconds=int(matched[1]) * _UNITS[matched[2]])
