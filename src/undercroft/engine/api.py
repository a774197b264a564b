"""The Game API (DESIGN.md): the small surface every ruleset exposes.

``new`` makes a state from a validated config and a seed; ``to_act`` says who
chooses now; ``legal`` lists a seat's actions; ``step`` is the only thing that
changes a state; ``view`` is what one seat may know; ``outcome`` says whether
and how the game ended. Actions and events are the ruleset's own small values;
the engine needs only their text and their dictionaries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from undercroft.engine.agents import Agent
from undercroft.engine.game_info import GameInfo

Seat = str
"""A player's seat at the table (in Amulet, the hero's name)."""


class Action(Protocol):
    """A choice: a small frozen value with a stable text form."""

    @property
    def text(self) -> str: ...


class Event(Protocol):
    """Something that happened, with every roll behind it."""

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a short result word and the figures a table or a script reads."""

    result: str
    summary: dict[str, Any] = field(default_factory=dict)


StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=Action)


class Ruleset(Protocol[StateT, ActionT]):
    """One game system behind the Game API (engine.ruleset_base writes it once).

    What only some callers need (the balance lab's figures, the audit, the hidden
    fragments the conformance suite checks, a players' map) is not here: those are
    optional capabilities (engine.capabilities), checked with ``isinstance``.
    """

    @property
    def info(self) -> GameInfo:
        """What the game is, as data: seats, turns, hidden information, a quick config."""
        ...

    @property
    def name(self) -> str: ...

    @property
    def version(self) -> str:
        """Changes whenever a rule change would make an old record replay differently."""
        ...

    @property
    def simultaneous(self) -> bool:
        """Several seats choose at once (Amulet) or one at a time (turns)."""
        ...

    def config_model(self) -> type[BaseModel]: ...

    def new(self, config: BaseModel, seed: int) -> StateT: ...

    def seats(self, state: StateT) -> Sequence[Seat]: ...

    def to_act(self, state: StateT) -> set[Seat]: ...

    def legal(self, state: StateT, seat: Seat) -> list[ActionT]: ...

    def parse(self, text: str) -> ActionT: ...

    def step(self, state: StateT, choices: Mapping[Seat, ActionT]) -> Sequence[Event]: ...

    def view(self, state: StateT, seat: Seat | None) -> dict[str, Any]: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        """The automated players by name ("random" is always one of them)."""
        ...
