"""The confidence sequence: its error rate under repeated looks stays at or below alpha
(seeded simulation), where a fixed-sample interval looked at as often fails."""

from __future__ import annotations

import math

import numpy as np
import pytest

from undercroft.sim.sequence import ALPHA, Running, half_width, tuning

RUNS = 2000
LOOKS = range(100, 2001, 25)
"""A comparison's looks: after every batch of 25 paired games from the 100th."""


def _error_rate(differences: np.ndarray, truth: float, width: object) -> float:
    """Share of runs whose interval excluded ``truth`` at any look."""
    sums = np.cumsum(differences, axis=1)
    squares = np.cumsum(differences ** 2, axis=1)
    missed = np.zeros(differences.shape[0], dtype=bool)
    for n in LOOKS:
        mean = sums[:, n - 1] / n
        sd = np.sqrt(np.maximum(squares[:, n - 1] - n * mean ** 2, 0.0) / (n - 1))
        half = np.array([width(n, s) for s in sd])  # type: ignore[operator]
        missed |= np.abs(mean - truth) > half
    return float(missed.mean())


def _draws(kind: str) -> tuple[np.ndarray, float]:
    rng = np.random.default_rng(26)
    shape = (RUNS, max(LOOKS))
    if kind == "normal":
        return rng.normal(0.3, 2.0, shape), 0.3
    if kind == "counts":  # a difference of two skewed counts, as depth is
        return rng.poisson(3.0, shape) - rng.poisson(2.5, shape).astype(float), 0.5
    return (rng.random(shape) < 0.1).astype(float) - (rng.random(shape) < 0.08), 0.02


@pytest.mark.parametrize("kind", ["normal", "counts", "rates"])
def test_repeated_looks_miss_at_most_alpha(kind: str) -> None:
    differences, truth = _draws(kind)
    rho2 = tuning(ALPHA, 1000)
    rate = _error_rate(differences, truth, lambda n, sd: half_width(n, sd, ALPHA, rho2))
    slack = 3 * math.sqrt(ALPHA * (1 - ALPHA) / RUNS)
    assert rate <= ALPHA + slack, rate


def test_a_fixed_interval_looked_at_as_often_misses_far_more() -> None:
    differences, truth = _draws("normal")
    rate = _error_rate(differences, truth, lambda n, sd: 1.96 * sd / math.sqrt(n))
    assert rate > 3 * ALPHA


def test_the_interval_narrows_and_is_tightest_near_the_planned_games() -> None:
    rho2 = tuning(ALPHA, 1000)
    widths = [half_width(n, 1.0, ALPHA, rho2) for n in (100, 1000, 10_000)]
    assert widths == sorted(widths, reverse=True)
    assert half_width(1000, 1.0, ALPHA, rho2) < 1.6 * 1.96 / math.sqrt(1000)
    assert half_width(1, 1.0, ALPHA, rho2) == math.inf


def test_running_mean_and_spread_agree_with_numpy() -> None:
    values = np.random.default_rng(3).normal(1.0, 2.0, 500)
    running = Running()
    for value in values:
        running.add(float(value))
    assert running.mean == pytest.approx(values.mean())
    assert running.sd == pytest.approx(values.std(ddof=1))
    lo, hi = running.interval(ALPHA, tuning(ALPHA, 1000))
    assert lo < running.mean < hi
