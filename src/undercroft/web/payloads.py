"""What the server sends (docs/web-api.md): the table and seat states, built from views
only, and the lobby's list of systems.

What a message carries comes from ``ruleset.view(state, seat)``: the table screen gets
the first seat's view (in these systems no seat has a private hand, so it is the party's
knowledge), a seat its own, with the events its view tells it of.
Every state is JSON text, made from parts kept until the table's state next changes, so
that telling four seats and a screen of a change does not make the same view five times
and a seat's choice in a simultaneous round (which changes only who has chosen) makes no
view at all. Call these only while holding the table's lock.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from undercroft.engine import registry
from undercroft.engine.api import Seat
from undercroft.engine.capabilities import choice_words, offered
from undercroft.engine.registry import default_agent
from undercroft.web.live import LiveTable, half_forms


@dataclass(frozen=True)
class Update:
    """A follower's new state, and the short form of it for a follower that already has
    the whole of an earlier state with the same ``key``.

    In a simultaneous round most changes are a seat having chosen: nothing a follower
    sees changes but the ``seats`` list (and, for the seat that chose, its own
    ``legal`` and ``chosen``, which the key holds). Such a follower is sent only
    ``{"type": "seats", "step": N, "seats": [...]}`` (docs/web-api.md), not the whole
    state again.
    """

    key: tuple[int, str | None]
    """What the state is, but for who has chosen: the table's change count and the
    follower's own choice this round."""
    state: str
    """The whole state, JSON text."""
    seats: str
    """The short form: a whole ``seats`` message, JSON text."""


def table_state(live: LiveTable) -> str:
    """What the shared screen shows, as JSON text."""
    return table_update(live).state


def seat_state(live: LiveTable, seat: Seat) -> str:
    """What one seat's phone shows, as JSON text: the table state with the seat's own
    view, its legal choices (none once it has chosen this round) with the "take half"
    form of those that have one, and what it chose."""
    return seat_updates(live, [seat])[seat].state


def table_update(live: LiveTable) -> Update:
    parts = _parts(live)
    common, seats = _common(live, parts)
    return Update((live.table.changes, None),
                  _join(common, view=parts.view(None), events=parts.events(None)), seats)


def seat_updates(live: LiveTable, seats: list[Seat]) -> dict[Seat, Update]:
    """Several seats' states at once: the parts they share are made once."""
    parts = _parts(live)
    common, short = _common(live, parts)
    waiting = live.table.waiting_for()
    updates = {}
    for seat in seats:
        chosen = live.table.pending.get(seat)
        choosing = chosen is None and seat in waiting
        state = _join(common, view=parts.view(seat), events=parts.events(seat),
                      seat=_text(seat), legal=parts.legal(seat) if choosing else "[]",
                      words=parts.words(seat) if choosing else "{}",
                      take_half=parts.halves(seat) if choosing else "{}",
                      chosen="null" if chosen is None else _text(chosen.text))
        updates[seat] = Update((live.table.changes, None if chosen is None else chosen.text),
                               state, short)
    return updates


@dataclass
class _Parts:
    """What a state's payloads are made of, as JSON text, made once a change of the
    table's state (``LiveTable.changes``) however many seats are sent it; only who has
    chosen this round changes in between, and that is added as each payload is made."""

    live: LiveTable
    changes: int
    head: dict[str, Any]
    to_act: set[Seat]
    _views: dict[Seat, dict[str, Any]] = field(default_factory=dict)
    _view_texts: dict[Seat, str] = field(default_factory=dict)
    _events: dict[Seat, str] = field(default_factory=dict)
    _legal: dict[Seat, str] = field(default_factory=dict)
    _halves: dict[Seat, str] = field(default_factory=dict)
    _words: dict[Seat, str] = field(default_factory=dict)
    _legal_actions: dict[Seat, list[Any]] = field(default_factory=dict)

    def view(self, seat: Seat | None) -> str:
        """A seat's view (None: the table screen's, the first seat's)."""
        seat = seat or self.live.table.seats[0]
        if seat not in self._view_texts:
            self._view_texts[seat] = _text(self._view(seat))
        return self._view_texts[seat]

    def _view(self, seat: Seat) -> dict[str, Any]:
        if seat not in self._views:
            self._views[seat] = self.live.table.ruleset.view(self.live.table.state, seat)
        return self._views[seat]

    def events(self, seat: Seat | None) -> str:
        """The events the seat's view tells it of (every view has its own list: which
        events a seat may see is its ruleset's to say)."""
        seat = seat or self.live.table.seats[0]
        if seat not in self._events:
            self._events[seat] = _text(self._view(seat)["events"])
        return self._events[seat]

    def legal(self, seat: Seat) -> str:
        if seat not in self._legal:
            self._legal[seat] = _text([action.text for action in self._actions(seat)])
        return self._legal[seat]

    def words(self, seat: Seat) -> str:
        """Each legal choice said in words (engine.capabilities.Wording), by its text."""
        if seat not in self._words:
            live, actions = self.live, self._actions(seat)
            worded = choice_words(live.table.ruleset, live.table.state, seat, actions)
            self._words[seat] = _text({action.text: wording.as_dict()
                                       for action, wording in zip(actions, worded, strict=True)})
        return self._words[seat]

    def halves(self, seat: Seat) -> str:
        """The "take half" form of each legal choice that has one, by its text."""
        if seat not in self._halves:
            self._halves[seat] = _text({text: variant.text for text, variant
                                        in half_forms(self._actions(seat)).items()})
        return self._halves[seat]

    def _actions(self, seat: Seat) -> list[Any]:
        if seat not in self._legal_actions:
            live = self.live
            self._legal_actions[seat] = live.table.ruleset.legal(live.table.state, seat)
        return self._legal_actions[seat]


def _parts(live: LiveTable) -> _Parts:
    parts = live.parts
    if isinstance(parts, _Parts) and parts.changes == live.table.changes:
        return parts
    ruleset, state = live.table.ruleset, live.table.state
    outcome = ruleset.outcome(state)
    to_act = set() if outcome is not None else {
        seat for seat in ruleset.to_act(state) if ruleset.legal(state, seat)}
    head = {
        "table": live.id,
        "system": ruleset.name,
        "title": system_words(ruleset.name)[0],
        "capabilities": _capabilities(ruleset.name),
        "step": live.table.steps,
        "outcome": None if outcome is None else {"result": outcome.result,
                                                 "summary": outcome.summary},
    }
    live.parts = parts = _Parts(live, live.table.changes, head, to_act)
    return parts


def _common(live: LiveTable, parts: _Parts) -> tuple[str, str]:
    """The fields every payload of this moment shares, as the inside of a JSON object,
    and the short ``seats`` message of the same moment."""
    seats = _text([{"seat": seat, "automated": live.table.automated.get(seat),
                    "to_act": seat in parts.to_act, "chosen": seat in live.table.pending,
                    "joined": seat in live.joined}
                   for seat in live.table.seats])
    announcements = _text([event["announcement"] for event in live.table.last_events
                           if isinstance(event.get("announcement"), str)])
    common = _join(_text(parts.head)[1:-1], seats=seats, announcements=announcements)[1:-1]
    short = _join(f'"type": "seats", "step": {live.table.steps}', seats=seats)
    return common, short


def _join(common: str, **fields: str) -> str:
    """A JSON object of the common fields and fields already written as JSON text."""
    return "{" + common + "".join(f", {json.dumps(key)}: {value}"
                                  for key, value in fields.items()) + "}"


def _text(value: Any) -> str:
    """JSON text; anything JSON has no form for (a set, an enum) is written as its str."""
    return json.dumps(value, default=str)


@cache
def _capabilities(system: str) -> list[str]:
    """What the system offers beyond the Game API (engine.capabilities), by name: the
    pages show their panels by these, never by the system's name."""
    return offered(registry.get(system))


SYSTEM_WORDS: Final[dict[str, tuple[str, str]]] = {
    "amulet": ("Amulet", "A party crawl without a game master: the dungeon builds itself room "
               "by room as the heroes open its doors, Gauntlet-style, and the deeper they "
               "go with more treasure, the better."),
    "amulet-encounter": ("Amulet: one room", "A single Amulet fight set up by hand: heroes, "
                         "swarms and monsters in one room, to try a tactic or a rule."),
    "labyrinth": ("Labyrinth", "Adventurers hired by a town's mayor go down a dungeon of "
                  "cards, floor by floor, fighting, looting chests and buying gear in town "
                  "between descents; the software keeps the dungeon."),
    "squad": ("Dungeon Squad! + Coin-Op", "Hero Guides lead two heroes each through stages "
              "against a game master who pays for every monster from a pool of coins; "
              "beat each stage's boss to win."),
    "cardcrawl": ("Card Crawl", "A fast, light crawl where each hero is a handful of cards: "
                  "a defence card turned is a wound, and the party goes room by room "
                  "through a random dungeon."),
}
"""Each system's name and one line for the lobby, as a person would say them."""


def system_words(name: str) -> tuple[str, str]:
    """A system's title and description for a person (its name and nothing when it has
    none in :data:`SYSTEM_WORDS`)."""
    return SYSTEM_WORDS.get(name, (name, ""))


@cache
def systems() -> list[dict[str, Any]]:
    """What the lobby offers: each system's name and description, default seats, agents
    (and the one the CLI defaults to, ``engine.registry.default_agent``) and config schema, and
    how its seats follow its config (``seats_by``)."""
    found = []
    for name in registry.names():
        ruleset = registry.get(name)
        model = ruleset.config_model()
        seats = list(ruleset.seats(ruleset.new(model(), 0)))
        title, description = system_words(name)
        found.append({"name": name, "title": title, "description": description,
                      "seats_hint": seats, "seats_by": _seats_by(ruleset, model, seats),
                      "agents": sorted(ruleset.agents()), "default_agent": default_agent(name),
                      "config_schema": model.model_json_schema()})
    return found


PLAYER_COUNTS: Final = range(1, 9)
"""Player counts the lobby is told the seats of (a config bounds its own further)."""


def _seats_by(ruleset: Any, model: type[Any], seats: list[str]) -> dict[str, Any] | None:
    """How the seats follow the config, for the lobby to name them as the rules are set:
    ``{"field": "players", "seats": {"2": [...], ...}}`` where the seats follow a player
    count (each count the config accepts), or ``{"field": "party", "capitalised": true}``
    where they are a list field's items (Amulet's party of classes), or None."""
    fields = model.model_fields
    if "players" in fields:
        by_count: dict[str, list[str]] = {}
        for players in PLAYER_COUNTS:
            try:
                config = model(players=players)
            except ValueError:
                continue
            by_count[str(players)] = list(ruleset.seats(ruleset.new(config, 0)))
        return {"field": "players", "seats": by_count}
    for field_name in fields:
        default = getattr(model(), field_name)
        if (isinstance(default, (list, tuple)) and len(default) == len(seats)
                and [str(item).lower() for item in default] == [seat.lower() for seat in seats]):
            return {"field": field_name, "capitalised": True}
    return None
