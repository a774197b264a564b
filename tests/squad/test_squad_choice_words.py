"""Dungeon Squad! + Coin-Op's choices said in words (ChoiceWords): the GM's with what each
denizen costs from the Stage's Value, the Guides' with their dice, loot and specials."""

from __future__ import annotations

import re

from undercroft.engine.capabilities import ChoiceWords, Wording
from undercroft.systems.squad.gm.denizens import bestiary
from undercroft.systems.squad.heroes.hero import Stuff
from undercroft.systems.squad.heroes.spells import spell
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.rules import legal, step
from undercroft.systems.squad.play.setup import new_game
from undercroft.systems.squad.play.state import GM, SquadState
from undercroft.systems.squad.ruleset import RULESET

GUIDE = "Guide-1"


def example() -> SquadState:
    """Faf and Urd (the seed's example heroes) at a two-Guide table, seed 1: the GM to
    set the first scene of the Mountain Pass (Stage's Value 20, the boss's 10 kept)."""
    return new_game(SquadConfig(players=2, party="example"), 1)


def worded(state: SquadState, seat: str, *moves: Move) -> list[Wording]:
    return RULESET.choice_words(state, seat, list(moves) or legal(state, seat))


def said(state: SquadState, seat: str, *moves: Move) -> list[str]:
    return [wording.words for wording in worded(state, seat, *moves)]


def test_the_ruleset_offers_choice_words() -> None:
    assert isinstance(RULESET, ChoiceWords)


def test_the_gm_sees_each_denizens_cost_and_what_is_left_of_the_stage_value() -> None:
    state = example()
    words = dict(zip([m.text for m in legal(state, GM)], said(state, GM), strict=True))
    assert words["bring 1 goblin"] == ("Bring in a Goblin (d4, 2 Hit Points each): 1 penny "
                                       "of the 10 spare in the Stage's Value, 9 left "
                                       "(bring 1 goblin)")
    assert words["bring 2 wolf"] == ("Bring in 2 Mountain Wolves (d6, 3 Hit Points each): "
                                     "4 pennies of the 10 spare in the Stage's Value, 6 left "
                                     "(bring 2 wolf)")
    assert words["spring crushing-boulders"] == (
        "Spring the Crushing Boulders Trap (d4) on 2 heroes: 2 pennies of the 10 spare in "
        "the Stage's Value, 8 left (spring crushing-boulders)")
    assert words["bring the boss"] == (
        "Bring in the boss, Goblin Warlord Grukk (d8, 12 Hit Points): 10 pennies of the 20 "
        "in the Stage's Value, 10 left (bring the boss)")


def test_every_gm_choice_that_brings_a_monster_says_its_cost_from_the_coins() -> None:
    state = example()
    state.coins.stage_value = 17  # spent down: 7 spare beside the boss's 10
    for move, words in zip(legal(state, GM), said(state, GM), strict=True):
        if move.verb != "bring":
            continue
        cost = bestiary().monsters[move.target].cost * int(move.item)
        assert re.search(rf": {cost} penn(y|ies) of the 7 spare in the Stage's Value, "
                         rf"{7 - cost} left \({move.text}\)$", words), words


def test_the_gm_running_a_monster_sees_its_die_and_its_name() -> None:
    state = example()
    step(state, {GM: Move("bring", "", "goblin", "2")})
    state.phase, state.turn = "monsters", 0
    attack, flee, hold = said(state, GM, Move("monster", "goblin-1", "Urd"),
                              Move("flee", "goblin-1"), Move("hold", "goblin-1"))
    assert attack == "Goblin 1 attacks Urd the Indomitable: d4 to hit, 4 or more " \
                     "(goblin-1 attacks Urd)"
    assert flee.startswith("Goblin 1 tries to flee the scene (a Monster Ability roll on "
                           "its d4)")
    assert hold == "Goblin 1 holds back this round (goblin-1 holds)"


def test_loot_codes_read_as_words() -> None:
    state = example()
    take, give = said(state, GUIDE, Move("take", "Faf", "", "1E"),
                      Move("give", "Urd", "Faf", "1C"))
    assert take == ("Faf of the Blue Steel takes an Explorer token (+1 to any Explorer "
                    "roll) (Faf takes 1E)")
    assert give == ("Urd the Indomitable gives a Critical token (+1 damage on a monster "
                    "already damaged) to Faf of the Blue Steel (Urd gives 1C to Faf)")


def test_a_move_with_the_special_names_the_special_and_its_penny() -> None:
    state = example()
    step(state, {GM: Move("bring", "", "goblin", "1")})
    state.heroes["Faf"].pennies = 1
    state.heroes["Faf"].special = "deadly-strike"
    move = Move("cast", "Faf", "goblin-1", "Lightning Arc", "special")
    assert move in legal(state, GUIDE)
    (words,) = said(state, GUIDE, move)
    assert words == ("Faf of the Blue Steel casts Lightning Arc (Fireball, d4) on Goblin 1: "
                     "Mage d12, 4 or more; with Deadly Strike +1 (Deal 1 additional damage) "
                     "for 1 penny (Faf casts Lightning Arc on goblin-1, with the special)")


def test_a_heal_on_a_hero_at_full_hit_points_is_futile() -> None:
    state = example()
    state.heroes["Faf"].stuff[1] = Stuff("Heal", "spell", 6, "heal")
    step(state, {GM: Move("bring", "", "goblin", "1")})
    on_urd = Move("cast", "Faf", "Urd", spell("heal").name)
    assert on_urd in legal(state, GUIDE)
    (full,) = worded(state, GUIDE, on_urd)
    assert full.futile == "Urd the Indomitable is at full Hit Points"
    state.heroes["Urd"].hit_points = 9
    (hurt,) = worded(state, GUIDE, on_urd)
    assert hurt.futile is None
    assert hurt.words.startswith("Faf of the Blue Steel casts Heal (Heal, d6) on Urd the "
                                 "Indomitable: Mage d12, 4 or more")


def test_camp_spending_says_the_price_and_where_the_pennies_go() -> None:
    state = example()
    state.heroes["Faf"].pennies = 6
    own, other = said(state, GUIDE, Move("improve", "Faf", "", "Lightning Arc"),
                      Move("raise", "Faf", "Urd"))
    assert own == ("Faf of the Blue Steel pays 5 pennies to raise Lightning Arc from d4 to "
                   "d6 (back to the Stage's Value; 6 pennies held now) "
                   "(Faf improves Lightning Arc)")
    assert other == ("Faf of the Blue Steel pays 5 pennies to raise Urd the Indomitable's "
                     "Hardy Resilience from +1 to +2 (out of play; 6 pennies held now) "
                     "(Faf raises the special of Urd)")


def test_spending_loot_says_which_tokens_and_when() -> None:
    state = example()
    step(state, {GM: Move("bring", "", "goblin", "1")})
    state.heroes["Urd"].loot.update(W=1, C=1)
    move = Move("attack", "Urd", "goblin-1", "Goblinbane", "loot")
    (fresh,) = said(state, GUIDE, move)
    assert fresh.endswith("; if the roll fails, spend the party's tokens (a Warrior token "
                          "each +1) (Urd attacks goblin-1 with Goblinbane, spending loot)")
    state.monster("goblin-1").hit_points = 1
    (damaged,) = said(state, GUIDE, move)
    assert "and Critical tokens if they would finish it (" in damaged


def test_a_foe_with_one_hit_point_left_is_said_in_the_singular() -> None:
    """Seed 2 at one Guide's table: the Mage's Lightning Arc leaves wolf-1 on 1 Hit Point."""
    from undercroft.engine.registry import get
    from undercroft.engine.table import Table, read_config

    squad = get("squad")
    table = Table.start(squad, read_config(squad, {}), 2)
    table.automate({GM: "sensible"})
    table.run_automated(20, lambda events: None)
    table.choose(GUIDE, table.legal(GUIDE)[0])
    table.run_automated(1, lambda events: None)
    texts = said(table.state, GUIDE)
    assert any("(1 Hit Point left)" in text for text in texts), texts
    assert not any("1 Hit Points" in text for text in texts), texts
