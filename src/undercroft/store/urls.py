"""A database URL read into the URL SQLAlchemy connects with, or one line of bad input.

``postgresql://`` names no driver, and which one SQLAlchemy then picks depends on its
version (psycopg2 before 2.1, psycopg 3 since), whether or not it is installed. Here the
choice is made from what is installed: psycopg (3, the ``postgres`` extra) if it can be
imported, else psycopg2, else a line saying how to install it. A driver named in the URL
(``postgresql+pg8000://``) is kept, and its absence is the same kind of line. Whether a
driver is installed is asked of ``importlib.util.find_spec``: nothing is imported here.
"""

from __future__ import annotations

import importlib.util
import re
from typing import Final

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from undercroft.errors import BadInput

EXAMPLES: Final = "e.g. sqlite:///games.sqlite3 or postgresql://user@host/undercroft"

POSTGRES_EXTRA: Final = "pip install 'undercroft[postgres]'"

POSTGRES_DRIVERS: Final = ("psycopg", "psycopg2")
"""The drivers tried, in order, for a ``postgresql://`` URL that names none."""

DRIVER_MODULES: Final = {
    "psycopg": ("psycopg", POSTGRES_EXTRA),
    "psycopg2": ("psycopg2", "pip install psycopg2-binary"),
    "psycopg2cffi": ("psycopg2cffi", "pip install psycopg2cffi"),
    "pg8000": ("pg8000", "pip install pg8000"),
}
"""A PostgreSQL driver's name in a URL -> the module it imports and how to install it."""


def engine_url(url: str) -> URL:
    """``url`` as SQLAlchemy reads it, with the PostgreSQL driver named.

    Bad input (one line, the password hidden): not a URL, a database or driver SQLAlchemy
    does not know, an asyncio driver (the store is synchronous), a driver not installed.
    """
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        raise BadInput(f"database {_without_password(url)!r}: not a database URL ({EXAMPLES})"
                       ) from None
    where = parsed.render_as_string(hide_password=True)
    backend = parsed.get_backend_name()
    if backend == "postgresql" and "+" not in parsed.drivername:
        driver = next((name for name in POSTGRES_DRIVERS if _installed(name)), None)
        if driver is None:
            raise BadInput(f"database {where}: the PostgreSQL driver is not installed "
                           f"({POSTGRES_EXTRA})")
        parsed = parsed.set(drivername=f"postgresql+{driver}")
    try:
        dialect = parsed.get_dialect()
    except NoSuchModuleError:
        if _known_backend(parsed):
            raise BadInput(f"database {where}: SQLAlchemy has no driver "
                           f"{parsed.get_driver_name()!r} for {backend}") from None
        raise BadInput(f"database {where}: no database kind {backend!r} ({EXAMPLES})") from None
    if getattr(dialect, "is_async", False):
        raise BadInput(f"database {where}: {parsed.get_driver_name()} is an asyncio driver, "
                       "which the store cannot use (postgresql+psycopg is one it can)")
    if backend == "postgresql":
        module, install = DRIVER_MODULES.get(parsed.get_driver_name(), (None, ""))
        if module is not None and not _installed(module):
            raise BadInput(f"database {where}: the PostgreSQL driver {parsed.get_driver_name()} "
                           f"is not installed ({install})")
    return parsed


def _without_password(text: str) -> str:
    """A URL that could not be read, its password (if it has the usual form) hidden."""
    return re.sub(r"(://[^:/@\s]*:).*@", r"\1***@", text, count=1)


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported, without importing it (a module set to None in
    ``sys.modules``, which blocks its import, counts as missing)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _known_backend(url: URL) -> bool:
    try:
        url.set(drivername=url.get_backend_name()).get_dialect()
    except NoSuchModuleError:
        return False
    return True
