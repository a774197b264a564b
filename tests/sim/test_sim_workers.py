"""Batches come back in the order they were sent, with only a few in flight at a time."""

from __future__ import annotations

from concurrent.futures import Future

from undercroft.sim.games import Batch
from undercroft.sim.workers import in_order


def test_results_come_in_order_with_a_bounded_number_in_flight() -> None:
    pending: list[Future[list[dict[str, int]]]] = []
    most = 0

    def submit(batch: Batch) -> Future[list[dict[str, int]]]:
        nonlocal most
        future: Future[list[dict[str, int]]] = Future()
        future.set_result([{"game": batch.start}])
        pending.append(future)
        most = max(most, sum(1 for f in pending if not getattr(f, "taken", False)))
        return future

    batches = (Batch("amulet", "{}", ("random",), 0, 0, start, start + 1)
               for start in range(1000))
    seen = []
    for rows in in_order(submit, batches, window=6):
        seen.append(rows[0]["game"])
        taken = next(f for f in pending if not getattr(f, "taken", False))
        taken.taken = True  # type: ignore[attr-defined]
    assert seen == list(range(1000))
    assert most <= 6
