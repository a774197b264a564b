"""The local high-score table: how deep each group of friends got, and with how much treasure.

Scores live in one SQLite file through SQLAlchemy, so that the same code can later point at
PostgreSQL (DESIGN.md, store/). A "table of players" is the set of people at the real table:
its key is their names, tidied and case-folded, sorted and joined, so that the same friends
see their own scores whatever order they sat down in and however they typed their names.

The file is the player's, not ours to repair: a file that is not an SQLite database, or holds
a broken score table, gives :class:`~undercroft.errors.BadInput` with one line naming the file
and the fault, and is never changed or deleted. A score is written in one transaction (schema
and row together), so a failure leaves the file as it was.
"""

from __future__ import annotations

import json
import os
import sqlite3
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, cast

from sqlalchemy import (
    JSON,
    Connection,
    DateTime,
    Engine,
    Index,
    String,
    create_engine,
    event,
    select,
    text,
)
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import NullPool

from undercroft.errors import BadInput

FILE_NAME: Final = "scores.sqlite3"
DATA_VARIABLE: Final = "UNDERCROFT_DATA"
SCHEMA_VERSION: Final = 1
"""Kept in SQLite's ``user_version``: a file from a newer Undercroft is refused, not mangled."""

_TABLE: Final = "scores"


class _Base(DeclarativeBase):
    pass


class _ScoreRow(_Base):
    """One finished game. The seed is decimal text because a seed may not fit in 64 bits."""

    __tablename__ = _TABLE
    __table_args__ = (Index("scores_by_table", "system", "table_key", "depth", "total_treasure"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    system: Mapped[str] = mapped_column(String(64))
    table_key: Mapped[str] = mapped_column(String)
    players: Mapped[list[str]] = mapped_column(JSON)
    depth: Mapped[int]
    total_treasure: Mapped[int]
    treasure: Mapped[dict[str, int]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String)
    rounds: Mapped[int]
    played_at: Mapped[datetime] = mapped_column(DateTime)
    """UTC, stored without a zone (SQLite has none) so that text order is time order."""


@dataclass(frozen=True)
class Score:
    """One line of a high-score table, ranked from 1 in the order :func:`top_scores` gives.

    ``id`` is the row's id, the number :func:`record_score` returned, so that the game can
    point out where the score it has just written landed.
    """

    rank: int
    depth: int
    total_treasure: int
    treasure_by_hero: Mapping[str, int] = field(hash=False)
    seed: int
    rounds: int
    when: datetime
    id: int


def default_path() -> Path:
    """Where scores are kept unless told otherwise.

    ``$UNDERCROFT_DATA/scores.sqlite3`` when that variable names a folder (so tests, portable
    installs and shared machines can move it), else ``~/.local/share/undercroft/``.
    """
    folder = os.environ.get(DATA_VARIABLE, "")
    if folder:
        return Path(folder).expanduser() / FILE_NAME
    return Path.home() / ".local" / "share" / "undercroft" / FILE_NAME


def table_key(players: Sequence[str]) -> str:
    """The key of a table of players: tidied, case-folded names, sorted, joined as a JSON list.

    JSON rather than a plain separator so that no name can run into the next one.
    """
    return json.dumps(sorted(_folded_names(players)), ensure_ascii=False)


def record_score(
    path: Path,
    *,
    system: str,
    players: Sequence[str],
    depth: int,
    treasure: Mapping[str, int],
    seed: int,
    rounds: int,
    when: datetime,
) -> int:
    """Add one finished game to the file at ``path``; return the new row's id.

    ``treasure`` is per hero; ``when`` may be naive (taken as local time, as
    ``datetime.now()`` gives) or aware. The file and its folders are created if missing.
    """
    key = table_key(players)
    by_hero = _treasure(treasure)
    row = _ScoreRow(
        system=_system(system),
        table_key=key,
        players=[" ".join(name.split()) for name in players],
        depth=_count("depth", depth),
        total_treasure=sum(by_hero.values()),
        treasure=by_hero,
        seed=str(_integer("seed", seed)),
        rounds=_count("rounds", rounds),
        played_at=_utc(when).replace(tzinfo=None),
    )
    path = Path(path)
    with _transaction(path, write=True) as session:
        _check_schema(session, path, create=True)
        session.add(row)
        session.flush()
        new_id = row.id
    return new_id


def top_scores(
    path: Path, *, system: str, players: Sequence[str], limit: int = 10
) -> list[Score]:
    """The best ``limit`` scores of this table of players in ``system``, best first.

    Deeper is better; at the same depth more treasure; at the same treasure the earlier
    game (it got there first). A missing file is an empty table and is not created.
    """
    system = _system(system)
    key = table_key(players)
    limit = _count("limit", limit)
    path = Path(path)
    if not path.exists():
        return []
    with _transaction(path, write=False) as session:
        if not _check_schema(session, path, create=False):
            return []
        query = (
            select(_ScoreRow)
            .where(_ScoreRow.system == system, _ScoreRow.table_key == key)
            .order_by(
                _ScoreRow.depth.desc(),
                _ScoreRow.total_treasure.desc(),
                _ScoreRow.played_at,
                _ScoreRow.id,
            )
            .limit(limit)
        )
        try:
            rows = session.scalars(query).all()
        except (ValueError, TypeError) as error:
            raise BadInput(f"{path}: table {_TABLE!r} holds an unreadable row ({error})") from None
        return [_score(path, rank, row) for rank, row in enumerate(rows, start=1)]


# --- opening the file -------------------------------------------------------------------------


@contextmanager
def _transaction(path: Path, *, write: bool) -> Iterator[Session]:
    """One transaction on the file; SQLite's errors become BadInput naming the file.

    A file this call created is removed again if the transaction failed and left it empty,
    so a failed first score leaves nothing behind; an existing file is never removed.
    """
    if path.is_dir():
        raise BadInput(f"{path}: a folder, not a score file")
    created = False
    if write:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            reason = error.strerror or error
            raise BadInput(f"{path}: cannot create its folder ({reason})") from None
        created = not path.exists()
    engine = _engine(path, write=write)
    done = False
    try:
        with Session(engine) as session, session.begin():
            yield session
        done = True
    except (DBAPIError, sqlite3.Error) as error:
        raise BadInput(_describe(path, error)) from None
    finally:
        engine.dispose()
        if created and not done:
            _remove_if_empty(path)


def _engine(path: Path, *, write: bool) -> Engine:
    """An engine on exactly this file, read-only unless writing, with real transactions.

    The sqlite3 module's legacy mode would commit CREATE TABLE on its own; SQLAlchemy's
    documented recipe (no implicit BEGIN, ours on "begin") keeps schema and row together.
    Reading opens with ``mode=ro`` so that looking at a file can never change it.
    """
    uri = path.resolve().as_uri() + ("?mode=rwc" if write else "?mode=ro")

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, timeout=10.0)

    engine = create_engine("sqlite+pysqlite://", creator=cast(Any, connect), poolclass=NullPool)

    @event.listens_for(engine, "connect")
    def _no_implicit_begin(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def _check_schema(session: Session, path: Path, *, create: bool) -> bool:
    """Whether the file holds a usable score table; make one in an empty file if ``create``.

    An empty database is ours to fill; a database with other tables is someone else's file,
    and a score table without our columns is broken: both are refused untouched.
    """
    version = session.execute(text("PRAGMA user_version")).scalar_one()
    tables = {
        name
        for name in session.scalars(text("SELECT name FROM sqlite_master WHERE type = 'table'"))
        if not name.startswith("sqlite_")
    }
    if version > SCHEMA_VERSION:
        raise BadInput(
            f"{path}: written by a newer Undercroft (schema {version}; this one knows "
            f"{SCHEMA_VERSION})"
        )
    if _TABLE not in tables:
        if tables:
            raise BadInput(
                f"{path}: an SQLite database without a {_TABLE!r} table (tables: "
                f"{', '.join(sorted(tables))}); not an Undercroft score file"
            )
        if not create:
            return False
        _Base.metadata.create_all(session.connection())
        session.execute(text(f"PRAGMA user_version = {SCHEMA_VERSION}"))
        return True
    present = {str(row[1]) for row in session.execute(text(f"PRAGMA table_info({_TABLE})"))}
    missing = [column.name for column in _ScoreRow.__table__.columns if column.name not in present]
    if missing:
        raise BadInput(f"{path}: table {_TABLE!r} is broken: it lacks {', '.join(missing)}")
    return True


def _describe(path: Path, error: Exception) -> str:
    """One line for an SQLite error: what a player can do about it first, SQLite's words after."""
    original = getattr(error, "orig", None) or error
    message = " ".join(str(original).split())
    lowered = message.lower()
    if "not a database" in lowered:
        what = "not an SQLite database"
    elif "malformed" in lowered:
        what = "a damaged SQLite database"
    elif "locked" in lowered or "busy" in lowered:
        what = "in use by another program; try again"
    elif "unable to open" in lowered:
        what = "cannot be opened"
    else:
        what = "SQLite refused it"
    return f"{path}: {what} ({message})"


def _remove_if_empty(path: Path) -> None:
    """Undo the creation of a file no transaction ever wrote to (SQLite writes on commit)."""
    try:
        if path.stat().st_size == 0:
            path.unlink()
    except OSError:
        pass


# --- checking what goes in and what comes out ---------------------------------------------------


def _folded_names(players: Sequence[str]) -> list[str]:
    if isinstance(players, str | bytes):
        raise BadInput(f"players: expected a list of names, got the single string {players!r}")
    names = list(players)
    if not names:
        raise BadInput("players: no names given; a score table needs at least one player")
    folded = []
    for name in names:
        if not isinstance(name, str):
            raise BadInput(f"players: expected names, got {name!r}")
        tidy = " ".join(unicodedata.normalize("NFKC", name).casefold().split())
        if not tidy:
            raise BadInput(f"players: a blank name {name!r}")
        folded.append(tidy)
    return folded


def _system(system: str) -> str:
    if not isinstance(system, str) or not system.strip():
        raise BadInput(f"system: expected a system name such as 'amulet', got {system!r}")
    return system.strip()


def _integer(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{name}: expected a whole number, got {value!r}")
    return value


def _count(name: str, value: object) -> int:
    number = _integer(name, value)
    if number < 0:
        raise BadInput(f"{name}: must be 0 or more, got {number}")
    return number


def _treasure(treasure: Mapping[str, int]) -> dict[str, int]:
    if not isinstance(treasure, Mapping):
        raise BadInput(f"treasure: expected hero names and amounts, got {treasure!r}")
    by_hero = {}
    for hero, amount in treasure.items():
        if not isinstance(hero, str) or not hero.strip():
            raise BadInput(f"treasure: expected a hero's name, got {hero!r}")
        by_hero[hero] = _count(f"treasure[{hero!r}]", amount)
    return by_hero


def _utc(when: datetime) -> datetime:
    if not isinstance(when, datetime):
        raise BadInput(f"when: expected a date and time, got {when!r}")
    return when.astimezone(UTC)


def _score(path: Path, rank: int, row: _ScoreRow) -> Score:
    """A stored row as a Score, refusing values that a broken or hand-edited file could hold."""

    def broken(what: str) -> BadInput:
        return BadInput(f"{path}: score row {row.id} is broken: {what}")

    numbers = {"depth": row.depth, "total_treasure": row.total_treasure, "rounds": row.rounds}
    for name, value in numbers.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise broken(f"{name} is {value!r}, not a whole number of 0 or more")
    treasure = row.treasure
    if not isinstance(treasure, dict) or not all(
        isinstance(hero, str) and isinstance(amount, int) and not isinstance(amount, bool)
        for hero, amount in treasure.items()
    ):
        raise broken(f"treasure is {treasure!r}, not hero names and amounts")
    if sum(treasure.values()) != row.total_treasure:
        raise broken(f"treasure {treasure!r} does not add up to {row.total_treasure}")
    try:
        seed = int(row.seed)
    except (TypeError, ValueError):
        raise broken(f"seed is {row.seed!r}, not a whole number") from None
    if not isinstance(row.played_at, datetime):
        raise broken(f"played_at is {row.played_at!r}, not a date and time")
    return Score(
        rank=rank,
        depth=row.depth,
        total_treasure=row.total_treasure,
        treasure_by_hero=MappingProxyType(dict(treasure)),
        seed=seed,
        rounds=row.rounds,
        when=row.played_at.replace(tzinfo=UTC),
        id=row.id,
    )
