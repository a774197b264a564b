"""A simulation run: N games for every arm of a sweep, summed up as they stream in.

Game ``i`` of every arm plays on the same seed (``games.game_seed(S, i)``), so
arms differ only by their settings: a sweep compares rule values on the same
dungeons and the same dice streams (common random numbers), which narrows the
differences' error bars.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from undercroft.engine import registry
from undercroft.engine.capabilities import simulated
from undercroft.engine.figures import Figure, FigureSpec
from undercroft.sim.games import Batch, game_seed
from undercroft.sim.rows_out import RowWriter
from undercroft.sim.settings import Arm, config_dump
from undercroft.sim.stats import Summary
from undercroft.sim.workers import Workers

MAX_BATCH: Final = 25
BATCHES_PER_WORKER: Final = 8


@dataclass(frozen=True)
class Plan:
    """What to play: which system, how many games per arm, from which seed, by whom."""

    system: str
    games: int
    seed: int
    arms: Sequence[Arm]
    agents: tuple[str, ...]

    def batch_size(self, workers: int) -> int:
        """Games per batch: several batches per worker, never more than ``MAX_BATCH``
        (the results do not depend on it)."""
        return max(1, min(MAX_BATCH, self.games // (workers * BATCHES_PER_WORKER)))

    def batches(self, size: int) -> Iterator[Batch]:
        for arm in self.arms:
            config = arm.config.model_dump_json()
            for start in range(0, self.games, size):
                yield Batch(self.system, config, self.agents, self.seed, arm.index, start,
                            min(self.games, start + size))


@dataclass
class ArmResult:
    """One arm's settings and its games' figures."""

    arm: Arm
    spec: FigureSpec
    summary: Summary = field(default_factory=Summary)


@dataclass
class RunResult:
    plan: Plan
    arms: list[ArmResult]
    pooled: Summary
    """Every game of every arm (the top-level figures of a sweep)."""

    @property
    def is_sweep(self) -> bool:
        return len(self.arms) > 1

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` document: system, games, seed, config, metrics, rates (and the
        arms of a sweep). Nothing in it depends on how many workers played."""
        plan = self.plan
        first = self.arms[0]
        top = self.pooled if self.is_sweep else first.summary
        document: dict[str, Any] = {
            "system": plan.system, "games": plan.games, "seed": plan.seed,
            "config": config_dump(first.arm.config) if not self.is_sweep
            else _base_config(self.arms),
            "agents": list(plan.agents),
            "metrics": top.metrics_dict(), "rates": top.rates_dict(),
        }
        if self.is_sweep:
            document["sweep"] = {key: list(dict.fromkeys(a.arm.settings[key] for a in self.arms))
                                 for key in first.arm.settings}
            document["arms"] = [
                {"settings": dict(a.arm.settings), "config": config_dump(a.arm.config),
                 "games": a.summary.games, "metrics": a.summary.metrics_dict(),
                 "rates": a.summary.rates_dict()} for a in self.arms]
        plain: dict[str, Any] = json.loads(json.dumps(document, default=_plain))
        return plain


def _base_config(arms: Sequence[ArmResult]) -> dict[str, Any]:
    """The settings every arm shares (the swept ones left out)."""
    dumps = [config_dump(a.arm.config) for a in arms]
    return _common(dumps)


def _common(dumps: list[dict[str, Any]]) -> dict[str, Any]:
    shared: dict[str, Any] = {}
    for key, value in dumps[0].items():
        values = [d.get(key) for d in dumps]
        if all(isinstance(v, dict) for v in values):
            inner = _common([v for v in values if isinstance(v, dict)])
            if inner:
                shared[key] = inner
        elif all(v == value for v in values):
            shared[key] = value
    return shared


def _plain(value: Any) -> Any:
    if isinstance(value, float) and value != value:
        return None
    raise TypeError(f"cannot write {value!r} as JSON")


def run(plan: Plan, workers: Workers, worker_count: int,
        advance: Callable[[int], None] | None = None,
        rows: RowWriter | None = None) -> RunResult:
    """Play every batch with ``workers`` and sum up the rows in game order."""
    ruleset = registry.get(plan.system)
    results = [ArmResult(arm, simulated(ruleset).figure_spec(arm.config)) for arm in plan.arms]
    pooled = Summary()
    size = plan.batch_size(worker_count)
    sent, kept = itertools.tee(plan.batches(size))  # the workers' and ours, in step
    for batch_rows, batch in zip(workers.play(sent), kept, strict=True):
        arm = results[batch.arm]
        for offset, row in enumerate(batch_rows):
            arm.summary.add(row)
            pooled.add(row)
            if rows is not None:
                index = batch.start + offset
                rows.write(_out_row(arm.arm, index, game_seed(plan.seed, index), row))
        if advance is not None:
            advance(len(batch_rows))
    return RunResult(plan, results, pooled)


def _out_row(arm: Arm, index: int, seed: int, row: dict[str, Figure]) -> dict[str, Figure]:
    return {"arm": arm.index, **dict(arm.settings), "game": index, "seed": seed, **row}


def out_columns(plan: Plan) -> list[str]:
    """The columns of ``--out``: arm, swept keys, game, seed, then every arm's figures."""
    ruleset = registry.get(plan.system)
    columns = ["arm", *plan.arms[0].settings, "game", "seed"]
    for arm in plan.arms:
        spec = simulated(ruleset).figure_spec(arm.config)
        columns += [c for c in spec.columns if c not in columns]
    return columns
