"""Checks every ruleset must pass (DESIGN.md, the conformance suite), as plain functions
so a test can also show that each check catches what it is for."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from undercroft.engine import snapshot
from undercroft.engine.agents import agent_stream
from undercroft.engine.api import Ruleset
from undercroft.engine.record import Record, new_record, state_hash
from undercroft.engine.runner import choose_all

Policy = Callable[[Ruleset[Any, Any], Any, str, list[Any], int], Any]


def random_policy(ruleset: Ruleset[Any, Any], state: Any, seat: str, legal: list[Any],
                  step: int) -> Any:
    return agent_stream(step, seat).choice(legal)


def scripted_policy(ruleset: Ruleset[Any, Any], state: Any, seat: str, legal: list[Any],
                    step: int) -> Any:
    """A fixed script: the first legal action, then the second, round and round."""
    return legal[step % len(legal)]


def play(ruleset: Ruleset[Any, Any], config: Any, seed: int, policy: Policy,
         max_steps: int, after: Callable[[Any], None] | None = None) -> tuple[Any, Record]:
    """Play to the end or the bound; ``after(state)`` runs after every step."""
    state = ruleset.new(config, seed)
    record = new_record(ruleset, config, seed)
    for number in range(max_steps):
        if ruleset.outcome(state) is not None:
            break
        choices = {}
        for seat in sorted(ruleset.to_act(state)):
            legal = ruleset.legal(state, seat)
            if legal:
                choices[seat] = policy(ruleset, state, seat, legal, number)
        ruleset.step(state, choices)
        record.add(choices)
        if after is not None:
            after(state)
    return state, record


def leaks(ruleset: Ruleset[Any, Any], state: Any) -> list[str]:
    """Every hidden fragment some seat's view shows (empty when nothing leaks)."""
    found = []
    hidden = ruleset.hidden(state)
    for seat in ruleset.seats(state):
        text = json.dumps(ruleset.view(state, seat), default=str)
        found += [f"{seat}: {fragment}" for fragment in hidden if fragment in text]
    return found


def truth_hash(ruleset: Ruleset[Any, Any], state: Any) -> str:
    return state_hash(ruleset.view(state, None))


def resumed_differs(ruleset: Ruleset[Any, Any], config: Any, seed: int, agent: str, at: int,
                    bound: int, lose: str | None = None) -> str | None:
    """Play ``agent`` in every seat; after step ``at`` write a snapshot of the state, the
    agents and their streams, read it back and play the copy on beside the original.
    Where they first differ, or None. ``lose`` leaves one part out of the snapshot (the
    test that shows this check can fail)."""
    state = ruleset.new(config, seed)
    agents = {seat: ruleset.agents()[agent]() for seat in ruleset.seats(state)}
    streams: dict[str, Any] = {}
    for _ in range(at):
        if ruleset.outcome(state) is not None:
            break
        ruleset.step(state, choose_all(ruleset, state, agents, streams, seed))
    parts = {"state": state, "agents": agents, "streams": streams}
    text = snapshot.dumps({name: part for name, part in parts.items() if name != lose})
    copy = snapshot.loads(text) | ({"streams": {}} if lose == "streams" else {})
    twin, twin_agents, twin_streams = copy["state"], copy["agents"], copy["streams"]
    if truth_hash(ruleset, twin) != truth_hash(ruleset, state):
        return f"read back after step {at}, the state is not the same"
    for number in range(at + 1, bound + 1):
        if ruleset.outcome(state) is not None:
            break
        choices = choose_all(ruleset, state, agents, streams, seed)
        twin_choices = choose_all(ruleset, twin, twin_agents, twin_streams, seed)
        if _texts(choices) != _texts(twin_choices):
            return f"step {number}: chose {_texts(twin_choices)}, not {_texts(choices)}"
        events = [event.to_dict() for event in ruleset.step(state, choices)]
        if [event.to_dict() for event in ruleset.step(twin, twin_choices)] != events:
            return f"step {number}: other events"
    if ruleset.outcome(twin) != ruleset.outcome(state):
        return "another outcome"
    if truth_hash(ruleset, twin) != truth_hash(ruleset, state):
        return "another end"
    return None


def _texts(choices: dict[str, Any]) -> dict[str, str]:
    return {seat: action.text for seat, action in choices.items()}
