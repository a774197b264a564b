"""Playing a batch of whole games with automated players: the work a worker does.

A batch names everything a fresh process needs (system, config as JSON data,
agents, the run's seed and which games), so the same function runs in this
process, in a local process pool or on a Dask worker, and returns only small
rows of figures: no game state ever leaves the worker. Game ``i`` of a run plays
on :func:`game_seed` of the run's seed and ``i``, whoever plays it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from pydantic import BaseModel

from undercroft.engine import registry
from undercroft.engine.agents import Agent
from undercroft.engine.api import Ruleset
from undercroft.engine.capabilities import simulated
from undercroft.engine.figures import Figure
from undercroft.engine.table import Table
from undercroft.errors import BadInput

MAX_STEPS: Final = 1_000_000
"""Steps a game may take; every ruleset's own round limit ends a game long before."""


def game_seed(seed: int, index: int) -> int:
    """Game ``index`` of a run seeded ``seed``: a 63-bit number from SHA-256, the same on
    every machine and in every process."""
    digest = hashlib.sha256(f"undercroft|simulate|{int(seed)}|{int(index)}".encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


@dataclass(frozen=True)
class Batch:
    """Games ``start`` to ``stop - 1`` of one arm of a run."""

    system: str
    config: str
    """The arm's config as JSON text (a worker validates it again)."""
    agents: tuple[str, ...]
    """One agent name per seat, cycled when there are more seats."""
    seed: int
    arm: int
    start: int
    stop: int


@lru_cache(maxsize=16)
def batch_config(system: str, config: str) -> tuple[Ruleset[Any, Any], BaseModel]:
    ruleset = registry.get(system)
    return ruleset, ruleset.config_model().model_validate(json.loads(config))


def check_agents(ruleset: Ruleset[Any, Any], names: Sequence[str]) -> None:
    """Every name one of the ruleset's agents; an unknown one is bad input naming the known."""
    known = ruleset.agents()
    for name in names:
        if name not in known:
            raise BadInput(f"agent {name!r}: unknown (known: {', '.join(sorted(known))})")


def make_agents(ruleset: Ruleset[Any, Any], names: Sequence[str],
                seats: Sequence[str]) -> dict[str, Agent]:
    """An agent per seat, the names cycled over the seats; an unknown name is bad input."""
    check_agents(ruleset, names)
    known = ruleset.agents()
    return {seat: known[names[index % len(names)]]() for index, seat in enumerate(seats)}


def play_game(ruleset: Ruleset[Any, Any], config: BaseModel, agents: Sequence[str],
              seed: int) -> dict[str, Figure]:
    """One whole game on ``seed``: its row of figures."""
    state = ruleset.new(config, seed)
    watcher = simulated(ruleset).watch(state)
    table = Table(ruleset, state, seed, make_agents(ruleset, agents, ruleset.seats(state)))
    table.run_automated(MAX_STEPS, after_step=watcher.see)
    return watcher.row()


def play_batch(batch: Batch) -> list[dict[str, Figure]]:
    """Every game of a batch, in order (a top-level function: pools pickle it by name)."""
    ruleset, config = batch_config(batch.system, batch.config)
    return [play_game(ruleset, config, batch.agents, game_seed(batch.seed, index))
            for index in range(batch.start, batch.stop)]
