"""The shared table's games, kept as records: who sits where, and every step's choices.

A table is stored as its game record (system, rules version, config, seed) plus its seats
and one row per step, never pickled (DESIGN.md: "never pickle state"): a restarted server
replays each table's steps from its seed and stands exactly where it was. Beside the
record a table may keep its latest snapshot (``engine.snapshot``: the state as JSON,
compressed), so that a long game resumes from there and replays only the steps after it;
a snapshot is a cache, never the truth, and one that cannot be used is passed over. Tokens are kept
only as their SHA-256, so a copy of the database lets nobody sit down at a table.

SQLAlchemy Core keeps the same code on SQLite (the default: a file beside the high scores,
under ``$UNDERCROFT_DATA``) and on PostgreSQL (by URL). A step's row is written in the same
transaction as the step is taken (:meth:`GameStore.adding_step`), so the record never
holds a step the game did not take, nor the game one the record lacks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    create_engine,
    delete,
    insert,
    select,
)
from sqlalchemy import event as sqlalchemy_event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from undercroft.errors import BadInput
from undercroft.store.highscores import default_path as scores_path

FILE_NAME: Final = "games.sqlite3"

_META = MetaData()

TABLES = Table(
    "game_tables", _META,
    Column("id", Integer, primary_key=True),
    Column("system", String(64), nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("config", JSON, nullable=False),
    Column("seed", String(64), nullable=False),
    Column("created", DateTime, nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
)
"""One row per table. The seed is decimal text: a seed need not fit in 64 bits."""

SEATS = Table(
    "game_seats", _META,
    Column("table_id", Integer, ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", String(64), primary_key=True),
    Column("agent", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
)
"""A human seat has a token hash and no agent; an automated seat, the reverse."""

STEPS = Table(
    "game_steps", _META,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("game_tables.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("choices", JSON, nullable=False),
    UniqueConstraint("table_id", "number", name="one_step_per_number"),
)
"""Step ``number`` (from 1) of a table: each seat's choice as text, ``{seat: text}``."""

SNAPSHOTS = Table(
    "game_snapshots", _META,
    Column("table_id", Integer, ForeignKey("game_tables.id"), primary_key=True),
    Column("number", Integer, nullable=False),
    Column("code", String(64), nullable=False),
    Column("truth", String(64), nullable=False),
    Column("data", LargeBinary, nullable=False),
)
"""A table's latest snapshot (one at most): the state after step ``number``, the code that
wrote it (``snapshot.code_fingerprint``), the hash of its whole-truth view, and the
snapshot's JSON compressed with zlib."""


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
    data: bytes
    """The snapshot's JSON text, compressed with zlib."""


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
    """Why this table cannot be replayed (a step missing, a broken seed), or None."""
    snapshot: StoredSnapshot | None = None
    """The latest snapshot, if one was written (``web.live`` checks that it fits)."""


def default_url() -> str:
    """SQLite in the folder the high scores use (``$UNDERCROFT_DATA`` or the user's data
    folder), so that one variable moves everything Undercroft keeps."""
    return "sqlite:///" + str(scores_path().parent / FILE_NAME)


class GameStore:
    """The tables of one database; made once per server and shared by its threads."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self._engine = _engine(self.url)
        try:
            _META.create_all(self._engine)
        except SQLAlchemyError as error:
            self._engine.dispose()
            raise BadInput(f"--db {self.where}: cannot open the database ({_reason(error)})"
                           ) from None

    @property
    def where(self) -> str:
        """The URL without its password, for messages."""
        return make_url(self.url).render_as_string(hide_password=True)

    def close(self) -> None:
        self._engine.dispose()

    def add_table(self, *, system: str, rules_version: str, config: Mapping[str, Any],
                  seed: int, token_hash: str, seats: Sequence[StoredSeat]) -> int:
        """Store a new table and its seats in one transaction; returns the table's id."""
        with self._engine.begin() as connection:
            result = connection.execute(insert(TABLES).values(
                system=system, rules_version=rules_version, config=dict(config),
                seed=str(seed), created=datetime.now(UTC).replace(tzinfo=None),
                token_hash=token_hash))
            key = result.inserted_primary_key
            assert key is not None
            table_id = int(key[0])
            if seats:
                connection.execute(insert(SEATS), [
                    {"table_id": table_id, "seat": seat.seat, "agent": seat.agent,
                     "token_hash": seat.token_hash} for seat in seats])
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
            yield

    def save_snapshot(self, table_id: int, snapshot: StoredSnapshot) -> None:
        """Keep ``snapshot`` as the table's latest, in place of any earlier one (one
        transaction: a failure leaves the earlier one)."""
        with self._engine.begin() as connection:
            connection.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.table_id == table_id))
            connection.execute(insert(SNAPSHOTS).values(
                table_id=table_id, number=snapshot.number, code=snapshot.code,
                truth=snapshot.truth, data=snapshot.data))

    def tables(self) -> list[StoredTable]:
        """Every table, its seats and its steps in order (for a server starting up)."""
        with self._engine.connect() as connection:
            seats: dict[int, list[StoredSeat]] = {}
            for row in connection.execute(select(SEATS)):
                seats.setdefault(row.table_id, []).append(
                    StoredSeat(row.seat, row.agent, row.token_hash))
            steps: dict[int, list[tuple[int, Any]]] = {}
            for row in connection.execute(select(STEPS).order_by(STEPS.c.table_id,
                                                                 STEPS.c.number)):
                steps.setdefault(row.table_id, []).append((row.number, row.choices))
            snapshots = {row.table_id: StoredSnapshot(row.number, row.code, row.truth,
                                                      bytes(row.data))
                         for row in connection.execute(select(SNAPSHOTS))}
            found = []
            for row in connection.execute(select(TABLES).order_by(TABLES.c.id)):
                numbered = steps.get(row.id, [])
                seed = str(row.seed)
                problem = _problem(seed, row.config, numbered)
                found.append(StoredTable(
                    id=row.id, system=row.system, rules_version=row.rules_version,
                    config=dict(row.config) if problem is None else {},
                    seed=int(seed) if problem is None else 0, created=row.created,
                    token_hash=row.token_hash, seats=tuple(seats.get(row.id, [])),
                    steps=tuple(choices for _, choices in numbered) if problem is None else (),
                    problem=problem,
                    snapshot=snapshots.get(row.id) if problem is None else None))
            return found


def _problem(seed: str, config: object, steps: list[tuple[int, Any]]) -> str | None:
    """What keeps a stored table from replaying (a hand-edited or damaged row), or None."""
    if not seed.lstrip("-").isdigit():
        return f"its seed {seed!r} is not a whole number"
    if not isinstance(config, dict):
        return "its config is not a JSON object"
    for expected, (number, choices) in enumerate(steps, start=1):
        if number != expected:
            return f"step {expected} is missing from the database"
        if not isinstance(choices, dict) or not all(
                isinstance(text, str) for text in choices.values()):
            return f"step {number} is not a set of choices"
    return None


def _engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file's folder is made if missing."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise BadInput(f"--db {url!r}: not a database URL (e.g. sqlite:///games.sqlite3 or "
                       "postgresql://user@host/undercroft)") from None
    where = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "",
                                                                          ":memory:"):
        folder = Path(str(parsed.database)).expanduser().parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise BadInput(f"--db {where}: cannot create its folder ({error.strerror})"
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
        raise BadInput(f"--db {where}: cannot use this database ({error})") from None
    if parsed.get_backend_name() == "sqlite":
        sqlalchemy_event.listen(engine, "connect", _sqlite_journal)
    return engine


def _sqlite_journal(connection: Any, record: Any) -> None:
    """Write-ahead logging with NORMAL syncing: a commit no longer waits for the disk twice
    (about 5 ms a step here, which capped the shared table at some 60 choices a second);
    a committed step survives the server being killed, though not the machine losing
    power mid-write (bench/web_load.py)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _reason(error: SQLAlchemyError) -> str:
    original = getattr(error, "orig", None) or error
    return " ".join(str(original).split())[:200]
