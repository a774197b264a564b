"""The shape of a room's monsters and contents in a view: the whole game's and an encounter's."""

from __future__ import annotations

from undercroft.engine.view_schema import Schema


class FoeView(Schema):
    id: str
    kind: str
    health: int
    place: str
    """``room``, or ``beyond`` a murder hole."""


class SwarmView(FoeView):
    capacity: int
    head_count: int
    rounds: int


class ContentView(Schema):
    id: str
    kind: str
    opened: bool
    gone: bool
