"""Labyrinth's five elements and the relation of an elemental affinity.

Seed 002, Chapter 1: "You can choose up to two elements from the diagram to the
left, noting their relation to each other (either creative or destructive). If
you choose just one or none at all, then the relation attribute is nullified."

The diagram is missing from the seed (docs/rules/labyrinth-characters.md). We
use the five classic elements in their classic cycles: wood, fire, earth, metal
and water, where each generates the next (wood feeds fire, fire makes earth of
ash, earth bears metal, metal gathers water, water feeds wood) and each
overcomes the one two steps on (wood parts earth, earth dams water, water
quenches fire, fire melts metal, metal cuts wood). With five elements every
pair of two different elements is exactly one of the two, so the seed's
"either creative or destructive" holds for every two-element affinity.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Final, Literal

from undercroft.errors import BadInput

Relation = Literal["creative", "destructive", "nullified"]

ELEMENTS: Final = ("wood", "fire", "earth", "metal", "water")
"""In generating order; an affinity is kept in this order."""
MAX_ELEMENTS: Final = 2

GENERATES: Final[dict[str, str]] = {
    "wood": "fire", "fire": "earth", "earth": "metal", "metal": "water", "water": "wood"}
"""The generating (creative) cycle: each element feeds the next."""
OVERCOMES: Final[dict[str, str]] = {
    "wood": "earth", "earth": "water", "water": "fire", "fire": "metal", "metal": "wood"}
"""The overcoming (destructive) cycle: each element masters the one two steps on."""


def affinity(elements: Iterable[str]) -> tuple[str, ...]:
    """The affinity as a tuple in :data:`ELEMENTS` order, or BadInput saying what is wrong.

    Up to two distinct, known elements (lower case); the order chosen does not
    matter, so ("water", "fire") and ("fire", "water") are the same affinity.
    """
    chosen = [str(element).strip().lower() for element in elements]
    unknown = [element for element in chosen if element not in ELEMENTS]
    if unknown:
        raise BadInput(f"elements: {unknown[0]!r} is not an element "
                       f"(elements: {', '.join(ELEMENTS)})")
    repeated = sorted({element for element in chosen if chosen.count(element) > 1})
    if repeated:
        raise BadInput(f"elements: {repeated[0]!r} is chosen twice; an affinity is up to "
                       f"{MAX_ELEMENTS} different elements")
    if len(chosen) > MAX_ELEMENTS:
        raise BadInput(f"elements: {len(chosen)} chosen ({', '.join(chosen)}); the seed "
                       f"allows up to {MAX_ELEMENTS}")
    return tuple(element for element in ELEMENTS if element in chosen)


def relation(elements: Iterable[str]) -> Relation:
    """"creative" if one element generates the other, "destructive" if one overcomes the
    other, "nullified" for one element or none (the seed's words)."""
    chosen = affinity(elements)
    if len(chosen) < MAX_ELEMENTS:
        return "nullified"
    first, second = chosen
    if GENERATES[first] == second or GENERATES[second] == first:
        return "creative"
    if OVERCOMES[first] == second or OVERCOMES[second] == first:
        return "destructive"
    raise AssertionError(f"{first} and {second} are in neither cycle")  # five elements: never


AFFINITIES: Final[tuple[tuple[str, ...], ...]] = (
    (), *((element,) for element in ELEMENTS), *combinations(ELEMENTS, 2))
"""Every affinity a character may choose: none, one of five, or one of ten pairs (16)."""
