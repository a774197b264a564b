"""What every system's view schema is made of (docs/game-api.md, "Views").

A ruleset's ``GameInfo`` names two pydantic models: ``view_schema`` for a seat's view
and ``truth_schema`` for the whole truth (``view(state, None)``). They forbid fields
they do not name, so a seat's view that gained a field, or showed one only the truth
has (the seed, say), fails to validate; the conformance suite validates every seat's
view and the truth at every step of a few games. Events are the one open part: each
kind carries its own fields beyond the ones every event has.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Schema(BaseModel):
    """A part of a view: exactly these fields, of exactly these JSON types."""

    model_config = ConfigDict(extra="forbid", strict=True)


class EventView(BaseModel):
    """One event a seat is told of: its round, a kind a script can match, a sentence,
    and the fields of its kind (the rolls behind it, who, where)."""

    model_config = ConfigDict(extra="allow", strict=True)

    round: int
    kind: str
    text: str
