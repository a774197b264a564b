"""A run of audited games summed up: rule coverage, content coverage, anomalies, length.

Games arrive in game order from the workers (``sim.run``'s plan and workers), so the
summary is the same whichever way they were played. Anomalies are counted per kind
with a few examples each; every example names its game and step and the command that
plays that game again to that step.
"""

from __future__ import annotations

import shlex
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from undercroft.engine import registry
from undercroft.engine.audit import Anomaly, AnomalyKind
from undercroft.sim.audit_game import GENERIC, GameAudit, auditable
from undercroft.sim.rule_ids import fireable, rule_rows

EXAMPLES: Final = 5
"""Examples kept per anomaly kind."""


@dataclass
class Counted:
    """How many games something happened in, and how many times in all."""

    games: int = 0
    times: int = 0

    def add(self, times: int) -> None:
        if times:
            self.games += 1
            self.times += times


@dataclass(frozen=True)
class Example:
    game: int
    seed: int
    anomaly: Anomaly


@dataclass
class KindCount:
    kind: AnomalyKind
    counted: Counted = field(default_factory=Counted)
    examples: list[Example] = field(default_factory=list)


@dataclass
class AuditSummary:
    """Every audited game of one run, summed up."""

    system: str
    declared: Sequence[AnomalyKind]
    """The system's own kinds of fault (its ruleset's ``audit_kinds``)."""
    games: int = 0
    broken: int = 0
    """Games with at least one anomaly of a kind that must be zero."""
    steps: list[int] = field(default_factory=list)
    results: Counter[str] = field(default_factory=Counter)
    fired: dict[str, Counted] = field(default_factory=dict)
    drawn: dict[str, Counted] = field(default_factory=dict)
    used: dict[str, Counted] = field(default_factory=dict)
    kinds: dict[str, KindCount] = field(default_factory=dict)
    where: Counter[str] = field(default_factory=Counter)
    doing: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.kinds = {kind.kind: KindCount(kind) for kind in (*GENERIC, *self.declared)}

    def add(self, game: GameAudit) -> None:
        self.games += 1
        self.steps.append(game.steps)
        self.results[game.result or "(none)"] += 1
        for name, table in (("fired", self.fired), ("drawn", self.drawn),
                            ("used", self.used)):
            for key, times in getattr(game, name).items():
                table.setdefault(key, Counted()).add(times)
        per_kind: Counter[str] = Counter(anomaly.kind for anomaly in game.anomalies)
        for kind, times in per_kind.items():
            found = self.kinds.get(kind)
            if found is None:  # a kind the system forgot to declare: still shown
                found = self.kinds[kind] = KindCount(AnomalyKind(kind, "(undeclared)"))
            found.counted.add(times)
        for anomaly in game.anomalies:
            examples = self.kinds[anomaly.kind].examples
            if len(examples) < EXAMPLES:
                examples.append(Example(game.index, game.seed, anomaly))
        if any(self.kinds[kind].kind.must_be_zero for kind in per_kind):
            self.broken += 1
        self.where.update(game.where)
        self.doing.update(game.doing)

    def found_kinds(self, must_be_zero: bool = True) -> list[str]:
        """The kinds seen in at least one game (those that must be zero, by default)."""
        return sorted(kind for kind, count in self.kinds.items()
                      if count.counted.games and (count.kind.must_be_zero or not must_be_zero))


def replay_command(system: str, seed: int, game: int, step: int, sets: Sequence[str],
                   agents: Sequence[str]) -> str:
    """The command that plays game ``game`` of a run seeded ``seed`` to step ``step``."""
    words = ["undercroft", "audit", system, "--seed", str(seed), "--game", str(game),
             "--until", str(step)]
    for setting in sets:
        words += ["--set", setting]
    if agents:
        words += ["--agents", ",".join(agents)]
    return shlex.join(words)


def to_dict(summary: AuditSummary, seed: int, sets: Sequence[str],
            agents: Sequence[str], catalogue: Mapping[str, Sequence[str]],
            usable: frozenset[str]) -> dict[str, Any]:
    """The ``--json`` document (docs/balance-lab.md, "The audit")."""
    system = summary.system
    rows, can_fire = rule_rows(system), fireable(system)
    fired = {rule: vars(count) for rule, count in sorted(summary.fired.items())}
    steps = summary.steps or [0]
    return {
        "system": system, "games": summary.games, "seed": seed, "sets": list(sets),
        "agents": list(agents),
        "broken_games": {"count": summary.broken,
                         "share": summary.broken / summary.games if summary.games else 0.0},
        "anomalies": {kind: {
            "meaning": count.kind.meaning, "must_be_zero": count.kind.must_be_zero,
            "games": count.counted.games, "times": count.counted.times,
            "examples": [{"game": ex.game, "seed": ex.seed, "step": ex.anomaly.step,
                          "detail": ex.anomaly.detail,
                          "replay": replay_command(system, seed, ex.game, ex.anomaly.step,
                                                   sets, agents)}
                         for ex in count.examples]}
            for kind, count in sorted(summary.kinds.items())},
        "rules": {
            "documented": len(rows), "fireable": len(can_fire & set(rows)),
            "fired": fired,
            "never_fired": sorted(set(can_fire) & set(rows) - set(summary.fired)),
            "not_counted": sorted(set(rows) - set(can_fire)),
            "undocumented": sorted((set(summary.fired) | set(can_fire)) - set(rows)),
        },
        "content": _content(summary, catalogue, usable),
        "length": {
            "steps": {"mean": statistics.fmean(steps), "median": statistics.median(steps),
                      "max": max(steps)},
            "results": dict(sorted(summary.results.items())),
            "where": dict(summary.where.most_common()),
            "doing": dict(summary.doing.most_common()),
        },
    }


def _content(summary: AuditSummary, catalogue: Mapping[str, Sequence[str]],
             usable: frozenset[str]) -> dict[str, Any]:
    kind_of = {item: kind for kind, items in catalogue.items() for item in items}
    return {
        "catalogue": {kind: len(items) for kind, items in sorted(catalogue.items())},
        "usable_kinds": sorted(usable),
        "drawn": {item: vars(count) for item, count in sorted(summary.drawn.items())},
        "used": {item: vars(count) for item, count in sorted(summary.used.items())},
        "never_drawn": sorted(item for item in kind_of if item not in summary.drawn),
        "drawn_never_used": sorted(item for item in summary.drawn
                                   if kind_of.get(item) in usable
                                   and item not in summary.used),
        "not_in_catalogue": sorted(item for item in {*summary.drawn, *summary.used}
                                   if item not in kind_of),
    }


def new_summary(system: str) -> AuditSummary:
    """An empty summary of ``system``'s games."""
    return AuditSummary(system, auditable(registry.get(system)).audit_kinds())
