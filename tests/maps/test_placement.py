"""Placement internals whose answers have a slow, obvious equivalent."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from undercroft.maps.lattice import polygon_quarters, quarter_index
from undercroft.maps.placement import Board, FreeArea, _nth_set_bit
from undercroft.maps.shapes import SHAPES, outlines

SIZE = 6
LEVEL_BITS = 4 * SIZE * SIZE


@given(st.integers(min_value=1, max_value=2**600), st.data())
def test_nth_set_bit_agrees_with_counting_one_by_one(bits: int, data: st.DataObject) -> None:
    ones = [i for i in range(bits.bit_length()) if bits >> i & 1]
    n = data.draw(st.integers(min_value=0, max_value=len(ones) - 1))
    assert _nth_set_bit(bits, n) == ones[n]


# Boards with a few rooms' worth of taken quarters: whole free cells and long free
# runs are common, as on a real level (uniform random bits would almost never free one).
sparse_boards = st.lists(st.integers(min_value=0, max_value=LEVEL_BITS - 1), max_size=40).map(
    lambda taken: sum(1 << index for index in set(taken)))


@given(sparse_boards, st.integers(min_value=1, max_value=SIZE))
def test_free_runs_mark_cells_whose_next_cells_are_all_free(taken: int, length: int) -> None:
    free = FreeArea(taken, SIZE)
    for cell in range(SIZE * SIZE):
        wanted = cell + length <= SIZE * SIZE and all(
            not taken >> (4 * c + q) & 1 for c in range(cell, cell + length) for q in range(4))
        assert bool(free.run(length) >> (4 * cell) & 1) == wanted


@given(sparse_boards, st.sampled_from(SHAPES), st.integers(min_value=1, max_value=4))
def test_fitting_offsets_agree_with_testing_every_quarter(taken: int, name: str,
                                                          size: int) -> None:
    """Runs of whole cells plus loose quarters find exactly the offsets where nothing overlaps."""
    board = Board(SIZE)
    board.occupancy.bits = taken
    for shape in outlines(name, size):
        quarters = [quarter_index(q, SIZE) for q in polygon_quarters(shape.polygon)]
        wanted = 0
        for dy in range(SIZE - shape.height + 1):
            for dx in range(SIZE - shape.width + 1):
                base = 4 * (dy * SIZE + dx)
                if not any(taken >> (base + q) & 1 for q in quarters):
                    wanted |= 1 << base
        assert board._fitting_offsets(shape, FreeArea(taken, SIZE)) == wanted
