"""Playing a game to its end with automated seats, writing the record as it goes.

A thin front on :class:`~undercroft.engine.table.Table`, which runs every game (the lab,
the terminal, the shared table), for callers that hold a ruleset, a state and agents.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from undercroft.engine.agents import Agent
from undercroft.engine.api import Event, Outcome, Ruleset, Seat
from undercroft.engine.record import Record
from undercroft.engine.table import Table
from undercroft.rng import Stream


def choose_all(ruleset: Ruleset[Any, Any], state: Any, agents: Mapping[Seat, Agent],
               streams: dict[Seat, Stream], seed: int) -> dict[Seat, Any]:
    """Every seat that must act now, chosen by its agent from its own view (``streams``
    holds each seat's stream, made on first use), without taking the step."""
    table = Table(ruleset, state, seed, agents)
    table.streams = streams
    return {seat: table.agent_choice(seat, legal)
            for seat in sorted(ruleset.to_act(state))
            if (legal := ruleset.legal(state, seat))}


def play_out(ruleset: Ruleset[Any, Any], state: Any, agents: Mapping[Seat, Agent], seed: int,
             record: Record | None = None, max_steps: int = 100_000,
             after_step: Callable[[Sequence[Event]], None] | None = None) -> Outcome | None:
    """Step with the agents' choices until the game ends or ``max_steps`` pass."""
    table = Table(ruleset, state, seed, agents, record=record)
    table.run_automated(max_steps, after_step)
    return table.outcome
