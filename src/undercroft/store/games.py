"""The shared table's games, kept as records: who sits where, and every step's choices.

A table is stored as its game record (system, rules version, config, seed) plus its seats
and one row per step, never pickled (DESIGN.md: "never pickle state"): a restarted server
replays each table's steps from its seed and stands exactly where it was. Beside the
record a table may keep its latest snapshot (``engine.snapshot``: the state as JSON,
compressed), so that a long game resumes from there and replays only the steps after it;
a snapshot is a cache, never the truth, and one that cannot be used is passed over. Seat
tokens are kept only as their SHA-256, so a copy of the database lets nobody sit down at
a table; the table token, which only watches, is also kept itself, for the lobby's list
of open tables (docs/security.md).

SQLAlchemy Core keeps the same code on SQLite (the default: a file beside the high scores,
under ``$UNDERCROFT_DATA``) and on PostgreSQL (by URL). A step's row is written in the same
transaction as the step is taken (:meth:`GameStore.adding_step`), so the record never
holds a step the game did not take, nor the game one the record lacks.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    Engine,
    Text,
    cast,
    create_engine,
    delete,
    insert,
    select,
    union,
    update,
)
from sqlalchemy import event as sqlalchemy_event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from undercroft.errors import BadInput
from undercroft.store import rows
from undercroft.store.highscores import default_path as scores_path
from undercroft.store.keys import key_path, load_key
from undercroft.store.schema import (
    ACTIVITY,
    SEATS,
    SNAPSHOTS,
    STEPS,
    TABLES,
    WATCH_TOKENS,
    bring_up_to_date,
)
from undercroft.store.urls import engine_url

FILE_NAME: Final = "games.sqlite3"
_TOKEN_TEXT: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a token the server made looks like (``secrets.token_urlsafe``)."""


@dataclass(frozen=True)
class StoredSeat:
    seat: str
    agent: str | None
    token_hash: str | None


@dataclass(frozen=True)
class StoredSnapshot:
    """A table's state after step ``number``, as ``engine.snapshot`` wrote it."""

    number: int
    code: str
    """Which build of Undercroft wrote it: only the same build reads it."""
    truth: str
    """``record.state_hash`` of the whole-truth view, checked after reading."""
    signature: str
    """The server's HMAC of the rest (``web.live``): a snapshot it did not write is not read."""
    data: bytes
    """The snapshot's JSON text, compressed with zlib."""


@dataclass(frozen=True)
class Listed:
    """A table as start-up first sees it: enough to decide whether to load it."""

    id: int
    token_hash: str
    created: datetime | None
    """None when the stored date cannot be read (the table is then set aside on loading)."""
    last_active: datetime | None
    finished: datetime | None
    archived: bool
    watch_token: str | None = None
    """The table token itself, for the lobby's list (None for a table stored before
    watch tokens were kept)."""


@dataclass(frozen=True)
class StoredTable:
    """A table as the database has it: enough to replay its game and check its tokens."""

    id: int
    system: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    created: datetime
    token_hash: str
    seats: tuple[StoredSeat, ...]
    steps: tuple[dict[str, str], ...]
    problem: str | None = None
    """Why this table cannot be replayed (a step missing, a damaged row), or None."""
    snapshot: StoredSnapshot | None = None
    """The latest snapshot, if one was written and signed by this server (``web.live``
    checks that it fits)."""
    snapshot_refused: str | None = None
    """Why a stored snapshot is not offered (its signature does not verify), for the log."""


def default_url() -> str:
    """SQLite in the folder the high scores use (``$UNDERCROFT_DATA`` or the user's data
    folder), so that one variable moves everything Undercroft keeps."""
    return "sqlite:///" + str(scores_path().parent / FILE_NAME)


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class GameStore:
    """The tables of one database; made once per server and shared by its threads.

    Writes go in as values Undercroft made; reads come back through ``store.rows`` as
    untrusted text, one table at a time, so one damaged table cannot stop the rest.
    """

    def __init__(self, url: str | None = None, key_file: Path | None = None) -> None:
        """``key_file``: where the key that signs snapshots is kept (``store.keys``)."""
        self.url = url or default_url()
        self._engine = _engine(self.url)
        self._key = load_key(key_file or key_path(self.sqlite_file, self._in_memory))
        try:
            bring_up_to_date(self._engine)
        except SQLAlchemyError as error:
            self._engine.dispose()
            raise BadInput(f"database {self.where}: cannot open it ({_reason(error)})"
                           ) from None

    @property
    def where(self) -> str:
        """The URL without its password, for messages."""
        return make_url(self.url).render_as_string(hide_password=True)

    @property
    def _in_memory(self) -> bool:
        parsed = make_url(self.url)
        return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "",
                                                                             ":memory:")

    @property
    def sqlite_file(self) -> Path | None:
        """The database's file when it is SQLite on disk (None in memory or elsewhere)."""
        parsed = make_url(self.url)
        if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
            return None
        return Path(str(parsed.database)).expanduser()

    def close(self) -> None:
        self._engine.dispose()

    # --- writing --------------------------------------------------------------------------

    def add_table(self, *, system: str, rules_version: str, config: Mapping[str, Any],
                  seed: int, token_hash: str, seats: Sequence[StoredSeat],
                  watch_token: str | None = None) -> int:
        """Store a new table and its seats in one transaction; returns the table's id.
        ``watch_token``: the table token itself, kept for the lobby's list."""
        now = _now()
        with self._engine.begin() as connection:
            result = connection.execute(insert(TABLES).values(
                system=system, rules_version=rules_version, config=dict(config),
                seed=str(seed), created=now, token_hash=token_hash))
            key = result.inserted_primary_key
            assert key is not None
            table_id = int(key[0])
            if seats:
                connection.execute(insert(SEATS), [
                    {"table_id": table_id, "seat": seat.seat, "agent": seat.agent,
                     "token_hash": seat.token_hash} for seat in seats])
            connection.execute(insert(ACTIVITY).values(table_id=table_id, last_active=now))
            if watch_token is not None:
                connection.execute(insert(WATCH_TOKENS).values(table_id=table_id,
                                                               token=watch_token))
        return table_id

    @contextmanager
    def adding_step(self, table_id: int, number: int, choices: Mapping[str, str]
                    ) -> Iterator[None]:
        """Write step ``number`` and commit only if the body (taking the step) succeeds.

        The row goes in first, so a step number taken twice fails before the game moves.
        """
        with self._engine.begin() as connection:
            connection.execute(insert(STEPS).values(table_id=table_id, number=number,
                                                    choices=dict(choices)))
            self._touch(connection, table_id)
            yield

    def mark_finished(self, table_id: int) -> None:
        """The table's game has ended (its archiving clock starts)."""
        with self._engine.begin() as connection:
            self._touch(connection, table_id, finished=True)

    def archive(self, table_ids: Sequence[int]) -> None:
        """Archive tables: kept, but no longer loaded at start-up nor listed (their watch
        tokens are forgotten)."""
        if not table_ids:
            return
        now = _now()
        with self._engine.begin() as connection:
            for table_id in table_ids:
                self._touch(connection, table_id, active=False)
                connection.execute(update(ACTIVITY).where(ACTIVITY.c.table_id == table_id)
                                   .values(archived=now))
                connection.execute(delete(WATCH_TOKENS).where(
                    WATCH_TOKENS.c.table_id == table_id))

    @staticmethod
    def _touch(connection: Any, table_id: int, *, active: bool = True,
               finished: bool = False) -> None:
        """Make sure the table has its activity row; mark it active now (or finished)."""
        now = _now()
        changes: dict[str, Any] = {"last_active": now} if active else {}
        if finished:
            changes["finished"] = now
        found = connection.execute(select(ACTIVITY.c.table_id).where(
            ACTIVITY.c.table_id == table_id)).first()
        if found is None:
            connection.execute(insert(ACTIVITY).values(table_id=table_id, last_active=now,
                                                       finished=changes.get("finished")))
        elif changes:
            connection.execute(update(ACTIVITY).where(ACTIVITY.c.table_id == table_id)
                               .values(**changes))

    def save_snapshot(self, table_id: int, number: int, code: str, truth: str,
                      data: bytes) -> None:
        """Keep a snapshot, signed, as the table's latest in place of any earlier one (one
        transaction: a failure leaves the earlier one)."""
        signature = self._signature(table_id, number, code, truth, data)
        with self._engine.begin() as connection:
            connection.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.table_id == table_id))
            connection.execute(insert(SNAPSHOTS).values(
                table_id=table_id, number=number, code=code, truth=truth,
                signature=signature, data=data))

    def _signature(self, table_id: int, number: int, code: str, truth: str,
                   data: bytes) -> str:
        """The HMAC of a snapshot row under the server's key (``store.keys``)."""
        head = f"{table_id}\0{number}\0{code}\0{truth}\0".encode()
        return hmac.new(self._key, head + data, hashlib.sha256).hexdigest()

    def _verified(self, table_id: int, row: Any) -> tuple[StoredSnapshot | None, str | None]:
        """A snapshot row as a snapshot if this server signed it; else why not."""
        if row is None:
            return None, None
        try:
            found = StoredSnapshot(int(row.number), str(row.code), str(row.truth),
                                   str(row.signature), bytes(row.data))
        except (TypeError, ValueError):
            return None, "its row is damaged"
        expected = self._signature(table_id, found.number, found.code, found.truth,
                                   found.data)
        if not hmac.compare_digest(expected.encode(), found.signature.encode()):
            return None, "its signature does not verify (this server did not write it)"
        return found, None

    # --- reading --------------------------------------------------------------------------

    def listing(self) -> list[Listed]:
        """Every table's id, token and activity, for start-up (BadInput if even this much
        cannot be read: the database itself is damaged)."""
        query = select(TABLES.c.id, cast(TABLES.c.token_hash, Text).label("token"),
                       cast(TABLES.c.created, Text).label("created"),
                       cast(ACTIVITY.c.last_active, Text).label("last_active"),
                       cast(ACTIVITY.c.finished, Text).label("finished"),
                       cast(ACTIVITY.c.archived, Text).label("archived"),
                       cast(WATCH_TOKENS.c.token, Text).label("watch"),
                       ).select_from(TABLES.outerjoin(ACTIVITY).outerjoin(
                           WATCH_TOKENS, WATCH_TOKENS.c.table_id == TABLES.c.id)
                       ).order_by(TABLES.c.id)
        try:
            with self._engine.connect() as connection:
                found = list(connection.execute(query))
        except SQLAlchemyError as error:
            raise BadInput(f"database {self.where}: cannot list its tables ({_reason(error)})"
                           ) from None
        return [Listed(row.id, str(row.token), _maybe_moment(row.created),
                       _maybe_moment(row.last_active), _maybe_moment(row.finished),
                       row.archived is not None, _maybe_token(row.watch)) for row in found]

    def table(self, table_id: int) -> StoredTable:
        """One table, its seats, steps and latest snapshot. A row that cannot be read or
        makes no sense gives a table with ``problem`` set (and nothing else to replay);
        a database that fails to answer raises SQLAlchemyError."""
        with self._engine.connect() as connection:
            row = connection.execute(select(
                TABLES.c.system, TABLES.c.rules_version, TABLES.c.token_hash,
                cast(TABLES.c.config, Text).label("config"),
                cast(TABLES.c.seed, Text).label("seed"),
                cast(TABLES.c.created, Text).label("created"),
            ).where(TABLES.c.id == table_id)).one()
            seats = list(connection.execute(select(SEATS).where(
                SEATS.c.table_id == table_id).order_by(SEATS.c.seat)))
            steps = list(connection.execute(select(
                STEPS.c.number, cast(STEPS.c.choices, Text).label("choices"),
            ).where(STEPS.c.table_id == table_id).order_by(STEPS.c.number)))
            snapshot = connection.execute(select(SNAPSHOTS).where(
                SNAPSHOTS.c.table_id == table_id)).first()
        stored_seats = tuple(StoredSeat(seat.seat, seat.agent, seat.token_hash)
                             for seat in seats)
        verified, refused = self._verified(table_id, snapshot)
        bare = StoredTable(id=table_id, system=str(row.system),
                           rules_version=str(row.rules_version), config={}, seed=0,
                           created=_now(), token_hash=str(row.token_hash),
                           seats=stored_seats, steps=(), snapshot_refused=refused)
        try:
            return StoredTable(
                id=table_id, system=bare.system, rules_version=bare.rules_version,
                config=rows.json_object(row.config, "config", rows.MAX_CONFIG),
                seed=rows.seed(row.seed), created=rows.moment(row.created, "creation date"),
                token_hash=bare.token_hash, seats=_checked_seats(stored_seats),
                steps=_numbered(steps), snapshot=verified, snapshot_refused=refused)
        except BadInput as error:
            return replace(bare, problem=str(error))

    def archived_table_of(self, token_hash: str) -> int | None:
        """The archived table a token opens (its table token or a seat's), or None."""
        tokens = union(
            select(TABLES.c.id.label("table_id")).where(TABLES.c.token_hash == token_hash),
            select(SEATS.c.table_id).where(SEATS.c.token_hash == token_hash)).subquery()
        query = select(ACTIVITY.c.table_id).where(
            ACTIVITY.c.table_id.in_(select(tokens.c.table_id)),
            ACTIVITY.c.archived.is_not(None))
        with self._engine.connect() as connection:
            found = connection.execute(query).first()
        return None if found is None else int(found.table_id)

    def tables(self) -> list[StoredTable]:
        """Every table that is not archived (a tool's view: the server reads them one by
        one, so that one it cannot read is set aside alone)."""
        return [self.table(listed.id) for listed in self.listing() if not listed.archived]


def _maybe_moment(raw: Any) -> datetime | None:
    if raw is None:
        return None
    try:
        return rows.moment(raw, "date")
    except BadInput:
        return None


def _maybe_token(raw: Any) -> str | None:
    """A stored watch token, or None when it is missing or not one a server made (it is
    put into a link, so a damaged one is left out rather than shown)."""
    return raw if isinstance(raw, str) and _TOKEN_TEXT.fullmatch(raw) else None


def _checked_seats(seats: tuple[StoredSeat, ...]) -> tuple[StoredSeat, ...]:
    for seat in seats:
        rows.name(seat.seat, "seat name")
        if seat.agent is not None:
            rows.name(seat.agent, f"seat {seat.seat}'s agent")
    return seats


def _numbered(steps: list[Any]) -> tuple[dict[str, str], ...]:
    """The steps' choices in order; BadInput if one is missing or damaged."""
    found = []
    for expected, step in enumerate(steps, start=1):
        if step.number != expected:
            raise BadInput(f"step {expected} is missing from the database")
        found.append(rows.choices(step.choices, expected))
    return tuple(found)


def _engine(url: str) -> Engine:
    """An engine for ``url`` (its driver chosen by ``store.urls``); a SQLite file's folder
    is made if missing."""
    parsed = engine_url(url)
    where = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "",
                                                                          ":memory:"):
        folder = Path(str(parsed.database)).expanduser().parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise BadInput(f"database {where}: cannot create its folder ({error.strerror})"
                           ) from None
    options: dict[str, Any] = {}  # SQLite in memory: one connection for every thread
    if parsed.get_backend_name() == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    else:
        options = {"pool_pre_ping": True}
    try:
        engine = create_engine(parsed, **options)
    except (ArgumentError, NoSuchModuleError, ImportError) as error:
        raise BadInput(f"database {where}: cannot use it ({error})") from None
    if parsed.get_backend_name() == "sqlite":
        sqlalchemy_event.listen(engine, "connect", _sqlite_journal)
    return engine


def _sqlite_journal(connection: Any, record: Any) -> None:
    """Write-ahead logging with NORMAL syncing: a commit waits for the disk once, not
    twice (waiting twice takes milliseconds a step, enough to cap the shared table at a
    few dozen choices a second); a committed step survives the server being killed,
    though not the machine losing power mid-write."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _reason(error: SQLAlchemyError) -> str:
    original = getattr(error, "orig", None) or error
    return " ".join(str(original).split())[:200]
