"""One table's game in the server's memory, and the only way it moves: a recorded step.

A live table is its record (the choices so far) and the state those choices lead to.
Every step is written to the database in the same transaction as it is taken
(:func:`take_step`); if either fails, the table is rebuilt from its record, so memory and
database never disagree. Automated seats choose as ``engine.runner.choose_all`` has them
choose: from their own view, with their own stream of the game's seed; replaying a record
asks them again, so their streams, too, stand where they stood before a restart.

Every ``snapshot_every`` steps the table's state, its automated seats and their streams
are written beside the record as a snapshot (``engine.snapshot``), after the step's own
transaction: a restarted server reads the latest one and replays only the steps after it.
A snapshot that cannot be used (written by other code, damaged, or not standing where its
hash says) is passed over with a warning in the log, and the whole record is replayed.
"""

from __future__ import annotations

import logging
import threading
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from pydantic import BaseModel, ValidationError

from undercroft.engine import registry, snapshot
from undercroft.engine.agents import Agent, agent_stream
from undercroft.engine.api import Ruleset, Seat
from undercroft.engine.record import read_step, state_hash
from undercroft.errors import BadInput, first_problem
from undercroft.rng import Stream
from undercroft.store.games import GameStore, StoredSnapshot, StoredTable

log = logging.getLogger(__name__)

MAX_CHOICE: Final = 200
"""Characters in a choice's text (docs/web-api.md)."""
MAX_STEPS_AT_ONCE: Final = 100_000
"""Automated steps one change may take; the rulesets' own step limits end games sooner."""
MAX_SNAPSHOT: Final = 64 * 1024 * 1024
"""Bytes of JSON a snapshot may hold when read (an Amulet game's is about 150 KB)."""
SNAPSHOT_EVERY: Final = 100
"""Steps between snapshots by default (``undercroft serve --snapshot-every``): a restart
replays at most this many steps of a table (docs/web-api.md, Restarts)."""


@dataclass(eq=False)
class LiveTable:
    """A table being played. Read or change it only while holding ``lock``."""

    id: int
    ruleset: Ruleset[Any, Any]
    config: BaseModel
    seed: int
    automated: dict[Seat, str]
    """Seat -> the name of the agent that plays it."""
    state: Any = None
    seats: list[Seat] = field(default_factory=list)
    """In the ruleset's order: the first is the seat whose view the table screen shows."""
    record: list[dict[Seat, str]] = field(default_factory=list)
    pending: dict[Seat, Any] = field(default_factory=dict)
    """Choices of human seats in a simultaneous round not yet complete: memory only, so a
    restart asks for them again (docs/web-api.md, Rounds)."""
    last_events: list[dict[str, Any]] = field(default_factory=list)
    """The events of the last step taken, as dictionaries."""
    agents: dict[Seat, Agent] = field(default_factory=dict)
    streams: dict[Seat, Stream] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    changes: int = 0
    """Counts every change of ``state`` (a step taken, a replay), so that what is worked
    out from a state (who must choose, the payloads' parts) is kept until the next."""
    _waiting: tuple[int, list[Seat]] = (-1, [])
    parts: Any = None
    """What the payloads of the state at ``changes`` are made of (``web.payloads``)."""
    snapshot_every: int = SNAPSHOT_EVERY
    """Steps between snapshots (0: none)."""
    snapshot_at: int = 0
    """The step of the latest snapshot written or read (0: none)."""
    last_active: datetime = field(default_factory=lambda: now())
    """When the table last took a step (UTC), for archiving idle tables."""
    finished: datetime | None = None
    """When its game ended (UTC), for archiving finished tables."""
    continuing: bool = False
    """Automated steps are due and queued to be taken in the background."""

    @property
    def steps(self) -> int:
        return len(self.record)

    def waiting_for(self) -> list[Seat]:
        """The human seats that must choose now (in ``to_act`` with something to choose),
        worked out once a change."""
        changes, seats = self._waiting
        if changes != self.changes:
            seats = [] if self.ruleset.outcome(self.state) is not None else [
                seat for seat in sorted(self.ruleset.to_act(self.state))
                if seat not in self.automated and self.ruleset.legal(self.state, seat)]
            self._waiting = (self.changes, seats)
        return list(seats)


def now() -> datetime:
    """The time now in UTC, naive (as the database keeps it)."""
    return datetime.now(UTC).replace(tzinfo=None)


def read_config(ruleset: Ruleset[Any, Any], raw: Mapping[str, Any]) -> BaseModel:
    """The system's config model from JSON; a wrong field is one line naming it."""
    try:
        return ruleset.config_model().model_validate(dict(raw))
    except ValidationError as error:
        problem = first_problem(error)
        message = problem.message.removeprefix("Value error, ")
        where = f"config.{problem.field}" if problem.field else "config"
        raise BadInput(f"{where}: {message}") from None


def replay_into(live: LiveTable) -> None:
    """(Re)make the table's state, agents and streams from its seed and record."""
    ruleset = live.ruleset
    live.changes += 1
    live.state = ruleset.new(live.config, live.seed)
    live.seats = list(ruleset.seats(live.state))
    known = _known_agents(live)
    live.agents = {seat: known[name]() for seat, name in live.automated.items()}
    live.streams = {}
    live.last_events = []
    _replay_steps(live, 0)


def _known_agents(live: LiveTable) -> Mapping[str, Any]:
    """The ruleset's agents; BadInput if a seat's agent is no longer one of them."""
    known = live.ruleset.agents()
    for seat, name in live.automated.items():
        if name not in known:
            raise BadInput(f"table {live.id}: seat {seat}: no agent {name!r} (known: "
                           f"{', '.join(sorted(known))})")
    return known


def _replay_steps(live: LiveTable, start: int) -> None:
    """Take the record's steps from ``start`` on (the state stands after step ``start``)."""
    ruleset = live.ruleset
    live.pending.clear()
    for number, texts in enumerate(live.record[start:], start=start + 1):
        try:
            choices = read_step(ruleset, live.state, texts)
        except BadInput as error:
            raise BadInput(f"table {live.id}: step {number}: {error}") from None
        for seat in sorted(choices):
            if seat in live.agents:
                _agent_choice(live, seat)
        try:
            events = ruleset.step(live.state, choices)
        except BadInput as error:
            raise BadInput(f"table {live.id}: step {number}: {error}") from None
        live.last_events = [event.to_dict() for event in events]
    live.changes += 1


def snapshot_of(live: LiveTable) -> StoredSnapshot:
    """The table as it stands, as a snapshot: its state, automated seats and their streams
    and the last step's events, in one graph (so objects they share stay shared). The
    store signs it as it writes it."""
    text = snapshot.dumps({"state": live.state, "agents": live.agents,
                           "streams": live.streams, "last_events": live.last_events})
    return StoredSnapshot(live.steps, snapshot.code_fingerprint(),
                          _truth(live, live.state, live.steps), "",
                          zlib.compress(text.encode(), 6))


def _truth(live: LiveTable, state: Any, number: int) -> str:
    """What a snapshot stands for: this table's game (its seed, config and choices up to
    step ``number``) and the state they lead to, as one hash."""
    return state_hash({"seed": str(live.seed), "config": live.config.model_dump(mode="json"),
                       "record": live.record[:number],
                       "state": state_hash(live.ruleset.view(state, None))})


def _read_into(live: LiveTable, stored: StoredSnapshot) -> str | None:
    """Stand ``live`` where ``stored`` stood; why it cannot be used, or None once it is."""
    if stored.code != snapshot.code_fingerprint():
        return "written by another build of Undercroft"
    if not 0 <= stored.number <= len(live.record):
        return f"it stands after step {stored.number}, the record has {len(live.record)}"
    try:
        graph = snapshot.loads(_inflated(stored.data))
    except (BadInput, zlib.error) as error:
        return str(error)
    if not isinstance(graph, dict) or set(graph) != {"state", "agents", "streams",
                                                     "last_events"}:
        return "not a table's snapshot"
    if _truth(live, graph["state"], stored.number) != stored.truth:
        return "it is not this table's game as its record has it"
    _known_agents(live)  # an agent gone from the ruleset sets the table aside, as replay does
    agents = graph["agents"]
    if not isinstance(agents, dict) or {seat: getattr(agent, "name", None) for seat, agent
                                        in agents.items()} != live.automated:
        return "its automated seats are not the table's"
    live.changes += 1
    live.state, live.agents, live.streams = graph["state"], agents, graph["streams"]
    live.last_events = graph["last_events"]
    live.seats = list(live.ruleset.seats(live.state))
    return None


def _inflated(data: bytes) -> bytes:
    """A snapshot's JSON; refused past ``MAX_SNAPSHOT`` bytes (a damaged row must not fill
    the server's memory)."""
    inflater = zlib.decompressobj()
    text = inflater.decompress(data, MAX_SNAPSHOT)
    if inflater.unconsumed_tail:
        raise BadInput(f"snapshot: more than {MAX_SNAPSHOT:,} bytes of JSON")
    return text


def write_snapshot(live: LiveTable, store: GameStore) -> None:
    """Keep a snapshot of the table if ``snapshot_every`` steps have passed since the last.

    A snapshot is a cache: if writing it fails the game goes on (the failure is logged as
    a fault of ours), and the next is tried ``snapshot_every`` steps later.
    """
    if live.snapshot_every <= 0 or live.steps - live.snapshot_at < live.snapshot_every:
        return
    live.snapshot_at = live.steps
    try:
        made = snapshot_of(live)
        store.save_snapshot(live.id, made.number, made.code, made.truth, made.data)
    except Exception:
        log.exception("table %d: the snapshot at step %d was not written", live.id,
                      live.steps)


def restore(stored: StoredTable, snapshot_every: int = SNAPSHOT_EVERY) -> LiveTable:
    """A stored table as it stood: from its latest snapshot and the steps after it, or
    its whole record replayed from its seed (BadInput if it no longer replays: a step
    missing, its rules changed, a seat's agent gone)."""
    if stored.problem is not None:
        raise BadInput(f"table {stored.id}: {stored.problem}")
    ruleset = registry.get(stored.system)
    if stored.rules_version != ruleset.version:
        raise BadInput(f"table {stored.id}: made with {stored.system} rules "
                       f"{stored.rules_version}, this is {ruleset.version}; it would not "
                       "replay the same")
    try:
        config = read_config(ruleset, stored.config)
    except BadInput as error:
        raise BadInput(f"table {stored.id}: {error}") from None
    automated = {seat.seat: seat.agent for seat in stored.seats if seat.agent is not None}
    live = LiveTable(stored.id, ruleset, config, stored.seed, automated,
                     record=list(stored.steps), snapshot_every=snapshot_every)
    if stored.snapshot_refused is not None:
        log.warning("table %d: its snapshot is not used (%s); replaying the record",
                    stored.id, stored.snapshot_refused)
    if stored.snapshot is None or not _resumed(live, stored.snapshot):
        replay_into(live)
    return live


def _resumed(live: LiveTable, stored: StoredSnapshot) -> bool:
    """Stand the table where ``stored`` stood and replay the steps after it; False when
    anything about it fails, the steps after it included (a snapshot is a cache, the record
    is the truth: the caller replays the whole record). The reason goes to the log, with
    the traceback if it was not bad input."""
    try:
        reason = _read_into(live, stored)
        if reason is None:
            _replay_steps(live, stored.number)
            live.snapshot_at = stored.number
            return True
        failure: Exception | None = None
    except Exception as error:
        reason, failure = str(error), error
    log.warning("table %d: snapshot at step %d not used (%s); replaying the record",
                live.id, stored.number, reason,
                exc_info=failure if failure is not None and not isinstance(
                    failure, BadInput) else None)
    return False


def read_choice(live: LiveTable, seat: Seat, text: str) -> Any:
    """The action ``seat`` means by ``text``, or BadInput saying why it cannot be taken.

    ``text`` must be one of the seat's legal choices; Amulet's leading ``!`` also claims
    the last step's announcements (``Action.claiming``, as ``!`` does at the terminal).
    """
    if len(text) > MAX_CHOICE:
        raise BadInput(f"choice: at most {MAX_CHOICE} characters (got {len(text)})")
    ruleset, state = live.ruleset, live.state
    if ruleset.outcome(state) is not None:
        raise BadInput("the game is over: nobody chooses now")
    if seat in live.pending:
        raise BadInput(f"{seat} has already chosen this round "
                       f"({live.pending[seat].text!r}); waiting for the others")
    if seat not in live.waiting_for():
        acting = ", ".join(sorted(ruleset.to_act(state))) or "nobody"
        raise BadInput(f"{seat} does not choose now (now: {acting})")
    body = " ".join(text.split())
    claim = body.startswith("!")
    if claim:
        body = body[1:].strip()
    legal = ruleset.legal(state, seat)
    by_text = {action.text: action for action in legal} | {
        variant.text: variant for variant in half_forms(legal).values()}
    try:
        action = by_text.get(ruleset.parse(body).text) if body else None
    except ValueError:
        action = None
    if action is None:
        raise BadInput(f"{body!r} is not one of {seat}'s choices now")
    return _claiming(live, seat, action) if claim else action


def half_forms(legal: list[Any]) -> dict[str, Any]:
    """Each legal choice's "take half" form (Modos: half the die's highest instead of
    rolling; Amulet's ``Action.halved``, which the terminal offers too), by the choice's
    text; empty for a system without it."""
    found = {}
    for action in legal:
        halved = getattr(action, "halved", None)
        variant = halved() if callable(halved) else None
        if variant is not None:
            found[action.text] = variant
    return found


def _claiming(live: LiveTable, seat: Seat, action: Any) -> Any:
    claiming = getattr(action, "claiming", None)
    if not callable(claiming):
        raise BadInput(f"a leading '!' claims announcements, which {live.ruleset.name} "
                       "does not have")
    if not live.ruleset.view(live.state, seat).get("claims"):
        raise BadInput("nothing to claim now: '!' claims the last step's announcements, and "
                       "there are none that another hero caused")
    return claiming()


def advance(live: LiveTable, store: GameStore, limit: int = MAX_STEPS_AT_ONCE
            ) -> tuple[int, bool]:
    """Take the steps that no human has to wait for, at most ``limit`` of them; returns
    how many were taken and whether more are due (the limit stopped it).

    A step is taken once every human seat that must choose has chosen (at once in a
    simultaneous round, one seat in a turn); the automated seats then choose, and a
    turn of an automated seat is a step of its own.
    """
    taken = 0
    while live.ruleset.outcome(live.state) is None:
        humans = live.waiting_for()
        if any(seat not in live.pending for seat in humans):
            break
        if taken >= limit:
            return taken, True
        choices = {seat: live.pending[seat] for seat in humans}
        for seat in sorted(live.ruleset.to_act(live.state)):
            if seat in live.automated and live.ruleset.legal(live.state, seat):
                choices[seat] = _agent_choice(live, seat)
        take_step(live, store, choices)
        taken += 1
    return taken, False


def take_step(live: LiveTable, store: GameStore, choices: Mapping[Seat, Any]) -> None:
    """Write the step's row and take the step in one transaction; on any failure roll the
    database back and rebuild the table from its record, as it stood before."""
    texts = {seat: action.text for seat, action in choices.items()}
    try:
        with store.adding_step(live.id, live.steps + 1, texts):
            live.changes += 1
            events = live.ruleset.step(live.state, choices)
    except BaseException:
        replay_into(live)
        raise
    live.record.append(texts)
    live.pending.clear()
    live.last_events = [event.to_dict() for event in events]
    if live.ruleset.outcome(live.state) is not None:
        try:
            store.mark_finished(live.id)
        except Exception:  # only the archiving clock depends on it
            log.exception("table %d: its end was not marked in the database", live.id)
    write_snapshot(live, store)


def _agent_choice(live: LiveTable, seat: Seat) -> Any:
    """The automated seat's choice, from its view and its own stream (as choose_all)."""
    stream = live.streams.get(seat)
    if stream is None:
        stream = live.streams[seat] = agent_stream(live.seed, seat)
    ruleset = live.ruleset
    return live.agents[seat].choose(ruleset.view(live.state, seat),
                                    ruleset.legal(live.state, seat), stream)
