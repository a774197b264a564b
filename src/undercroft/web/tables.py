"""The shared table's service: tables made, found by token, played, watched.

Everything the HTTP and WebSocket routes do goes through :class:`TableService`, so
the rules of docs/web-api.md live in one place: which token may do what (a seat token
acts only for its seat, the table token only watches), when a round is complete,
and who is told of each change. Live games are held in memory, one lock per table; the
database (:mod:`undercroft.store.games`) holds their records, from which
:meth:`TableService.load` rebuilds every table when the server starts.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from undercroft.engine import registry
from undercroft.engine.api import Seat
from undercroft.errors import BadInput
from undercroft.store.games import GameStore, StoredSeat, StoredTable
from undercroft.web.live import (
    SNAPSHOT_EVERY,
    LiveTable,
    advance,
    read_choice,
    read_config,
    replay_into,
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
from undercroft.web.tokens import MAX_TOKEN_LENGTH, FailureLimiter, new_token, token_hash

log = logging.getLogger(__name__)

Send = Callable[[Update], None]
"""How a subscriber is handed a new state; must not block (it is called under the lock)."""

MAX_NAME: Final = 64


class Refused(Exception):
    """A request the table does not grant: ``status`` is the HTTP answer (403, 404, 409,
    429); the message is one line for the person."""

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
                 snapshot_every: int = SNAPSHOT_EVERY) -> None:
        if snapshot_every < 0:
            raise BadInput(f"--snapshot-every {snapshot_every}: expected 0 (no snapshots) or "
                           "a number of steps")
        self.store = store
        self.snapshot_every = snapshot_every
        self.limiter = limiter or FailureLimiter()
        self.seeds = seeds or (lambda: secrets.randbits(63))
        self.tables: dict[int, LiveTable] = {}
        self.broken: dict[int, str] = {}
        """Tables whose record no longer replays, with the reason."""
        self._tokens: dict[str, tuple[int, Seat | None]] = {}
        self._invites: dict[tuple[int, Seat], str] = {}
        """Seat tokens of tables made by this process (memory only), for invite QR codes."""
        self._subscribers: dict[int, list[_Subscriber]] = {}
        self._lock = threading.Lock()

    # --- making and loading tables --------------------------------------------------------

    def create(self, system: str, config: Mapping[str, Any],
               automated: Mapping[str, str]) -> dict[str, Any]:
        """A new table; the answer holds every token, which is never shown again."""
        ruleset = registry.get(system)
        live = LiveTable(0, ruleset, read_config(ruleset, config), self.seeds(),
                         dict(automated), snapshot_every=self.snapshot_every)
        agents = ruleset.agents()
        for seat, agent in automated.items():
            if agent not in agents:
                raise BadInput(f"automated.{seat[:MAX_NAME]}: no agent {agent[:MAX_NAME]!r} "
                               f"(known: {', '.join(sorted(agents))})")
        replay_into(live)
        seats = live.seats
        for seat in automated:
            if seat not in seats:
                raise BadInput(f"automated: no seat {seat[:MAX_NAME]!r} (seats: "
                               f"{', '.join(seats)})")
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
            config=live.config.model_dump(mode="json"), seed=live.seed,
            token_hash=token_hash(table_token), seats=stored)
        with live.lock:
            self._add(live, token_hash(table_token), stored)
            self._invites.update({(table_id, seat): token for seat, token in tokens.items()})
            advance(live, self.store)
        return {"table": table_id, "table_token": table_token,
                "watch_url": f"/table?t={table_token}",
                "seats": [{"seat": seat, "automated": automated.get(seat),
                           "token": tokens.get(seat),
                           "url": f"/seat?t={tokens[seat]}" if seat in tokens else None}
                          for seat in seats]}

    def load(self) -> None:
        """Rebuild every stored table from its latest snapshot and the steps after it (or
        its whole record); one that no longer replays is set aside with the reason (its
        tokens answer 409), never silently dropped. A table that was replayed further than
        ``snapshot_every`` steps gets its snapshot now: a finished game takes no more
        steps, and the next restart should not replay it all again."""
        for stored in self.store.tables():
            try:
                live = restore(stored, self.snapshot_every)
            except BadInput as error:
                self._set_aside(stored, str(error))
                continue
            except Exception:
                log.exception("table %d could not be replayed", stored.id)
                self._set_aside(stored, "could not be replayed (a fault of ours; see the "
                                "server's log)")
                continue
            with live.lock:
                self._add(live, stored.token_hash, stored.seats)
                write_snapshot(live, self.store)
                advance(live, self.store)

    def _add(self, live: LiveTable, table_hash: str, seats: Sequence[StoredSeat]) -> None:
        with self._lock:
            self.tables[live.id] = live
            self._subscribers.setdefault(live.id, [])
            self._tokens[table_hash] = (live.id, None)
            self._tokens.update({seat.token_hash: (live.id, seat.seat) for seat in seats
                                 if seat.token_hash is not None})

    def _set_aside(self, stored: StoredTable, reason: str) -> None:
        log.warning("table %d is set aside: %s", stored.id, reason)
        with self._lock:
            self.broken[stored.id] = reason
            self._tokens[stored.token_hash] = (stored.id, None)
            self._tokens.update({seat.token_hash: (stored.id, seat.seat)
                                 for seat in stored.seats if seat.token_hash is not None})

    # --- finding a table by token ---------------------------------------------------------

    def access(self, token: str, address: str) -> tuple[LiveTable, Seat | None]:
        """The table and seat (None: the table token) a token opens, or Refused."""
        if self.limiter.blocked(address):
            raise Refused(429, "too many wrong tokens from this address; wait a minute")
        found = None
        if token and len(token) <= MAX_TOKEN_LENGTH:
            found = self._tokens.get(token_hash(token))
        if found is None:
            self.limiter.failed(address)
            raise Refused(403, "not a token of any table here")
        table_id, seat = found
        live = self.tables.get(table_id)
        if live is None:
            reason = self.broken.get(table_id, "it is not loaded")
            raise Refused(409, f"table {table_id} cannot be played on: {reason}")
        return live, seat

    def watch(self, token: str, address: str) -> LiveTable:
        """The table a table token opens (a seat token is refused: it is not the screen's)."""
        live, seat = self.access(token, address)
        if seat is not None:
            raise Refused(403, "a seat token: this needs the table's token")
        return live

    def sit(self, token: str, address: str) -> tuple[LiveTable, Seat]:
        live, seat = self.access(token, address)
        if seat is None:
            raise Refused(403, "the table token only watches: this needs a seat's token")
        return live, seat

    # --- what the routes do ---------------------------------------------------------------

    def table_state(self, token: str, address: str) -> str:
        live = self.watch(token, address)
        with live.lock:
            return table_state(live)

    def seat_state(self, token: str, address: str) -> str:
        live, seat = self.sit(token, address)
        with live.lock:
            return seat_state(live, seat)

    def choose(self, token: str, address: str, text: str) -> str:
        """The seat's choice, taken once the round is complete; the new seat state."""
        live, seat = self.sit(token, address)
        with live.lock:
            live.pending[seat] = read_choice(live, seat, text)
            try:
                advance(live, self.store)
            finally:
                self._notify(live)
            return seat_state(live, seat)

    def invite(self, token: str, address: str, seat: str) -> str:
        """A human seat's token, for the table screen's QR code (this process's tables),
        only while the players sit down: once that seat has made a choice its player has
        joined, and the table token (which only watches) no longer hands its token out
        (the links given at creation still work)."""
        live = self.watch(token, address)
        found = self._invites.get((live.id, seat))
        if found is None:
            raise Refused(404, f"no invitation for seat {seat[:MAX_NAME]!r}: it is automated, "
                          "not a seat of this table, or the server restarted since the table "
                          "was made (use the links given then)")
        if any(seat in step for step in live.record):
            raise Refused(403, f"seat {seat[:MAX_NAME]!r} has joined: its invitation is no "
                          "longer shown (the link given when the table was made still works)")
        return found

    def subscribe(self, token: str, address: str, send: Send
                  ) -> tuple[Update, Callable[[], None]]:
        """The state now and a way to stop; ``send`` gets the state after every change."""
        live, seat = self.access(token, address)
        subscriber = _Subscriber(seat, send)
        with live.lock:
            now = table_update(live) if seat is None else seat_updates(live, [seat])[seat]
            self._subscribers[live.id].append(subscriber)

        def unsubscribe() -> None:
            with live.lock:
                if subscriber in self._subscribers[live.id]:
                    self._subscribers[live.id].remove(subscriber)

        return now, unsubscribe

    def _notify(self, live: LiveTable) -> None:
        """Send every subscriber the state it may see, made once per seat (under the lock)."""
        subscribers = list(self._subscribers[live.id])
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
        self.store.close()
