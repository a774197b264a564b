"""Each system's terminal front, by the system's name: how its table is drawn at the
terminal (``play_turns.Front``).

A system with a front of its own is listed in :data:`FRONTS`; every other system is
drawn by the turn-based systems' plain front. `undercroft replay` draws where a game
stands with its system's front, and so knows no system by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from undercroft.cli.play_commands import HotSeat
from undercroft.cli.play_turns import Front, PlainFront

FRONTS: Final[Mapping[str, type[Front]]] = {"amulet": HotSeat}
"""The systems whose front is not the plain one."""


def front_for(system: str) -> type[Front]:
    """The front that draws ``system``'s table."""
    return FRONTS.get(system, PlainFront)
