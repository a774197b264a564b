"""The balance lab's sums: Welford's mean against numpy, the intervals against known values,
and memory that stays flat however many games stream in."""

from __future__ import annotations

import math
import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from undercroft.engine.figures import Share
from undercroft.sim.stats import MAX_DISTINCT, Mean, Rate, Summary, t_interval, wilson_interval

values = st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=200)


@given(values)
def test_running_mean_and_spread_match_numpy(numbers: list[float]) -> None:
    mean = Mean()
    for number in numbers:
        mean.add(number)
    assert mean.mean == pytest.approx(float(np.mean(numbers)), rel=1e-9, abs=1e-6)
    assert mean.sd == pytest.approx(float(np.std(numbers, ddof=1)), rel=1e-7, abs=1e-5)
    assert (mean.low, mean.high, mean.n) == (min(numbers), max(numbers), len(numbers))


def test_t_interval_is_the_textbook_one() -> None:
    """Mean 10, sd 2, 16 games: t(0.975, 15) = 2.1314, half width 2.1314 * 2 / 4."""
    lo, hi = t_interval(10.0, 2.0, 16)
    assert (lo, hi) == pytest.approx((10 - 1.06572, 10 + 1.06572), abs=1e-4)


def test_wilson_interval_is_the_textbook_one() -> None:
    """0 of 10: Wilson's upper end is z^2 / (n + z^2) = 0.2775 (the normal one says 0)."""
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-4)
    lo, hi = wilson_interval(5, 10)
    assert (lo, hi) == pytest.approx((0.23659, 0.76341), abs=1e-4)


@given(st.integers(0, 500), st.integers(1, 500))
def test_a_rates_interval_holds_the_rate(hits: int, extra: int) -> None:
    n = hits + extra
    lo, hi = wilson_interval(hits, n)
    assert 0.0 <= lo <= hits / n <= hi <= 1.0


def test_words_become_rates_and_true_false_a_rate() -> None:
    summary = Summary()
    for result, alive in [("dead", False), ("dead", True), ("time up", False)]:
        summary.add({"result": result, "alive": alive, "depth": 3})
    rates = summary.rates_dict()
    assert rates["result=dead"]["p"] == pytest.approx(2 / 3)
    assert rates["result=time up"]["count"] == 1
    assert rates["alive"]["p"] == pytest.approx(1 / 3)
    assert summary.metrics_dict()["depth"]["ci95"] == [3.0, 3.0]


def test_an_interval_stays_within_the_values_seen() -> None:
    rare = Mean()
    for value in [0.0] * 199 + [1.0]:  # one death from a cause in 200 games
        rare.add(value)
    low, high = rare.ci95()
    assert t_interval(rare.mean, rare.sd, rare.n)[0] < 0.0 == low < rare.mean < high
    assert Summary().metrics_dict() == {}
    spread = Mean()
    for value in (-3.0, 4.0, 5.0):
        spread.add(value)
    assert spread.ci95() == (-3.0, 5.0)  # wider than the values: cut to them


def test_a_share_counts_every_member_of_every_game() -> None:
    summary = Summary()
    for alive, of in [(1, 2), (0, 0), (1, 1), (0, 1)]:  # 2 of 4 members, over 4 games
        summary.add({"alive_at_end.wizard": Share(alive, of)})
    rate = summary.rates_dict()["alive_at_end.wizard"]
    assert (rate["count"], rate["n"], rate["p"]) == (2, 4, 0.5)
    assert str(Share(3, 4)) == "3/4"


@given(st.lists(st.integers(1, 30), min_size=1, max_size=100))
def test_the_survival_curve_starts_at_one_and_falls(depths: list[int]) -> None:
    summary = Summary()
    for depth in depths:
        summary.add({"depth": depth})
    curve = summary.share_at_least("depth")
    assert curve[0] == (min(depths), 1.0)
    shares = [share for _, share in curve]
    assert shares == sorted(shares, reverse=True)
    for depth, share in curve:
        assert share == pytest.approx(sum(d >= depth for d in depths) / len(depths))


def test_too_many_distinct_values_drop_the_histogram_not_the_mean() -> None:
    mean = Mean()
    for number in range(MAX_DISTINCT + 5):
        mean.add(number + 0.5)
    assert mean.counts is None
    assert mean.mean == pytest.approx((MAX_DISTINCT + 4) / 2 + 0.5)
    assert Rate(3, 4).p == 0.75


def _held_after(games: int) -> int:
    """Bytes a Summary holds after ``games`` rows like a game's."""
    tracemalloc.start()
    summary = Summary()
    for index in range(games):
        summary.add({"result": "dead" if index % 3 else "time up", "depth": index % 40,
                     "rounds": (index * 7919) % 3000, "alive": index % 2 == 0,
                     "treasure": math.floor(index % 97)})
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del summary
    return held


def test_memory_stays_flat_as_games_stream_in() -> None:
    """Ten times the games, about the same memory: nothing grows with the count."""
    small, large = _held_after(4_000), _held_after(40_000)
    assert large < small * 1.2 + 50_000
