"""The config of an Amulet encounter: a scenario (docs/amulet-scenarios.md), checked.

A scenario file is an encounter's config as it stands: the party, the room, its
foes, the rolls to force, the rules and the script. A config that names neither a
room nor a party plays the built-in scenario (:data:`BUILT_IN`), with whatever else
it gives on top (``--set rules.max_rounds=20``), so ``EncounterConfig()`` is a
whole fight.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import model_validator

from undercroft.systems.amulet.encounter.scenario import ScenarioFile

BUILT_IN: Final[dict[str, Any]] = {
    "name": "Barbarians at a murder hole",
    "description": "A warrior and an elf against a 75% barbarian swarm in a size-3 room "
                   "with a potion, a door, a secret exit and a murder hole that looks into "
                   "a size-2 room with a barbarian generator.",
    "room": {"size": 3, "contents": ["murder hole", "potion"]},
    "beyond": {"size": 2},
    "heroes": [{"class": "warrior"}, {"class": "elf"}],
    "swarms": [{"monster": "barbarian", "size": "75%"}],
    "generators": [{"monster": "barbarian", "place": "beyond"}],
    "exits": [{"kind": "door", "wall": "north"}, {"kind": "secret", "wall": "east"}],
    "rules": {"max_rounds": 40},
}
"""The scenario a config without a room and a party plays: every part of the encounter
(the room beyond a murder hole, a secret exit) comes up in it."""


class EncounterConfig(ScenarioFile):
    """A scenario as the ``amulet-encounter`` ruleset's config."""

    @model_validator(mode="before")
    @classmethod
    def _built_in(cls, data: Any) -> Any:
        if isinstance(data, dict) and "room" not in data and "heroes" not in data:
            return {**BUILT_IN, **data}
        return data
