"""Building Amulet encounters for rules tests: a scenario dict in, a ready encounter out."""

from __future__ import annotations

from typing import Any

from undercroft.systems.amulet.encounter.rules import play_step
from undercroft.systems.amulet.encounter.scenario import ScenarioFile
from undercroft.systems.amulet.encounter.state import EncounterState, new_encounter
from undercroft.systems.amulet.room.actions import parse_action
from undercroft.systems.amulet.room.events import Event
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.scene import Scene


class Encounter:
    """An encounter as a rules test drives it: the state, and every event so far."""

    def __init__(self, state: EncounterState) -> None:
        self.state = state
        self.events: list[Event] = list(state.events)

    @property
    def scene(self) -> Scene:
        return self.state.scene

    def fight(self) -> Fight:
        """The scene and its dice, saying into this encounter's log (for a rule called
        directly)."""
        return Fight(self.state.scene, self.state.dice, self.events)


def scenario(**fields: Any) -> ScenarioFile:
    """A scenario from keyword fields; a lone wizard in a size-2 room by default."""
    document: dict[str, Any] = {"heroes": [{"class": "wizard"}], **fields}
    document["room"] = {"size": 2, **fields.get("room", {})}
    return ScenarioFile.model_validate(document)


def fight(seed: int = 1, **fields: Any) -> Encounter:
    return Encounter(new_encounter(scenario(**fields), seed))


def act(game: Encounter, **choices: str) -> list[Event]:
    """One step with the given heroes' actions (others wait)."""
    events = play_step(game.state, {name: parse_action(text) for name, text in choices.items()})
    game.events += events
    return events


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def announcements(game: Encounter) -> list[str]:
    return [e.data["announcement"] for e in game.events if e.kind == "announcement"]
