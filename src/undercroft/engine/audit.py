"""What a ruleset offers the rules-health audit (``undercroft audit``): its content, the
faults it knows how to spot in a whole game, and where a game's steps go.

The audit (``sim/audit_*``) plays whole games and watches them two ways: generic checks
that hold for any system (a game that ends by its time limit, an exception, a stretch of
steps that changes nothing, a seat left with nothing to do but wait), and the system's
own :class:`GameAuditor`, which knows what a broken game of its rules looks like (a
level with no way down, a hit that removes nothing). Each fault found is an
:class:`Anomaly` of a declared :class:`AnomalyKind`, with the step it was seen at, so
that the game can be replayed to that moment.

A ruleset offers the audit through :class:`Auditable`: ``audit_kinds``, ``catalogue``,
``usable_kinds``, ``auditor``, ``fingerprint`` and ``may_do_nothing``. The content and
rules a game fires are counted by ``engine.tally``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from undercroft.engine.api import Seat


@dataclass(frozen=True)
class AnomalyKind:
    """A kind of fault the audit can find."""

    kind: str
    """``system.what`` (``amulet.sealed-level``), or ``game.what`` for the generic checks."""
    meaning: str
    """One line for the report: what a game with this fault looks like."""
    must_be_zero: bool = True
    """A fault whenever it happens (the CI gate counts it); False for a figure worth
    watching that a sound game may also show (heroes apart for a while)."""


@dataclass(frozen=True)
class Anomaly:
    """One fault seen in one game."""

    kind: str
    step: int
    """The game's step count when it was seen (0: before the first step)."""
    detail: str
    """One line: what exactly (the level, the seat, the card)."""


@dataclass
class Findings:
    """What a system's auditor found in one game, and where its steps went."""

    anomalies: list[Anomaly] = field(default_factory=list)
    where: dict[str, int] = field(default_factory=dict)
    """Steps spent per place of the game (``level 3``, ``floor 2``, ``stage 1``)."""
    doing: dict[str, int] = field(default_factory=dict)
    """Steps spent per activity (``fight``, ``travel``, ``waiting``, ``town``)."""

    def add(self, kind: str, step: int, detail: str) -> None:
        self.anomalies.append(Anomaly(kind, step, detail))

    def count(self, where: str | None, doing: str | None) -> None:
        """One more step spent at ``where`` on ``doing``."""
        if where is not None:
            self.where[where] = self.where.get(where, 0) + 1
        if doing is not None:
            self.doing[doing] = self.doing.get(doing, 0) + 1


class GameAuditor(Protocol):
    """Follows one game step by step, as the audit plays it."""

    findings: Findings

    def see(self, state: Any, step: int, choices: Mapping[Seat, Any],
            events: Sequence[Any]) -> None:
        """After step ``step``: the choices that made it and its events."""
        ...

    def finish(self, state: Any, step: int) -> None:
        """The game has ended (or stopped at its bound) after ``step`` steps."""
        ...


@runtime_checkable
class Auditable(Protocol):
    """The audit methods a ruleset may offer (every registered one does)."""

    def audit_kinds(self) -> Sequence[AnomalyKind]:
        """The kinds of fault this system's auditor can report."""
        ...

    def catalogue(self, config: Any) -> Mapping[str, Sequence[str]]:
        """Every piece of content a game of ``config`` may draw, by kind (``monster``:
        ``amulet.monster.goblin``, ...), as the ids ``engine.tally`` counts."""
        ...

    def usable_kinds(self) -> frozenset[str]:
        """The kinds of ``catalogue`` whose content is there to be put to use (spells,
        gear, loot: reported by ``engine.tally.used``), as against content that is only
        met (room types): the audit lists what of these kinds was drawn but never used."""
        ...

    def auditor(self, state: Any) -> GameAuditor:
        """A fresh auditor for the game that starts at ``state``."""
        ...

    def fingerprint(self, state: Any) -> object:
        """What of the state a player would see change (no step counters, no logs): a
        step that leaves it equal changed nothing."""
        ...

    def may_do_nothing(self, action: Any) -> bool:
        """Whether ``action`` may rightly change nothing: a roll that can fail (a missed
        attack, a search of a wall that hides nothing). Any other choice offered and
        taken that changes nothing is a ``game.idle-choice``."""
        ...
