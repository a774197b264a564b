"""How the sensible player spends a level point (seed 000: "a die amount (d#) increases
by one die type, or a number increases by one").

With Scaling, a search for a secret exit and the escape from quicksand are Speed
contests against the Level Bonus (the normal levels reached), which grows by up to
one a level, while a hero gains a level point every ``advance_every`` (2) levels. A
hero who never raises Speed finds these contests hopeless a few tens of levels down;
one who raises only Speed fights with its starting dice. The sensible player keeps
Speed within :data:`SPEED_GAP` of the bonus it will face when its next point comes
(:data:`LOOK_AHEAD` levels on) and otherwise raises its lowest die, as the fixed
house rule did before players chose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

SPEED_GAP: Final = 5
"""How far the Level Bonus may run ahead of the hero's Speed: d20 + Speed against
d20 + Speed + 5 is won about one time in four (a secret exit is found in five searches
of its wall four times in five)."""
LOOK_AHEAD: Final = 2
"""Levels until the next level point (the default ``advance_every``): the bonus grows
by at most one a level meanwhile."""
DICE: Final = ("melee", "shot", "magic")


def die_sides(die: str | int) -> int:
    """A printed die's size, past d12 counting its bonus ("d12+2" -> 14)."""
    body = str(die).lstrip("d").split("+")
    return int(body[0]) + (int(body[1]) if len(body) > 1 else 0)


def sensible_ability(numbers: Mapping[str, str | int], level_bonus: int) -> str:
    """The ability the sensible player raises: Speed when the Level Bonus would
    otherwise run more than :data:`SPEED_GAP` ahead of it by its next point, else the
    lowest of its dice (the first of them on a tie)."""
    speed = int(numbers["speed"])
    if level_bonus + LOOK_AHEAD - speed > SPEED_GAP:
        return "speed"
    return min(DICE, key=lambda name: die_sides(numbers[name]))
