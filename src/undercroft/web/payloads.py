"""What the server sends (docs/web-api.md): the table and seat states, built from views
only, and the lobby's list of systems.

What a message carries comes from ``ruleset.view(state, seat)``: the table screen gets
the first seat's view (in these systems no seat has a private hand, so it is the party's
knowledge), a seat its own. The one thing not taken from a view is Amulet's list of
the last step's events (its view has none); an event that would show a fragment the
ruleset calls hidden is left out, so that list cannot carry what the views keep back.
Call these only while holding the table's lock.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from undercroft.engine import registry
from undercroft.engine.api import Seat
from undercroft.web.live import LiveTable


def table_state(live: LiveTable) -> dict[str, Any]:
    """What the shared screen shows."""
    view = live.ruleset.view(live.state, live.seats[0])
    return _plain({**_common(live), "view": view, "events": _events(live, view)})


def seat_state(live: LiveTable, seat: Seat) -> dict[str, Any]:
    """What one seat's phone shows: the table state with the seat's own view, its legal
    choices (none once it has chosen this round) and what it chose."""
    ruleset, state = live.ruleset, live.state
    view = ruleset.view(state, seat)
    chosen = live.pending.get(seat)
    choosing = chosen is None and seat in live.waiting_for()
    legal = [action.text for action in ruleset.legal(state, seat)] if choosing else []
    return _plain({**_common(live), "view": view, "events": _events(live, view),
                   "seat": seat, "legal": legal,
                   "chosen": None if chosen is None else chosen.text})


def _common(live: LiveTable) -> dict[str, Any]:
    ruleset, state = live.ruleset, live.state
    outcome = ruleset.outcome(state)
    to_act = ruleset.to_act(state) if outcome is None else set()
    return {
        "table": live.id,
        "system": ruleset.name,
        "step": live.steps,
        "outcome": None if outcome is None else {"result": outcome.result,
                                                 "summary": outcome.summary},
        "seats": [{"seat": seat, "automated": live.automated.get(seat),
                   "to_act": seat in to_act and bool(ruleset.legal(state, seat)),
                   "chosen": seat in live.pending} for seat in live.seats],
        "announcements": [event["announcement"] for event in live.last_events
                          if isinstance(event.get("announcement"), str)],
    }


def _events(live: LiveTable, view: dict[str, Any]) -> list[Any]:
    """The view's own event list where it has one, else the last step's events."""
    if isinstance(view.get("events"), list):
        return list(view["events"])
    hidden = live.ruleset.hidden(live.state)
    kept = []
    for event in live.last_events:
        text = json.dumps(event, default=str)  # once per event, not once per fragment
        if not any(fragment in text for fragment in hidden):
            kept.append(event)
    return kept


def _plain(payload: dict[str, Any]) -> dict[str, Any]:
    """A JSON-only copy: no tuples or sets for a WebSocket to choke on, and nothing shared
    with the ruleset's cached views, which a caller could otherwise change."""
    plain: dict[str, Any] = json.loads(json.dumps(payload, default=str))
    return plain


@cache
def systems() -> list[dict[str, Any]]:
    """What the lobby offers: each system's default seats, agents and config schema."""
    found = []
    for name in registry.names():
        ruleset = registry.get(name)
        model = ruleset.config_model()
        seats = list(ruleset.seats(ruleset.new(model(), 0)))
        found.append({"name": name, "seats_hint": seats, "agents": sorted(ruleset.agents()),
                      "config_schema": model.model_json_schema()})
    return found
