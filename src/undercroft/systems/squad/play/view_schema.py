"""The shape of a Dungeon Squad! view (view.py): a seat's, and the whole truth's."""

from __future__ import annotations

from typing import Any

from undercroft.engine.view_schema import EventView, Schema


class SquadView(Schema):
    """A seat's view: everything on the table; the boss by name only."""

    round: int
    step: int
    phase: str
    turn: str | None
    stage: str
    setting: str
    stage_index: int
    ended: str | None
    heroes: dict[str, dict[str, Any]]
    guides: dict[str, str]
    gm_group: float
    scene: list[dict[str, Any]]
    effects: dict[str, dict[str, Any]]
    coins: dict[str, Any]
    offered: list[str]
    loot_due: list[str]
    asking: list[str]
    spoils: list[dict[str, Any]]
    rolls: dict[str, dict[str, Any]]
    boss: str
    events: list[EventView]
    """The latest events (the table's log, a window that slides on)."""


class SquadTruth(SquadView):
    """The whole truth: the seed and the boss's sheet too."""

    seed: int
    boss_sheet: dict[str, Any]
