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
"""

from __future__ import annotations

import gc
from typing import Any, Final

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


def run(app: Any, host: str, port: int, log_level: str,
        forwarded_allow_ips: str | None = None) -> None:
    """Serve ``app`` until interrupted (the process's collector tuned for it)."""
    import uvicorn

    tune_collector()
    uvicorn.run(app, host=host, port=port, log_level=log_level, **OPTIONS,
                **proxy_options(forwarded_allow_ips))


def config(app: Any, host: str, port: int, log_level: str,
           forwarded_allow_ips: str | None = None) -> Any:
    """A ``uvicorn.Config`` with the same options, for a server run from a thread."""
    import uvicorn

    return uvicorn.Config(app, host=host, port=port, log_level=log_level, lifespan="on",
                          **OPTIONS, **proxy_options(forwarded_allow_ips))
