"""One table's game in the server's memory, between the store's rows and the engine.

The game itself is an :class:`~undercroft.engine.table.Table` (the engine's game in
progress: it replays a record, resumes a snapshot, checks a person's choice, lets the
automated seats choose and takes the steps). What is added here is the server's part:
the table's id and lock, its clocks for archiving, and the store. Every step is written
to the database in the same transaction as it is taken (``Table.run_automated``'s guard
is :meth:`GameStore.adding_step`); if either fails, the table rebuilds itself from its
record, so memory and database never disagree.

Every ``snapshot_every`` steps the table's snapshot (``Table.snapshot``) is written beside
the record, after the step's own transaction: a restarted server resumes from the latest
one and replays only the steps after it. A snapshot that cannot be used (written by other
code, damaged, or not standing where its hash says) is passed over with a warning in the
log, and the whole record is replayed.

Each table also keeps its **log** (:class:`GameLog`, memory only): the events of the part
of the game it stands in (a level, a floor, a stage: the ruleset's ``log_chapter``), step
by step, so a page opened or reloaded gets them all (``GET /api/table/log``). A restored
table rebuilds it as it replays: from the start of its record, or from its snapshot (the
log then begins with what the view showed at the snapshot's step).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from undercroft.engine.api import Event, Seat
from undercroft.engine.capabilities import log_chapter
from undercroft.engine.record import RECORD_FORMAT, Record
from undercroft.engine.table import MAX_CHOICE, Table, TableSnapshot, half_forms, read_config
from undercroft.errors import BadInput
from undercroft.store.games import GameStore, StoredSnapshot, StoredTable

__all__ = ["MAX_CHOICE", "half_forms", "read_config"]

log = logging.getLogger(__name__)

MAX_STEPS_AT_ONCE: Final = 100_000
"""Automated steps one change may take; the rulesets' own step limits end games sooner."""
SNAPSHOT_EVERY: Final = 100
"""Steps between snapshots by default (``undercroft serve --snapshot-every``): a restart
replays at most this many steps of a table (docs/web-api.md, Restarts)."""


LOG_EVENTS: Final = 1500
"""Events a table's log keeps at most: the oldest steps are let go past it (a level of
Amulet is a few hundred steps of a few events each)."""


def now() -> datetime:
    """The time now in UTC, naive (as the database keeps it)."""
    return datetime.now(UTC).replace(tzinfo=None)


LoggedEvent = Event | Mapping[str, Any]
"""An event of the log: as a step returned it, or already a dict (read from a view)."""


@dataclass(eq=False)
class GameLog:
    """The events of one part of a game (``log_chapter``), step by step, oldest first.

    A step's events are what ``ruleset.step`` returned, which is what every seat's view
    tells it of that step in every system today (the table is shared: no view leaves an
    event out for one seat; tests/web/test_table_log.py holds each system to it). Events
    are kept as the step made them and written out only when asked for.
    """

    chapter: str
    first: int
    """The step of the oldest events kept (0: the game's start)."""
    whole: bool = True
    """Whether the log holds its part from its start (not from a snapshot, nor cut)."""
    steps: deque[tuple[int, Sequence[LoggedEvent]]] = field(default_factory=deque)
    count: int = 0

    @classmethod
    def at(cls, table: Table, whole: bool) -> GameLog:
        """A log begun where ``table`` stands, with what its first seat's view shows."""
        shown = table.ruleset.view(table.state, table.seats[0])["events"] if table.seats \
            else []
        made = cls(log_chapter(table.ruleset, table.state), table.steps, whole)
        made.add(table.steps, shown)
        return made

    def stepped(self, table: Table, events: Sequence[LoggedEvent]) -> None:
        """Add a step's events; a step into another part begins the log again with it."""
        chapter = log_chapter(table.ruleset, table.state)
        if chapter != self.chapter:
            self.chapter, self.first, self.whole = chapter, table.steps, True
            self.steps.clear()
            self.count = 0
        self.add(table.steps, events)

    def add(self, step: int, events: Sequence[LoggedEvent]) -> None:
        if not events:
            return
        self.steps.append((step, events))
        self.count += len(events)
        while self.count > LOG_EVENTS and len(self.steps) > 1:
            _, gone = self.steps.popleft()
            self.count -= len(gone)
            self.first, self.whole = self.steps[0][0], False

    def as_dict(self) -> dict[str, Any]:
        """The log as the route answers it: the newest step first, each step's events in
        the order they happened."""
        return {"chapter": self.chapter, "first": self.first, "whole": self.whole,
                "steps": [{"step": step, "events": [_event_dict(event) for event in events]}
                          for step, events in reversed(self.steps)]}


def _event_dict(event: LoggedEvent) -> dict[str, Any]:
    return dict(event) if isinstance(event, Mapping) else event.to_dict()


@dataclass(eq=False)
class LiveTable:
    """A table being played. Read or change it only while holding ``lock``."""

    id: int
    table: Table
    """The game (``pending`` holds people's choices in a simultaneous round not yet
    complete: memory only, so a restart asks for them again; docs/web-api.md, Rounds)."""
    lock: threading.RLock = field(default_factory=threading.RLock)
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
    joined: set[str] = field(default_factory=set)
    """Human seats taken: their token used since start-up, or a choice of theirs in the
    record (memory only); their invitations are withdrawn (``web.tables``)."""
    log: GameLog | None = None
    """The events of the part of the game the table stands in (``GameLog``)."""

    def __post_init__(self) -> None:
        if self.log is None:
            self.log = GameLog.at(self.table, whole=self.table.steps == 0)

    def logged(self) -> GameLog:
        assert self.log is not None
        return self.log


def snapshot_of(live: LiveTable) -> StoredSnapshot:
    """The table as it stands, as the store keeps a snapshot (the store signs it)."""
    made = live.table.snapshot()
    return StoredSnapshot(made.number, made.code, made.truth, "", made.data)


def write_snapshot(live: LiveTable, store: GameStore) -> None:
    """Keep a snapshot of the table if ``snapshot_every`` steps have passed since the last.

    A snapshot is a cache: if writing it fails the game goes on (the failure is logged as
    a fault of ours), and the next is tried ``snapshot_every`` steps later.
    """
    if live.snapshot_every <= 0 or live.table.steps - live.snapshot_at < live.snapshot_every:
        return
    live.snapshot_at = live.table.steps
    try:
        made = snapshot_of(live)
        store.save_snapshot(live.id, made.number, made.code, made.truth, made.data)
    except Exception:
        log.exception("table %d: the snapshot at step %d was not written", live.id,
                      live.table.steps)


def restore(stored: StoredTable, snapshot_every: int = SNAPSHOT_EVERY) -> LiveTable:
    """A stored table as it stood: from its latest snapshot and the steps after it, or
    its whole record replayed from its seed (BadInput if it no longer replays: a step
    missing, its rules changed, a seat's agent gone)."""
    if stored.problem is not None:
        raise BadInput(f"table {stored.id}: {stored.problem}")
    record = Record.model_construct(system=stored.system, rules_version=stored.rules_version,
                    config=stored.config, seed=stored.seed, choices=list(stored.steps),
                                    format=RECORD_FORMAT)
    automated = {seat.seat: seat.agent for seat in stored.seats if seat.agent is not None}
    if stored.snapshot_refused is not None:
        log.warning("table %d: its snapshot is not used (%s); replaying the record",
                    stored.id, stored.snapshot_refused)
    saved = None if stored.snapshot is None else TableSnapshot(
        stored.snapshot.number, stored.snapshot.code, stored.snapshot.truth,
        stored.snapshot.data)
    where = f"table {stored.id}"
    head = 0 if saved is None else min(max(saved.number, 0), len(stored.steps))
    start = record.model_copy(update={"choices": list(stored.steps[:head])})
    table, refused = Table.resume(start, automated, where, saved)
    live = LiveTable(stored.id, table, snapshot_every=snapshot_every)
    for step in stored.steps[head:]:  # one at a time, so each step's events are logged
        table.replay([step], where)
        live.logged().stepped(table, table.events)
    if saved is not None and refused is None:
        live.snapshot_at = saved.number
    elif saved is not None:
        log.warning("table %d: snapshot at step %d not used (%s); replaying the record",
                    stored.id, saved.number, refused)
    return live


def read_choice(live: LiveTable, seat: Seat, text: str) -> Any:
    """The action ``seat`` means by ``text`` (``Table.read``), or BadInput saying why it
    cannot be taken now."""
    return live.table.read(seat, text)


def advance(live: LiveTable, store: GameStore, limit: int = MAX_STEPS_AT_ONCE
            ) -> tuple[int, bool]:
    """Take the steps that no human has to wait for, at most ``limit`` of them, each
    written to the store as it is taken; returns how many were taken and whether more are
    due (the limit stopped it)."""
    return live.table.run_automated(limit, lambda events: _stepped(live, store, events),
                                    lambda number, texts: store.adding_step(live.id, number,
                                                                            texts))


def _stepped(live: LiveTable, store: GameStore, events: Sequence[Event]) -> None:
    """After a step: log its events, mark the end of the game, keep a snapshot when one
    is due."""
    live.logged().stepped(live.table, events)
    if live.table.ruleset.outcome(live.table.state) is not None:
        try:
            store.mark_finished(live.id)
        except Exception:  # only the archiving clock depends on it
            log.exception("table %d: its end was not marked in the database", live.id)
    write_snapshot(live, store)
