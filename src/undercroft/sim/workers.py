"""Where batches of games are played: this process, a local process pool, or a Dask cluster.

Each way takes batches in order and gives their results back in the same order,
keeping only a few batches in flight, so a run of a million games holds a few
batches' rows at a time and sums them up in game order: the figures are the same
to the last digit whichever way played them.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager
from types import TracebackType
from typing import Any, Final, Protocol

from undercroft.errors import BadInput
from undercroft.sim.games import Batch, play_batch

Rows = list[Any]
"""What a batch gives back: a row of figures per game (``play_batch``), or an audit of
each game (``audit_game.audit_batch``)."""
Work = Callable[[Batch], Rows]
IN_FLIGHT_PER_WORKER: Final = 3
"""Batches queued per worker: enough to keep each busy, few enough to keep memory flat."""


class _Pending(Protocol):
    def result(self) -> Rows: ...


def in_order(submit: Callable[[Batch], _Pending], batches: Iterable[Batch],
             window: int) -> Iterator[Rows]:
    """Submit ahead up to ``window`` batches; yield each batch's rows in submission order."""
    pending: deque[_Pending] = deque()
    for batch in batches:
        pending.append(submit(batch))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


class Workers(AbstractContextManager["Workers"]):
    """Plays batches and yields their rows in order."""

    description = "this process"
    count = 1
    """How many games this plays at once (batches are sized by it)."""

    def play(self, batches: Iterable[Batch], work: Work = play_batch) -> Iterator[Rows]:
        """Each batch's rows, in order; ``work`` (a top-level function, which the pools
        send by name) plays one batch."""
        for batch in batches:
            yield work(batch)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        return None


class LocalPool(Workers):
    """A pool of ``count`` fresh processes on this machine (started by spawning, so no
    thread or lock of the parent is copied into them)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.description = f"{count} local processes"
        self._pool = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn"))

    def play(self, batches: Iterable[Batch], work: Work = play_batch) -> Iterator[Rows]:
        return in_order(lambda batch: self._pool.submit(work, batch), batches,
                        self.count * IN_FLIGHT_PER_WORKER)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        # Batches still queued are dropped: a run that ended early (an error, or a
        # comparison already answered) does not wait for games nobody will read.
        self._pool.shutdown(wait=True, cancel_futures=True)


class DaskWorkers(Workers):
    """The workers of a Dask distributed cluster (each needs undercroft installed)."""

    def __init__(self, address: str) -> None:
        import distributed  # imported only when a cluster is asked for

        client_class: Any = distributed.Client
        try:
            self._client: Any = client_class(address, timeout="10s")
        except (OSError, TimeoutError, ValueError) as error:
            raise BadInput(f"scheduler {address!r}: cannot connect ({error})") from None
        threads = sum(self._client.nthreads().values()) or 1
        self.count = threads
        self.description = f"Dask cluster at {address} ({threads} threads)"

    def play(self, batches: Iterable[Batch], work: Work = play_batch) -> Iterator[Rows]:
        return in_order(lambda batch: self._client.submit(work, batch, pure=False),
                        batches, self.count * IN_FLIGHT_PER_WORKER)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._client.close()


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not every platform has affinity
        return os.cpu_count() or 1


def open_workers(workers: int, scheduler: str | None) -> Workers:
    if scheduler is not None:
        return DaskWorkers(scheduler)
    if workers == 1:
        return Workers()
    return LocalPool(workers)
