"""Which rulesets exist, by name, loaded only when asked for.

The engine sits above the systems in DESIGN.md's layers, so it names each
ruleset's module as a string instead of importing it: ``get("amulet")``
imports ``undercroft.systems.amulet.ruleset`` the first time it is needed.
"""

from __future__ import annotations

import importlib
from typing import Any, Final

from undercroft.engine.api import Ruleset
from undercroft.errors import BadInput

RULESETS: Final = {"amulet": "undercroft.systems.amulet.ruleset",
                   "amulet-encounter": "undercroft.systems.amulet.encounter.ruleset",
                   "cardcrawl": "undercroft.systems.cardcrawl.ruleset",
                   "labyrinth": "undercroft.systems.labyrinth.ruleset",
                   "squad": "undercroft.systems.squad.ruleset"}
"""Ruleset name -> the module whose ``RULESET`` implements it."""

DEFAULT_AGENTS: Final = ("sensible", "careful", "scenario", "random")
"""A system's default automated player is the first of these it has. A fault its most
sensible player runs into is one a table would meet (an Amulet encounter's is its
scenario: the script, then the agents it names)."""


def names() -> list[str]:
    return sorted(RULESETS)


def get(name: str) -> Ruleset[Any, Any]:
    """The ruleset called ``name``; an unknown name is bad input naming the known ones."""
    module = RULESETS.get(name)
    if module is None:
        raise BadInput(f"system {name!r}: unknown (known: {', '.join(names())})")
    ruleset: Ruleset[Any, Any] = importlib.import_module(module).RULESET
    return ruleset


def default_agent(system: str) -> str:
    """The automated player ``system`` uses when none is named, everywhere: ``play``,
    ``simulate``, ``audit`` and the shared table's lobby (:data:`DEFAULT_AGENTS`)."""
    known = get(system).agents()
    return next((name for name in DEFAULT_AGENTS if name in known), min(known))
