"""One dice expression, three outputs: an explained live roll, exact odds, a numpy sample.

>>> from undercroft.dice import parse, roll, odds, sample
>>> str(parse("4D6 k3"))
'4d6kh3'
>>> odds("d8+3 vs d6+2").p_win
Fraction(11, 16)

Modules, one job each: :mod:`.nodes` (the expression values), :mod:`.parser`
(notation to values), :mod:`.live` (explained rolls from a game's stream),
:mod:`.exact` (icepool odds, bounded by :mod:`.cost`), :mod:`.sample` (numpy
arrays), :mod:`.steps` (the d4..d12+N ladder) and :mod:`.limits`.

The exact odds are imported on first use: icepool takes a while to load, and a
live roll (``undercroft roll``, a game) never needs it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from undercroft.dice.limits import (
    MAX_CONSTANT,
    MAX_DICE,
    MAX_REROLLS,
    MAX_SAMPLES,
    MAX_SIDES,
    MAX_TEXT,
    Ties,
    parse_ties,
)
from undercroft.dice.live import (
    ComparisonRoll,
    ContestRoll,
    Roll,
    Round,
    SumRoll,
    TermRoll,
    roll,
)
from undercroft.dice.nodes import (
    COMPARE_OPS,
    CompareOp,
    Comparison,
    Constant,
    Contest,
    Dice,
    Expression,
    Keep,
    KeepKind,
    Sum,
    Term,
)
from undercroft.dice.parser import as_expression, parse
from undercroft.dice.sample import sample
from undercroft.dice.steps import DieStep

if TYPE_CHECKING:
    from undercroft.dice.exact import (
        ComparisonOdds,
        ContestOdds,
        DistributionOdds,
        Odds,
        distribution,
        odds,
        to_die,
    )

_EXACT = frozenset({"ComparisonOdds", "ContestOdds", "DistributionOdds", "Odds",
                    "distribution", "odds", "to_die"})


def __getattr__(name: str) -> Any:
    """The exact-odds names, from :mod:`.exact` imported now."""
    if name in _EXACT:
        return getattr(importlib.import_module("undercroft.dice.exact"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "COMPARE_OPS",
    "MAX_CONSTANT",
    "MAX_DICE",
    "MAX_REROLLS",
    "MAX_SAMPLES",
    "MAX_SIDES",
    "MAX_TEXT",
    "CompareOp",
    "Comparison",
    "ComparisonOdds",
    "ComparisonRoll",
    "Constant",
    "Contest",
    "ContestOdds",
    "ContestRoll",
    "Dice",
    "DieStep",
    "DistributionOdds",
    "Expression",
    "Keep",
    "KeepKind",
    "Odds",
    "Roll",
    "Round",
    "Sum",
    "SumRoll",
    "Term",
    "TermRoll",
    "Ties",
    "as_expression",
    "distribution",
    "odds",
    "parse",
    "parse_ties",
    "roll",
    "sample",
    "to_die",
]
