"""Enemy special abilities in play (seed 004: "anything else is a special ability").

The bestiary is house content and writes each special in words; play does what
the words say. Before a group acts: Slow creatures wait out the round they are first
seen; a Cowardly group that has lost half its creatures flees on a d6 of 1-2 (a
Fanatic one stands fast); a troll Regenerates a lost hit die unless a torch or a
spell was used on it. As it attacks: Pack wolves are +1 while two stand, a Ferocious
orc's first attack is aggressive and +1. When it hits: a Hex or a Disease taps a
defence card as well, an ogre's aggressive Sweep hits a second character for half
the margin. Kobolds' Trapsmiths: their room has a trap (environment difficulty 10),
sprung on whoever leads the party in. Rally (captains keep guards from fleeing) has
nothing to act on: a room holds one kind of enemy (docs/rules/cardcrawl.md).
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.systems.cardcrawl.play.abilities import keen_eyes, notice_trap, roll
from undercroft.systems.cardcrawl.play.checks import environment_difficulty
from undercroft.systems.cardcrawl.play.content_ids import special_id
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup
from undercroft.systems.cardcrawl.play.hits import choose_target, hit_character, tap_one
from undercroft.systems.cardcrawl.play.skills import TRAP_SKILLS, skill_bonus
from undercroft.systems.cardcrawl.play.state import Card, CardCrawlState, Fighter

FLEES_ON: Final = 2
"""Cowardly: "flees on a d6 of 1-2"."""
DISEASE_FROM: Final = 3
"""Disease: "a bite that takes a defence card of 3 or more also taps one"."""
TRAP_DIFFICULTY: Final = 10
"""Trapsmiths: "a room with kobolds has a trap (environment difficulty 10)"."""
BRITTLE_MARGIN: Final = 1
"""Brittle: "a cautious hit's margin counts one more against skeletons"."""
TRAP_STANCE: Final = "cautious"
"""A step into a kobold den is taken with care: the trap roll is 2d6."""


def _special(state: CardCrawlState, group: EnemyGroup, name: str) -> None:
    fired("cardcrawl.enemy.specials")
    special = next(text for text in group.numbers.special
                   if text.split(":")[0].strip().lower() == name)
    used(special_id(special))


def group_acts(state: CardCrawlState, group: EnemyGroup) -> bool:
    """What happens as a group's turn begins; False when it does not attack this round."""
    numbers = group.numbers
    if numbers.has("slow") and group.seen == state.round:
        _special(state, group, "slow")
        state.say("slow", f"{group.id} is too slow to act in the round it is first seen",
                  group=group.id)
        return False
    if group.standing * 2 <= group.size:
        if numbers.has("cowardly"):
            _special(state, group, "cowardly")
            face = state.dice.die(6, "cowardly")
            if face <= FLEES_ON:
                group.fled = True
                state.say("fled", f"{group.id}, half of them down, flee the fight (d6 {face})",
                          group=group.id)
                return False
        if numbers.has("fanatic"):
            _special(state, group, "fanatic")
    if numbers.has("regenerates") and not group.burned:
        _regenerate(state, group)
    return True


def _regenerate(state: CardCrawlState, group: EnemyGroup) -> None:
    """The hit die lost last by a creature still standing comes back to it."""
    for index in range(len(group.lost) - 1, -1, -1):
        creature, value = group.lost[index]
        if group.creatures[creature]:
            del group.lost[index]
            group.creatures[creature].append(value)
            _special(state, group, "regenerates")
            state.say("regenerates", f"{group.id} regenerates: a hit die of {value} comes "
                      "back", group=group.id)
            return


def attack_bonus(state: CardCrawlState, group: EnemyGroup,
                 first: bool) -> tuple[int, str, list[str]]:
    """The bonus and stance of one creature's attack, and what moved the bonus: its skill
    at attacking, Pack and Ferocious, less a weakening (Cutting Words) from the party."""
    numbers = group.numbers
    bonus, stance = numbers.attack_skill, state.config.enemy_stance
    notes = []
    if numbers.has("pack") and group.standing >= 2:
        _special(state, group, "pack")
        bonus += 1
        notes.append("pack +1")
    if first and numbers.has("ferocious"):
        _special(state, group, "ferocious")
        bonus += 1
        stance = "aggressive"
        notes.append("ferocious +1")
    if group.weakened:
        fired("cardcrawl.play.attack-effects")
        bonus -= group.weakened
        notes.append(f"weakened -{group.weakened}")
        group.weakened = 0
    return bonus, stance, notes


def after_hit(state: CardCrawlState, group: EnemyGroup, target: Fighter,
              lost: list[Card]) -> None:
    """Hex taps a defence card with every hit; Disease when the bite took a 3 or more."""
    if group.numbers.has("hex"):
        _special(state, group, "hex")
        tap_one(state, target, f"{group.id}'s hex")
    if group.numbers.has("disease") and any(card.rating >= DISEASE_FROM for card in lost):
        _special(state, group, "disease")
        tap_one(state, target, f"{group.id}'s disease")


def sweep(state: CardCrawlState, group: EnemyGroup, target: Fighter, margin: int) -> None:
    """Sweep: "an aggressive hit also hits a second character for half the margin"."""
    if not group.numbers.has("sweep") or margin // 2 < 1:
        return
    second = choose_target(state, besides=target)
    if second is None:
        return
    _special(state, group, "sweep")
    hit_character(state, second, margin // 2, f"{group.id}'s sweep hits {second.seat} for "
                  f"half of {margin}", group=group.id)


def brittle(state: CardCrawlState, group: EnemyGroup) -> int:
    """What a cautious hit adds against a Brittle group."""
    _special(state, group, "brittle")
    return BRITTLE_MARGIN


def spring_trap(state: CardCrawlState, group: EnemyGroup, leader: Fighter) -> None:
    """Trapsmiths: the kobolds' room has a trap. An elf of the party notices it; else the
    character who led the party in rolls to spot it or get out of its way, and a failure
    hits them by as much as the roll fell short of the difficulty (at least 1)."""
    if not group.numbers.has("trapsmiths"):
        return
    _special(state, group, "trapsmiths")
    elf = keen_eyes(state)
    if elf is not None:
        notice_trap(state, elf)
        state.say("trap", f"{elf.seat}'s Keen senses: a kobold trap by the door is noticed "
                  "and left alone", seat=elf.seat)
        return
    difficulty = environment_difficulty(TRAP_DIFFICULTY)
    check = roll(state, leader, TRAP_STANCE, skill_bonus(state, leader, TRAP_SKILLS),
                 difficulty)
    if check.success:
        state.say("trap", f"{leader.seat} spots a kobold trap in time: {check.text()}",
                  seat=leader.seat)
        return
    hit_character(state, leader, max(1, difficulty - check.total),
                  f"a kobold trap catches {leader.seat}: {check.text()}", group=group.id)
