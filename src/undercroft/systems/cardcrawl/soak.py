"""What a hit takes away: defence cards from a character, hit dice from enemies.

Seed 004, Defense Cards: a character hit by margin M "must discard defense cards
with a total rating at least equal to the margin ... A player may have to discard
a large card if there are no smaller cards that exactly total the damage". The
defender chooses; played without a person, the choice is the one that loses the
least rating (then the fewest cards), which is what a player keeping their
character alive would do.

Seed 004, Enemies: hit dice are eliminated "like defense cards": "A hit on goblins
of 5 MoS might take out both the 2 and 3 or the 5". Both of the seed's choices
spend the margin without going over it (the 6 is not among them), so a hit takes
dice whose total is at most the margin, and as many as fit: the attacker chooses,
and the automated attacker takes out the most creatures, then the most dice, then
the largest total. A beefy enemy's dice are grouped; it falls when all are gone.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence


def defence_discard(ratings: Sequence[int], margin: int) -> list[int]:
    """Indexes of the cards to discard for a hit of ``margin``: the smallest total at
    least ``margin`` (then the fewest cards); every card when all together fall short."""
    if margin <= 0:
        return []
    if sum(ratings) <= margin:
        return list(range(len(ratings)))
    best: dict[int, list[int]] = {0: []}
    """Smallest card count (as index lists) reaching each total, built card by card."""
    for index, rating in enumerate(ratings):
        for total, chosen in sorted(best.items(), reverse=True):
            reach = total + rating
            if total >= margin:
                continue
            known = best.get(reach)
            if known is None or len(chosen) + 1 < len(known):
                best[reach] = [*chosen, index]
    total = min(t for t in best if t >= margin)
    return sorted(best[total])


def enemy_hits(groups: Sequence[Sequence[int]], margin: int) -> list[tuple[int, int]]:
    """(creature, die index) pairs a hit of ``margin`` removes from creatures' remaining
    dice: whole creatures first (smallest first, the most that fit), then the most
    single dice of those left, as large a total as still fits."""
    if margin <= 0:
        return []
    removed: list[tuple[int, int]] = []
    left = margin
    order = sorted(range(len(groups)), key=lambda c: (sum(groups[c]), c))
    alive = [c for c in order if groups[c]]
    killed = set()
    for creature in alive:
        need = sum(groups[creature])
        if need <= left:
            left -= need
            killed.add(creature)
            removed += [(creature, i) for i in range(len(groups[creature]))]
    loose = [(value, creature, index) for creature in alive if creature not in killed
             for index, value in enumerate(groups[creature])]
    removed += _most_dice(loose, left)
    return sorted(removed)


def _most_dice(loose: list[tuple[int, int, int]], left: int) -> list[tuple[int, int]]:
    """The most dice whose values fit in ``left``, then the largest total of them."""
    values = sorted(loose)
    count, spent = 0, 0
    for value, _, _ in values:
        if spent + value > left:
            break
        spent += value
        count += 1
    if count == 0:
        return []
    if len(values) <= 12:
        best = max((combo for combo in itertools.combinations(values, count)
                    if sum(v for v, _, _ in combo) <= left),
                   key=lambda combo: (sum(v for v, _, _ in combo), [-c for _, c, _ in combo]))
    else:
        best = tuple(values[:count])
    return [(creature, index) for _, creature, index in best]
