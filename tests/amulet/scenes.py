"""Building Amulet scenes for rules tests: a scenario dict in, a ready fight out."""

from __future__ import annotations

from typing import Any

from undercroft.systems.amulet.actions import parse_action
from undercroft.systems.amulet.events import Event
from undercroft.systems.amulet.fight import Fight
from undercroft.systems.amulet.play_round import step
from undercroft.systems.amulet.sandbox import build
from undercroft.systems.amulet.scenario import ScenarioFile


def scenario(**fields: Any) -> ScenarioFile:
    """A scenario from keyword fields; a lone wizard in a size-2 room by default."""
    document: dict[str, Any] = {"heroes": [{"class": "wizard"}], **fields}
    document["room"] = {"size": 2, **fields.get("room", {})}
    return ScenarioFile.model_validate(document)


def fight(seed: int = 1, **fields: Any) -> Fight:
    return build(scenario(**fields), seed)


def act(game: Fight, **choices: str) -> list[Event]:
    """One step with the given heroes' actions (others wait)."""
    return step(game, {name: parse_action(text) for name, text in choices.items()})


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def announcements(game: Fight) -> list[str]:
    return [e.data["announcement"] for e in game.events if e.kind == "announcement"]
