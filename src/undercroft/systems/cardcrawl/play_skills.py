"""Which seam bonus a Card Crawl character rolls with, in attack and in defence."""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.systems.cardcrawl.play_state import CardCrawlState, Fighter

DEFENSIVE_SKILLS: Final = ("melee", "nimbleness", "athletics", "endurance")
"""Skills a character defends with (a parry, a dodge, a leap aside, toughing it out):
the difficulty of an enemy's attack is 6 + the best of their seam bonuses for these
(seed 004: "Against Opponent: 6 + Opponent skill")."""


def skill_bonus(state: CardCrawlState, fighter: Fighter, wanted: tuple[str, ...]) -> int:
    """The seam bonus a character rolls with: their best of any skill when the table lets
    any skill that makes sense count (``any_skill``), else the best of ``wanted``. The
    cards whose seam gives it are put to use."""
    fired("cardcrawl.core.any-skill")
    best, chosen = 0, None
    for skill, bonus in fighter.skills.items():
        if bonus > best and (state.config.any_skill or skill.lower() in wanted):
            best, chosen = bonus, skill
    if chosen is not None:
        for card in fighter.seams.get(chosen, ()):
            used(card)
    return best
