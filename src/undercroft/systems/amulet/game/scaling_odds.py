"""Scaling's contests as the sensible player meets them: exact odds, for the README.

With Scaling, a search for a secret exit and the escape from quicksand are d20 +
Speed against d20 + the Level Bonus, the normal levels reached (treasure and
mini-boss levels are not counted). The hardest case for a hero is the fewest levels
entered for a given bonus, so the fewest level points: every level normal but the
mini-boss levels (each boss left alive, so no treasure level follows it). This
module walks a hero down such a dungeon, spending each level point as the sensible
player does (:func:`level_points.sensible_ability`), and works out the odds exactly
with icepool (``undercroft.dice.odds``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from undercroft.dice import ContestOdds, odds
from undercroft.systems.amulet.characters.heroes import new_hero
from undercroft.systems.amulet.game.level_points import sensible_ability
from undercroft.systems.amulet.generation.special_levels import MINI_BOSS_EVERY

LEVELS: Final = (1, 10, 20, 30, 40)
"""The Level Bonus values the README shows."""
TRIES: Final = 5


@dataclass(frozen=True)
class Row:
    """The odds on the normal level whose Level Bonus is ``bonus``."""

    bonus: int
    depth: int
    """The fewest levels entered to get there (mini-boss levels in between)."""
    speed: int
    """The hero's Speed there, its level points spent as the sensible player does."""
    contest: Fraction
    """One search, or one try at escaping quicksand: d20 + speed beats d20 + bonus."""

    def within(self, tries: int) -> Fraction:
        """The chance of winning at least once in ``tries`` contests."""
        return 1 - (1 - self.contest) ** tries


def row(bonus: int, hero_class: str = "warrior", advance_every: int = 2,
        miniboss_every: int = MINI_BOSS_EVERY, ties: str = "defender") -> Row:
    """The hardest way down to the normal level with this Level Bonus (see the module)."""
    hero = new_hero(hero_class)
    depth, normal = 0, 0
    while normal < bonus:
        depth += 1
        if not (depth > 1 and depth % miniboss_every == 0):
            normal += 1
        if advance_every and depth > 1 and (depth - 1) % advance_every == 0:
            hero = hero.raised(sensible_ability(hero.printed, normal))
    return Row(bonus, depth, hero.speed, contest(hero.speed, bonus, ties))


def contest(speed: int, against: int, ties: str = "defender") -> Fraction:
    """The chance that d20 + ``speed`` beats d20 + ``against`` (icepool, exactly)."""
    found = odds(f"d20+{speed} vs d20+{against}", ties)
    assert isinstance(found, ContestOdds)
    return found.p_attacker


def percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}%"


def table(levels: tuple[int, ...] = LEVELS) -> str:
    """The README's table (markdown), for the slowest heroes (Speed 3): the odds now,
    and a secret exit's before level points could go to Speed and when the bonus
    was the depth (Speed 3 against the depth)."""
    lines = ["| Level Bonus (normal levels) | Depth, at the fewest | Speed | A secret exit "
             f"found in {TRIES} searches of its wall | Quicksand escaped, each try | Before: "
             f"found in {TRIES} searches (Speed 3 against the depth) |",
             "|---|---|---|---|---|---|"]
    for found in (row(level) for level in levels):
        before = 1 - (1 - contest(3, found.depth)) ** TRIES
        lines.append(f"| {found.bonus} | {found.depth} | {found.speed} | "
                     f"{percent(found.within(TRIES))} | {percent(found.contest)} | "
                     f"{percent(before)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())
