"""Turns of Card Crawl: who acts, what they may do, and what happens when they do it.

Seats act one at a time in seat order; when every standing character has had a
turn, the automated game master runs the enemies in the party's room (each
standing creature attacks once), and a new round begins. House rules where the
seed is silent (docs/rules/cardcrawl.md, "Play"): the party moves together, only
out of a room with no standing enemies; enemies act only where the party is; a
hit on a character takes ready defence cards (tapped ones cannot soak).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.engine.turns import TextEvent, the_choice
from undercroft.systems.cardcrawl.checks import attack_difficulty, roll_check
from undercroft.systems.cardcrawl.enemies import EnemyGroup, roll_group
from undercroft.systems.cardcrawl.play_actions import Play
from undercroft.systems.cardcrawl.play_end import check_end, entrance_links
from undercroft.systems.cardcrawl.play_gm import enemies_act
from undercroft.systems.cardcrawl.play_skills import skill_bonus
from undercroft.systems.cardcrawl.play_state import (
    ENTRANCE,
    Attack,
    CardCrawlState,
    Fighter,
)


def acting(state: CardCrawlState) -> Fighter | None:
    """The fighter whose turn it is, or None when the game is over."""
    if state.ended is not None:
        return None
    return state.fighters[state.turn]


def to_act(state: CardCrawlState) -> list[str]:
    fighter = acting(state)
    return [] if fighter is None else [fighter.seat]


def legal(state: CardCrawlState, seat: str) -> list[Play]:
    """Everything the seat may do now (nothing when it is not their turn)."""
    fighter = acting(state)
    if fighter is None or fighter.seat != seat:
        return []
    plays: list[Play] = []
    foes = state.foes_here()
    for attack in fighter.attacks:
        for group in foes:
            plays += [Play("attack", group.id, attack.name, stance)
                      for stance in ("cautious", "aggressive")]
    for card in fighter.cards:
        if card.state == "ready" and card.effect != "none" and _useful(fighter, card.effect):
            plays.append(Play("tap", card=card.name))
    if not foes:
        room = state.room
        links = room.links if room is not None else entrance_links(state)
        plays += [Play("move", _place(link)) for link in sorted(links)]
        tired = any(card.state == "tapped" for card in fighter.cards)
        if state.rests_left > 0 and tired:
            plays.append(Play("rest"))
    plays.append(Play("wait"))
    return plays


def _useful(fighter: Fighter, effect: str) -> bool:
    if effect == "heal":
        return not fighter.healed and any(c.state == "discarded" for c in fighter.defence)
    return True


def _place(room: int) -> str:
    return "entrance" if room == ENTRANCE else f"room {room}"


def _room_of(place: str) -> int:
    return ENTRANCE if place == "entrance" else int(place.split()[1])


def step(state: CardCrawlState, choices: Mapping[str, Play]) -> list[TextEvent]:
    """The acting seat's choice, then the enemies if the round is over; the only change."""
    fighter = acting(state)
    choice = the_choice(None if fighter is None else fighter.seat, choices,
                        lambda seat: legal(state, seat))
    assert fighter is not None
    start = len(state.events)
    state.steps += 1
    fighter.guard = 0
    _ACTIONS[choice.verb](state, fighter, choice)
    _next_turn(state)
    return state.events[start:]


def _attack(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    attack = next(a for a in fighter.attacks if a.name == play.card)
    group = next(g for g in state.foes_here() if g.id == play.target)
    combo = fighter.combo.get(attack.name, 0)
    fired("cardcrawl.play.attack")
    fired("cardcrawl.core.attack-difficulty")
    if attack.content:
        used(attack.content)
    if combo:
        fired("cardcrawl.attack.combo")
    bonus = (attack.bonus + skill_bonus(state, fighter, attack.skills) + combo
             + fighter.focus)
    check = roll_check(state.dice, play.stance, bonus, difficulty_against(state, attack, group))
    fighter.focus = 0
    fighter.combo = {}
    if not check.success:
        state.say("miss", f"{fighter.seat} attacks {group.id} with {attack.name}: "
                  f"{check.text()}", seat=fighter.seat, dice=list(check.dice))
        return
    before = group.standing
    margin = check.margin + attack.extra
    fired("cardcrawl.core.margin")
    taken = group.take_hit(margin)
    fighter.combo = dict(attack.follow_ups)
    state.say("hit", f"{fighter.seat} attacks {group.id} with {attack.name}"
              f"{f' (combo +{combo})' if combo else ''}: {check.text()}; takes "
              f"{taken or 'no dice'} ({group.standing} standing)", seat=fighter.seat,
              dice=list(check.dice), margin=margin, removed=taken,
              felled=before - group.standing)
    if group.defeated:
        state.say("defeated", f"{group.id} is defeated", group=group.id)
    if attack.heal:
        hurt = [f for f in state.fighters if not f.healed
                and any(c.state == "discarded" and c.rating <= attack.heal for c in f.defence)]
        if hurt:
            _heal(state, min(hurt, key=lambda f: len(f.standing_defence)), attack.heal,
                  attack.name)


def difficulty_against(state: CardCrawlState, attack: Attack, group: EnemyGroup) -> int:
    """Seed 004: "Against Opponent: 6 + Opponent skill", the foe's skill being its best
    at warding off a blow (``EnemyKind.defence_skill``); the card's own difficulty moves
    it by as much as the card is harder than 9. Under ``attack_against = "card"`` the
    card's difficulty alone."""
    fired("cardcrawl.enemy.skill")
    if state.config.attack_against == "card":
        return attack.difficulty
    return attack_difficulty(attack.difficulty, group.numbers.defence_skill)


def _tap(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    card = fighter.card(play.card)
    assert card is not None
    card.state = "tapped"
    if card.kind == "defence":
        fired("cardcrawl.defence.tap")
    else:
        fired("cardcrawl.gear.tap")
    if card.content:
        used(card.content)
    if card.effect == "guard":
        fighter.guard += card.value
        state.say("tap", f"{fighter.seat} taps {card.name}: attacks on them are "
                  f"+{card.value} harder until their next turn", seat=fighter.seat)
    elif card.effect == "focus":
        fighter.focus += card.value
        state.say("tap", f"{fighter.seat} taps {card.name}: +{card.value} to their next "
                  "check", seat=fighter.seat)
    elif card.effect == "heal":
        _heal(state, fighter, card.value, card.name)
    elif card.effect == "untap":
        tapped = [c for c in fighter.cards if c.state == "tapped" and c is not card]
        if tapped:
            back = max(tapped, key=lambda c: c.rating)
            back.state = "ready"
            state.say("tap", f"{fighter.seat} taps {card.name}: {back.name} is ready again",
                      seat=fighter.seat)
        else:
            state.say("tap", f"{fighter.seat} taps {card.name}: nothing else was tapped",
                      seat=fighter.seat)
    else:
        state.say("tap", f"{fighter.seat} taps {card.name}", seat=fighter.seat)


def _heal(state: CardCrawlState, fighter: Fighter, value: int, source: str) -> None:
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


def _move(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    target = _room_of(play.target)
    fired("cardcrawl.play.move")
    state.where = target
    state.say("move", f"{fighter.seat} leads the party to {play.target}", seat=fighter.seat,
              room=target)
    room = state.room
    if room is None:
        return
    if not room.visited:
        room.visited = True
        state.say("enter", f"room {room.number}: {room.type} (size {room.size})",
                  room=room.number)
    if room.stock is not None:
        kind, count = room.stock
        room.stock = None
        state.groups_made += 1
        group = roll_group(state.dice, f"{kind.replace(' ', '-')}-{state.groups_made}", kind,
                           count)
        room.enemies.append(group)
        state.say("enemies", f"{group.id}: {count} {kind}{'s' if count > 1 else ''}, hit "
                  f"dice {group.creatures}", group=group.id, enemy=kind, count=count)


def _rest(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    """Seed 004: "A long rest untaps the cards" (defence, gear and spells)."""
    fired("cardcrawl.defence.long-rest")
    state.rests_left -= 1
    for member in state.fighters:
        for card in member.cards:
            if card.state == "tapped":
                card.state = "ready"
                if card.kind != "defence":
                    fired("cardcrawl.gear.swap")
        member.guard = member.focus = 0
    state.say("rest", f"{fighter.seat} calls a long rest: every tapped card is ready again "
              f"({state.rests_left} rests left)", seat=fighter.seat)


def _wait(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    fighter.combo = {}


_ACTIONS: Final = {"attack": _attack, "tap": _tap, "move": _move, "rest": _rest,
                   "wait": _wait}


def _next_turn(state: CardCrawlState) -> None:
    """The next standing fighter in seat order; past the last, the enemies act and a new
    round begins."""
    count = len(state.fighters)
    index = state.turn
    while True:
        index += 1
        if index >= count:
            fired("cardcrawl.play.turns")
            enemies_act(state)
            state.round += 1
            index = 0
            if check_end(state):
                return
        if not state.fighters[index].incapacitated:
            state.turn = index
            break
        fired("cardcrawl.defence.incapacitated")
        if all(f.incapacitated for f in state.fighters):
            check_end(state)
            return
    check_end(state)
