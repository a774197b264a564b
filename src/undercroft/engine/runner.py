"""Playing a game to its end with automated seats, writing the record as it goes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from undercroft.engine.agents import Agent, agent_stream
from undercroft.engine.api import Event, Outcome, Ruleset, Seat
from undercroft.engine.record import Record
from undercroft.rng import Stream


def choose_all(ruleset: Ruleset[Any, Any], state: Any, agents: Mapping[Seat, Agent],
               streams: dict[Seat, Stream], seed: int) -> dict[Seat, Any]:
    """Every seat that must act now, chosen by its agent from its own view."""
    choices: dict[Seat, Any] = {}
    for seat in sorted(ruleset.to_act(state)):
        legal = ruleset.legal(state, seat)
        if not legal:
            continue
        stream = streams.get(seat)
        if stream is None:
            stream = streams[seat] = agent_stream(seed, seat)
        choices[seat] = agents[seat].choose(ruleset.view(state, seat), legal, stream)
    return choices


def play_out(ruleset: Ruleset[Any, Any], state: Any, agents: Mapping[Seat, Agent], seed: int,
             record: Record | None = None, max_steps: int = 100_000,
             after_step: Callable[[Sequence[Event]], None] | None = None) -> Outcome | None:
    """Step with the agents' choices until the game ends or ``max_steps`` pass."""
    streams: dict[Seat, Stream] = {}
    for _ in range(max_steps):
        if ruleset.outcome(state) is not None:
            break
        choices = choose_all(ruleset, state, agents, streams, seed)
        events = ruleset.step(state, choices)
        if record is not None:
            record.add(choices)
        if after_step is not None:
            after_step(events)
    return ruleset.outcome(state)
