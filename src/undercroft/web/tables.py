"""The shared table's service: tables made, found by token, played, watched.

Everything the HTTP and WebSocket routes do goes through :class:`TableService`, so
the rules of docs/web-api.md and docs/security.md live in one place: which token may do
what (a seat token acts only for its seat, the table token only watches), which step a
choice answers, when a round is complete, who is told of each change, and how much of
the server one client may use (``web.quotas``). Live games are held in memory, one lock
per table; the database (:mod:`undercroft.store.games`) holds their records, from which
:meth:`TableService.load` rebuilds each table, on its own, when the server starts.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from sqlalchemy.exc import SQLAlchemyError

from undercroft.engine import registry
from undercroft.engine.api import Seat
from undercroft.engine.table import Table, read_config
from undercroft.errors import BadInput
from undercroft.rng import fresh_seed
from undercroft.store.games import GameStore, Listed, StoredSeat
from undercroft.web.background import SWEEP_SECONDS, Background
from undercroft.web.live import (
    SNAPSHOT_EVERY,
    LiveTable,
    advance,
    now,
    read_choice,
    restore,
    write_snapshot,
)
from undercroft.web.payloads import (
    Update,
    seat_state,
    seat_updates,
    table_state,
    table_update,
)
from undercroft.web.quotas import ServeLimits
from undercroft.web.tokens import MAX_TOKEN_LENGTH, FailureLimiter, new_token, token_hash

log = logging.getLogger(__name__)

Send = Callable[[Update], None]
"""How a subscriber is handed a new state; must not block (it is called under the lock)."""

MAX_NAME: Final = 64
HOUR: Final = 3600.0


class Refused(Exception):
    """A request the table does not grant: ``status`` is the HTTP answer (403, 404, 409,
    410, 429, or 503 when the database does not answer); the message is one line for the
    person."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(eq=False)
class _Subscriber:
    seat: Seat | None
    send: Send


class TableService:
    """Every table of one server, from one database."""

    def __init__(self, store: GameStore, limiter: FailureLimiter | None = None,
                 seeds: Callable[[], int] | None = None,
                 snapshot_every: int = SNAPSHOT_EVERY, limits: ServeLimits | None = None,
                 clock: Callable[[], datetime] = now, sweep_seconds: float = SWEEP_SECONDS
                 ) -> None:
        if snapshot_every < 0:
            raise BadInput(f"steps between snapshots {snapshot_every}: expected 0 (no "
                           "snapshots) or a number of steps")
        self.store = store
        self.snapshot_every = snapshot_every
        self.limits = limits or ServeLimits()
        self.limiter = limiter or FailureLimiter()
        self.creations = FailureLimiter(self.limits.tables_per_hour or 1, HOUR)
        """Tables made per client address in the last hour (``limits.tables_per_hour``)."""
        self.seeds = seeds or (lambda: fresh_seed(63))
        self.clock = clock
        self.tables: dict[int, LiveTable] = {}
        self.broken: dict[int, str] = {}
        """Tables whose record no longer replays, with the reason."""
        self._tokens: dict[str, tuple[int, Seat | None]] = {}
        self._invites: dict[tuple[int, Seat], str] = {}
        """Seat tokens of tables made by this process (memory only), for invite QR codes;
        a seat's is withdrawn once the seat is taken (``LiveTable.joined``)."""
        self._watch: dict[int, str] = {}
        """Each table's watch token, as the store keeps it, for the lobby's list."""
        self._accepted: dict[tuple[int, Seat], tuple[int, str]] = {}
        """Each seat's latest accepted choice: the step it answered and its text (so the
        same choice sent again is answered, not taken twice)."""
        self._subscribers: dict[int, list[_Subscriber]] = {}
        self._lock = threading.Lock()
        self.background = Background(self.sweep, sweep_seconds)

    # --- making and loading tables --------------------------------------------------------

    def create(self, system: str, config: Mapping[str, Any], automated: Mapping[str, str],
               address: str = "unknown") -> dict[str, Any]:
        """A new table; the answer holds every token, which is never shown again."""
        limits = self.limits
        if limits.tables_per_hour and self.creations.blocked(address):
            raise Refused(429, f"at most {limits.tables_per_hour} new tables an hour from one "
                          "address; finish a game or wait")
        if limits.max_tables and len(self.tables) >= limits.max_tables:
            raise Refused(429, f"this server holds its most live tables ({limits.max_tables}); "
                          "try again when games have finished")
        ruleset = registry.get(system)
        settings = read_config(ruleset, config)
        table = Table.start(ruleset, settings, self.seeds(), automated=dict(automated))
        live = LiveTable(0, table, snapshot_every=self.snapshot_every,
                         last_active=self.clock())
        seats = table.seats
        if all(seat in automated for seat in seats):
            raise BadInput(f"automated: every seat is automated; leave at least one of "
                           f"{', '.join(seats)} to a person")
        table_token = new_token()
        tokens = {seat: new_token() for seat in seats if seat not in automated}
        stored = [StoredSeat(seat, automated.get(seat),
                             token_hash(tokens[seat]) if seat in tokens else None)
                  for seat in seats]
        live.id = table_id = self.store.add_table(
            system=ruleset.name, rules_version=ruleset.version,
            config=settings.model_dump(mode="json"), seed=table.seed,
            token_hash=token_hash(table_token), seats=stored, watch_token=table_token)
        self.creations.failed(address)  # counted: one more table from this address
        with live.lock:
            self._add(live, token_hash(table_token), stored)
            self._invites.update({(table_id, seat): token for seat, token in tokens.items()})
            self._watch[table_id] = table_token
            self._advance(live)
        return {"table": table_id, "table_token": table_token,
                "watch_url": f"/table?t={table_token}",
                "seats": [{"seat": seat, "automated": automated.get(seat),
                           "token": tokens.get(seat),
                           "url": f"/seat?t={tokens[seat]}" if seat in tokens else None}
                          for seat in seats]}

    def load(self) -> None:
        """Rebuild every stored table that is not archived, each on its own: a table that
        cannot be read or no longer replays is set aside with the reason (its tokens
        answer 409), whatever went wrong, and the others load. Tables due for archiving
        are archived instead of loaded. A table replayed further than ``snapshot_every``
        steps gets its snapshot now, and automated steps that are due go on in the
        background, so the server answers at once."""
        due = []
        for listed in self.store.listing():
            if listed.archived:
                continue
            if self._archive_due(listed.finished, listed.last_active or listed.created):
                due.append(listed.id)
                continue
            try:
                self._load_one(listed)
            except Exception as error:
                self._set_aside(listed, error)
        self._archive(due)

    def _load_one(self, listed: Listed) -> None:
        stored = self.store.table(listed.id)
        self._tokens[listed.token_hash] = (listed.id, None)
        self._tokens.update({seat.token_hash: (listed.id, seat.seat) for seat in stored.seats
                             if seat.token_hash is not None})
        live = restore(stored, self.snapshot_every)
        live.last_active = listed.last_active or stored.created
        live.finished = listed.finished
        if listed.watch_token is not None:
            self._watch[listed.id] = listed.watch_token
        with live.lock:
            humans = {seat.seat for seat in stored.seats if seat.agent is None}
            live.joined.update(seat for step in _choices(live) for seat in step
                               if seat in humans)
            if live.finished is None and live.table.ruleset.outcome(live.table.state) is not None:
                live.finished = self.clock()  # ended under a build that did not mark it
            self._add(live, stored.token_hash, stored.seats)
            write_snapshot(live, self.store)
            self._go_on(live)

    def _set_aside(self, listed: Listed, error: Exception) -> None:
        """Keep a table that cannot be loaded out of play, with the reason its tokens are
        answered with (409); the traceback goes to the log only for a fault of ours."""
        if isinstance(error, BadInput):
            reason, trace = str(error), None
        elif isinstance(error, SQLAlchemyError):
            cause = " ".join(str(getattr(error, "orig", None) or error).split())[:200]
            reason, trace = f"its rows cannot be read from the database ({cause})", None
        else:
            reason = "could not be loaded (a fault of ours; see the server's log)"
            trace = error
        log.warning("table %d is set aside: %s", listed.id, reason, exc_info=trace)
        with self._lock:
            self.tables.pop(listed.id, None)
            self.broken[listed.id] = reason
            self._tokens[listed.token_hash] = (listed.id, None)

    def _add(self, live: LiveTable, table_hash: str, seats: Sequence[StoredSeat]) -> None:
        with self._lock:
            self.tables[live.id] = live
            self._subscribers.setdefault(live.id, [])
            self._tokens[table_hash] = (live.id, None)
            self._tokens.update({seat.token_hash: (live.id, seat.seat) for seat in seats
                                 if seat.token_hash is not None})

    # --- archiving ------------------------------------------------------------------------

    def _archive_due(self, finished: datetime | None, active: datetime | None) -> bool:
        moment = self.clock()
        if finished is not None:
            return moment - finished >= self.limits.archive_finished
        return active is not None and moment - active >= self.limits.archive_idle

    def sweep(self) -> None:
        """Archive the live tables whose game ended, or that have taken no step, longer
        ago than the limits say."""
        with self._lock:
            tables = list(self.tables.values())
        self._archive([live.id for live in tables
                       if self._archive_due(live.finished, live.last_active)])

    def _archive(self, table_ids: list[int]) -> None:
        if not table_ids:
            return
        self.store.archive(table_ids)
        with self._lock:
            for table_id in table_ids:
                self.tables.pop(table_id, None)
                self._subscribers.pop(table_id, None)
                self._watch.pop(table_id, None)
            self._tokens = {key: found for key, found in self._tokens.items()
                            if found[0] not in table_ids}
        log.info("archived %d table(s): %s", len(table_ids),
                 ", ".join(map(str, table_ids)))

    # --- finding a table by token ---------------------------------------------------------

    def access(self, token: str, address: str) -> tuple[LiveTable, Seat | None]:
        """The table and seat (None: the table token) a token opens, or Refused."""
        if self.limiter.blocked(address):
            raise Refused(429, "too many wrong tokens from this address; wait a minute")
        found = None
        if token and len(token) <= MAX_TOKEN_LENGTH:
            hashed = token_hash(token)
            found = self._tokens.get(hashed)
            if found is None:
                self._refuse_archived(hashed)
        if found is None:
            self.limiter.failed(address)
            raise Refused(403, "not a token of any table here")
        table_id, seat = found
        live = self.tables.get(table_id)
        if live is None:
            reason = self.broken.get(table_id, "it is not loaded")
            raise Refused(409, f"table {table_id} cannot be played on: {reason}")
        return live, seat

    def _refuse_archived(self, hashed: str) -> None:
        """410 for a token of an archived table (the database keeps it; it is not loaded)."""
        try:
            archived = self.store.archived_table_of(hashed)
        except SQLAlchemyError:
            return
        if archived is not None:
            raise Refused(410, f"table {archived} is archived: its game ended, or nobody "
                          "played it for a long time")

    def watch(self, token: str, address: str) -> LiveTable:
        """The table a table token opens (a seat token is refused: it is not the screen's)."""
        live, seat = self.access(token, address)
        if seat is not None:
            raise Refused(403, "a seat token: this needs the table's token")
        return live

    def sit(self, token: str, address: str) -> tuple[LiveTable, Seat]:
        """The table and seat a seat token opens; the seat counts as taken from now on."""
        live, seat = self.access(token, address)
        if seat is None:
            raise Refused(403, "the table token only watches: this needs a seat's token")
        self._take(live, seat)
        return live, seat

    def _take(self, live: LiveTable, seat: Seat) -> None:
        """Count ``seat`` as taken from now on; the first time, tell the followers (the
        screen withdraws its invitation)."""
        with live.lock:
            if seat in live.joined:
                return
            live.joined.add(seat)
            self._notify(live)

    # --- what the routes do ---------------------------------------------------------------

    def table_state(self, token: str, address: str) -> str:
        live = self.watch(token, address)
        with live.lock:
            return table_state(live)

    def seat_state(self, token: str, address: str) -> str:
        live, seat = self.sit(token, address)
        with live.lock:
            return seat_state(live, seat)

    def log(self, token: str, address: str) -> str:
        """The log of the part of the game the table stands in (a level, a floor, a
        stage), as JSON text, for the table token or a seat's: each step's events as the
        token's view told them, the newest step first (docs/web-api.md, The log)."""
        live, seat = self.access(token, address)
        with live.lock:
            return json.dumps({"table": live.id, "seat": seat, "step": live.table.steps,
                               **live.logged().as_dict()}, default=str)

    def choose(self, token: str, address: str, text: str, step: int) -> str:
        """The seat's choice for the state after ``step`` steps, taken once the round is
        complete; the new seat state. The same choice sent again for the same step is
        answered as the first was and counts once; a choice for a step that is over, or
        another choice in a round the seat has chosen in, is refused (409)."""
        live, seat = self.sit(token, address)
        with live.lock:
            said = " ".join(text.split())
            if self._accepted.get((live.id, seat)) == (step, said) or (
                    step < live.table.steps and _recorded(live, seat, step, said)):
                return seat_state(live, seat)  # sent again: counted once already
            if step != live.table.steps:
                raise Refused(409, f"your choice answers step {step}, and the table is at "
                              f"step {live.table.steps}: choose again from what it shows now")
            if seat in live.table.pending:
                if _means(live, said) == live.table.pending[seat].text:
                    return seat_state(live, seat)  # sent again, spelled otherwise
                raise Refused(409, f"{seat} has already chosen this round "
                              f"({live.table.pending[seat].text!r}); waiting for the others")
            live.table.pending[seat] = read_choice(live, seat, text)
            others = {other: action for other, action in live.table.pending.items()
                      if other != seat}
            try:
                self._advance(live)
            except BaseException as error:
                if live.table.steps == step:  # the round is still open: the others' choices stand
                    live.table.pending.update(others)
                if isinstance(error, SQLAlchemyError):
                    log.exception("table %d: the database did not take step %d", live.id,
                                  live.table.steps + 1)
                    raise Refused(503, "the database is not answering: your choice was not "
                                  "taken; send it again in a moment") from None
                raise
            finally:
                self._notify(live)
            self._accepted[(live.id, seat)] = (step, said)
            return seat_state(live, seat)

    def _advance(self, live: LiveTable) -> None:
        """Take the steps due, up to a request's share; queue the rest (under the lock)."""
        taken, more = advance(live, self.store, self.limits.steps_per_request)
        if taken:
            live.last_active = self.clock()
            if live.finished is None and live.table.ruleset.outcome(live.table.state) is not None:
                live.finished = live.last_active
        if more:
            self._go_on(live)

    def _go_on(self, live: LiveTable) -> None:
        """Queue the automated steps due at ``live``, a batch at a time, tables in turn."""
        if live.continuing:
            return
        live.continuing = True

        def batch() -> None:
            with live.lock:
                live.continuing = False
                if self.tables.get(live.id) is not live:
                    return  # archived meanwhile
                try:
                    self._advance(live)
                finally:
                    self._notify(live)

        self.background.submit(batch)

    def invite(self, token: str, address: str, seat: str) -> str:
        """A human seat's token, for the table screen's QR code (this process's tables),
        only until the seat is taken: once that seat's token has been used (its page
        opened, a choice made), the table token (which only watches) no longer hands it
        out (the links given at creation still work)."""
        live = self.watch(token, address)
        found = self._invites.get((live.id, seat))
        if found is None:
            raise Refused(404, f"no invitation for seat {seat[:MAX_NAME]!r}: it is automated, "
                          "not a seat of this table, or the server restarted since the table "
                          "was made (use the links given then)")
        with live.lock:
            taken = _taken(live, seat)
        if taken:
            raise Refused(403, f"seat {seat[:MAX_NAME]!r} is taken: its invitation is no "
                          "longer shown (the link given when the table was made still works)")
        return found

    def invitations(self, token: str, address: str) -> list[tuple[Seat, str]]:
        """Every seat of the table the table token may still hand out, with its token
        (:meth:`invite`'s rule), in the table's seat order."""
        live = self.watch(token, address)
        with live.lock:
            return [(seat, self._invites[(live.id, seat)]) for seat in live.table.seats
                    if (live.id, seat) in self._invites and not _taken(live, seat)]

    def open_tables(self) -> list[dict[str, Any]]:
        """The lobby's list: every live table whose game has not ended, newest first,
        with its watch link (None for a table stored before watch tokens were kept) and
        its seats. Never a seat's token (docs/security.md)."""
        with self._lock:
            tables = sorted(self.tables.values(), key=lambda live: -live.id)
            watch = dict(self._watch)
        found = []
        for live in tables:
            with live.lock:
                if live.finished is not None:
                    continue
                token = watch.get(live.id)
                found.append({
                    "table": live.id, "system": live.table.ruleset.name,
                    "step": live.table.steps,
                    "watch_url": None if token is None else f"/table?t={token}",
                    "seats": [{"seat": seat, "automated": live.table.automated.get(seat),
                               "joined": seat in live.joined} for seat in live.table.seats]})
        return found

    def subscribe(self, token: str, address: str, send: Send
                  ) -> tuple[Update, Callable[[], None]]:
        """The state now and a way to stop; ``send`` gets the state after every change."""
        live, seat = self.access(token, address)
        if seat is not None:
            self._take(live, seat)
        subscriber = _Subscriber(seat, send)
        with live.lock:
            now_ = table_update(live) if seat is None else seat_updates(live, [seat])[seat]
            self._subscribers.setdefault(live.id, []).append(subscriber)

        def unsubscribe() -> None:
            with live.lock:
                followers = self._subscribers.get(live.id, [])
                if subscriber in followers:
                    followers.remove(subscriber)

        return now_, unsubscribe

    def _notify(self, live: LiveTable) -> None:
        """Send every subscriber the state it may see, made once per seat (under the lock)."""
        subscribers = list(self._subscribers.get(live.id, []))
        if not subscribers:
            return
        seats = sorted({sub.seat for sub in subscribers if sub.seat is not None})
        built: dict[Seat | None, Update] = {}
        built.update(seat_updates(live, seats))
        if any(sub.seat is None for sub in subscribers):
            built[None] = table_update(live)
        for subscriber in subscribers:
            try:
                subscriber.send(built[subscriber.seat])
            except RuntimeError:  # its event loop has closed: the connection is gone
                self._subscribers[live.id].remove(subscriber)

    def close(self) -> None:
        self.background.close()
        self.store.close()


def _taken(live: LiveTable, seat: Seat) -> bool:
    """Whether someone sits at ``seat``: its token was used since start-up, or the record
    holds a choice of its (``joined`` has both), or it has chosen this round (under the
    table's lock)."""
    return seat in live.joined or seat in live.table.pending


def _recorded(live: LiveTable, seat: Seat, step: int, said: str) -> bool:
    """Whether the record's step after ``step`` holds ``said`` as ``seat``'s choice (a
    choice sent again after its round closed, after a restart forgot what was sent)."""
    choices = _choices(live)
    if not 0 <= step < len(choices):
        return False
    taken = choices[step].get(seat)
    return taken is not None and _means(live, said) == taken


def _choices(live: LiveTable) -> list[dict[Seat, str]]:
    """The steps the table's record holds (a shared table always keeps one)."""
    assert live.table.record is not None
    return live.table.record.choices


def _means(live: LiveTable, said: str) -> str | None:
    """The text of the action ``said`` stands for, as the record keeps it."""
    return live.table.means(said)
