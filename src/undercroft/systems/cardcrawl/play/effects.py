"""What a defence, gear or spell card does when tapped in play, and healing.

Each card's effect in play is read from its ``mechanic`` (house content,
``data/cards.toml``), doing what its text says: "reduce the margin of one hit by N"
wards the next hit before the character's next turn; "+N on one athletics roll"
waits for the character's next athletics roll; a heal brings back one discarded
defence card (seed 004: "Healing can restore 1 card (equal or less than the value of
the healing effect). If you've been healed, you can't be healed again until you're
damaged again"), to the holder or, where the card says "you or an ally", to another
character. A card whose words name nothing play rolls (a reroll of an endurance
check, a door to force) does nothing here: docs/rules/cardcrawl.md says why.
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.systems.cardcrawl.character.cards import (
    AttackCard,
    DefenceCard,
    GearCard,
    SpellCard,
)
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.state import Card, CardCrawlState, Fighter

FIRE: Final = frozenset({"cardcrawl.gear.torch"})
"""Cards that set a regenerating troll burning when tapped beside it ("unless a torch or
spell was used on it"); every spell card does too."""


def play_effect(card: DefenceCard | GearCard | SpellCard | AttackCard,
                rolled: frozenset[str]) -> tuple[str, int, tuple[str, ...]]:
    """(effect, value, skills) of tapping a card: a reduced margin wards; a roll bonus for
    skills that some roll in play uses (``rolled``) boosts them; a roll bonus for no
    skill in particular focuses the next attack; heal and untap are themselves; the rest
    (rerolls of checks play never asks for, bonuses to rolls it never makes) nothing."""
    mechanic = card.mechanic
    if mechanic is None:
        return ("none", 0, ())
    if mechanic.kind == "reduce_margin":
        return ("ward", mechanic.amount, ())
    if mechanic.kind == "roll_bonus":
        skills = mechanic.for_skills
        if not skills:
            return ("focus", mechanic.amount, ())
        if rolled & set(skills):
            return ("boost", mechanic.amount, skills)
        return ("none", 0, ())
    if mechanic.kind in ("heal", "untap"):
        return (mechanic.kind, max(1, mechanic.amount), ())
    return ("none", 0, ())


def targets(state: CardCrawlState, fighter: Fighter, card: Card) -> list[Fighter]:
    """Who the card can reach: its holder, another character, or either."""
    others = [f for f in state.fighters if f is not fighter]
    if card.target == "ally":
        return others
    if card.target == "any":
        return [fighter, *others]
    return [fighter]


def tap_plays(state: CardCrawlState, fighter: Fighter) -> list[Play]:
    """Every tap that would do something now: a heal only for someone it can heal, an
    untap only with another card tapped; a card reaching an ally names them. Never a tap
    that leaves the character no ready defence card: that would knock them out by their
    own hand, and no player keeping a character alive does it."""
    plays = []
    for card in fighter.cards:
        if card.state != "ready" or card.effect == "none" or _last_stand(fighter, card):
            continue
        if card.effect == "untap" and not _untappable(fighter, card):
            continue
        for target in targets(state, fighter, card):
            if card.effect == "heal" and not target.can_heal(card.value):
                continue
            plays.append(Play("tap", "" if target is fighter else target.seat, card.name))
    return plays


def _last_stand(fighter: Fighter, card: Card) -> bool:
    """Whether tapping ``card`` would leave the fighter no ready defence card (an untap
    that readies a tapped defence card keeps one)."""
    if card.kind != "defence" or fighter.ready_defence != [card]:
        return False
    return not (card.effect == "untap" and _untappable(fighter, card))


def _untappable(fighter: Fighter, card: Card) -> list[Card]:
    """The tapped defence cards an untap (Stoneskin: "untap one defence card of rating 2
    or less") could make ready."""
    return [c for c in fighter.defence if c.state == "tapped" and c is not card
            and c.rating <= card.value]


def tap(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    card = fighter.card(play.card)
    assert card is not None
    target = state.fighter(play.target) if play.target else fighter
    card.state = "tapped"
    fired("cardcrawl.defence.tap" if card.kind == "defence" else "cardcrawl.gear.tap")
    if card.content:
        used(card.content)
    burns = card.kind == "spell" or card.content in FIRE
    for group in state.foes_here() if burns else []:
        if group.numbers.has("regenerates") and not group.burned:
            group.burned = True
            state.say("burned", f"{fighter.seat}'s {card.name} sets {group.id} burning: it "
                      "no longer regenerates", group=group.id)
    if card.effect == "ward":
        target.ward += card.value
        state.say("tap", f"{fighter.seat} taps {card.name}: the next hit on {target.seat} "
                  f"before their next turn loses {card.value} from its margin",
                  seat=fighter.seat)
    elif card.effect == "boost":
        for skill in card.skills:
            target.boosts[skill] = target.boosts.get(skill, 0) + card.value
        state.say("tap", f"{fighter.seat} taps {card.name}: +{card.value} on their next "
                  f"{' or '.join(card.skills)} roll", seat=fighter.seat)
    elif card.effect == "focus":
        target.focus += card.value
        state.say("tap", f"{fighter.seat} taps {card.name}: +{card.value} to their next "
                  "attack", seat=fighter.seat)
    elif card.effect == "heal":
        heal(state, target, card.value, f"{fighter.seat}'s {card.name}")
    elif card.effect == "untap":
        back = max(_untappable(fighter, card), key=lambda c: c.rating)
        back.state = "ready"
        state.say("tap", f"{fighter.seat} taps {card.name}: {back.name} is ready again",
                  seat=fighter.seat)
    else:
        state.say("tap", f"{fighter.seat} taps {card.name}", seat=fighter.seat)


def heal(state: CardCrawlState, fighter: Fighter, value: int, source: str) -> None:
    """Seed 004: "Healing can restore 1 card (equal or less than the value of the healing
    effect). If you've been healed, you can't be healed again until you're damaged"."""
    lost = [c for c in fighter.defence if c.state == "discarded" and c.rating <= value]
    if fighter.healed or not lost:
        state.say("no healing", f"{source}: nothing of {fighter.seat}'s comes back "
                  f"(up to {value}{', healed since the last wound' if fighter.healed else ''})",
                  seat=fighter.seat)
        return
    fired("cardcrawl.defence.heal")
    fighter.healed = True
    back = max(lost, key=lambda c: c.rating)
    back.state = "ready"
    state.say("healed", f"{source}: {fighter.seat}'s {back.name} ({back.rating}) comes back",
              seat=fighter.seat, rating=back.rating)
