"""Labyrinth's content field types: dice amounts, monster counts, level ranges, entry IDs.

Cards and monsters (``cards``) and band recipes (``bands``) share
these checked field types, so a dice expression that could come out too low or a
level outside the seed's floors is refused where it is read, in one place. The
dice text is read by the project's own parser, so a card's field means exactly
what the rules engine will roll.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

from undercroft.dice import Dice, Sum, parse

MAX_LEVEL = 5
"""The deepest level of any card or monster in the seed (its five floors)."""
ID_PATTERN = r"^[a-z][a-z0-9-]*$"


def lowest(total: Sum) -> int:
    """The smallest total a dice sum can show (every die on 1, subtracted dice at most)."""
    low = 0
    for term in total.terms:
        item = term.item
        least, most = (item.kept, item.kept * item.sides) if isinstance(item, Dice) \
            else (item.value, item.value)
        low += -most if term.negative else least
    return low


def _dice_sum(text: str, at_least: int) -> str:
    """``text`` if it is a dice sum (read by the project's parser) never below ``at_least``."""
    expression = parse(text)
    if not isinstance(expression, Sum):
        raise ValueError(f"{text!r} is a comparison or contest; expected an amount like 1d4+1")
    if lowest(expression) < at_least:
        raise ValueError(f"{text!r} can come out as {lowest(expression)}; "
                         f"it must never be below {at_least}")
    return text


def _whole_to_text(value: Any) -> Any:
    """A whole number written without quotes (``count = 1``) reads as the expression "1"."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _level_range(levels: tuple[int, int]) -> tuple[int, int]:
    low, high = levels
    if not 1 <= low <= MAX_LEVEL or not 1 <= high <= MAX_LEVEL:
        raise ValueError(f"levels run 1-{MAX_LEVEL} (the seed's floors), got {low}-{high}")
    if low > high:
        raise ValueError(f"the lowest level comes first, got {low}-{high}")
    return levels


def _amount(text: str) -> str:
    return _dice_sum(text, 0)


def _count(text: str) -> str:
    return _dice_sum(text, 1)


Amount = Annotated[str, AfterValidator(_amount)]
"""Damage, healing, silver: a dice sum that never comes out below 0."""
Count = Annotated[str, BeforeValidator(_whole_to_text),
                  AfterValidator(_count)]
"""How many monsters: a dice sum or a whole number, never below 1."""
Levels = Annotated[tuple[int, int], AfterValidator(_level_range)]
"""A level range [lowest, highest], inclusive (Chapter 2, Card Levels)."""
EntryId = Annotated[str, Field(pattern=ID_PATTERN)]
