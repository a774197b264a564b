"""The shape of an encounter's view (encounter/view.py): a seat's, and the whole truth's."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from undercroft.engine.view_schema import EventView, Schema
from undercroft.systems.amulet.room.view_schema import ContentView, FoeView, SwarmView


class FighterView(Schema):
    """A hero in the room, as every seat sees it."""

    name: str
    class_: str = Field(alias="class")
    health: int
    keys: int
    potions: int
    treasure: int
    scrolls: int
    specials: dict[str, int]
    status: str
    gone_by: str | None
    alone: bool
    cover: str | None
    ward_door: bool
    level_points: int
    numbers: dict[str, Any]


class HeldSwarmView(SwarmView):
    swarmed: list[str]
    """The heroes the swarm holds."""


class RoomExitView(Schema):
    id: str
    kind: str
    wall: str
    units: int
    open: bool
    found: bool


class _Encounter(Schema):
    system: str
    scenario: str
    step: int
    round: int
    action: int
    size: int
    level: int
    friendly_fire: str
    ended: str | None
    heroes: list[FighterView]
    swarms: list[HeldSwarmView]
    monsters: list[FoeView]
    generators: list[FoeView]
    contents: list[ContentView]
    exits: list[RoomExitView]
    events: list[EventView]


class EncounterView(_Encounter):
    """A seat's view: the room as its hero sees it, its line of the script, its agent."""

    seat: str
    script: str | None
    agent: str | None


class EncounterTruth(_Encounter):
    """The whole truth: every exit and foe, the seed, the forced rolls still waiting."""

    seat: None
    seed: int
    beyond_size: int | None
    forced_waiting: list[Any]
    off_script: int
    announced: list[str]
