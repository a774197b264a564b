"""What the rules-health audit looks for in whole games of this system (engine.audit)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from undercroft.engine.audit import AnomalyKind, GameAuditor, QuietAuditor, view_fingerprint

KINDS: tuple[AnomalyKind, ...] = ()
"""The faults this system's auditor can report."""


def catalogue(config: Any) -> Mapping[str, Sequence[str]]:
    """Every piece of content a game of ``config`` may draw, by kind."""
    return {}


def auditor(state: Any) -> GameAuditor:
    return QuietAuditor()


def fingerprint(view: Mapping[str, Any]) -> object:
    return view_fingerprint(view)


def may_do_nothing(action: Any) -> bool:
    """Whether ``action`` may rightly change nothing (engine.audit.Auditable)."""
    return False
