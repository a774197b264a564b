"""Turns of Card Crawl: who acts, what they may do, and what happens when they do it.

Seats act one at a time in seat order; when every standing character has had a
turn, the automated game master runs the enemies in the party's room (each
standing creature attacks once), and a new round begins. House rules where the
seed is silent (docs/rules/cardcrawl.md, "Play"): the party moves together, only
out of a room with no standing enemies; enemies act only where the party is; a
hit on a character takes ready defence cards (tapped ones cannot soak). A combo
bonus holds for the character's next action only: any other action spends it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.engine.turns import TextEvent, the_choice
from undercroft.systems.cardcrawl.play.abilities import (
    ability_plays,
    backstab,
    release_holds,
    rested,
    roll,
    use_ability,
)
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.checks import Check, attack_difficulty
from undercroft.systems.cardcrawl.play.effects import heal, tap, tap_plays
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup, hit_dice_words, roll_group
from undercroft.systems.cardcrawl.play.enemy_specials import brittle, spring_trap
from undercroft.systems.cardcrawl.play.game_master import enemies_act
from undercroft.systems.cardcrawl.play.game_over import check_end, entrance_links
from undercroft.systems.cardcrawl.play.gear import gear_plays, swap, take
from undercroft.systems.cardcrawl.play.skills import skill_bonus
from undercroft.systems.cardcrawl.play.state import (
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
    plays += tap_plays(state, fighter)
    plays += ability_plays(state, fighter)
    plays += gear_plays(state, fighter)
    if not foes:
        room = state.room
        links = room.links if room is not None else entrance_links(state)
        plays += [Play("move", _place(link)) for link in sorted(links)]
        tired = any(card.state == "tapped" for card in fighter.cards)
        if state.rests_left > 0 and tired:
            plays.append(Play("rest"))
    plays.append(Play("wait"))
    return plays


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
    fighter.ward = 0
    if choice.verb != "attack":
        fighter.combo = {}
    _ACTIONS[choice.verb](state, fighter, choice)
    fighter.moved = fighter.missed = False
    _next_turn(state)
    return state.events[start:]


def difficulty_against(state: CardCrawlState, attack: Attack, group: EnemyGroup) -> int:
    """Seed 004: "Against Opponent: 6 + Opponent skill", the foe's skill being its best
    at warding off a blow (``EnemyKind.defence_skill``); the card's own difficulty moves
    it by as much as the card is harder than 9. Under ``attack_against = "card"`` the
    card's difficulty alone."""
    fired("cardcrawl.enemy.skill")
    if state.config.attack_against == "card":
        return attack.difficulty
    return attack_difficulty(attack.difficulty, group.numbers.defence_skill)


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
    check = roll(state, fighter, play.stance, bonus, difficulty_against(state, attack, group))
    fighter.focus = 0
    fighter.combo = {}
    if not check.success:
        state.say("miss", f"{fighter.seat} attacks {group.id} with {attack.name}: "
                  f"{check.text()}", seat=fighter.seat, dice=list(check.dice))
        return
    fighter.combo = dict(attack.follow_ups)
    if attack.magic and group.numbers.has("regenerates") and not group.burned:
        group.burned = True
        state.say("burned", f"{fighter.seat}'s {attack.name} is a spell: {group.id} no "
                  "longer regenerates", group=group.id)
    if not attack.damage:
        fired("cardcrawl.play.attack-effects")
        state.say("hit", f"{fighter.seat} attacks {group.id} with {attack.name}: "
                  f"{check.text()}; it deals no damage", seat=fighter.seat,
                  dice=list(check.dice), margin=check.margin, removed=[], felled=0,
                  damage=False)
        _staggers(state, attack, group)
        return
    before = group.standing
    margin = check.margin + _extra(state, fighter, attack, group, check)
    fired("cardcrawl.core.margin")
    taken = group.take_hit(margin)
    state.say("hit", f"{fighter.seat} attacks {group.id} with {attack.name}"
              f"{f' (combo +{combo})' if combo else ''}: {check.text()}"
              f"{f', {margin} with its extras' if margin != check.margin else ''}; takes "
              f"{_dice_words(taken)} ({group.standing} standing)", seat=fighter.seat,
              dice=list(check.dice), margin=margin, removed=taken,
              felled=before - group.standing, damage=True)
    if group.defeated:
        state.say("defeated", f"{group.id} is defeated", group=group.id)
    else:
        _staggers(state, attack, group)
    if attack.heal:
        _heal_ally(state, fighter, attack)


def _extra(state: CardCrawlState, fighter: Fighter, attack: Attack, group: EnemyGroup,
           check: Check) -> int:
    """What a hit adds to its margin: the card's extra damage when its condition holds
    (against the undead, its own amount), a rogue's backstab, a skeleton's brittleness."""
    extra = 0
    if attack.undead is not None and group.numbers.undead:
        extra = attack.undead
    elif _holds(fighter, attack.when, group, check):
        extra = attack.extra
    if extra and (attack.when or attack.undead is not None):
        fired("cardcrawl.play.attack-effects")
    extra += backstab(state, fighter, group)
    if check.stance == "cautious" and group.numbers.has("brittle"):
        extra += brittle(state, group)
    return extra


def _holds(fighter: Fighter, when: str, group: EnemyGroup, check: Check) -> bool:
    return {"": True, "engaged": group.last_target not in ("", fighter.seat),
            "unmoved": not fighter.moved, "unnoticed": not group.noticed,
            "missed": fighter.missed, "margin-3": check.margin >= 3}.get(when, False)


def _dice_words(taken: list[int]) -> str:
    """The hit dice a hit took, as the table reads them ("hit dice 5, 3")."""
    return f"hit dice {', '.join(map(str, taken))}" if taken else "no dice"


def _staggers(state: CardCrawlState, attack: Attack, group: EnemyGroup) -> None:
    if attack.stagger:
        fired("cardcrawl.play.attack-effects")
        group.staggered = min(group.standing, group.staggered + attack.stagger)
        state.say("staggered", f"{attack.name}: {attack.stagger} of {group.id} will lose "
                  "their next attack", group=group.id)
    if attack.weaken:
        fired("cardcrawl.play.attack-effects")
        group.weakened += attack.weaken
        state.say("weakened", f"{attack.name}: {group.id}'s next attack is at "
                  f"-{attack.weaken}", group=group.id)


def _heal_ally(state: CardCrawlState, fighter: Fighter, attack: Attack) -> None:
    """A hit that heals: the most hurt character it may reach that it can heal."""
    reach = [f for f in state.fighters
             if (attack.heal_target != "ally" or f is not fighter)
             and (attack.heal_target != "self" or f is fighter)]
    hurt = [f for f in reach if f.can_heal(attack.heal)]
    if hurt:
        heal(state, min(hurt, key=lambda f: len(f.standing_defence)), attack.heal,
             f"{fighter.seat}'s {attack.name}")


def _tap(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    tap(state, fighter, play)


def _use(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    use_ability(state, fighter, play)


def _move(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    target = _room_of(play.target)
    fired("cardcrawl.play.move")
    state.where = target
    for member in state.fighters:
        member.moved = member is not fighter
    state.say("move", f"{fighter.seat} leads the party to {play.target}", seat=fighter.seat,
              room=target)
    room = state.room
    if room is None:
        return
    if not room.visited:
        room.visited = True
        found = f"; {', '.join(card.name for card in room.gear)} lying here" if room.gear else ""
        state.say("enter", f"room {room.number}: {room.type} (size {room.size}){found}",
                  room=room.number)
    if room.stock is not None:
        kind, count = room.stock
        room.stock = None
        state.groups_made += 1
        group = roll_group(state.dice, f"{kind.replace(' ', '-')}-{state.groups_made}", kind,
                           count)
        group.seen = state.round
        room.enemies.append(group)
        state.say("enemies", f"{group.id}: {count} {kind}{'s' if count > 1 else ''}, hit "
                  f"dice {hit_dice_words(group.creatures)}", group=group.id, enemy=kind,
                  count=count)
        spring_trap(state, group, fighter)


def _rest(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    """Seed 004: "A long rest untaps the cards" (defence, gear and spells); what a tapped
    card left waiting (a ward, a bonus for a roll) is spent, and once-per-rest abilities
    are ready again."""
    fired("cardcrawl.defence.long-rest")
    state.rests_left -= 1
    for member in state.fighters:
        for card in member.cards:
            if card.state == "tapped":
                card.state = "ready"
                if card.kind != "defence":
                    fired("cardcrawl.gear.swap")
        member.ward = member.focus = 0
        member.boosts = {}
        rested(member)
    state.say("rest", f"{fighter.seat} calls a long rest: every tapped card is ready again "
              f"({state.rests_left} rests left)", seat=fighter.seat)


def _wait(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    """A pass: the combo, if any, is spent (``step``)."""


_ACTIONS: Final = {"attack": _attack, "tap": _tap, "use": _use, "take": take, "swap": swap,
                   "move": _move, "rest": _rest, "wait": _wait}


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
            release_holds(state)
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
