"""Labyrinth's choices said in words for the phones and the terminal (ChoiceWords)."""

from __future__ import annotations

from labyrinth_table import game, in_a_fight

from undercroft.engine.capabilities import ChoiceWords, Wording
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.dungeon import enter_floor
from undercroft.systems.labyrinth.rules import legal
from undercroft.systems.labyrinth.ruleset import RULESET
from undercroft.systems.labyrinth.state import LabyrinthState, Room, StatueChoice


def worded(state: LabyrinthState, *actions: Choice, seat: str = "Seat-1") -> list[Wording]:
    return RULESET.choice_words(state, seat, list(actions) or legal(state, seat))


def test_the_ruleset_offers_choice_words() -> None:
    assert isinstance(RULESET, ChoiceWords)


def test_town_choices_name_items_by_their_cards_and_keep_the_copy_in_brackets() -> None:
    state = game("human:warrior")
    said = [wording.words for wording in worded(state)]
    assert said == ["Buy Rations for 3 silver, 7 left (buy rations#3)",
                    "Buy Rations for 3 silver, 7 left (buy rations#4)",
                    "Set out for floor 1 of the dungeon (enter floor 1)",
                    "Wait: nothing happens, the turn comes back (wait)"]
    for words in said:
        assert "#" not in words.rsplit(" (", 1)[0]


def test_waiting_alone_outside_a_battle_is_pointless_and_with_others_passes_the_turn() -> None:
    alone = game("human:warrior")
    (wait,) = worded(alone, Choice("wait"))
    assert wait.pointless
    party = game("human:warrior", "hollow:medic", "oxkin:archer")
    party.party[1].alive = False
    (wait,) = worded(party, Choice("wait"))
    assert wait == Wording("Wait: pass the turn to Seat-3 (wait)")


def test_selling_and_the_wizards_price_are_said_in_silver() -> None:
    state = game("human:warrior")
    member = state.party[0]
    member.items.append("cursed-ring#1")
    member.cursed.append("cursed-ring#1")
    member.silver = 40
    sell, lift = worded(state, Choice("sell", "rations#1"), Choice("lift", "cursed-ring#1"))
    assert sell.words == "Sell Rations for 1 silver (sell rations#1)"
    assert lift.words == ("Pay the wizard 10 silver to lift the curse of the Cursed Ring "
                          "(lift the curse on cursed-ring#1)")


def test_an_attack_says_what_it_needs_on_the_d20_against_the_armour_class() -> None:
    state = in_a_fight("human:warrior", health=10)
    first = worded(state)[0]
    assert first == Wording("Attack Goblin 1 with Strength: needs 10+ on the d20 against "
                            "armour class 15, 7 health left (attack goblin-1)")


def test_an_attack_that_cannot_reach_the_armour_class_is_futile() -> None:
    state = in_a_fight("human:warrior", health=10)
    state.party[0].stats["strength"] = -30  # a modifier far below any 20 could make up
    attack = worded(state)[0]
    assert attack.futile is not None and "armour class 15" in attack.futile
    assert "cannot hit" in attack.words


def test_a_wizards_attack_with_the_weaker_stat_is_pointless() -> None:
    state = in_a_fight("human:wizard", health=10)
    member = state.party[0]
    member.stats.update(strength=8, intelligence=16)
    plain, clever = worded(state, Choice("attack", "goblin-1"),
                           Choice("attack", "goblin-1", "intelligence"))
    assert plain.pointless and not clever.pointless
    assert clever.words.startswith("Attack Goblin 1 with Intelligence: ")
    assert clever.words.endswith("(attack goblin-1 with intelligence)")
    member.stats.update(strength=16, intelligence=8)
    plain, clever = worded(state, Choice("attack", "goblin-1"),
                           Choice("attack", "goblin-1", "intelligence"))
    assert clever.pointless and not plain.pointless
    member.stats.update(strength=12, intelligence=12)  # the same attack: one is enough
    plain, clever = worded(state, Choice("attack", "goblin-1"),
                           Choice("attack", "goblin-1", "intelligence"))
    assert clever.pointless and not plain.pointless


def test_a_check_for_traps_says_the_roll_and_is_futile_when_it_cannot_succeed() -> None:
    state = game("human:warrior")
    enter_floor(state, 1)
    state.room = Room("treasure-chest#1", "chest")
    open_it, check = worded(state, Choice("open"), Choice("search"))
    assert open_it.words == "Open the chest, not checked for traps (open the chest)"
    luck = (state.party[0].stats["luck"] - 10) // 2  # nothing worn
    assert check.words == (f"Check the chest for traps: d20 {luck:+d} (Luck) against "
                           f"{state.config.search_difficulty} (check the chest for traps)")
    assert check.futile is None
    state.party[0].stats["luck"] = -30
    assert worded(state, Choice("search"))[0].futile is not None


def test_a_dragon_statue_choice_says_the_stat_before_and_after() -> None:
    state = game("human:warrior")
    state.statue = StatueChoice("Seat-1", "raise_stat", 2, True, "raise a stat by 2")
    strength = state.party[0].stats["strength"]
    raised, keep = worded(state, Choice("raise", "strength"), Choice("keep"))
    assert raised.words == (f"Raise Strength by 2, {strength} to {strength + 2} "
                            "(raise strength)")
    assert keep.words == "Keep the stats as they are"
