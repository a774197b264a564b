"""What the simulator reads of one finished game: a row of figures, and what they mean.

Every ruleset says, as data, which figures one game yields (a fixed list of
columns, so a run's rows form one table) and which of them the balance lab's
report draws as what: how deep a game went, how deep each group (a class) went,
the distributions worth a histogram, the figures compared across groups, and
deaths by cause. The simulator and its report know nothing else of the rules.

A figure's type says how it is summed up over games: a number gets a mean with
a confidence interval, a true/false a rate with a Wilson interval, a share (k of a
game's n members) a rate over every member of every game, and a word (a game's
result) a rate for each word seen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Share:
    """``hits`` of ``of``: a figure of a game's members rather than of the game (three of
    its four adventurers alive). Summed over games as one rate of all the hits over all
    the members, so a game with two of a class counts twice and a game with none not at
    all; written in a row as "3/4"."""

    hits: int
    of: int

    def __str__(self) -> str:
        return f"{self.hits}/{self.of}"


Figure = int | float | bool | str | Share
"""One cell of a game's row."""


@dataclass(frozen=True)
class FigureSpec:
    """The columns of a game's row, and which the report draws how."""

    columns: tuple[str, ...]
    """Every figure of a game's row, in order (the same for every game of a config)."""
    headline: tuple[str, ...] = ()
    """The figures a designer looks at first (and the panels of a sweep)."""
    depth: str | None = None
    """The column saying how deep a game went (the survival curve by depth)."""
    depth_by_group: str | None = None
    """Prefix of columns saying how deep each group (a class) went alive."""
    distributions: tuple[str, ...] = ()
    """Columns worth a histogram."""
    by_group: tuple[str, ...] = ()
    """Prefixes of figures compared across groups with error bars (``treasure.``)."""
    causes: str | None = None
    """Prefix of the count of deaths by each cause (``deaths_by.``)."""
    units: Mapping[str, str] | None = None
    """A unit or a short meaning for a column or prefix, for axis labels."""

    def unit(self, column: str) -> str:
        """The unit of ``column`` (looked up by name, then by its prefix), or ''."""
        units = self.units or {}
        if column in units:
            return units[column]
        prefix = column.split(".", 1)[0] + "."
        return units.get(prefix, "")


class GameWatcher(Protocol):
    """Follows one game's events as it is played, then says its row of figures."""

    def see(self, events: Sequence[Any]) -> None: ...

    def row(self) -> dict[str, Figure]: ...
