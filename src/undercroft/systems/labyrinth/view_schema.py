"""The shape of a Labyrinth view (view.py): a seat's, and the whole truth's."""

from __future__ import annotations

from typing import Any

from undercroft.engine.view_schema import EventView, Schema


class LabyrinthView(Schema):
    """A seat's view: the open table, its own sheet, the decks' sizes only."""

    round: int
    step: int
    phase: str
    turn: str | None
    floor: int
    unlocked: int
    stairs_owed: bool
    goal_floor: int
    ended: str | None
    party: list[dict[str, Any]]
    """Each adventurer: seat, race, class, health, silver, items, ..."""
    market: list[str]
    market_items: list[dict[str, Any]]
    room: dict[str, Any] | None
    fight: dict[str, Any] | None
    statue: dict[str, Any] | None
    sheets: dict[str, dict[str, Any]]
    """The seat's own sheet by its seat (every seat's in the whole truth)."""
    decks: dict[str, dict[str, Any]]
    events: list[EventView]
    """The latest events (the table's log, a window that slides on)."""


class LabyrinthTruth(LabyrinthView):
    """The whole truth: the seed and the decks in order too."""

    seed: int
    draw_piles: dict[str, list[str]]
