"""A real PostgreSQL for the tests: ``postgres_url`` (one server for the session) and
``postgres_database`` (an empty database of its own for each test, dropped after it).

Where the server comes from, in order:

1. ``UNDERCROFT_TEST_POSTGRES``, a URL of a server to use (its database is the one the
   test databases are created from, so its user must be allowed ``CREATE DATABASE``);
2. a throwaway cluster of this session's own: ``initdb`` and ``pg_ctl`` from PATH or from
   ``/usr/lib/postgresql/*/bin`` (Debian's packages, the newest first) make one in a new
   temporary folder, listening on 127.0.0.1 only, on a free port, with its unix socket in
   that folder, reached as user ``postgres`` with a random password; it is stopped and
   the folder removed when the session ends. initdb refuses to run as root, so as root
   both run as the ``postgres`` system user (``runuser``), which owns the folder.

Without a server, or without a driver for one, the tests that need it are skipped; when
``CI`` is "true" that is a failure instead (.ci/run installs Debian's postgresql).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import URL, make_url
from sqlalchemy.pool import NullPool

from undercroft.errors import BadInput
from undercroft.store.urls import engine_url

ENVIRONMENT = "UNDERCROFT_TEST_POSTGRES"
SERVER_FOLDERS = "/usr/lib/postgresql/*/bin"
"""Where Debian installs a server's programs (one folder per major version)."""
SYSTEM_USER = "postgres"
"""Whom the server runs as when the tests run as root."""
TIMEOUT = 120
"""Seconds any one of initdb, pg_ctl start or pg_ctl stop may take."""


class Binaries(NamedTuple):
    initdb: Path
    pg_ctl: Path


def need(ready: bool, reason: str) -> None:
    """Skip when PostgreSQL (or its driver) is missing; in CI that is a failure."""
    if ready:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}: CI must run the PostgreSQL tests")
    pytest.skip(reason)


def find_binaries() -> Binaries | None:
    """``initdb`` and ``pg_ctl`` from PATH, else from the newest of ``SERVER_FOLDERS``."""
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl:
        return Binaries(Path(initdb), Path(pg_ctl))
    for folder in sorted(glob.glob(SERVER_FOLDERS), key=_version, reverse=True):
        found = Binaries(Path(folder, "initdb"), Path(folder, "pg_ctl"))
        if all(os.access(path, os.X_OK) for path in found):
            return found
    return None


def url_text(url: URL) -> str:
    """The URL as text with its password (``str(url)`` hides it)."""
    return url.render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[URL]:
    """A URL of an empty database on a PostgreSQL server reached on loopback only (or the
    one ``UNDERCROFT_TEST_POSTGRES`` names). Its driver is left as given, so a test sees
    the store pick one, as ``--db postgresql://...`` does."""
    given = os.environ.get(ENVIRONMENT)
    if given:
        url = make_url(given)
        _check_driver(url)
        yield url
        return
    binaries = find_binaries()
    need(binaries is not None, "PostgreSQL is not installed (no initdb and pg_ctl on PATH "
                               f"or in {SERVER_FOLDERS})")
    assert binaries is not None
    _check_driver(URL.create("postgresql", username="postgres", host="127.0.0.1"))
    with throwaway_cluster(binaries) as url:
        yield url


@pytest.fixture
def postgres_database(postgres_url: URL) -> Iterator[URL]:
    """A new empty database on the session's server, for this test alone; dropped after it
    (with any connection the test left open)."""
    name = f"undercroft_test_{secrets.token_hex(6)}"
    admin = create_engine(engine_url(url_text(postgres_url)), poolclass=NullPool,
                          isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield postgres_url.set(database=name)
        with admin.connect() as connection:
            version = connection.dialect.server_version_info or (0,)
            force = " WITH (FORCE)" if version >= (13,) else ""
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"{force}')
    finally:
        admin.dispose()


@contextmanager
def throwaway_cluster(binaries: Binaries) -> Iterator[URL]:
    """A new cluster in a temporary folder, started on 127.0.0.1 and a free port; stopped
    and removed on the way out, whatever happened."""
    folder = Path(tempfile.mkdtemp(prefix="undercroft-pg-"))
    data, log = folder / "data", folder / "server.log"
    try:
        run_as = _run_as(folder)
        password = secrets.token_urlsafe(18)
        password_file = folder / "password"
        password_file.write_text(password + "\n")
        _give(password_file)
        _run(folder, [*run_as, str(binaries.initdb), "--pgdata", str(data),
                      "--username", "postgres", "--pwfile", str(password_file),
                      "--auth-local", "peer", "--auth-host", "scram-sha-256",
                      "--encoding", "UTF8", "--locale", "C", "--no-sync"], "initdb")
        password_file.unlink()
        with (data / "postgresql.conf").open("a") as settings:
            settings.write(  # loopback and our socket only; durability is not needed here
                "\n# undercroft tests\n"
                "listen_addresses = '127.0.0.1'\n"
                f"unix_socket_directories = '{folder}'\n"
                "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n")
        for attempt in range(3):  # a free port may be taken before the server binds it
            port = _free_port()
            try:
                _run(folder, [*run_as, str(binaries.pg_ctl), "--pgdata", str(data),
                              "--log", str(log), "--options", f"-p {port}", "--wait",
                              "--timeout", str(TIMEOUT), "--silent", "start"], "pg_ctl start")
            except _Failed as failed:
                if attempt < 2 and "could not bind" in _tail(log):
                    continue
                pytest.fail(f"{failed}; server log: {_tail(log)}")
            break
        yield URL.create("postgresql", username="postgres", password=password,
                         host="127.0.0.1", port=port, database="postgres")
    finally:
        if (data / "postmaster.pid").exists():  # started, or half started
            _stop(folder, run_as, binaries, data)
        shutil.rmtree(folder, ignore_errors=True)


class _Failed(Exception):
    pass


def _version(folder: str) -> tuple[int, ...]:
    """``/usr/lib/postgresql/15/bin`` -> (15,); ``.../9.6/bin`` -> (9, 6)."""
    name = Path(folder).parent.name
    return tuple(int(part) for part in re.findall(r"\d+", name)) or (0,)


def _run_as(folder: Path) -> list[str]:
    """The command prefix that runs the server's programs as a user they accept: nothing
    for an ordinary user; as root, ``runuser`` to the ``postgres`` user, who is given
    ``folder``."""
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    try:
        pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        runuser = None
    need(runuser is not None, f"running as root, the PostgreSQL tests need runuser and a "
                              f"{SYSTEM_USER!r} user to run the server as")
    _give(folder)
    return [str(runuser), "-u", SYSTEM_USER, "--"]


def _give(path: Path) -> None:
    """Make ``path`` the server user's when running as root."""
    if os.geteuid() == 0:
        user = pwd.getpwnam(SYSTEM_USER)
        os.chown(path, user.pw_uid, user.pw_gid)


def _run(folder: Path, command: list[str], what: str) -> None:
    try:
        done = subprocess.run(command, cwd=folder, capture_output=True, text=True,
                              timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise _Failed(f"{what} took more than {TIMEOUT} s") from None
    if done.returncode != 0:
        output = " ".join((done.stdout + done.stderr).split())[-2000:]
        if what == "initdb":
            pytest.fail(f"initdb failed ({done.returncode}): {output}")
        raise _Failed(f"{what} failed ({done.returncode}): {output}")


def _stop(folder: Path, run_as: list[str], binaries: Binaries, data: Path) -> None:
    """Stop the server; if pg_ctl cannot, kill its postmaster (this cluster's own, by the
    pid in its data folder) and say so."""
    try:
        _run(folder, [*run_as, str(binaries.pg_ctl), "--pgdata", str(data), "--mode", "fast",
                      "--wait", "--timeout", str(TIMEOUT), "--silent", "stop"], "pg_ctl stop")
    except _Failed as failed:
        with contextlib.suppress(OSError, ValueError, IndexError):  # gone meanwhile
            pid = int((data / "postmaster.pid").read_text().split()[0])
            os.kill(pid, signal.SIGKILL)
            warnings.warn(f"the test PostgreSQL was killed (pid {pid}): {failed}",
                          stacklevel=1)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _tail(log: Path) -> str:
    try:
        return " ".join(log.read_text(errors="replace").split())[-2000:]
    except OSError:
        return "(no log)"


def _check_driver(url: URL) -> None:
    try:
        engine_url(url_text(url))
    except BadInput as missing:
        need(False, str(missing))
