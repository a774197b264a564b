"""What a hit takes away: defence cards from a character, hit dice from enemies.

Seed 004, Defense Cards: a character hit by margin M "must discard defense cards
with a total rating at least equal to the margin ... A player may have to discard
a large card if there are no smaller cards that exactly total the damage". The
defender chooses; played without a person, the choice is the one that loses the
least rating (then the fewest cards), which is what a player keeping their
character alive would do.

Seed 004, Enemies: hit dice are eliminated "like defense cards": "A hit on goblins
of 5 MoS might take out both the 2 and 3 or the 5". So a hit takes dice the same way
a hit on a character takes defence cards: dice whose total is at least the margin,
and a larger die only when no smaller ones make the margin exactly (the least total
that reaches the margin; every die when all of them together do not). Among the sets
of dice with that total, the attacker chooses (the seed's "might": the 2 and 3, or the
5); the automated attacker takes out the most creatures, then the most dice. A beefy
enemy's dice are grouped; it falls when all are gone.
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
    dice: the least total at least ``margin`` (every die when all fall short of it), and
    of the sets with that total, the one that takes out the most creatures, then the most
    dice (then the first found, creature by creature)."""
    if margin <= 0:
        return []
    dice = [(c, i) for c, values in enumerate(groups) for i in range(len(values))]
    if sum(groups[c][i] for c, i in dice) <= margin:
        return dice
    ceiling = margin + max(groups[c][i] for c, i in dice)
    """No least total reaches this: without any one of its dice it would still cover."""
    best: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = {0: (0, 0, ())}
    """For each total reachable so far: (creatures taken out, dice, the dice taken)."""
    for creature, values in enumerate(groups):
        if not values:
            continue
        options = _subsets(creature, values)
        grown = dict(best)
        for total, (kills, count, chosen) in best.items():
            if total >= margin:
                continue
            for value, killed, taken in options:
                reach = total + value
                if reach >= ceiling:
                    continue
                score = (kills + killed, count + len(taken))
                known = grown.get(reach)
                if known is None or score > known[:2]:
                    grown[reach] = (*score, chosen + taken)
        best = grown
    total = min(t for t in best if t >= margin)
    return sorted(best[total][2])


def _subsets(creature: int, values: Sequence[int]
             ) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    """Every non-empty set of one creature's dice: (total, 1 if it is all of them, dice)."""
    found = []
    for size in range(1, len(values) + 1):
        for indexes in itertools.combinations(range(len(values)), size):
            found.append((sum(values[i] for i in indexes), int(size == len(values)),
                          tuple((creature, i) for i in indexes)))
    return found
