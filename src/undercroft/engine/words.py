"""Counting in words for the text a game says: "1 penny", "2 pennies", "1 hero"."""

from __future__ import annotations


def counted(number: int, one: str, many: str) -> str:
    """``number`` and the noun that agrees with it: ``one`` for exactly 1, else ``many``."""
    return f"{number} {one if number == 1 else many}"
