"""What a hit takes: defence cards (at least the margin, the least lost) and enemy hit dice
(at most the margin, the most creatures), against brute force over every choice."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from undercroft.rng import Stream
from undercroft.systems.cardcrawl.enemies import EnemyGroup, bestiary, roll_group
from undercroft.systems.cardcrawl.soak import defence_discard, enemy_hits


def test_the_seeds_defence_example() -> None:
    """Margin 2: "two 1 cards, or a 2 or better card"; the least lost is kept to."""
    assert defence_discard([1, 1, 3], 2) == [0, 1]
    assert defence_discard([1, 2, 3], 2) == [1]
    assert defence_discard([3, 5], 2) == [0]  # a large card when nothing smaller totals 2


@given(st.lists(st.integers(1, 9), max_size=10), st.integers(1, 40))
def test_defence_discard_is_the_least_rating_that_covers_the_margin(ratings: list[int],
                                                                     margin: int) -> None:
    chosen = defence_discard(ratings, margin)
    assert len(set(chosen)) == len(chosen)
    total = sum(ratings[i] for i in chosen)
    if sum(ratings) <= margin:
        assert chosen == list(range(len(ratings)))
        return
    covers = [sum(c) for r in range(len(ratings) + 1)
              for c in itertools.combinations(ratings, r) if sum(c) >= margin]
    assert total == min(covers)
    fewest = min(r for r in range(len(ratings) + 1)
                 for c in itertools.combinations(ratings, r) if sum(c) == total)
    assert len(chosen) == fewest


def test_the_seeds_goblin_example() -> None:
    """Goblins showing 2, 3, 5, 6 hit by 5: "take out both the 2 and 3 or the 5"; the
    automated attacker takes two goblins."""
    goblins = EnemyGroup("g", "goblin", [[2], [3], [5], [6]])
    assert goblins.take_hit(5) == [2, 3]
    assert goblins.standing == 2


@given(st.lists(st.lists(st.integers(1, 12), min_size=1, max_size=3), min_size=1, max_size=5),
       st.integers(1, 30))
def test_a_hit_never_takes_more_than_its_margin_and_kills_the_most(
        groups: list[list[int]], margin: int) -> None:
    gone = enemy_hits(groups, margin)
    assert sum(groups[c][i] for c, i in gone) <= margin
    killed = sum(1 for c, dice in enumerate(groups)
                 if all((c, i) in gone for i in range(len(dice))))
    sums = sorted(sum(d) for d in groups)
    best, spent = 0, 0
    for need in sums:
        if spent + need <= margin:
            spent += need
            best += 1
    assert killed == best
    left = [(c, i) for c, dice in enumerate(groups) for i in range(len(dice))
            if (c, i) not in gone]
    spare = margin - sum(groups[c][i] for c, i in gone)
    assert all(groups[c][i] > spare for c, i in left)  # nothing else would still fit


def test_a_group_rolls_one_die_per_creature_and_beefy_ones_several() -> None:
    stream = Stream(3, "fight")
    goblins = roll_group(stream, "g", "goblin", 4)
    assert len(goblins.creatures) == 4
    assert all(len(c) == 1 and 1 <= c[0] <= 6 for c in goblins.creatures)
    ogre = roll_group(stream, "o", "ogre")
    assert len(ogre.creatures) == 1 and len(ogre.creatures[0]) == bestiary()["ogre"].hit_dice
    assert all(1 <= die <= 10 for die in ogre.creatures[0])
