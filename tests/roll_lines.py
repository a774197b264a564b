"""Whole games played by their default agents, for tests of what the log says of each
roll (``rolls`` of every event: label, what, dice, result, forced, against)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from undercroft.engine import registry
from undercroft.engine.registry import default_agent
from undercroft.engine.table import Table, read_config


def played_events(system: str, config: Mapping[str, Any] | None = None, seeds: int = 3,
                  steps: int = 400) -> Iterator[dict[str, Any]]:
    """Every event of a few games (``steps`` each at most), as the views tell them."""
    ruleset = registry.get(system)
    for seed in range(seeds):
        game = Table.start(ruleset, read_config(ruleset, dict(config or {})), seed)
        game.automate({seat: default_agent(ruleset.name) for seat in game.seats})
        found: list[dict[str, Any]] = []
        game.run_automated(steps, lambda events, found=found: found.extend(
            event.to_dict() for event in events))
        yield from found


def rolls_of(events: Iterator[dict[str, Any]], *labels: str
             ) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Each roll with one of ``labels``, with the event that carries it."""
    for event in events:
        for rolled in event.get("rolls", []):
            if rolled["label"] in labels:
                yield event, rolled
