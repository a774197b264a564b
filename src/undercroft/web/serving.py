"""How uvicorn runs the shared table's app: the one place its server options are chosen.

WebSocket compression (permessage-deflate, on by default in uvicorn) is turned off. A
table's states are a few tens of kilobytes at most and travel a home network, where
that costs nothing, while deflating every state for every seat would be the largest
single cost of the server's event loop, paid on the one thread that sends to every
table.

uvicorn runs on uvloop's event loop and parses HTTP with httptools, both dependencies of
the project (uvicorn picks them when they are installed, plain asyncio and h11 on
Windows, where uvloop does not run): with them the server spends about a third less time
a choice than on asyncio and h11.

The cyclic garbage collector is tuned for a server holding many live games: a full
collection walks every object of every table, and with a hundred tables live its
pauses come often and last long enough to hold up every table's update. What the
server loads before it serves (the code, the rule tables, the tables replayed from the
database) is frozen out of collections (``gc.freeze``), and the
youngest generation is collected after 20,000 new objects instead of 700, so full
collections come about a hundred times less often; garbage without cycles is freed at
once as always, and cycles still go at the next full collection.

The listening socket is bound here, before uvicorn starts (:func:`listen`), so a port
already taken is one line naming the address and port (and exit 2 from the command),
not uvicorn's log and traceback; uvicorn then serves on that very socket, so nothing can
take the port in between.
"""

from __future__ import annotations

import errno
import gc
import socket
from typing import Any, Final

from undercroft.errors import BadInput

OPTIONS: Final[dict[str, Any]] = {"ws_per_message_deflate": False}
"""uvicorn's settings beyond host, port and logging (see the module's docstring)."""


def proxy_options(forwarded_allow_ips: str | None) -> dict[str, Any]:
    """Whom to believe about the client's address. By default nobody: the address is the
    socket's peer. uvicorn would otherwise take ``X-Forwarded-For`` from any client on
    loopback, so one client could show a new address with every request and never meet
    the limits kept per address (docs/security.md). Behind a reverse proxy, name the
    proxy's addresses (``--forwarded-allow-ips``) and its header is believed from them."""
    if not forwarded_allow_ips:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": forwarded_allow_ips}
GC_THRESHOLDS: Final = (20_000, 20, 20)
"""The collector's generation thresholds while serving (Python's default: 700, 10, 10)."""


def tune_collector() -> None:
    """Freeze what is loaded now and collect less often (see the module's docstring)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def listen(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host`` and ``port``, as uvicorn would bind it
    (``SO_REUSEADDR``, so a port left in TIME_WAIT by a server just stopped is free);
    BadInput in one line when the port is taken or the address is not this machine's."""
    where = f"{host}:{port}" if ":" not in host else f"[{host}]:{port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as error:
        raise BadInput(f"--host {host}: not an address of this machine ({error})") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise BadInput(f"{where}: port {port} is already in use (another server? stop "
                           "it, or choose another with --port)") from None
        raise BadInput(f"{where}: cannot listen there ({error.strerror})") from None
    sock.set_inheritable(True)
    return sock


def run(app: Any, host: str, port: int, log_level: str,
        forwarded_allow_ips: str | None = None, *, sock: socket.socket | None = None) -> None:
    """Serve ``app`` on ``host`` and ``port`` until interrupted (the process's collector
    tuned for it), on ``sock`` when the caller has bound it already (:func:`listen`)."""
    import uvicorn

    sock = sock or listen(host, port)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level=log_level,
                                           **OPTIONS, **proxy_options(forwarded_allow_ips)))
    tune_collector()
    server.run(sockets=[sock])


def config(app: Any, host: str, port: int, log_level: str,
           forwarded_allow_ips: str | None = None) -> Any:
    """A ``uvicorn.Config`` with the same options, for a server run from a thread."""
    import uvicorn

    return uvicorn.Config(app, host=host, port=port, log_level=log_level, lifespan="on",
                          **OPTIONS, **proxy_options(forwarded_allow_ips))
