"""Refusing requests addressed to a name that is not the server's (DNS rebinding).

A web page on any site can make a browser send requests to a name its owner controls,
then point that name at 127.0.0.1 or at a machine on the home network: the browser
believes it talks to the page's own site, and reaches the table's server. What gives it
away is the ``Host`` header, which carries the page's name. So the server answers only
requests whose ``Host`` is an address written as such (``127.0.0.1``, ``192.168.1.20``,
``[::1]``: no DNS name is involved, so no rebinding), ``localhost``, this machine's own
host name, or a name the operator allows (``undercroft serve --allowed-host NAME``).
Anything else is refused with 400, for HTTP and WebSocket alike.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send


def own_names(extra: Iterable[str] = ()) -> frozenset[str]:
    """The names the server answers to besides addresses: localhost, this machine's host
    name (and its ``.local`` form, for mDNS), and ``extra``, all lowercased."""
    host = socket.gethostname().lower().rstrip(".")
    names = {"localhost", host, f"{host}.local", host.split(".")[0]}
    names.update(name.lower().rstrip(".") for name in extra if name.strip())
    return frozenset(name for name in names if name)


def host_of(header: str) -> str:
    """The host part of a ``Host`` header (no port; an IPv6 address without brackets)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    name, _, port = header.rpartition(":")
    return name if name and port.isdigit() else header


def allowed(header: str, names: frozenset[str]) -> bool:
    host = host_of(header).rstrip(".")
    if not host:
        return False
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return host in names
    return True


class AllowedHosts:
    """ASGI middleware: 400 for a request whose ``Host`` is not one of the server's."""

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = next((value.decode("latin-1") for key, value in scope.get("headers", [])
                       if key == b"host"), "")
        if allowed(header, self.names):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4400,
                        "reason": "not this server's name"})
            return
        body = json.dumps({"detail": f"host {header[:80]!r}: not this server's name or "
                           "address (undercroft serve --allowed-host NAME allows one)"}).encode()
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
