"""The shared table served from a thread on loopback, and asked for JSON, for the browser
tests and the script that takes the docs' screenshots.

Each of them needs the real app behind a real socket, started and stopped around its
work, and never reachable from another machine: the server listens on 127.0.0.1 only,
on a port the system picks (or one given).
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

from undercroft.web import serving

LOOPBACK: Final = "127.0.0.1"
START_SECONDS: Final = 30.0
ANSWER_SECONDS: Final = 30.0
STOP_SECONDS: Final = 15.0


@contextmanager
def served(app: Any, port: int = 0, log_level: str = "warning") -> Iterator[str]:
    """``app`` served on loopback while the block runs; yields its base address
    (``http://127.0.0.1:PORT``). Port 0 lets the system pick a free one."""
    import uvicorn

    server = uvicorn.Server(serving.config(app, LOOPBACK, port, log_level))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + START_SECONDS
    while not server.started:
        if not thread.is_alive():
            raise RuntimeError("the server stopped while starting")
        if time.monotonic() > deadline:
            server.should_exit = True
            raise RuntimeError(f"the server did not start in {START_SECONDS:.0f} s")
        time.sleep(0.05)
    bound = port or _bound_port(server)
    try:
        yield f"http://{LOOPBACK}:{bound}"
    finally:
        server.should_exit = True
        thread.join(timeout=STOP_SECONDS)


def _bound_port(server: Any) -> int:
    """The port the system gave a server started on port 0."""
    for listener in server.servers:
        for sock in listener.sockets:
            port: int = sock.getsockname()[1]
            return port
    raise RuntimeError("the server listens on no socket")


def get_json(url: str) -> Any:
    """The JSON answer to a GET of ``url``."""
    with urllib.request.urlopen(url, timeout=ANSWER_SECONDS) as answer:
        return json.loads(answer.read())


def post_json(url: str, body: dict[str, Any]) -> Any:
    """The JSON answer to ``body`` posted as JSON to ``url``."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=ANSWER_SECONDS) as answer:
        return json.loads(answer.read())
