"""Shared test tools for the dice core: Hypothesis strategies and brute force.

The brute-force evaluator enumerates every way the dice can fall, with its own
keep/drop logic (sorting), so it shares no code with icepool or with
undercroft.dice beyond the expression values themselves.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

from hypothesis import strategies as st

from undercroft.dice import (
    COMPARE_OPS,
    Comparison,
    Constant,
    Contest,
    Dice,
    Keep,
    KeepKind,
    Sum,
    Term,
)

SIDES = (1, 2, 3, 4, 6, 8, 10, 12, 20, 100)
KINDS: tuple[KeepKind, ...] = ("kh", "kl", "dh", "dl")


@st.composite
def dice(draw: st.DrawFn, max_count: int = 4, max_sides: int = 100) -> Dice:
    count = draw(st.integers(1, max_count))
    sides = draw(st.sampled_from([s for s in SIDES if s <= max_sides]))
    keep = None
    if draw(st.booleans()):
        kind = draw(st.sampled_from(KINDS))
        number = draw(st.integers(1, count) if kind in ("kh", "kl") else st.integers(0, count - 1))
        keep = Keep(kind, number)
    show_count = True if count > 1 else draw(st.booleans())
    return Dice(count, sides, keep, show_count=show_count,
                percent=sides == 100 and draw(st.booleans()))


@st.composite
def sums(draw: st.DrawFn, max_terms: int = 3, max_count: int = 3, max_sides: int = 100) -> Sum:
    items = st.one_of(dice(max_count, max_sides), st.builds(Constant, st.integers(0, 20)))
    terms = draw(st.lists(st.builds(Term, items, st.booleans()), min_size=1,
                          max_size=max_terms))
    return Sum(tuple(terms))


def expressions(max_terms: int = 3, max_count: int = 3,
                max_sides: int = 100) -> st.SearchStrategy[Sum | Comparison | Contest]:
    side = sums(max_terms, max_count, max_sides)
    return st.one_of(side, st.builds(Comparison, side, st.sampled_from(COMPARE_OPS), side),
                     st.builds(Contest, side, side))


def _term_counts(term: Term) -> Counter[int]:
    """Ways for one term to make each signed value, by enumerating its dice."""
    item = term.item
    sign = -1 if term.negative else 1
    if isinstance(item, Constant):
        return Counter({sign * item.value: 1})
    counts: Counter[int] = Counter()
    for rolls in itertools.product(range(1, item.sides + 1), repeat=item.count):
        ordered = sorted(rolls)
        if item.keep is None:
            kept = ordered
        elif item.keep.kind == "kh":
            kept = ordered[len(ordered) - item.keep.count:]
        elif item.keep.kind == "kl":
            kept = ordered[: item.keep.count]
        elif item.keep.kind == "dh":
            kept = ordered[: len(ordered) - item.keep.count]
        else:
            kept = ordered[item.keep.count:]
        counts[sign * sum(kept)] += 1
    return counts


def brute_distribution(total: Sum) -> dict[int, Fraction]:
    """The exact distribution of a small sum, found by enumeration."""
    counts: Counter[int] = Counter({0: 1})
    for term in total.terms:
        part = _term_counts(term)
        combined: Counter[int] = Counter()
        for a, x in counts.items():
            for b, y in part.items():
                combined[a + b] += x * y
        counts = combined
    ways = sum(counts.values())
    return {value: Fraction(n, ways) for value, n in sorted(counts.items())}


def pairs(left: Sum, right: Sum) -> Iterator[tuple[int, int, Fraction]]:
    """Every (left total, right total, probability) of two independent sums."""
    for a, p in brute_distribution(left).items():
        for b, q in brute_distribution(right).items():
            yield a, b, p * q


class ScriptedStream:
    """A stand-in for a Stream whose dice are given in advance, to pin explanations exactly.

    It offers the methods the dice code calls rather than subclassing Stream,
    which `make fast` may compile (compiled classes take no interpreted subclasses).
    """

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.asked: list[tuple[int, int]] = []

    def dice(self, count: int, sides: int) -> list[int]:
        self.asked.append((count, sides))
        drawn, self.faces = self.faces[:count], self.faces[count:]
        assert len(drawn) == count, "the script ran out of dice"
        assert all(1 <= face <= sides for face in drawn)
        return drawn

    def die(self, sides: int) -> int:
        return self.dice(1, sides)[0]
