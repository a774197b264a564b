"""How the server process is set up to serve: its collector, tuned for many live games."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from undercroft.web.serving import GC_THRESHOLDS, tune_collector


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the test process's collector back as it was."""
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_the_loaded_objects_are_frozen_and_young_objects_collected_less_often(
        collector: None) -> None:
    loaded = [[index] for index in range(1_000)]  # stands for the tables loaded at start
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    tune_collector()
    assert gc.get_freeze_count() >= len(loaded)
    assert gc.get_threshold() == GC_THRESHOLDS
    assert GC_THRESHOLDS[0] > 700 * 10, "young objects collected far less often than Python's"
