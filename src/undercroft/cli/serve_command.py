"""`undercroft serve`: the shared table's server, for a table of people on one network.

The app is made (and every stored table replayed) before uvicorn starts, so a bad
``--db`` is one line and exit 2, not a traceback from inside the server. Tokens travel
in URLs, so uvicorn's request log lines pass through a filter that blanks them.
"""

from __future__ import annotations

import logging
from typing import Annotated, Final

import typer
from rich.console import Console

from undercroft.errors import BadInput

LOGGERS: Final = ("uvicorn.access", "uvicorn.error")
"""uvicorn's loggers that print request paths (with their query strings)."""


def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every "
                                      "network, so phones can join).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database URL (default: SQLite in $UNDERCROFT_DATA or the user's data "
        "folder; postgresql://... for PostgreSQL).", show_default=False)] = None,
    snapshot_every: Annotated[int, typer.Option(
        "--snapshot-every", help="Steps between a table's snapshots, from which a restarted "
        "server resumes it instead of replaying its whole record (0: none).")] = 100,
) -> None:
    """Run the shared table: a lobby to make tables, a screen to watch, a page per seat."""
    if not 1 <= port <= 65535:
        raise BadInput(f"--port {port}: expected 1 to 65535")
    if not host.strip():
        raise BadInput("--host: empty; give an address such as 127.0.0.1 or 0.0.0.0")
    if snapshot_every < 0:
        raise BadInput(f"--snapshot-every {snapshot_every}: expected 0 (no snapshots) or a "
                       "number of steps")
    from undercroft.web import serving
    from undercroft.web.app import create_app
    from undercroft.web.tokens import RedactTokens

    app = create_app(db, snapshot_every=snapshot_every)
    for name in LOGGERS:
        logging.getLogger(name).addFilter(RedactTokens())
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    shown = f"[{shown}]" if ":" in shown else shown
    console = Console(stderr=True, highlight=False)
    console.print(f"Undercroft shared table: open http://{shown}:{port}/ to make a table",
                  markup=False, soft_wrap=True)
    if host in ("0.0.0.0", "::"):
        console.print("  phones on the same network: use this machine's network address "
                      f"with port {port}", markup=False, soft_wrap=True)
    serving.run(app, host, port, "info")


def register(app: typer.Typer) -> None:
    """Add `serve` to the `undercroft` command."""
    app.command("serve")(serve_command)
