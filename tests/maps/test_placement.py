"""Placement internals whose answers have a slow, obvious equivalent."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from undercroft.maps.placement import FreeArea, _nth_set_bit


@given(st.integers(min_value=1, max_value=2**600), st.data())
def test_nth_set_bit_agrees_with_counting_one_by_one(bits: int, data: st.DataObject) -> None:
    ones = [i for i in range(bits.bit_length()) if bits >> i & 1]
    n = data.draw(st.integers(min_value=0, max_value=len(ones) - 1))
    assert _nth_set_bit(bits, n) == ones[n]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=4))
def test_free_runs_mark_cells_whose_next_cells_are_all_free(taken: int, length: int) -> None:
    size = 4  # 16 cells, 64 quarters
    free = FreeArea(taken, size)
    for cell in range(16):
        wanted = all(not (taken >> (4 * c + q)) & 1
                     for c in range(cell, cell + length) if c < 16 for q in range(4)) \
            and cell + length <= 16
        assert bool(free.run(length) >> (4 * cell) & 1) == wanted
