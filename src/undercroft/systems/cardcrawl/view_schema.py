"""The shape of a Card Crawl view (play_view.py): a seat's, and the whole truth's."""

from __future__ import annotations

from typing import Any

from undercroft.engine.view_schema import EventView, Schema


class RoomUnseen(Schema):
    """A room a corridor from a visited room leads to: its number only."""

    room: int
    visited: bool


class RoomSeen(Schema):
    """A visited room: its size, type, corridors, enemies and gear."""

    room: int
    size: int
    type: str
    links: list[int]
    visited: bool
    enemies: list[dict[str, Any]]
    gear: list[dict[str, Any]]


class TruthRoom(RoomSeen):
    """Any room, with its rolled stock of enemies where it has one."""

    stock: dict[str, Any] | None = None


class _Table(Schema):
    round: int
    step: int
    turn: str | None
    where: int
    ended: str | None
    rests_left: int
    any_skill: bool
    attack_against: str
    entrance_links: list[int]
    party: list[dict[str, Any]]
    """Each fighter's sheet: seat, title, cards, skills, focus, ward, pack, ..."""
    foes: list[dict[str, Any]]
    """The enemies in the room: kind, numbers, standing creatures, conditions."""
    events: list[EventView]
    """The latest events (the table's log, a window that slides on)."""


class CardCrawlView(_Table):
    """A seat's view: the whole table but the rooms not yet visited and the seed."""

    rooms: list[RoomSeen | RoomUnseen]
    """The rooms the party knows of: visited, or joined to one it visited."""


class CardCrawlTruth(_Table):
    """The whole truth: every room as it is, and the seed."""

    rooms: list[TruthRoom]
    seed: int
