"""Which address phones should open: the server's own address on the local network.

A server listening on every network (``0.0.0.0`` or ``::``) is reached by phones at
this machine's address on the local network, not at 127.0.0.1, so that is the address
printed at start-up and put into the invite links and their QR codes, whatever address
the table screen was opened with (a TV on this machine opens loopback). It is found
without sending anything: "connecting" a UDP socket only asks the kernel which route,
and so which of this machine's addresses, would carry a datagram to an address that is
never used on any network (192.0.2.1, RFC 5737); no datagram is sent. A machine with no
route at all falls back to the address its host name resolves to, and then to
127.0.0.1. A server listening on one address (loopback included) gives that address.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from typing import Final

PROBE: Final = ("192.0.2.1", 9)
"""An address of the documentation range (TEST-NET-1), routed like any other and never
assigned to a machine; the discard port. Connecting a UDP socket to it sends nothing."""
LOOPBACK: Final = "127.0.0.1"
EVERY_NETWORK: Final = frozenset({"0.0.0.0", "::", ""})


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 when it has none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)  # UDP: picks a route, sends no packet
            found = str(probe.getsockname()[0])
    except OSError:
        found = ""
    if _usable(found):
        return found
    try:
        found = socket.gethostbyname(socket.gethostname())
    except OSError:
        found = ""
    return found if _usable(found) else LOOPBACK


def _usable(address: str) -> bool:
    """An address other machines could reach this one at (not loopback, not unset)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (parsed.is_loopback or parsed.is_unspecified or parsed.is_link_local)


def serves_network(host: str) -> bool:
    """Whether ``host`` listens on every network (so phones can join)."""
    return host.strip() in EVERY_NETWORK


def is_loopback(host: str) -> bool:
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def url(address: str, port: int) -> str:
    """``http://ADDRESS:PORT`` (an IPv6 address in brackets), without a trailing slash."""
    shown = address.strip().strip("[]")
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}"


def phone_url(host: str, port: int, find_lan: Callable[[], str] | None = None) -> str:
    """Where phones open the server that listens on ``host``: this machine's network
    address (``find_lan``, by default :func:`lan_address`) when it listens on every
    network, else the address it listens on."""
    if serves_network(host):
        return url((find_lan or lan_address)(), port)
    return url(host, port)


def screen_url(host: str, port: int) -> str:
    """Where a browser on this machine (the TV) opens it: loopback when the server
    listens on every network or on loopback, else the address it listens on."""
    return url(LOOPBACK if serves_network(host) else host, port)


def start_lines(host: str, port: int, phones: str) -> list[str]:
    """What ``undercroft serve`` prints when it starts: where to open the lobby on this
    machine, and where phones join (``phones``, from :func:`phone_url`), or why they
    cannot."""
    lines = [f"Undercroft shared table: open {screen_url(host, port)}/ on this machine "
             "to make a table"]
    if serves_network(host):
        lines.append(f"  phones on the same network join at {phones}/ (the invite codes "
                     "carry this address)")
    elif is_loopback(host):
        lines.append("  serving this machine only: phones cannot join (make run, or "
                     "undercroft serve --host 0.0.0.0, serves the local network)")
    else:
        lines.append(f"  phones join at {phones}/")
    return lines
