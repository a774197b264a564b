"""The CI gate of the rules-health audit: a small audit of every system, which fails on any
fault of a kind that must be zero, unless tests/audit_known_faults.toml lists it with
what fixes it, and fails too when a listed fault is no longer found (so the list only
shrinks: a fixed fault leaves it in the same change)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest
from pydantic import BaseModel

from undercroft.engine import registry
from undercroft.sim.audit_game import auditable
from undercroft.sim.audit_run import run_audit
from undercroft.sim.audit_summary import AuditSummary, replay_command
from undercroft.sim.settings import build_arms, parse_sets
from undercroft.sim.workers import open_workers

KNOWN = Path(__file__).with_name("audit_known_faults.toml")
SEED: Final = 2026
WORKERS: Final = 2


@dataclass(frozen=True)
class Run:
    system: str
    agents: tuple[str, ...]
    games: int
    sets: tuple[str, ...] = ()
    """Settings as for ``--set`` (a content a default game never deals, say)."""

    @property
    def name(self) -> str:
        return "/".join([self.system, ",".join(self.agents), *self.sets])

    def config(self) -> BaseModel:
        model = registry.get(self.system).config_model()
        [arm] = build_arms(model, {}, parse_sets(list(self.sets), model), "--set")
        return arm.config


RUNS: Final = (
    Run("amulet", ("sensible",), 40),
    Run("amulet", ("random",), 20),
    Run("cardcrawl", ("sensible",), 60),
    Run("cardcrawl", ("random",), 30),
    Run("labyrinth", ("careful",), 50),
    Run("labyrinth", ("random",), 30),
    Run("squad", ("sensible",), 50),
    Run("squad", ("random",), 30),
    Run("squad", ("sensible",), 20, ("players=1",)),
)
"""A few hundred games in all: each system with its default players and with random ones
(who try the choices a careful player never makes), and Squad at a one-Guide table (whose
Pool runs out before the last stage)."""


@dataclass(frozen=True)
class KnownFault:
    run: str
    kind: str
    fixed_by: str


def known_faults() -> list[KnownFault]:
    """The file's faults; a malformed entry fails here, naming itself."""
    data = tomllib.loads(KNOWN.read_text(encoding="utf-8"))
    faults = []
    for index, entry in enumerate(data.get("fault", [])):
        assert set(entry) == {"run", "kind", "fixed_by"}, f"fault {index}: {entry}"
        assert entry["fixed_by"].strip(), f"fault {index}: say what fixes it"
        faults.append(KnownFault(entry["run"], entry["kind"], entry["fixed_by"]))
    return faults


def _examples(run: Run, summary: AuditSummary, kind: str) -> Iterator[str]:
    for example in summary.kinds[kind].examples[:2]:
        yield (f"  game {example.game}, step {example.anomaly.step}: "
               f"{example.anomaly.detail}\n    "
               + replay_command(run.system, SEED, example.game, example.anomaly.step,
                                run.sets, run.agents))


@pytest.mark.parametrize("run", RUNS, ids=[run.name for run in RUNS])
def test_the_audit_finds_only_the_known_faults(run: Run) -> None:
    with open_workers(WORKERS, None) as pool:
        summary = run_audit(run.system, run.config(), run.agents, run.games, SEED, pool)
    assert summary.games == run.games
    found = set(summary.found_kinds())
    listed = {fault.kind for fault in known_faults() if fault.run == run.name}
    new = sorted(found - listed)
    gone = sorted(listed - found)
    lines = []
    for kind in new:
        lines.append(f"{kind}: found in {summary.kinds[kind].counted.games} of "
                     f"{run.games} games, and not in {KNOWN.name}")
        lines.extend(_examples(run, summary, kind))
    lines.extend(f"{kind}: listed in {KNOWN.name} for {run.name} but no longer found; "
                 "remove it from the list" for kind in gone)
    assert not lines, "\n".join(lines)


def test_every_known_fault_names_a_run_of_the_gate_and_a_kind_that_exists() -> None:
    names = {run.name for run in RUNS}
    seen = set()
    for fault in known_faults():
        assert fault.run in names, fault
        system = fault.run.split("/")[0]
        declared = {kind.kind for kind in auditable(registry.get(system)).audit_kinds()}
        assert fault.kind in declared or fault.kind.startswith("game."), fault
        assert (fault.run, fault.kind) not in seen, f"listed twice: {fault}"
        seen.add((fault.run, fault.kind))
