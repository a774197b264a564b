"""The automated game master of Card Crawl: the enemies' turn.

House rule (the seed has no GM-less game): only enemies in the party's room act;
each standing creature attacks once a round, rolling the configured stance + its skill
at attacking (seed 004's enemy skill: the full bonus for what it is great at, half for
what it is competent at) against 6 + the target's defence skill + guard (seed 004:
"Against Opponent: 6 + Opponent skill"); it goes for the character with the fewest ready
defence cards, and a hit takes ready defence cards by its margin (``soak``).
"""

from __future__ import annotations

from undercroft.engine.tally import fired, used
from undercroft.systems.cardcrawl.checks import opponent_difficulty, roll_check
from undercroft.systems.cardcrawl.content_ids import enemy_id
from undercroft.systems.cardcrawl.enemies import EnemyGroup, enemy_kind
from undercroft.systems.cardcrawl.play_skills import DEFENSIVE_SKILLS, skill_bonus
from undercroft.systems.cardcrawl.play_state import CardCrawlState, Fighter
from undercroft.systems.cardcrawl.soak import defence_discard


def enemies_act(state: CardCrawlState) -> None:
    """The automated game master: each standing creature in the party's room attacks a
    standing character (the one with the fewest ready defence cards, then seat order)."""
    for group in state.foes_here():
        numbers = enemy_kind(group.kind)
        for _ in range(group.standing):
            targets = [f for f in state.fighters if not f.incapacitated]
            if not targets:
                return
            fired("cardcrawl.play.game-master")
            fired("cardcrawl.enemy.skill")
            used(enemy_id(group.kind))
            target = min(targets, key=lambda f: sum(c.state == "ready" for c in f.defence))
            _enemy_attack(state, group, numbers.attack_skill, target)


def _enemy_attack(state: CardCrawlState, group: EnemyGroup, bonus: int,
                  target: Fighter) -> None:
    difficulty = (opponent_difficulty(skill_bonus(state, target, DEFENSIVE_SKILLS))
                  + target.guard)
    check = roll_check(state.dice, state.config.enemy_stance, bonus, difficulty)
    if not check.success:
        state.say("enemy miss", f"{group.id} attacks {target.seat}: {check.text()}",
                  group=group.id, seat=target.seat)
        return
    fired("cardcrawl.core.margin")
    fired("cardcrawl.defence.discard")
    ready = [card for card in target.defence if card.state == "ready"]
    lost = [ready[i] for i in defence_discard([c.rating for c in ready], check.margin)]
    for card in lost:
        card.state = "discarded"
        if card.content:
            used(card.content)
    target.healed = False
    state.say("wounded", f"{group.id} hits {target.seat}: {check.text()}; "
              f"{', '.join(f'{c.name} ({c.rating})' for c in lost)} discarded",
              group=group.id, seat=target.seat, margin=check.margin,
              lost=[c.rating for c in lost])
    if target.incapacitated:
        state.say("incapacitated", f"{target.seat} is incapacitated", seat=target.seat)
