"""Each Card Crawl choice said for a person, the choice's text in brackets at the end.

"Attack the 3 goblins with Slash, aggressive: 1d12 +2 must beat 9, 42% to hit
(attack goblin-1 with Slash, aggressive)": an attack says its dice, the difficulty
(6 + the foe's skill, seed 004) and the exact chance to hit, so a person can weigh
the two stances; a tap or an ability says what it does and for whom; a move names
the room's type once the party has been in it (unvisited rooms stay unknown).
Marked, from the rules alone (docs/rules/cardcrawl.md, "Choices at the table"): an
attack whose best roll cannot beat the difficulty is futile (a tie goes to the
defender); a ward tapped where no enemy can strike before it wears off is pointless.
Reading a state for words never changes it: the skill bonus is worked out here as
``skills.skill_bonus`` works it, without spending the waiting bonus.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import product
from typing import Final

from undercroft.engine.capabilities import Wording
from undercroft.systems.cardcrawl.play.abilities import (
    INSPIRE,
    LAY_ON_HANDS,
    LAY_ON_HANDS_HEALS,
    SECOND_WIND,
)
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup
from undercroft.systems.cardcrawl.play.rules import difficulty_against
from undercroft.systems.cardcrawl.play.skills import ADAPTABLE, ADAPTABLE_BONUS
from undercroft.systems.cardcrawl.play.state import Attack, CardCrawlState, Fighter

STANCE_FACES: Final = {"cautious": (6, 6), "aggressive": (12,)}
"""Seed 004: 2d6 for a cautious action, 1d12 for an aggressive one."""


def choice_words(state: CardCrawlState, seat: str, actions: Sequence[Play]) -> list[Wording]:
    """One wording per play, in order: words first, the play's text in brackets."""
    fighter = state.fighter(seat)
    return [_WORDS.get(play.verb, _wait)(state, fighter, play).with_id(play)
            for play in actions]



def hit_chance(stance: str, bonus: int, difficulty: int) -> Fraction:
    """The chance the stance's dice + ``bonus`` beat ``difficulty`` (a tie fails)."""
    faces = [range(1, sides + 1) for sides in STANCE_FACES[stance]]
    rolls = list(product(*faces))
    wins = sum(1 for roll in rolls if sum(roll) + bonus > difficulty)
    return Fraction(wins, len(rolls))


def _percent(chance: Fraction) -> str:
    if chance == 0:
        return "no chance to hit"
    if chance == 1:
        return "a sure hit"
    return f"{max(1, min(99, round(float(chance) * 100)))}% to hit"


def waiting_skill_bonus(state: CardCrawlState, fighter: Fighter,
                        wanted: tuple[str, ...]) -> int:
    """The skill bonus the fighter's next roll for ``wanted`` would add, as
    ``skills.skill_bonus`` reckons it (the best seam bonus with any waiting bonus, an
    unspent Adaptable lifting it to +2), without spending anything."""
    best = 0
    for skill in set(fighter.skills) | set(fighter.boosts):
        if state.config.any_skill or skill in wanted:
            best = max(best, fighter.skills.get(skill, 0) + fighter.boosts.get(skill, 0))
    if best < ADAPTABLE_BONUS and ADAPTABLE in fighter.abilities \
            and ADAPTABLE not in fighter.spent:
        best = ADAPTABLE_BONUS
    return best


def _group_words(group: EnemyGroup) -> str:
    count = group.standing
    name = group.kind if count == 1 else _plural(group.kind)
    return f"the {count} {name}" if count > 1 else f"the {name}"


def _plural(name: str) -> str:
    if name.endswith("f"):
        return name[:-1] + "ves"
    return name + ("es" if name.endswith(("s", "x", "ch", "sh")) else "s")


def _attack(state: CardCrawlState, fighter: Fighter, play: Play) -> Wording:
    attack = next((a for a in fighter.attacks if a.name == play.card), None)
    group = next((g for g in state.foes_here() if g.id == play.target), None)
    if attack is None or group is None:
        return Wording(f"Attack {play.target} with {play.card}, {play.stance}")
    bonus = _attack_bonus(state, fighter, attack)
    difficulty = difficulty_against(state, attack, group)
    chance = hit_chance(play.stance, bonus, difficulty)
    dice = "2d6" if play.stance == "cautious" else "1d12"
    words = (f"Attack {_group_words(group)} with {attack.name}, {play.stance}: {dice} "
             f"{bonus:+d} must beat {difficulty}, {_percent(chance)}")
    best = sum(STANCE_FACES[play.stance]) + bonus
    futile = f"even the best roll, {best}, cannot beat {difficulty}" if chance == 0 else None
    return Wording(words, futile)


def _attack_bonus(state: CardCrawlState, fighter: Fighter, attack: Attack) -> int:
    """What ``rules._attack`` adds to the dice: the card's bonus, the skill, a combo
    waiting for this card, and a focus."""
    return (attack.bonus + waiting_skill_bonus(state, fighter, attack.skills)
            + fighter.combo.get(attack.name, 0) + fighter.focus)


def _whom(fighter: Fighter, play: Play) -> str:
    """Whom a tap is for: its target's seat, or the tapper's own."""
    return play.target or fighter.seat


def _tap(state: CardCrawlState, fighter: Fighter, play: Play) -> Wording:
    card = fighter.card(play.card)
    if card is None:
        return Wording(f"Tap {play.card}")
    whom = _whom(fighter, play)
    if card.effect == "ward":
        does = f"the next hit on {whom} before their next turn loses {card.value} from " \
               "its margin"
    elif card.effect == "boost":
        does = f"+{card.value} on {whom}'s next {' or '.join(card.skills)} roll"
    elif card.effect == "focus":
        does = f"+{card.value} to {whom}'s next attack"
    elif card.effect == "heal":
        does = f"one of {whom}'s lost defence cards of rating {card.value} or less comes back"
    elif card.effect == "untap":
        tapped = [c for c in fighter.defence if c.state == "tapped" and c is not card
                  and c.rating <= card.value]
        back = max(tapped, key=lambda c: c.rating).name if tapped else "a tapped defence card"
        does = f"{back} is ready again"
    else:
        does = "no effect in play"
    wasted = card.effect == "ward" and _no_blow_before_it_wears_off(state)
    return Wording(f"Tap {card.name}: {does}", pointless=wasted)


def _no_blow_before_it_wears_off(state: CardCrawlState) -> bool:
    """Whether no enemy can strike before a ward tapped now is gone: none stands here,
    and no one acts after this seat in the round to lead the party to one (enemies act
    only where the party is, at the round's end; a ward lasts until its holder's next
    turn, which comes before the next round's end)."""
    if state.foes_here():
        return False
    return all(f.incapacitated for f in state.fighters[state.turn + 1:])


def _use(state: CardCrawlState, fighter: Fighter, play: Play) -> Wording:
    if play.card == SECOND_WIND:
        tapped = [c for c in fighter.defence if c.state == "tapped"]
        back = max(tapped, key=lambda c: c.rating).name if tapped else "a defence card"
        return Wording(f"Use Second wind, once a rest: {back} is ready again")
    if play.card == LAY_ON_HANDS:
        return Wording(f"Use Lay on hands on {play.target}, once a rest: one of their lost "
                       f"defence cards of rating {LAY_ON_HANDS_HEALS} or less comes back")
    if play.card == INSPIRE:
        return Wording(f"Inspire {play.target}, tapping {play.using}: +1 on their next "
                       "attack")
    return Wording(f"Use {play.card}" + (f" for {play.target}" if play.target else ""))


def _take(state: CardCrawlState, fighter: Fighter, play: Play) -> Wording:
    room_full = len(fighter.equipped) >= fighter.equip_limit
    return Wording(f"Take the {play.card} lying here"
                   + (", into the pack" if room_full else " and equip it"))


def _swap(state: CardCrawlState, fighter: Fighter, play: Play) -> Wording:
    return Wording(f"Put {play.card} in the pack and equip {play.using}")


def _move(state: CardCrawlState, fighter: Fighter, play: Play) -> Wording:
    if play.target == "entrance":
        return Wording("Lead the party back to the entrance")
    number = int(play.target.split()[1])
    room = state.rooms.get(number)
    if room is None or not room.visited:
        return Wording(f"Lead the party into room {number}, not yet explored")
    cleared = "" if any(not g.defeated for g in room.enemies) else ", cleared"
    return Wording(f"Lead the party back to room {number}, the {room.type}{cleared}")


def _rest(state: CardCrawlState, fighter: Fighter, play: Play) -> Wording:
    left = state.rests_left - 1
    return Wording(f"Call a long rest: every tapped card is ready again ({left} "
                   f"rest{'' if left == 1 else 's'} left after)")


def _wait(state: CardCrawlState, fighter: Fighter, play: Play) -> Wording:
    combo = " (a waiting combo is lost)" if fighter.combo else ""
    return Wording(f"Wait: do nothing this turn{combo}")


_WORDS: Final[dict[str, Callable[[CardCrawlState, Fighter, Play], Wording]]] = {
    "attack": _attack, "tap": _tap, "use": _use, "take": _take, "swap": _swap,
    "move": _move, "rest": _rest, "wait": _wait,
}
"""How each verb of :class:`Play` is said."""
