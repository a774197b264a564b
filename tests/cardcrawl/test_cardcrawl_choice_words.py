"""Card Crawl's choices said in words (ChoiceWords): attacks with their exact chance to
hit, taps and moves with what they do, unexplored rooms kept unknown."""

from __future__ import annotations

import copy

import pytest
from play_table import fighter, table

from undercroft.engine.capabilities import ChoiceWords
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.checks import success_chance
from undercroft.systems.cardcrawl.play.choice_words import hit_chance, waiting_skill_bonus
from undercroft.systems.cardcrawl.play.rules import legal
from undercroft.systems.cardcrawl.play.skills import skill_bonus
from undercroft.systems.cardcrawl.play.state import Attack
from undercroft.systems.cardcrawl.ruleset import RULESET


def test_the_ruleset_offers_choice_words() -> None:
    assert isinstance(RULESET, ChoiceWords)


def test_an_attack_says_its_dice_the_difficulty_and_its_chance_to_hit() -> None:
    state = table(fighter(), foes=[[3], [2]])
    worded = RULESET.choice_words(state, "Seat-1", legal(state, "Seat-1"))
    said = [wording.words for wording in worded]
    assert said[:2] == [
        "Attack the 2 goblins with Slash, cautious: 2d6 +3 must beat 7, 83% to hit "
        "(attack goblin-1 with Slash, cautious)",
        "Attack the 2 goblins with Slash, aggressive: 1d12 +3 must beat 7, 67% to hit "
        "(attack goblin-1 with Slash, aggressive)"]
    assert said[-2:] == ["Tap Parry: the next hit on Seat-1 before their next turn loses 1 "
                         "from its margin (tap Parry)", "Wait: do nothing this turn (wait)"]
    assert not any(wording.futile or wording.pointless for wording in worded)


@pytest.mark.parametrize("stance", ["cautious", "aggressive"])
def test_the_chance_to_hit_is_the_checks_own(stance: str) -> None:
    for bonus in range(-4, 7):
        for difficulty in range(2, 20):
            assert hit_chance(stance, bonus, difficulty) == \
                success_chance(stance, bonus, difficulty), (bonus, difficulty)


def test_an_attack_whose_best_roll_cannot_beat_the_difficulty_is_futile() -> None:
    feeble = Attack("Feeble poke", -8, ("melee",), 9, ())
    state = table(fighter(attacks=[feeble]), foes=[[3]])
    cautious, aggressive = RULESET.choice_words(state, "Seat-1", legal(state, "Seat-1"))[:2]
    assert cautious.futile == "even the best roll, 6, cannot beat 7"
    assert "no chance to hit" in cautious.words and aggressive.futile is not None


def test_the_skill_bonus_is_read_as_the_roll_would_count_it_and_nothing_is_spent() -> None:
    member = fighter(skills={"melee": 0, "stealth": 1}, abilities=("Adaptable",))
    member.boosts = {"melee": 1}
    state = table(member, foes=[[3]])
    before = copy.deepcopy(state)
    for wanted in [("melee",), ("stealth",), ("melee", "stealth"), ("magic",)]:
        trial = copy.deepcopy(before)
        assert waiting_skill_bonus(state, member, wanted) == \
            skill_bonus(trial, trial.fighters[0], wanted), wanted
    RULESET.choice_words(state, "Seat-1", legal(state, "Seat-1"))
    assert member.boosts == {"melee": 1} and member.spent == set() and not state.events


def test_a_move_names_a_room_only_once_the_party_has_been_in_it() -> None:
    state = table(fighter())
    move = Play("move", "room 2")
    (unexplored,) = RULESET.choice_words(state, "Seat-1", [move])
    assert unexplored.words == "Lead the party into room 2, not yet explored (move to room 2)"
    state.rooms[2].visited = True
    (known,) = RULESET.choice_words(state, "Seat-1", [move])
    assert known.words == "Lead the party back to room 2, the Crafting, cleared (move to room 2)"


def test_a_tap_for_an_ally_and_an_ability_say_whom_they_help() -> None:
    healer = fighter(abilities=("Lay on hands",))
    ally = fighter("Seat-2")
    state = table(healer, ally)
    words = [w.words for w in RULESET.choice_words(
        state, "Seat-1", [Play("tap", "Seat-2", "Salve"), Play("use", "Seat-2", "Lay on hands")])]
    assert words == [
        "Tap Salve: one of Seat-2's lost defence cards of rating 2 or less comes back "
        "(tap Salve for Seat-2)",
        "Use Lay on hands on Seat-2, once a rest: one of their lost defence cards of rating "
        "2 or less comes back (use Lay on hands for Seat-2)"]


def test_a_ward_no_enemy_can_strike_before_it_wears_off_is_pointless() -> None:
    parry = Play("tap", card="Parry")
    alone = table(fighter())
    (wasted,) = RULESET.choice_words(alone, "Seat-1", [parry])
    assert wasted.pointless
    (in_a_fight,) = RULESET.choice_words(table(fighter(), foes=[[3]]), "Seat-1", [parry])
    assert not in_a_fight.pointless
    first_of_two = table(fighter(), fighter("Seat-2"))  # Seat-2 may yet lead into a fight
    assert not RULESET.choice_words(first_of_two, "Seat-1", [parry])[0].pointless
    first_of_two.turn = 1
    assert RULESET.choice_words(first_of_two, "Seat-2", [Play("tap", card="Parry")])[0].pointless
