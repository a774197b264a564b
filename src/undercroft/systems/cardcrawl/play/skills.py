"""Which seam bonus a Card Crawl character rolls with, in attack, in defence and at a trap.

Seed 004: "the player should be allowed to use any skill that could remotely make
sense for a situation, within the GM's tolerance". Each roll names the skills that
could make sense for it (an attack card's ``skills``, the defensive skills, the skills
that spot a trap); the character's best seam bonus among them adds, with a bonus
waiting from a tapped card for one of them (a Rope's +2 on one athletics roll), which
that roll then spends.
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.systems.cardcrawl.play.state import CardCrawlState, Fighter

DEFENSIVE_SKILLS: Final = ("melee", "nimbleness", "athletics", "endurance")
"""Skills a character defends with (a parry, a dodge, a leap aside, toughing it out):
the difficulty of an enemy's attack is 6 + the best of their seam bonuses for these
(seed 004: "Against Opponent: 6 + Opponent skill")."""
TRAP_SKILLS: Final = ("perception", "nimbleness")
"""Skills that spot a trap or get out of its way."""
ADAPTABLE: Final = "Adaptable"
ADAPTABLE_BONUS: Final = 2
"""A Human's Adaptable: "use any one skill as if a seam gave it +2"."""


def skill_bonus(state: CardCrawlState, fighter: Fighter, wanted: tuple[str, ...]) -> int:
    """The bonus a character rolls with: their best seam bonus of ``wanted`` (of any
    skill, when the table lets any skill count: ``any_skill``) with any bonus waiting for
    that skill. The roll puts to use the cards whose seam gives it and spends the waiting
    bonus; a Human's unspent Adaptable lifts a bonus below +2 to +2, once a session."""
    fired("cardcrawl.core.any-skill")
    best, chosen = 0, None
    for skill in sorted(set(fighter.skills) | set(fighter.boosts)):
        if not (state.config.any_skill or skill in wanted):
            continue
        value = fighter.skills.get(skill, 0) + fighter.boosts.get(skill, 0)
        if value > best:
            best, chosen = value, skill
    if chosen is not None:
        for card in fighter.seams.get(chosen, ()):
            used(card)
        waiting = fighter.boosts.pop(chosen, 0)
        if waiting:
            fired("cardcrawl.defence.tap")
            state.say("bonus", f"{fighter.seat}'s waiting +{waiting} on a {chosen} roll counts "
                      "now", seat=fighter.seat)
    if best < ADAPTABLE_BONUS and ADAPTABLE in fighter.abilities \
            and ADAPTABLE not in fighter.spent:
        fighter.spent.add(ADAPTABLE)
        used(fighter.abilities[ADAPTABLE])
        fired("cardcrawl.play.abilities")
        state.say("ability", f"{fighter.seat}'s Adaptable: a skill counts +{ADAPTABLE_BONUS} "
                  "for this roll", seat=fighter.seat, ability=ADAPTABLE)
        best = ADAPTABLE_BONUS
    return best
