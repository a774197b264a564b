"""The automated game master of Card Crawl: the enemies' turn.

House rule (the seed has no GM-less game): only enemies in the party's room act;
each standing creature attacks once a round, rolling the configured stance + its skill
at attacking (seed 004's enemy skill: the full bonus for what it is great at, half for
what it is competent at) against 6 + the target's defence skill (seed 004: "Against
Opponent: 6 + Opponent skill"); it goes for the character with the fewest ready
defence cards, and a hit takes ready defence cards by its margin (``soak``). Enemy
special abilities act as their words say (``enemy_specials``).
"""

from __future__ import annotations

from undercroft.engine.tally import fired, used
from undercroft.systems.cardcrawl.play.checks import opponent_difficulty, roll_check
from undercroft.systems.cardcrawl.play.content_ids import enemy_id
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup
from undercroft.systems.cardcrawl.play.enemy_specials import (
    after_hit,
    attack_bonus,
    group_acts,
    sweep,
)
from undercroft.systems.cardcrawl.play.hits import choose_target, hit_character
from undercroft.systems.cardcrawl.play.skills import DEFENSIVE_SKILLS, skill_bonus
from undercroft.systems.cardcrawl.play.state import CardCrawlState, Fighter


def enemies_act(state: CardCrawlState) -> None:
    """The automated game master: each standing creature in the party's room attacks a
    standing character (the one with the fewest ready defence cards, then seat order)."""
    for group in state.foes_here():
        first = not group.noticed
        if not group_acts(state, group):
            continue
        group.noticed = True
        for _ in range(group.standing):
            if group.staggered:
                group.staggered -= 1
                fired("cardcrawl.play.attack-effects")
                state.say("staggered", f"one of {group.id} is still off balance and does "
                          "not attack", group=group.id)
                continue
            target = choose_target(state)
            if target is None:
                return
            fired("cardcrawl.play.game-master")
            fired("cardcrawl.enemy.skill")
            used(enemy_id(group.kind))
            _enemy_attack(state, group, target, first)


def _enemy_attack(state: CardCrawlState, group: EnemyGroup, target: Fighter,
                  first: bool) -> None:
    bonus, stance, notes = attack_bonus(state, group, first)
    difficulty = opponent_difficulty(skill_bonus(state, target, DEFENSIVE_SKILLS))
    check = roll_check(state.dice, stance, bonus, difficulty)
    group.last_target = target.seat
    why = f" ({', '.join(notes)})" if notes else ""
    if not check.success:
        target.missed = True
        state.say("enemy miss", f"{group.id} attacks {target.seat}{why}: {check.text()}",
                  group=group.id, seat=target.seat)
        return
    lost = hit_character(state, target, check.margin,
                         f"{group.id} hits {target.seat}{why}: {check.text()}", group=group.id)
    after_hit(state, group, target, lost)
    if stance == "aggressive":
        sweep(state, group, target, check.margin)
