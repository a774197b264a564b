"""A paired comparison of two rule values that stops as soon as the question is answered.

Both arms play the same games (game ``i`` of each on ``game_seed(S, i)``), in paired
batches of ``PAIR_BATCH``; after each batch every metric's paired differences (arm B's
figure minus arm A's, game by game) give a mean difference and an anytime-valid
interval (:mod:`undercroft.sim.sequence`), so looking after every batch keeps the
error rate. The run stops when every metric is answered:

- ``decided``: the interval excludes zero, or lies within ``+-tolerance``;
- ``precise``: the interval is narrower than ``tolerance``;

or when ``max_games`` pairs are played. Batches are a fixed size and looked at in game
order, so the answer is the same whoever plays the games.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from undercroft.engine.figures import Figure, FigureSpec, Share
from undercroft.errors import BadInput
from undercroft.sim.games import Batch
from undercroft.sim.sequence import ALPHA, METHOD, Running, tuning
from undercroft.sim.settings import Arm

PAIR_BATCH: Final = 25
"""Paired games between looks (a fixed size: the answer must not depend on workers)."""
MIN_PAIRS: Final = 100
"""Paired games before the first look: the running spread needs some games to settle."""
PLANNED_PAIRS: Final = 1000
"""Where the boundary is tightest (``t*``); it stays valid before and after."""
UNTIL: Final = ("decided", "precise")

Until = Literal["decided", "precise"]


@dataclass(frozen=True)
class Question:
    """What to compare (two arms of one key), on which figures, until what."""

    key: str
    arms: tuple[Arm, Arm]
    metrics: tuple[str, ...]
    until: Until = "decided"
    tolerance: float | None = None
    max_games: int = 10_000
    players: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    """Each arm's players when the arms differ by players, not by a setting (both arms
    then have the same config)."""

    @property
    def values(self) -> tuple[str, str]:
        return (self.arms[0].settings[self.key], self.arms[1].settings[self.key])

    @property
    def alpha(self) -> float:
        """Each metric's share of the error rate (Bonferroni), so that the answers about
        every metric hold together at ``ALPHA``."""
        return ALPHA / len(self.metrics)


def check_question(until: str, tolerance: float | None, max_games: int) -> Until:
    """``--until``, ``--tolerance`` and ``--max-games`` checked before any game."""
    if until not in UNTIL:
        raise BadInput(f"--until {until}: expected one of {', '.join(UNTIL)}")
    if tolerance is not None and not tolerance > 0:
        raise BadInput(f"--tolerance {tolerance}: expected a number above 0")
    if until == "precise" and tolerance is None:
        raise BadInput("--until precise: needs --tolerance (how narrow)")
    if max_games < MIN_PAIRS:
        raise BadInput(f"--max-games {max_games}: expected {MIN_PAIRS} or more")
    return "precise" if until == "precise" else "decided"


def check_metrics(spec: FigureSpec, names: Sequence[str]) -> tuple[str, ...]:
    """The metrics asked for (default: the headline's first), each a column of the
    system's rows or ``column=word`` for a word figure (``result=victory``)."""
    if not names:
        return (spec.headline[0] if spec.headline else spec.columns[0],)
    for name in names:
        column = name.partition("=")[0]
        if column not in spec.columns:
            raise BadInput(f"--metric {name}: unknown figure (known: "
                           f"{', '.join(spec.columns)})")
    if len(set(names)) < len(names):
        raise BadInput("--metric: a figure given twice")
    return tuple(names)


def metric_value(row: dict[str, Figure], name: str) -> float:
    """A game's figure as a number: a count or measure as it is, true as 1, a share as
    its fraction, ``column=word`` as 1 when the word is the game's."""
    column, is_word, word = name.partition("=")
    value = row[column]
    if is_word:
        return 1.0 if str(value) == word else 0.0
    if isinstance(value, Share):
        return value.hits / value.of if value.of else 0.0
    if isinstance(value, str):
        raise BadInput(f"--metric {name}: a word figure; name one of its words "
                       f"({column}={value})")
    return float(value)


def check_metric_values(row: dict[str, Figure], names: Sequence[str]) -> None:
    """Refuse, before the comparison starts, a metric that is not a number in a game's
    row (a word figure named without ``=word``); ``row`` is one game played for it."""
    for name in names:
        metric_value(row, name)


@dataclass
class Paired:
    """One metric's paired differences and each arm's mean over the same games."""

    name: str
    difference: Running = field(default_factory=Running)
    first: Running = field(default_factory=Running)
    second: Running = field(default_factory=Running)

    def add(self, row_a: dict[str, Figure], row_b: dict[str, Figure]) -> None:
        a, b = metric_value(row_a, self.name), metric_value(row_b, self.name)
        self.first.add(a)
        self.second.add(b)
        self.difference.add(b - a)


@dataclass(frozen=True)
class Finding:
    """One metric's answer at a look."""

    metric: str
    difference: float
    interval: tuple[float, float]
    means: tuple[float, float]
    verdict: str
    """``raises``, ``lowers``, ``within`` (the tolerance) or ``open`` (not yet known)."""

    @property
    def width(self) -> float:
        return self.interval[1] - self.interval[0]


def finding(paired: Paired, alpha: float, rho2: float, tolerance: float | None) -> Finding:
    lo, hi = paired.difference.interval(alpha, rho2)
    if lo > 0:
        verdict = "raises"
    elif hi < 0:
        verdict = "lowers"
    elif tolerance is not None and -tolerance <= lo and hi <= tolerance:
        verdict = "within"
    else:
        verdict = "open"
    return Finding(paired.name, paired.difference.mean, (lo, hi),
                   (paired.first.mean, paired.second.mean), verdict)


def answered(found: Finding, until: Until, tolerance: float | None) -> bool:
    if until == "precise":
        return tolerance is not None and found.width < tolerance
    return found.verdict != "open"


@dataclass(frozen=True)
class Answer:
    """Where a comparison stopped, and what it found."""

    question: Question
    games: int
    stopped_by: str
    """``decided``, ``precise`` or ``max-games``."""
    findings: tuple[Finding, ...]

    def sentences(self) -> list[str]:
        """One sentence per metric: "countdown_every=3 raises mean depth_reached by 2.1
        (1.4 to 2.8) over 2; decided after 640 paired games"."""
        return [self._sentence(found) for found in self.findings]

    def _sentence(self, found: Finding) -> str:
        first, second = self.question.values
        key = self.question.key
        lo, hi = found.interval
        what = (f"the rate of {found.metric}" if "=" in found.metric
                else f"mean {found.metric}")
        places = decimals(found)
        if found.verdict in ("raises", "lowers"):
            sign = 1 if found.verdict == "raises" else -1
            low, high = sorted((sign * lo, sign * hi))
            change = (f"{found.verdict} {what} by {sign * found.difference:.{places}f} "
                      f"({low:.{places}f} to {high:.{places}f})")
        else:
            change = (f"changes {what} by {found.difference:+.{places}f} "
                      f"({lo:.{places}f} to {hi:.{places}f})")
            if found.verdict == "within":
                change += f", within +-{self.question.tolerance or 0.0:g}"
        if self.stopped_by == "max-games":
            end = f"not {self.question.until} after {self.games:,} paired games"
        else:
            end = f"{self.stopped_by} after {self.games:,} paired games"
        return f"{key}={second} {change} over {first}; {end}"

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` answer: the same as the sentences, as data."""
        question = self.question
        document: dict[str, Any] = {
            "key": question.key, "arms": list(question.values),
            "until": question.until, "tolerance": question.tolerance,
            "max_games": question.max_games, "games": self.games,
            "stopped_by": self.stopped_by, "method": METHOD,
            "confidence": 1 - ALPHA, "metric_alpha": question.alpha,
            "metrics": [{"metric": f.metric, "difference": f.difference,
                         "interval": list(f.interval),
                         "means": dict(zip(question.values, f.means, strict=True)),
                         "verdict": f.verdict} for f in self.findings],
            "answer": self.sentences(),
        }
        plain: dict[str, Any] = json.loads(json.dumps(document))
        return plain


def decimals(found: Finding) -> int:
    """Decimal places for a finding's figures: enough for two significant digits of the
    interval's half-width, and the same for the difference and both ends, so that
    "0.30 (0.12 to 0.48)" reads evenly. Further digits would be noise."""
    half = found.width / 2
    if not math.isfinite(half) or half <= 0:
        return 3
    return min(6, max(0, 1 - math.floor(math.log10(half))))


def paired_batches(system: str, agents: tuple[str, ...], seed: int,
                   question: Question) -> Iterator[Batch]:
    """Arm A's batch then arm B's, of the same games, up to ``max_games`` pairs."""
    configs = [arm.config.model_dump_json() for arm in question.arms]
    players = question.players or (agents, agents)
    for start in range(0, question.max_games, PAIR_BATCH):
        stop = min(question.max_games, start + PAIR_BATCH)
        for arm, config, seats in zip(question.arms, configs, players, strict=True):
            yield Batch(system, config, seats, seed, arm.index, start, stop)


Rows = list[dict[str, Figure]]


def compare(results: Iterable[Rows], question: Question,
            look: Callable[[int, tuple[Finding, ...]], None] | None = None) -> Answer:
    """Sum up ``results`` (arm A's rows of a batch, then arm B's of the same games, and so
    on) and stop at the first look that answers every metric."""
    rho2 = tuning(question.alpha, PLANNED_PAIRS)
    pairs = [Paired(name) for name in question.metrics]
    games = 0
    found: tuple[Finding, ...] = ()
    stream = iter(results)
    for rows_a, rows_b in zip(stream, stream, strict=True):
        for row_a, row_b in zip(rows_a, rows_b, strict=True):
            for paired in pairs:
                paired.add(row_a, row_b)
        games += len(rows_a)
        found = tuple(finding(p, question.alpha, rho2, question.tolerance) for p in pairs)
        if look is not None:
            look(games, found)
        if games >= MIN_PAIRS and all(answered(f, question.until, question.tolerance)
                                      for f in found):
            return Answer(question, games, question.until, found)
    return Answer(question, games, "max-games", found)

