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


def names() -> list[str]:
    return sorted(RULESETS)


def get(name: str) -> Ruleset[Any, Any]:
    """The ruleset called ``name``; an unknown name is bad input naming the known ones."""
    module = RULESETS.get(name)
    if module is None:
        raise BadInput(f"system {name!r}: unknown (known: {', '.join(names())})")
    ruleset: Ruleset[Any, Any] = importlib.import_module(module).RULESET
    return ruleset
