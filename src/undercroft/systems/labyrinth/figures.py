"""What the balance lab reads of one game of Labyrinth: how deep, how rich, who died of what."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from undercroft.engine.figures import Figure, FigureSpec, Share
from undercroft.systems.labyrinth.adventurer.races_classes import classes
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.content.loader import load_content
from undercroft.systems.labyrinth.state import LabyrinthState

HEADLINE: Final = ("deepest_floor", "rooms_entered", "fights", "deaths", "silver_end",
                   "trips_to_town")
UNITS: Final = {"deepest_floor": "floor", "rooms_entered": "rooms", "fights": "battles",
                "deaths": "adventurers", "silver_end": "sp", "trips_to_town": "trips",
                "steps": "choices", "killed_by.": "deaths per game",
                "survived_floor_1.": "", "alive_at_end.": "share of the class's adventurers"}


def figure_spec(config: LabyrinthConfig) -> FigureSpec:
    columns = ["result", "steps", "deepest_floor", "rooms_entered", "fights", "deaths",
               "silver_end", "trips_to_town", "survived_floor_1"]
    columns += [f"killed_by.{cause}" for cause in causes()]
    columns += [f"alive_at_end.{name}" for name in sorted(classes())]
    return FigureSpec(columns=tuple(columns), headline=HEADLINE, depth="deepest_floor",
                      distributions=("deepest_floor", "silver_end"), causes="killed_by.",
                      units=UNITS)


def causes() -> list[str]:
    """Monsters by kind, the traps, and what an adventurer does to itself."""
    return [*sorted(load_content().monsters), "trap", "dragon statue", "backlash"]


class GameFigures:
    """Follows one game's events and says its row at the end."""

    def __init__(self, state: LabyrinthState) -> None:
        self.state = state
        self.counts: Counter[str] = Counter()
        self.killed: Counter[str] = Counter()
        self.first_trip: bool | None = None
        """The party's first trip into floor 1: None before it, then True once the party
        comes back up or goes down the stairs with someone alive."""
        self.columns = figure_spec(state.config).columns

    def see(self, events: Sequence[Any]) -> None:
        for event in events:
            kind, data = event.kind, event.data
            if kind == "room":
                self.counts["rooms"] += 1
            elif kind == "fight":
                self.counts["fights"] += 1
            elif kind == "town":
                self.counts["town"] += 1
                if self.first_trip is False:
                    self.first_trip = True
            elif kind == "floor" and data.get("floor") == 1 and self.first_trip is None:
                self.first_trip = False
            elif kind == "down" and self.first_trip is False:
                self.first_trip = True
            elif kind == "death":
                self.killed[_cause(data.get("source", ""))] += 1

    def row(self) -> dict[str, Figure]:
        state = self.state
        row: dict[str, Figure] = {
            "result": state.ended or "unfinished", "steps": state.steps,
            "deepest_floor": state.deepest, "rooms_entered": self.counts["rooms"],
            "fights": self.counts["fights"],
            "deaths": sum(1 for m in state.party if not m.alive),
            "silver_end": sum(m.silver for m in state.party),
            "trips_to_town": max(0, self.counts["town"] - 1),
            "survived_floor_1": bool(self.first_trip),
        }
        for cause in causes():
            row[f"killed_by.{cause}"] = self.killed[cause]
        for name in sorted(classes()):
            of_class = [m for m in state.party if m.klass == name]
            row[f"alive_at_end.{name}"] = Share(sum(m.alive for m in of_class), len(of_class))
        return {column: row[column] for column in self.columns}


def _cause(source: str) -> str:
    """A monster's id names its kind ("goblin-mage-2": goblin-mage); the rest name
    themselves (the Dragon Statue, a wizard's destructive magic, else a trap)."""
    kind, _, number = source.rpartition("-")
    if number.isdigit() and kind in load_content().monsters:
        return kind
    lowered = source.lower()
    if "statue" in lowered:
        return "dragon statue"
    if "magic" in lowered:
        return "backlash"
    return "trap"
