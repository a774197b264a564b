"""The request-size limit and the no-store header, as plain ASGI middleware.

Plain ASGI rather than Starlette's ``BaseHTTPMiddleware``, which runs every request
through a task group and a streamed response of its own: that wrapping alone would cost
the server more than building the states it sends.
The limit counts the bytes of the body as they arrive, so a body sent in chunks (with no
``Content-Length`` to check beforehand) is held to it too.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY: Final = 64 * 1024
NO_STORE: Final = {"Cache-Control": "no-store"}
"""On every API answer: states and invitations are not for any cache to keep."""


class _TooLarge(Exception):
    """A body grew past the limit while it was being read."""


class Limits:
    """Refuses request bodies over ``MAX_BODY`` with 413 and marks /api/ answers no-store."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _refuse(send)
            return
        api = str(scope.get("path", "")).startswith("/api/")
        received = 0
        started = refused = False

        async def counted() -> Message:
            nonlocal received, started, refused
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > MAX_BODY:
                    if not started:  # answered here: whatever the app says next is dropped
                        started = refused = True
                        await _refuse(send)
                    raise _TooLarge
            return message

        async def marked(message: Message) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                if api and all(key.lower() != b"cache-control" for key, _ in headers):
                    message = dict(message, headers=[*headers, (b"cache-control", b"no-store")])
            await send(message)

        with contextlib.suppress(_TooLarge):  # answered with 413 already
            await self.app(scope, counted, marked)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            decoded: str = value.decode("latin-1")
            return decoded
    return None


async def _refuse(send: Send) -> None:
    body = json.dumps({"detail": f"body: at most {MAX_BODY} bytes"}).encode()
    start: dict[str, Any] = {"type": "http.response.start", "status": 413,
                             "headers": [(b"content-type", b"application/json"),
                                         (b"content-length", str(len(body)).encode())]}
    await send(start)
    await send({"type": "http.response.body", "body": body})
