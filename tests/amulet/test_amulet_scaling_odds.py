"""Scaling stays winnable: the sensible player's level points and the odds the README
shows for a search and a quicksand escape, worked out exactly."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from undercroft.systems.amulet.game.level_points import SPEED_GAP, sensible_ability
from undercroft.systems.amulet.game.scaling_odds import contest, row, table

README = Path(__file__).parents[2] / "README.md"


def brute(speed: int, against: int) -> Fraction:
    """d20 + speed beats d20 + against, counted face by face (a tie is the defender's)."""
    wins = sum(1 for mine in range(1, 21) for theirs in range(1, 21)
               if mine + speed > theirs + against)
    return Fraction(wins, 400)


@pytest.mark.parametrize(("speed", "against"), [(3, 1), (3, 22), (4, 22), (11, 20), (3, 23)])
def test_the_contest_odds_are_exact(speed: int, against: int) -> None:
    assert contest(speed, against) == brute(speed, against)


def test_the_sensible_player_raises_speed_only_when_the_bonus_runs_ahead() -> None:
    warrior = {"melee": "d10", "speed": 3, "shot": "d8", "armor": 3, "magic": "d6"}
    assert sensible_ability(warrior, 1) == "magic"  # its lowest die
    assert sensible_ability(warrior, 3 + SPEED_GAP - 2) == "magic"
    assert sensible_ability(warrior, 3 + SPEED_GAP - 1) == "speed"
    assert sensible_ability(dict(warrior, magic="d10", shot="d12+1"), 1) == "melee"


def test_the_hardest_way_down_counts_the_mini_boss_levels_and_the_points() -> None:
    first = row(1)
    assert (first.depth, first.speed, first.contest) == (1, 3, brute(3, 1))
    tenth = row(10)  # levels 1-9 normal, 10 a mini-boss, 11 the tenth normal level
    assert tenth.depth == 11
    assert 3 < tenth.speed <= 3 + 5  # five points, at levels 3, 5, 7, 9 and 11
    assert tenth.within(5) == 1 - (1 - brute(tenth.speed, 10)) ** 5


def test_every_search_and_escape_stays_winnable_to_the_fortieth_normal_level() -> None:
    for bonus in range(1, 41):
        found = row(bonus)
        assert found.contest > 0, bonus
        assert found.speed + 20 > bonus + 1


def test_the_readme_shows_the_odds_this_module_works_out() -> None:
    assert table() in README.read_text()
