"""What a game is, as data a caller reads before playing it (after OpenSpiel's
``_GAME_TYPE`` and ``_GAME_INFO``).

Every ruleset carries one :class:`GameInfo`. The conformance suite, the lobby and
anything else that works on every system read a system's facts here instead of
keeping their own list per system: adding a system is adding its ruleset (with its
info) to the registry, and no edit to the tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True)
class GameInfo:
    """One system's facts: who plays, how, what is hidden, and how to test it quickly."""

    name: str
    """The registry's name for the system (``undercroft play NAME``, a record's system)."""
    version: str
    """Changes whenever a rule change would make an old record replay differently."""
    simultaneous: bool
    """Several seats choose at once (Amulet's rounds) or one at a time (turns)."""
    seats: tuple[int, int]
    """The fewest and the most seats a game has (the software game master's seat, where
    the system has one, counts)."""
    hidden_information: bool
    """Some seat's view keeps back part of the truth (a seed, a deck's order, a room
    not yet entered): such a ruleset offers ``hidden`` (engine.capabilities) for the
    conformance suite to check every view against."""
    view_schema: type[BaseModel]
    """The model every seat's view validates against (engine.view_schema): it names
    every field a seat is shown, so a view that shows more fails the suite."""
    truth_schema: type[BaseModel]
    """The model the whole truth (``view(state, None)``) validates against."""
    quick_config: Mapping[str, Any] = field(default_factory=dict)
    """A config (as the config model's fields) small enough for the conformance suite:
    every game of it ends within ``step_bound`` steps, whoever plays."""
    step_bound: int = 400
    """The most steps a game of ``quick_config`` takes, played by any agent."""
    illegal_samples: tuple[str, ...] = ()
    """Texts that parse as this system's actions, at least one of which is not legal for
    the first seat to act at the start of a quick game (the suite checks it is refused)."""
