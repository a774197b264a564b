"""What a hit takes: defence cards and enemy hit dice alike ("eliminate them like defense
cards"): the least total that reaches the margin, against brute force over every choice;
of enemy dice, the set that takes out the most creatures."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from undercroft.rng import Stream
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup, bestiary, roll_group
from undercroft.systems.cardcrawl.play.soak import defence_discard, enemy_hits


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
    """Goblins showing 2, 3, 5, 6 hit by 5: "take out both the 2 and 3 or the 5" (both
    total the margin exactly; the 6 would go over it); the automated attacker takes two
    goblins."""
    assert enemy_hits([[2], [3], [5], [6]], 5) == [(0, 0), (1, 0)]
    goblins = EnemyGroup("g", "goblin", [[2], [3], [5], [6]])
    assert goblins.take_hit(5) == [2, 3]
    assert goblins.standing == 2
    assert goblins.creatures == [[], [], [5], [6]]


def test_a_hit_smaller_than_every_die_takes_the_smallest_die_like_a_large_card() -> None:
    """A margin of 1 on goblins showing 2, 3, 5, 6: no dice total 1, so the smallest die
    that covers it goes (as a character discards a 2 for a 1-point hit)."""
    assert enemy_hits([[2], [3], [5], [6]], 1) == [(0, 0)]
    assert enemy_hits([[6], [4]], 5) == [(0, 0)]  # the 6, no smaller ones make 5
    assert enemy_hits([[4], [4], [3]], 5) == [(0, 0), (2, 0)]  # 4 + 3 = 7 is the least
    assert enemy_hits([[2], [3]], 9) == [(0, 0), (1, 0)]  # all of them fall short: all go


def test_of_equal_totals_the_automated_attacker_takes_out_the_most_creatures() -> None:
    """Margin 6 on an ogre showing 3 and 3 and goblins showing 1 and 5: the ogre's two dice
    and the 1 and 5 both total 6; the goblins are two creatures, the ogre one."""
    assert enemy_hits([[3, 3], [1], [5]], 6) == [(1, 0), (2, 0)]
    # Margin 4 on an ogre showing 1, 3, 4: the 4 alone, or the 1 and 3: the most dice.
    assert enemy_hits([[1, 3, 4]], 4) == [(0, 0), (0, 1)]


def _every_choice(groups: list[list[int]]
                  ) -> list[tuple[int, int, int, frozenset[tuple[int, int]]]]:
    """(total, creatures taken out, dice, the dice) for every set of dice."""
    dice = [(c, i) for c, values in enumerate(groups) for i in range(len(values))]
    found = []
    for size in range(len(dice) + 1):
        for chosen in itertools.combinations(dice, size):
            taken = frozenset(chosen)
            kills = sum(1 for c, values in enumerate(groups)
                        if values and all((c, i) in taken for i in range(len(values))))
            found.append((sum(groups[c][i] for c, i in chosen), kills, size, taken))
    return found


@given(st.lists(st.lists(st.integers(1, 12), max_size=3), min_size=1, max_size=4),
       st.integers(1, 40))
def test_a_hit_takes_the_least_total_that_covers_it_and_then_the_most_creatures(
        groups: list[list[int]], margin: int) -> None:
    gone = enemy_hits(groups, margin)
    assert len(set(gone)) == len(gone)
    assert all(0 <= i < len(groups[c]) for c, i in gone)
    total = sum(groups[c][i] for c, i in gone)
    everything = sum(map(sum, groups))
    if everything <= margin:
        assert len(gone) == sum(map(len, groups))
        return
    choices = _every_choice(groups)
    least = min(t for t, _, _, _ in choices if t >= margin)
    assert total == least
    kills = sum(1 for c, values in enumerate(groups)
                if values and all((c, i) in gone for i in range(len(values))))
    best = max((k, n) for t, k, n, _ in choices if t == least)
    assert (kills, len(gone)) == best


def test_a_successful_hit_always_takes_a_die_while_one_stands() -> None:
    """The fault issue 22 names: a margin smaller than every die used to take nothing."""
    for margin in range(1, 13):
        assert enemy_hits([[12, 12, 12]], margin)
        assert enemy_hits([[], [7]], margin) == [(1, 0)]


def test_a_group_rolls_one_die_per_creature_and_beefy_ones_several() -> None:
    stream = Stream(3, "fight")
    goblins = roll_group(stream, "g", "goblin", 4)
    assert len(goblins.creatures) == 4
    assert all(len(c) == 1 and 1 <= c[0] <= 6 for c in goblins.creatures)
    ogre = roll_group(stream, "o", "ogre")
    assert len(ogre.creatures) == 1 and len(ogre.creatures[0]) == bestiary()["ogre"].hit_dice
    assert all(1 <= die <= 10 for die in ogre.creatures[0])
