"""The server's secret for signing snapshots, kept in a file beside the database.

A snapshot is read back into the server's memory as objects (``engine.snapshot``), so
only snapshots the server itself wrote may be read: each is signed with an HMAC under
this key. Someone who can write the database but not the server's files (a shared
PostgreSQL, a copied SQLite file) cannot forge one; the server passes over a snapshot
that does not verify and replays the table's record instead. The key is made on first
use, readable by the server's user only.

Where: ``--snapshot-key FILE`` when given; else beside a SQLite database's file
(``games.sqlite3.key``); else, for a database elsewhere, in Undercroft's data folder (the
high scores' folder). A database in memory gets a key in memory, gone with the process.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path
from typing import Final

from undercroft.errors import BadInput
from undercroft.store.highscores import default_path as scores_path

KEY_BYTES: Final = 32
SUFFIX: Final = ".key"
OTHER_DATABASES: Final = "snapshot.key"
"""The key's file name in the data folder, for a database that is not a local file."""
MAX_KEY_FILE: Final = 1024


def key_path(sqlite_file: Path | None, in_memory: bool) -> Path | None:
    """Where the key of a database lives by default (None: in memory only)."""
    if sqlite_file is not None:
        return sqlite_file.with_name(sqlite_file.name + SUFFIX)
    if in_memory:
        return None
    return scores_path().parent / OTHER_DATABASES


def load_key(path: Path | None) -> bytes:
    """The key in ``path``, made there first if there is none; BadInput if the file is
    not a regular file or holds no key."""
    if path is None:
        return secrets.token_bytes(KEY_BYTES)
    try:
        _make(path)
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError as error:
        raise BadInput(f"snapshot key {path}: cannot use it ({error.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise BadInput(f"snapshot key {path}: not a regular file")
        data = os.read(descriptor, MAX_KEY_FILE + 1)
    finally:
        os.close(descriptor)
    try:
        key = bytes.fromhex(data.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        key = b""
    if len(key) < KEY_BYTES or len(data) > MAX_KEY_FILE:
        raise BadInput(f"snapshot key {path}: not a key (expected {KEY_BYTES * 2} or more "
                       "hex digits; remove the file to have a new one made)")
    return key


def _make(path: Path) -> None:
    """A new key in ``path`` unless a file is there already (never replaced)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    with os.fdopen(descriptor, "w", encoding="ascii") as out:
        out.write(secrets.token_hex(KEY_BYTES) + "\n")
