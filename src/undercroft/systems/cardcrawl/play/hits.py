"""A hit on a character, and who the enemies go for.

Seed 004, Defense Cards: a character hit "must discard defense cards with a total
rating at least equal to the margin of success"; tapped cards cannot soak; "The
character is Incapacitated at 0 cards". A ward waiting from a tapped card ("reduce the
margin of one hit") comes off the margin first. Enemies, traps and specials all hit
through here.
"""

from __future__ import annotations

from typing import Any

from undercroft.engine.tally import fired, used
from undercroft.systems.cardcrawl.play.abilities import hold_on
from undercroft.systems.cardcrawl.play.soak import defence_discard
from undercroft.systems.cardcrawl.play.state import Card, CardCrawlState, Fighter


def choose_target(state: CardCrawlState, besides: Fighter | None = None) -> Fighter | None:
    """The standing character with the fewest ready defence cards (then seat order), other
    than ``besides``: the automated game master goes for the weakest."""
    targets = [f for f in state.fighters if not f.incapacitated and f is not besides]
    if not targets:
        return None
    return min(targets, key=lambda f: len(f.ready_defence))


def hit_character(state: CardCrawlState, target: Fighter, margin: int, text: str,
                  **data: Any) -> list[Card]:
    """A hit of ``margin`` on a character: a ward waiting takes its value off; the rest
    discards ready defence cards (seed 004: "discard defense cards with a total rating at
    least equal to the margin"). Returns the cards lost."""
    if target.ward:
        fired("cardcrawl.defence.tap")
        warded = min(target.ward, margin)
        margin -= warded
        target.ward = 0
        if margin <= 0:
            state.say("warded", f"{text}; the ward takes all {warded} of it", seat=target.seat,
                      **data)
            return []
        text += f"; the ward takes {warded}"
    fired("cardcrawl.core.margin")
    fired("cardcrawl.defence.discard")
    ready = target.ready_defence
    lost = [ready[i] for i in defence_discard([c.rating for c in ready], margin)]
    for card in lost:
        card.state = "discarded"
        if card.content:
            used(card.content)
    target.healed = False
    state.say("wounded", f"{text}; "
              f"{', '.join(f'{c.name} ({c.rating})' for c in lost) or 'nothing'} discarded",
              seat=target.seat, margin=margin, lost=[c.rating for c in lost],
              **{"group": "", **data})
    check_down(state, target)
    return lost


def tap_one(state: CardCrawlState, target: Fighter, why: str) -> None:
    """A special that taps one of the character's ready defence cards (the lowest)."""
    ready = target.ready_defence
    if not ready:
        return
    card = min(ready, key=lambda c: c.rating)
    card.state = "tapped"
    state.say("tapped", f"{why}: {target.seat}'s {card.name} is tapped", seat=target.seat)
    check_down(state, target)


def check_down(state: CardCrawlState, target: Fighter) -> None:
    """At no ready defence card the character is incapacitated, unless Relentless holds."""
    if target.ready_defence or target.holding_on or hold_on(state, target):
        return
    state.say("incapacitated", f"{target.seat} is incapacitated", seat=target.seat)
