"""Work the server does between requests: automated steps past a request's share, and
archiving tables that have finished or gone idle.

A table whose seats are all automated from some point on (say, every human's hero has
died in Amulet) would otherwise play hundreds of steps inside one request, or during
start-up before the server answers anyone. Such steps are taken here instead, a batch
at a time on one worker thread, tables taking turns, each batch sent to the table's
followers as it is taken.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from typing import Final

log = logging.getLogger(__name__)

SWEEP_SECONDS: Final = 300.0
"""How often the live tables are checked for archiving (at most)."""


class Background:
    """One worker thread for automated steps and a timer thread for the sweep."""

    def __init__(self, sweep: Callable[[], None], every: float = SWEEP_SECONDS) -> None:
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="undercroft-steps")
        self._stopping = threading.Event()
        self._pending: set[Future[None]] = set()
        self._lock = threading.Lock()
        self._sweeper = threading.Thread(target=self._sweep_every, args=(sweep, every),
                                         name="undercroft-sweep", daemon=True)
        self._sweeper.start()

    def submit(self, job: Callable[[], None]) -> None:
        """Run ``job`` on the worker soon (its failure is logged, never raised)."""
        if self._stopping.is_set():
            return
        with self._lock:
            try:
                future = self._worker.submit(self._logged, job)
            except RuntimeError:  # shut down meanwhile
                return
            self._pending.add(future)
        future.add_done_callback(self._done)

    def _done(self, future: Future[None]) -> None:
        with self._lock:
            self._pending.discard(future)

    @staticmethod
    def _logged(job: Callable[[], None]) -> None:
        try:
            job()
        except Exception:
            log.exception("background work on a table failed")

    def settle(self, timeout: float = 60.0) -> bool:
        """Wait until no job is queued or running (a job may queue another); False if
        that takes longer than ``timeout`` seconds. For tests and a server stopping."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                waiting = next(iter(self._pending), None)
            if waiting is None:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                waiting.exception(timeout=left)
            except TimeoutError:
                return False
            except CancelledError:
                continue

    def _sweep_every(self, sweep: Callable[[], None], every: float) -> None:
        while not self._stopping.wait(every):
            try:
                sweep()
            except Exception:
                log.exception("archiving tables failed; tried again later")

    def close(self) -> None:
        """Stop taking work; the job running now finishes its batch."""
        self._stopping.set()
        self._worker.shutdown(wait=True, cancel_futures=True)
