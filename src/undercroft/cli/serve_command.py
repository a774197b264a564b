"""`undercroft serve`: the shared table's server, for a table of people on one network.

The port is bound and the app made (every stored table replayed) before uvicorn starts,
so a port in use or a bad ``--db`` is one line and exit 2, not a traceback from inside
the server. The command listens on loopback unless told otherwise (``--host 0.0.0.0``,
which ``make run`` passes): docs/security.md says why. Tokens travel
in URLs, so uvicorn's request log lines pass through a filter that blanks them.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated, Final

import typer
from rich.console import Console

from undercroft.content import packs
from undercroft.errors import BadInput, flag
from undercroft.web.quotas import ServeLimits, duration

LOGGERS: Final = ("uvicorn.access", "uvicorn.error")
"""uvicorn's loggers that print request paths (with their query strings)."""


def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every "
                                      "network, so phones can join; make run does that).")
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database URL (default: SQLite in $UNDERCROFT_DATA or the user's data "
        "folder; postgresql://... for PostgreSQL, with pip install 'undercroft[postgres]').",
        show_default=False)] = None,
    snapshot_every: Annotated[int, typer.Option(
        "--snapshot-every", help="Steps between a table's snapshots, from which a restarted "
        "server resumes it instead of replaying its whole record (0: none).")] = 100,
    snapshot_key: Annotated[Path | None, typer.Option(
        "--snapshot-key", help="File of the key that signs snapshots (default: beside a "
        "SQLite database, else in the data folder; made if missing).",
        show_default=False)] = None,
    packs_folder: Annotated[list[Path] | None, typer.Option(
        "--packs", help="A folder of content packs (TOML) tables may choose by name, "
        "besides each system's own (repeat for more).", show_default=False)] = None,
    allowed_host: Annotated[list[str] | None, typer.Option(
        "--allowed-host", help="A name requests may be addressed to besides addresses, "
        "localhost and this machine's name (repeat for more).", show_default=False)] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        "--forwarded-allow-ips", help="Behind a reverse proxy: its addresses (comma-"
        "separated), whose X-Forwarded-For is believed; by default nobody's.",
        show_default=False)] = None,
    tables_per_hour: Annotated[int, typer.Option(
        "--tables-per-hour", help="New tables one client address may make an hour "
        "(0: no limit).")] = ServeLimits.tables_per_hour,
    max_tables: Annotated[int, typer.Option(
        "--max-tables", help="Live tables held at once (0: no limit).")
    ] = ServeLimits.max_tables,
    steps_per_request: Annotated[int, typer.Option(
        "--steps-per-request", help="Automated steps taken before a request is answered; "
        "the rest go on in the background.")] = ServeLimits.steps_per_request,
    archive_finished: Annotated[str, typer.Option(
        "--archive-finished", help="Archive a table this long after its game ended "
        "(30m, 24h, 7d).")] = "1d",
    archive_idle: Annotated[str, typer.Option(
        "--archive-idle", help="Archive an unfinished table after this long without a "
        "step.")] = "14d",
) -> None:
    """Run the shared table: a lobby to make tables, a screen to watch, a page per seat."""
    if not 1 <= port <= 65535:
        raise BadInput(f"--port {port}: expected 1 to 65535")
    if not host.strip():
        raise BadInput("--host: empty; give an address such as 127.0.0.1 or 0.0.0.0")
    if snapshot_every < 0:
        raise BadInput(f"--snapshot-every {snapshot_every}: expected 0 (no snapshots) or a "
                       "number of steps")
    for folder in packs_folder or ():
        packs.add_folder(folder, "--packs")
    with flag("--tables-per-hour"), flag("--max-tables"), flag("--steps-per-request"):
        limits = ServeLimits(tables_per_hour=tables_per_hour, max_tables=max_tables,
                             steps_per_request=steps_per_request,
                             archive_finished=duration(archive_finished, "--archive-finished"),
                             archive_idle=duration(archive_idle, "--archive-idle"))
    from undercroft.web import addresses, serving

    host = host.strip()
    phones = addresses.phone_url(host, port)
    sock = serving.listen(host, port)
    try:
        from undercroft.web.app import create_app
        from undercroft.web.tokens import RedactTokens

        with (flag("--db", "database"), flag("--snapshot-key", "snapshot key"),
              flag("--snapshot-every", "steps between snapshots")):
            app = create_app(db, snapshot_every=snapshot_every, limits=limits,
                             allowed_hosts=allowed_host or (), key_file=snapshot_key,
                             invite_url=phones)
    except BaseException:
        sock.close()
        raise
    for name in LOGGERS:
        logging.getLogger(name).addFilter(RedactTokens())
    console = Console(stderr=True, highlight=False)
    for line in addresses.start_lines(host, port, phones):
        console.print(line, markup=False, soft_wrap=True)
    serving.run(app, host, port, "info", forwarded_allow_ips, sock=sock)


def register(app: typer.Typer) -> None:
    """Add `serve` to the `undercroft` command."""
    app.command("serve")(serve_command)
