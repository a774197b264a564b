"""What the balance lab reads of one encounter: how it ended, the damage taken, its length.

The designer asks of a fight whether the party won, lost or fled: ``result`` is
the fight's own ending (cleared, wiped out, escaped, descended, time up) and
``win``, ``lose``, ``flee`` and ``time up`` are those endings as the designer's
question (escaping and descending are both fleeing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from undercroft.engine.figures import Figure, FigureSpec
from undercroft.systems.amulet.encounter.rules import ending
from undercroft.systems.amulet.encounter.state import EncounterState

ENDINGS: Final = {"cleared": "win", "wiped out": "lose", "escaped": "flee",
                  "descended": "flee", "time up": "time up"}
"""A fight's ending as the designer asks about it: the party won, lost or fled."""
RATES: Final = ("win", "lose", "flee", "time up")
METRICS: Final = ("damage_taken", "rounds", "hero_deaths", "script_fallbacks")
SPEC: Final = FigureSpec(
    columns=("result", *RATES, *METRICS), headline=("damage_taken", "rounds", "hero_deaths"),
    distributions=("damage_taken", "rounds"),
    units={"damage_taken": "health", "rounds": "rounds", "hero_deaths": "heroes",
           "script_fallbacks": "choices"})


class EncounterFigures:
    """Follows one encounter's events (the damage the heroes take); reads the rest at the
    end from the state."""

    def __init__(self, state: EncounterState) -> None:
        self.state = state
        self.damage = 0

    def see(self, events: Sequence[Any]) -> None:
        self.damage += sum(int(event.data.get("damage", 0)) for event in events
                           if event.kind == "hurt")

    def row(self) -> dict[str, Figure]:
        state = self.state
        result = ending(state) or "unfinished"
        row: dict[str, Figure] = {"result": result}
        row.update({name: ENDINGS.get(result) == name for name in RATES})
        row.update({"damage_taken": self.damage, "rounds": state.scene.round - 1,
                    "hero_deaths": sum(h.status == "dead" for h in state.scene.heroes),
                    "script_fallbacks": state.off_script})
        return row
