"""An audit run: games played under audit by the balance lab's workers, summed up.

The same plan as ``undercroft simulate`` (one arm, game ``i`` on ``game_seed(S, i)``,
batches for local processes or a Dask cluster), so an audited game is the game the lab
measures, and the summary is the same however many workers played it.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from undercroft.sim.audit_game import audit_batch
from undercroft.sim.audit_summary import AuditSummary, new_summary
from undercroft.sim.run import Plan
from undercroft.sim.settings import Arm
from undercroft.sim.workers import Workers


def run_audit(system: str, config: BaseModel, agents: tuple[str, ...], games: int, seed: int,
              pool: Workers, progress: Callable[[int], None] | None = None) -> AuditSummary:
    """Play ``games`` games of ``config`` under audit on ``pool``; ``progress`` hears how
    many games each finished batch held."""
    plan = Plan(system, games, seed, [Arm(0, {}, config)], agents)
    summary = new_summary(system)
    for rows in pool.play(plan.batches(plan.batch_size(pool.count)), audit_batch):
        for row in rows:
            summary.add(row)
        if progress is not None:
            progress(len(rows))
    return summary
