"""Enemy special abilities in play, each as its words in the bestiary say, and a docs line
for every ability of a starter card or special that play does not act on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_table import fighter, said, states, table

from undercroft.engine.tally import tallying
from undercroft.systems.cardcrawl.character.cards import CharacterCard, RaceCard, starter_cards
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.enemies import bestiary
from undercroft.systems.cardcrawl.play.game_master import enemies_act
from undercroft.systems.cardcrawl.play.rules import step
from undercroft.systems.cardcrawl.play.state import Card

RULES = Path(__file__).parents[2] / "docs" / "rules" / "cardcrawl.md"


def test_cowardly_goblins_flee_on_a_1_or_2_once_half_are_down() -> None:
    """Margin 1 takes the goblin showing 1: one of two is down; the d6 shows 2: they flee."""
    state = table(fighter(), foes=[[1], [6]], faces=(5, 2))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert state.rooms[1].enemies[0].fled and not state.foes_here()
    stay = table(fighter(), foes=[[1], [6]], faces=(5, 3, 1))
    step(stay, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert stay.foes_here() and said(stay, "enemy miss")


def test_fanatic_cultists_never_flee() -> None:
    state = table(fighter(), foes=[[1], [6]], kind="cultist", faces=(5, 1))
    with tallying() as tally:
        step(state, {"Seat-1": Play("attack", "cultist-1", "Slash", "aggressive")})
    assert state.foes_here() and said(state, "enemy miss")  # no d6: the 1 is the attack
    assert tally.used["cardcrawl.enemy-special.fanatic"] == 1


def test_slow_zombies_do_not_act_in_the_round_they_are_first_seen() -> None:
    state = table(fighter(), foes=[[8]], kind="zombie", faces=(12,))
    state.rooms[1].enemies[0].seen = 1
    step(state, {"Seat-1": Play("wait")})
    assert said(state, "slow") and not said(state, "wounded")
    step(state, {"Seat-1": Play("wait")})  # round 2: d12 12 + 1 vs 8
    assert said(state, "wounded")


def test_pack_wolves_are_plus_1_while_two_stand() -> None:
    """d12 6 + 2 + 1 = 9 vs 8: a hit by 1 (alone, 6 + 2 would tie)."""
    state = table(fighter(), foes=[[6], [6]], kind="wolf", faces=(6, 1))
    enemies_act(state)
    assert states(state.fighters[0]) == ["discarded", "ready", "ready"]


def test_a_ferocious_orcs_first_attack_is_aggressive_and_plus_1() -> None:
    """The game master rolls cautious here; the orc's first attack is d12 5 + 3 + 1 = 9 vs
    8; its second is 2d6."""
    state = table(fighter(), foes=[[8]], kind="orc", faces=(5, 1, 1), enemy_stance="cautious")
    enemies_act(state)
    assert states(state.fighters[0]) == ["discarded", "ready", "ready"]
    enemies_act(state)  # 1 + 1 + 3 = 5: a miss, from two dice
    assert said(state, "enemy miss")


def test_a_diseased_bite_that_takes_a_3_taps_a_card_too() -> None:
    """A rat's 12 + 1 = 13 vs 8 hits by 5: Dodge and Mail go; the disease taps Parry."""
    state = table(fighter(), foes=[[4]], kind="giant rat", faces=(12,))
    enemies_act(state)
    assert states(state.fighters[0]) == ["tapped", "discarded", "discarded"]
    assert state.fighters[0].incapacitated


def test_a_hex_taps_a_defence_card_with_every_hit() -> None:
    """A warlock's 5 + 4 = 9 vs 8 hits by 1 (Parry); the hex taps Dodge."""
    state = table(fighter(), foes=[[8, 8]], kind="warlock", faces=(5,))
    enemies_act(state)
    assert states(state.fighters[0]) == ["discarded", "tapped", "ready"]


def test_an_ogres_aggressive_hit_sweeps_a_second_character_for_half() -> None:
    """9 + 4 = 13 vs 8 hits Seat-1 by 5 (Dodge, Mail); the sweep hits Seat-2 by 2 (Dodge)."""
    state = table(fighter("Seat-1"), fighter("Seat-2"), foes=[[10, 10, 10]], kind="ogre",
                  faces=(9,))
    enemies_act(state)
    assert states(state.fighters[0]) == ["ready", "discarded", "discarded"]
    assert states(state.fighters[1]) == ["ready", "discarded", "ready"]


def test_a_cautious_hit_on_brittle_skeletons_counts_one_more() -> None:
    """2d6 3 + 3 + 1 + 2 = 9 vs 6: margin 3, and 4 on skeletons."""
    state = table(fighter(), foes=[[6], [6], [6]], kind="skeleton", faces=(3, 3, 1, 1, 1))
    step(state, {"Seat-1": Play("attack", "skeleton-1", "Slash", "cautious")})
    assert said(state, "hit")[0]["margin"] == 4


def test_a_troll_regenerates_unless_a_torch_or_a_spell_was_used_on_it() -> None:
    """A hit takes a 12; the troll's turn brings it back. Tapping a torch stops it."""
    state = table(fighter(), foes=[[12, 12, 12]], kind="troll", faces=(12, 1))
    step(state, {"Seat-1": Play("attack", "troll-1", "Slash", "aggressive")})
    assert state.rooms[1].enemies[0].creatures == [[12, 12, 12]] and said(state, "regenerates")
    torch = Card("Torch", "gear", 0, "boost", 1, "", content="cardcrawl.gear.torch",
                 skills=("perception",))
    me = fighter(cards=[*fighter().cards[:3], torch])
    state = table(me, foes=[[12, 12]], kind="troll", faces=(1,))
    state.rooms[1].enemies[0].lost = [(0, 12)]
    step(state, {"Seat-1": Play("tap", card="Torch")})
    assert state.rooms[1].enemies[0].burned and state.rooms[1].enemies[0].creatures == [[12, 12]]


def test_a_kobold_trap_hits_the_leader_by_what_the_roll_fell_short_unless_an_elf_sees_it(
        ) -> None:
    """Into room 2 and its kobold (d4 2); the leader's 2d6 3 + 3 + 0 = 6 vs 10 falls short
    by 4: Parry and Mail go. (The kobold then misses.)"""
    state = table(fighter(), faces=(2, 3, 3, 1))
    state.rooms[2].stock = ("kobold", 1)
    step(state, {"Seat-1": Play("move", "room 2")})
    assert states(state.fighters[0]) == ["discarded", "ready", "discarded"]
    elf = table(fighter(abilities=("Keen senses",)), faces=(2, 1))
    elf.rooms[2].stock = ("kobold", 1)
    step(elf, {"Seat-1": Play("move", "room 2")})
    assert states(elf.fighters[0]) == ["ready", "ready", "ready"] and said(elf, "trap")


# --- every ability is played or says why not ------------------------------------------------

def _abilities_table() -> dict[str, str]:
    """The "Abilities and specials" table of the rules page: name -> status."""
    text = RULES.read_text(encoding="utf-8")
    section = text.split("### Abilities and specials", 1)[1].split("\n## ", 1)[0]
    return {found[1]: found[2] for found in
            re.finditer(r"^\| ([A-Z][^|]+?) \| [^|]+ \| ([^|]+) \|$", section, re.MULTILINE)}


def _names(texts: list[str]) -> set[str]:
    return {text.split(":")[0].strip() for text in texts}


@pytest.mark.parametrize("source", ["race and class cards", "enemy specials"])
def test_every_ability_is_played_or_a_docs_line_says_why_not(source: str) -> None:
    cards = starter_cards()
    if source == "enemy specials":
        names = _names([text for kind in bestiary().values() for text in kind.special])
    else:
        names = _names([card.ability for card in cards.of(RaceCard)]
                       + [card.ability for card in cards.of(CharacterCard)])
    table_ = _abilities_table()
    assert sorted(names - set(table_)) == []
    for name in names:
        status = table_[name]
        assert status.startswith(("played", "not played")), (name, status)
        if status.startswith("not played"):
            assert len(status) > 40, f"{name}: say why not"
