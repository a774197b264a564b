"""Tokens of the shared table: making them, keeping only their hashes, and slowing guessers.

A token is the only key to a table or a seat (docs/web-api.md), so it is long and random
(``secrets.token_urlsafe(24)``: 192 bits), the database keeps only its SHA-256, and a
client address that keeps presenting wrong tokens is refused for a while
(:class:`FailureLimiter`). Tokens travel in URLs, so :class:`RedactTokens` scrubs them from
the server's log lines.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Final

TOKEN_BYTES: Final = 24
MAX_TOKEN_LENGTH: Final = 100
"""A presented token longer than this is wrong without hashing it."""

FAILURES_ALLOWED: Final = 20
WINDOW_SECONDS: Final = 60.0
MAX_ADDRESSES: Final = 10_000
"""Addresses remembered at once; the oldest are forgotten first (memory stays bounded)."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The SHA-256 of a token, as hex: what the database and the server's index keep."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same_hash(token: str, stored_hash: str) -> bool:
    """Whether ``token`` hashes to ``stored_hash``, compared in constant time."""
    return hmac.compare_digest(token_hash(token).encode(), stored_hash.encode())


class FailureLimiter:
    """Counts failed token lookups per client address over a sliding minute.

    Once an address has failed ``allowed`` times within ``window`` seconds, every lookup
    it makes is refused (429) until old failures age out, the right token included:
    otherwise a guesser would still learn which guess was right. The clock is injected so
    tests need not wait a minute.
    """

    def __init__(self, allowed: int = FAILURES_ALLOWED, window: float = WINDOW_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.allowed = allowed
        self.window = window
        self._clock = clock
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def blocked(self, address: str) -> bool:
        with self._lock:
            return len(self._recent(address)) >= self.allowed

    def failed(self, address: str) -> None:
        with self._lock:
            times = self._recent(address)
            times.append(self._clock())
            self._failures[address] = times
            self._failures.move_to_end(address)
            while len(self._failures) > MAX_ADDRESSES:
                self._failures.popitem(last=False)

    def _recent(self, address: str) -> deque[float]:
        """The address's failures still inside the window (older ones dropped)."""
        times = self._failures.get(address, deque())
        horizon = self._clock() - self.window
        while times and times[0] <= horizon:
            times.popleft()
        if not times:
            self._failures.pop(address, None)
        return times


_TOKEN_IN_URL: Final = re.compile(r"([?&]t=)[^&\s\"']*")


def redact(text: str) -> str:
    """``text`` with every ``t=`` query value replaced by ``***``."""
    return _TOKEN_IN_URL.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """A logging filter that scrubs tokens from a record's message and arguments.

    uvicorn logs each request's path with its query string (access log) and each
    WebSocket's (error log); attached to those loggers, this keeps tokens out of logs.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) if isinstance(arg, str) else arg
                                for arg in record.args)
        return True
