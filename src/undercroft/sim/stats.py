"""Summing up games as they stream in: means with t intervals, rates with Wilson intervals.

Memory stays flat however many games are played: a number keeps its count,
mean and sum of squared deviations (Welford's method) and a bounded count of the
values seen (for histograms and medians); a true/false or a word keeps counts.
No row is kept. Rows are added in game order, so the same games give the same
figures to the last digit whatever the number of workers.

scipy.stats is imported where an interval is worked out: it takes about a second to
load, and commands that only play games (``audit``, ``play``) never need it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from undercroft.engine.figures import Figure, Share

CONFIDENCE: Final = 0.95
MAX_DISTINCT: Final = 20_000
"""Distinct values a number keeps counts of; past this its histogram is dropped (the
mean and interval stay exact), so a figure of floats cannot grow without bound."""


def t_interval(mean: float, sd: float, n: int, confidence: float = CONFIDENCE
               ) -> tuple[float, float]:
    """Student's t interval for a mean; one game gives no spread, so the interval is the
    mean itself."""
    if n < 2 or sd == 0.0:
        return (mean, mean)
    from scipy import stats as scipy_stats

    half = float(scipy_stats.t.ppf(0.5 + confidence / 2, n - 1)) * sd / math.sqrt(n)
    return (mean - half, mean + half)


def wilson_interval(hits: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Wilson's score interval for a rate (good near 0 and 1, where the normal one fails)."""
    if n == 0:
        return (0.0, 1.0)
    from scipy import stats as scipy_stats

    ci = scipy_stats.binomtest(hits, n).proportion_ci(confidence_level=confidence,
                                                      method="wilson")
    return (float(ci.low), float(ci.high))


@dataclass
class Mean:
    """A number over games: Welford's running mean and spread, and its values' counts."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0
    low: float = math.inf
    high: float = -math.inf
    counts: Counter[float] | None = field(default_factory=Counter)

    def add(self, value: float) -> None:
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (value - self.mean)
        self.low = min(self.low, value)
        self.high = max(self.high, value)
        if self.counts is not None:
            self.counts[value] += 1
            if len(self.counts) > MAX_DISTINCT:
                self.counts = None

    @property
    def sd(self) -> float:
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else 0.0

    def ci95(self) -> tuple[float, float]:
        """The t interval, kept within the values seen: a mean lies between its values'
        least and greatest, so the interval of a figure that cannot be negative (a count
        of deaths that is mostly 0) never reaches below zero."""
        low, high = t_interval(self.mean, self.sd, self.n)
        if self.n == 0:
            return low, high
        return max(low, self.low), min(high, self.high)

    def median(self) -> float | None:
        if not self.counts:
            return None
        half, seen = self.n / 2, 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= half:
                return value
        return None

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.ci95()
        return {"mean": self.mean, "ci95": [lo, hi], "sd": self.sd, "n": self.n,
                "min": self.low if self.n else None, "max": self.high if self.n else None,
                "median": self.median()}


@dataclass
class Rate:
    """How often something was true over the games (or the members of games) that could
    say."""

    hits: int = 0
    n: int = 0

    def add(self, hit: bool) -> None:
        self.n += 1
        self.hits += hit

    def add_share(self, share: Share) -> None:
        """``share.hits`` of ``share.of`` more (the members of one game)."""
        self.n += share.of
        self.hits += share.hits

    @property
    def p(self) -> float:
        return self.hits / self.n if self.n else 0.0

    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.hits, self.n)

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.ci95()
        return {"p": self.p, "ci95": [lo, hi], "count": self.hits, "n": self.n}


@dataclass
class Summary:
    """Every figure of a run's games, summed up as the rows stream in."""

    games: int = 0
    means: dict[str, Mean] = field(default_factory=dict)
    rates: dict[str, Rate] = field(default_factory=dict)
    words: dict[str, Counter[str]] = field(default_factory=dict)

    def add(self, row: Mapping[str, Figure]) -> None:
        """One game's row (its columns in the same order every time)."""
        self.games += 1
        for name, value in row.items():
            if isinstance(value, Share):
                self.rates.setdefault(name, Rate()).add_share(value)
            elif isinstance(value, bool):
                self.rates.setdefault(name, Rate()).add(value)
            elif isinstance(value, int | float):
                self.means.setdefault(name, Mean()).add(float(value))
            else:
                self.words.setdefault(name, Counter())[str(value)] += 1

    def word_rates(self) -> dict[str, Rate]:
        """A rate for each word seen in a word column: ``result=dead``."""
        found: dict[str, Rate] = {}
        for name, counts in self.words.items():
            n = sum(counts.values())
            for word in sorted(counts):
                found[f"{name}={word}"] = Rate(counts[word], n)
        return found

    def metrics_dict(self) -> dict[str, dict[str, Any]]:
        return {name: self.means[name].to_dict() for name in self.means}

    def rates_dict(self) -> dict[str, dict[str, Any]]:
        every = {**self.rates, **self.word_rates()}
        return {name: every[name].to_dict() for name in every}

    def histogram(self, column: str) -> dict[float, int] | None:
        """How many games had each value of ``column`` (None once too many distinct)."""
        mean = self.means.get(column)
        if mean is None or mean.counts is None:
            return None
        return dict(sorted(mean.counts.items()))

    def share_at_least(self, column: str) -> list[tuple[float, float]]:
        """Survival: for each value v seen, the share of games whose ``column`` >= v."""
        counts = self.histogram(column)
        if not counts:
            return []
        total = sum(counts.values())
        left, curve = total, []
        for value, count in counts.items():
            curve.append((value, left / total))
            left -= count
        return curve
