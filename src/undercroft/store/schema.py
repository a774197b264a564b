"""The shared table's tables in the database, and bringing an older database up to them.

SQLAlchemy Core, so the same schema serves SQLite (the default) and PostgreSQL (by URL).
A newer build adds tables beside the old ones rather than changing them, so a database
written by an older build opens as it is: ``create_all`` adds what is missing. The one
table a build replaces is the snapshots', which is a cache (``web.live``): an older form
of it is dropped, and its tables replay from their records once.
"""

from __future__ import annotations

from typing import Final

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
    text,
)

META = MetaData()

TABLES = Table(
    "game_tables", META,
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
    "game_seats", META,
    Column("table_id", Integer, ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", String(64), primary_key=True),
    Column("agent", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
)
"""A human seat has a token hash and no agent; an automated seat, the reverse."""

STEPS = Table(
    "game_steps", META,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("game_tables.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("choices", JSON, nullable=False),
    UniqueConstraint("table_id", "number", name="one_step_per_number"),
)
"""Step ``number`` (from 1) of a table: each seat's choice as text, ``{seat: text}``."""

ACTIVITY = Table(
    "game_activity", META,
    Column("table_id", Integer, ForeignKey("game_tables.id"), primary_key=True),
    Column("last_active", DateTime, nullable=False),
    Column("finished", DateTime, nullable=True),
    Column("archived", DateTime, nullable=True),
)
"""When a table last took a step, when its game ended, and when it was archived (an
archived table is kept, but no longer loaded when the server starts). A table of an
older database has no row until it next takes a step: its creation time stands in."""

SNAPSHOTS = Table(
    "table_snapshots", META,
    Column("table_id", Integer, ForeignKey("game_tables.id"), primary_key=True),
    Column("number", Integer, nullable=False),
    Column("code", String(64), nullable=False),
    Column("truth", String(64), nullable=False),
    Column("signature", String(64), nullable=False),
    Column("data", LargeBinary, nullable=False),
)
"""A table's latest snapshot (one at most): the state after step ``number``, the code that
wrote it (``snapshot.code_fingerprint``), the hash of its whole-truth view, the server's
HMAC of all of these (``web.live``), and the snapshot's JSON compressed with zlib."""

WATCH_TOKENS = Table(
    "game_watch_tokens", META,
    Column("table_id", Integer, ForeignKey("game_tables.id"), primary_key=True),
    Column("token", String(64), nullable=False),
)
"""A table's watch token itself (the table token, which only watches), kept so that the
lobby can list open tables with their watch links (docs/security.md). Seat tokens are
never kept, only their hashes. A table of an older database has no row: it is listed
without a link."""

OLD_SNAPSHOTS: Final = "game_snapshots"
"""The snapshots' table before they were signed: dropped (a cache) when a database opens."""


def bring_up_to_date(engine: Engine) -> None:
    """Add what this build's schema has and the database lacks; drop the unsigned
    snapshots of an older build."""
    META.create_all(engine)
    with engine.begin() as connection:
        connection.execute(text(f"DROP TABLE IF EXISTS {OLD_SNAPSHOTS}"))
