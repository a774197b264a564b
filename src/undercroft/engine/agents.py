"""Automated players: an agent sees only its seat's view and picks a legal action.

Every agent draws from its own named stream of the game's seed, so one seat's
choices never shift another's dice, and a recorded game replays from the
choices alone (agents are not needed to replay).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from undercroft.rng import Stream

ActionT = TypeVar("ActionT")


class Agent(Protocol):
    """Chooses one of ``legal`` from what its seat may know."""

    name: str

    def choose(self, view: Mapping[str, Any], legal: Sequence[ActionT], rng: Stream) -> ActionT:
        ...


class RandomAgent:
    """Any legal action, uniformly: the conformance suite's and a designer's baseline."""

    name = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[ActionT], rng: Stream) -> ActionT:
        return rng.choice(list(legal))


def agent_stream(seed: int, seat: str) -> Stream:
    return Stream(seed, f"agents/{seat}")
