"""A database URL: the PostgreSQL driver picked from what is installed, and every URL that
cannot be used refused with one line that never shows the password."""

from __future__ import annotations

import sys

import pytest

from undercroft.errors import BadInput
from undercroft.store import urls
from undercroft.store.urls import engine_url


def _only(monkeypatch: pytest.MonkeyPatch, *installed: str) -> None:
    """Make every PostgreSQL driver but ``installed`` unimportable (as if not installed)."""
    monkeypatch.setattr(urls, "_installed", lambda module: module in installed)


def _refused(url: str) -> str:
    with pytest.raises(BadInput) as refused:
        engine_url(url)
    line = str(refused.value)
    assert "\n" not in line and line.startswith("database ")
    assert "secret" not in line
    return line


def test_sqlite_urls_are_kept_as_they_are() -> None:
    for url in ("sqlite:///games.sqlite3", "sqlite://", "sqlite:////tmp/x/games.sqlite3",
                "sqlite+pysqlite:///games.sqlite3"):
        assert engine_url(url).render_as_string(hide_password=False) == url


def test_postgresql_without_a_driver_gets_psycopg_when_it_is_installed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _only(monkeypatch, "psycopg", "psycopg2")
    url = engine_url("postgresql://ann:secret@db.example:5433/undercroft?sslmode=require")
    assert url.drivername == "postgresql+psycopg"
    assert (url.username, url.password, url.host, url.port, url.database) == (
        "ann", "secret", "db.example", 5433, "undercroft")
    assert dict(url.query) == {"sslmode": "require"}


def test_postgresql_without_a_driver_falls_back_to_psycopg2(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _only(monkeypatch, "psycopg2")
    assert engine_url("postgresql://ann@host/undercroft").drivername == "postgresql+psycopg2"


def test_postgresql_without_any_driver_says_how_to_install_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _only(monkeypatch)
    line = _refused("postgresql://ann:secret@host/undercroft")
    assert line == ("database postgresql://ann:***@host/undercroft: the PostgreSQL driver is not "
                    "installed (pip install 'undercroft[postgres]')")


def test_a_driver_named_in_the_url_is_kept_or_said_to_be_missing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _only(monkeypatch, "psycopg2")
    url = engine_url("postgresql+psycopg2://ann@host/undercroft")
    assert url.drivername == "postgresql+psycopg2"
    assert _refused("postgresql+psycopg://ann:secret@host/undercroft") == (
        "database postgresql+psycopg://ann:***@host/undercroft: the PostgreSQL driver psycopg is "
        "not installed (pip install 'undercroft[postgres]')")
    assert "pg8000 is not installed (pip install pg8000)" in _refused(
        "postgresql+pg8000://ann:secret@host/undercroft")


def test_a_driver_whose_import_is_blocked_counts_as_missing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The real check (``importlib.util.find_spec``), with the modules' import blocked as
    ``sys.modules[name] = None`` does."""
    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.setitem(sys.modules, "psycopg2", None)
    assert "the PostgreSQL driver is not installed" in _refused(
        "postgresql://ann:secret@host/undercroft")


def test_the_installed_check_finds_what_is_there_and_imports_nothing() -> None:
    assert not urls._installed("undercroft_no_such_driver")
    unused = "tabnanny"  # a standard module nothing here imports
    assert unused not in sys.modules
    assert urls._installed(unused)
    assert unused not in sys.modules


@pytest.mark.parametrize("url", ["not a url", "", "postgresql://ann:secret@host:port/db",
                                 "://nothing"])
def test_what_is_not_a_url_is_one_line_with_examples(url: str) -> None:
    line = _refused(url)
    assert line.endswith(": not a database URL (e.g. sqlite:///games.sqlite3 or "
                         "postgresql://user@host/undercroft)")
    if "secret" in url:
        assert "ann:***@host:port" in line


def test_an_unknown_database_or_driver_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    _only(monkeypatch, "psycopg")
    assert _refused("nosuchdb://ann:secret@x/y") == (
        "database nosuchdb://ann:***@x/y: no database kind 'nosuchdb' (e.g. "
        "sqlite:///games.sqlite3 or postgresql://user@host/undercroft)")
    assert _refused("postgresql+nosuch://ann:secret@x/y") == (
        "database postgresql+nosuch://ann:***@x/y: SQLAlchemy has no driver 'nosuch' for "
        "postgresql")


@pytest.mark.parametrize("driver", ["asyncpg", "psycopg_async"])
def test_an_asyncio_driver_is_refused(driver: str) -> None:
    assert "is an asyncio driver" in _refused(f"postgresql+{driver}://ann:secret@host/db")
