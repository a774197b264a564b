"""The abilities written on race and class cards, as play applies them.

Each starting character has a race card's ability and, unless half-human, a class
card's (house content, ``data/cards.toml``). Those a player chooses to use are plays
("use Second wind", "use Lay on hands for Seat-2", "use Inspire for Seat-3 tapping
Torch"); those that are never a choice (a halfling's luck when a roll fails, an elf's
eye for a trap, an orc who will not fall, a rogue's backstab) apply by themselves.
Abilities play cannot act on (knowing the way back underground, tinkering with gear
that never breaks, cantrips, tracking) are listed in docs/rules/cardcrawl.md with the
reason. "Once per session" is once per game (a game is one session).
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.checks import Check, roll_check
from undercroft.systems.cardcrawl.play.effects import heal
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup
from undercroft.systems.cardcrawl.play.state import CardCrawlState, Fighter

SECOND_WIND: Final = "Second wind"
"""Fighter: "once per long rest, untap one tapped defence card"."""
LAY_ON_HANDS: Final = "Lay on hands"
"""Cleric: "once per long rest, an ally restores a defence card of rating 2 or less"."""
LAY_ON_HANDS_HEALS: Final = 2
INSPIRE: Final = "Inspire"
"""Bard: "tap a gear card to give an ally +1 on their next check"."""
LUCKY: Final = "Lucky"
"""Halfling: "once per session, roll a failed check again"."""
RELENTLESS: Final = "Relentless"
"""Orc: "at 0 defence cards, stays up until the end of the next exchange"."""
BACKSTAB: Final = "Backstab"
BACKSTAB_MARGIN: Final = 2
"""Rogue: "+2 to the margin of an attack on a foe that has not noticed you"."""
KEEN_SENSES: Final = "Keen senses"
"""Elf: "always notices a secret door or trap within arm's reach"."""
PER_REST: Final = frozenset({SECOND_WIND, LAY_ON_HANDS})
"""Abilities a long rest makes ready again; the others are once per session or always."""


def _use(state: CardCrawlState, fighter: Fighter, ability: str) -> None:
    fired("cardcrawl.play.abilities")
    used(fighter.abilities[ability])


def _has(fighter: Fighter, ability: str) -> bool:
    return ability in fighter.abilities and ability not in fighter.spent


def ability_plays(state: CardCrawlState, fighter: Fighter) -> list[Play]:
    """The abilities the fighter may use now, each where it would do something."""
    plays = []
    if _has(fighter, SECOND_WIND) and any(c.state == "tapped" for c in fighter.defence):
        plays.append(Play("use", card=SECOND_WIND))
    allies = [f for f in state.fighters if f is not fighter]
    if _has(fighter, LAY_ON_HANDS):
        plays += [Play("use", ally.seat, LAY_ON_HANDS) for ally in allies
                  if ally.can_heal(LAY_ON_HANDS_HEALS)]
    if INSPIRE in fighter.abilities and state.foes_here():
        gear = [c for c in fighter.cards if c.kind == "gear" and c.state == "ready"]
        plays += [Play("use", ally.seat, INSPIRE, using=card.name) for ally in allies
                  if not ally.incapacitated for card in gear]
    return plays


def use_ability(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    _use(state, fighter, play.card)
    if play.card in PER_REST:
        fighter.spent.add(play.card)
    if play.card == SECOND_WIND:
        back = max((c for c in fighter.defence if c.state == "tapped"), key=lambda c: c.rating)
        back.state = "ready"
        state.say("ability", f"{fighter.seat}'s Second wind: {back.name} is ready again",
                  seat=fighter.seat, ability=play.card)
    elif play.card == LAY_ON_HANDS:
        heal(state, state.fighter(play.target), LAY_ON_HANDS_HEALS,
             f"{fighter.seat}'s Lay on hands")
    elif play.card == INSPIRE:
        card = fighter.card(play.using)
        assert card is not None
        card.state = "tapped"
        fired("cardcrawl.gear.tap")
        ally = state.fighter(play.target)
        ally.focus += 1
        state.say("ability", f"{fighter.seat} taps {card.name} to Inspire {ally.seat}: +1 "
                  "on their next attack", seat=fighter.seat, ability=play.card)


def roll(state: CardCrawlState, fighter: Fighter, stance: str, bonus: int,
         difficulty: int) -> Check:
    """A character's own check; a halfling's Lucky rolls the first failed one of the
    session again (a player always would)."""
    check = roll_check(state.dice, stance, bonus, difficulty)
    if check.success or not _has(fighter, LUCKY):
        return check
    fighter.spent.add(LUCKY)
    _use(state, fighter, LUCKY)
    state.say("ability", f"{fighter.seat}'s Lucky: {check.text()}, rolled again",
              seat=fighter.seat, ability=LUCKY)
    return roll_check(state.dice, stance, bonus, difficulty)


def backstab(state: CardCrawlState, fighter: Fighter, group: EnemyGroup) -> int:
    """A rogue's +2 to the margin of a hit on a group that has not yet acted."""
    if BACKSTAB not in fighter.abilities or group.noticed:
        return 0
    _use(state, fighter, BACKSTAB)
    return BACKSTAB_MARGIN


def keen_eyes(state: CardCrawlState) -> Fighter | None:
    """A standing elf of the party, who notices a trap within arm's reach (the party moves
    together)."""
    return next((f for f in state.fighters if KEEN_SENSES in f.abilities
                 and not f.incapacitated), None)


def notice_trap(state: CardCrawlState, elf: Fighter) -> None:
    _use(state, elf, KEEN_SENSES)


def hold_on(state: CardCrawlState, fighter: Fighter) -> bool:
    """At no ready defence card: an orc's Relentless keeps them up until the end of the
    next exchange (round); True when it does."""
    if RELENTLESS not in fighter.abilities or fighter.holding_on:
        return False
    _use(state, fighter, RELENTLESS)
    fighter.holding_on = state.round + 1
    state.say("ability", f"{fighter.seat}'s Relentless: at no ready defence card, stays up "
              "until the end of the next exchange", seat=fighter.seat, ability=RELENTLESS)
    return True


def release_holds(state: CardCrawlState) -> None:
    """At the end of a round: Relentless ends for those whose next exchange is over."""
    for fighter in state.fighters:
        if fighter.holding_on and fighter.holding_on <= state.round:
            fighter.holding_on = 0
            if fighter.incapacitated:
                state.say("incapacitated", f"{fighter.seat} is incapacitated",
                          seat=fighter.seat)


def rested(fighter: Fighter) -> None:
    """A long rest makes the once-per-rest abilities ready again."""
    fighter.spent -= PER_REST
