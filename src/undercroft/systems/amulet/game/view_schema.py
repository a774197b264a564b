"""The shape of an Amulet view (game/view.py): a seat's, and the whole truth's."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from undercroft.engine.view_schema import EventView, Schema
from undercroft.systems.amulet.room.view_schema import ContentView, FoeView, SwarmView


class HeroView(Schema):
    name: str
    class_: str = Field(alias="class")
    health: int
    status: str
    treasure: int
    keys: int
    potions: int
    scrolls: int
    level_points: int
    specials: dict[str, int]
    cover: str | None
    gone_by: str | None
    alone: bool
    ward_door: bool
    room: int
    """The hero's room on the current level (the last one, for the dead)."""
    tokens: int
    numbers: dict[str, Any]
    """The hero's printed numbers (attacks, defences, speed)."""


class _Exit(Schema):
    kind: str
    wall: str
    open: bool
    to: int | list[int] | None
    """Where an open way leads, as far as the players have seen."""
    unmade: bool


class ExitView(_Exit):
    """A found exit, by its name (room.number, in the order found)."""

    id: str


class TruthExitView(_Exit):
    """Any exit, found (named) or not, with the generator's id for it."""

    id: str | None
    map: str


class ExitStateView(Schema):
    id: str
    kind: str
    wall: str
    open: bool
    found: bool
    units: int


class _Room(Schema):
    id: int
    size: int
    shape: str


class _InPlay(_Room):
    swarms: list[SwarmView]
    monsters: list[FoeView]
    generators: list[FoeView]
    contents: list[ContentView]
    exit_states: list[ExitStateView]


class RoomInPlay(_InPlay):
    """A room with a scene: its foes, contents and exits' states."""

    exits: list[ExitView]


class RoomSeenOnly(_Room):
    """A room seen but never entered: its exits and the encounters rolled for it."""

    exits: list[ExitView]
    encounters: list[str]


class TruthRoomInPlay(_InPlay):
    exits: list[TruthExitView]


class TruthRoomSeenOnly(_Room):
    exits: list[TruthExitView]
    encounters: list[str]
    contents: list[str]


class _Table(Schema):
    system: str
    depth: int
    level_kind: str
    level_bonus: int
    round: int
    step: int
    friendly_fire: str
    item_cap: int
    ended: str | None
    heroes: list[HeroView]
    race_actions: int | None = None
    """Actions left, on a treasure level only."""
    claims: list[str]
    """The announcements the seat may still claim."""


class AmuletView(_Table):
    """A seat's view: the shared table, its claims and the last step's events."""

    seat: str
    rooms: list[RoomInPlay | RoomSeenOnly]
    """The rooms the party has been in or looked into."""
    events: list[EventView]


class AmuletTruth(_Table):
    """The whole truth: every room of the level, and the table's hidden figures."""

    seat: None
    rooms: list[TruthRoomInPlay | TruthRoomSeenOnly]
    """Every room of the level."""
    seed: int
    announced: list[str]
    awarded: list[str]
    keys_collected: int
    stairs_until: int
    action: int
    pending_exits: list[Any]
