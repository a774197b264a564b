"""How uvicorn runs the shared table's app: the one place its server options are chosen.

WebSocket compression (permessage-deflate, on by default in uvicorn) is turned off. A
table's states are a few tens of kilobytes at most and travel a home network, where
that costs nothing, while deflating every state for every seat was the largest single
cost of the server's event loop under ``bench/web_load.py`` (a fifth of its busy time),
paid on the one thread that sends to every table.

uvicorn runs on uvloop's event loop and parses HTTP with httptools, both dependencies of
the project (uvicorn picks them when they are installed, plain asyncio and h11 on
Windows, where uvloop does not run): with them the server spends about a third less time
a choice than on asyncio and h11.
"""

from __future__ import annotations

from typing import Any, Final

OPTIONS: Final[dict[str, Any]] = {"ws_per_message_deflate": False}
"""uvicorn's settings beyond host, port and logging (see the module's docstring)."""


def run(app: Any, host: str, port: int, log_level: str) -> None:
    """Serve ``app`` until interrupted."""
    import uvicorn

    uvicorn.run(app, host=host, port=port, log_level=log_level, **OPTIONS)


def config(app: Any, host: str, port: int, log_level: str) -> Any:
    """A ``uvicorn.Config`` with the same options, for a server run from a thread."""
    import uvicorn

    return uvicorn.Config(app, host=host, port=port, log_level=log_level, lifespan="on",
                          **OPTIONS)
