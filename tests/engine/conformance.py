"""Checks every ruleset must pass (DESIGN.md, the conformance suite), as plain functions
so a test can also show that each check catches what it is for."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from undercroft.engine.agents import agent_stream
from undercroft.engine.api import Ruleset
from undercroft.engine.record import Record, new_record, state_hash

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
