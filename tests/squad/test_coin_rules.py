"""Coin-Op (seed 003): loot tokens, improving Stuff, Special Ability levels and uses, and where
spent coins go. Rules and their status: docs/rules/squad-heroes.md."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scripted_dice import Faces
from undercroft.dice.steps import LADDER
from undercroft.errors import BadInput
from undercroft.systems.squad.heroes.combat import Check, ability_check
from undercroft.systems.squad.heroes.examples import faf, urd
from undercroft.systems.squad.heroes.hero import Hero
from undercroft.systems.squad.heroes.loot import (
    can_rescue,
    damage_with_loot,
    gain_loot,
    heal_with_loot,
    loot_kind,
    loot_needed,
    rescue,
    search_for_loot,
    spend_loot,
    transfer_loot,
    transfer_pennies,
)
from undercroft.systems.squad.heroes.spending import (
    activate_special,
    improve_stuff,
    raise_special,
    route,
)

# --- Loot -----------------------------------------------------------------------------------


def test_loot_needed_is_the_gap_to_the_difficulty() -> None:
    assert [loot_needed(r) for r in range(1, 7)] == [3, 2, 1, 0, 0, 0]
    assert loot_needed(2, 7) == 5
    assert [loot_kind(t) for t in ("1E", "1 w", "M", "1hp", "1C")] == ["E", "W", "M", "HP", "C"]
    with pytest.raises(BadInput, match="expected one of 1E"):
        loot_kind("1X")


def test_loot_turns_a_failure_into_a_success_only_with_enough_tokens() -> None:
    f = faf()
    miss = ability_check(f, "warrior", Faces(2).die)
    assert not miss.success
    gain_loot(f, "1W")
    assert not can_rescue(miss, [f])
    with pytest.raises(BadInput, match="2 x 1W needed"):
        rescue(miss, [f])
    assert f.loot["W"] == 1
    gain_loot(f, "W")
    saved, spent = rescue(miss, [f])
    assert saved.success and saved.total == 4 and spent.taken == (("Faf of the Blue Steel", 2),)
    assert f.loot["W"] == 0


def test_loot_is_not_spent_on_a_roll_that_already_succeeded() -> None:
    f = faf()
    gain_loot(f, "M", 3)
    hit = ability_check(f, "mage", Faces(8).die)
    assert not can_rescue(hit, [f])
    with pytest.raises(BadInput, match="already succeeded"):
        rescue(hit, [f])
    assert f.loot["M"] == 3


def test_loot_of_several_heroes_is_pooled_and_spent_for_another() -> None:
    f, u = faf(), urd()
    gain_loot(f, "E", 1)
    gain_loot(u, "E", 1)
    search = search_for_loot(u, Faces(2).die)
    assert search.ability == "explorer" and not search.success
    saved, spent = rescue(search, [u, f])
    assert saved.success and spent.total == 2
    assert spent.taken == (("Urd the Indomitable", 1), ("Faf of the Blue Steel", 1))


def test_an_out_of_the_game_hero_gives_no_loot() -> None:
    f, u = faf(), urd()
    gain_loot(u, "E", 3)
    u.hit_points = 0
    with pytest.raises(BadInput, match="out of the game"):
        spend_loot([f, u], "E", 1)
    assert u.loot["E"] == 3


@given(st.sampled_from(LADDER), st.integers(1, 12), st.integers(1, 14),
       st.lists(st.integers(0, 6), min_size=1, max_size=4))
def test_rescue_spends_exactly_what_is_needed_or_nothing(sides: int, face: int, difficulty: int,
                                                         tokens: list[int]) -> None:
    face = min(face, sides)
    heroes = [faf() for _ in tokens]
    for i, (hero, count) in enumerate(zip(heroes, tokens, strict=True)):
        hero.name, hero.loot["W"] = f"H{i}", count
    check = Check("warrior", sides, face, difficulty)
    needed = loot_needed(face, difficulty)
    if check.success or sum(tokens) < needed:
        assert not can_rescue(check, heroes)
        with pytest.raises(BadInput):
            rescue(check, heroes)
        assert [h.loot["W"] for h in heroes] == tokens
    else:
        assert can_rescue(check, heroes)
        saved, spent = rescue(check, heroes)
        assert saved.success and saved.bonus == needed == spent.total
        assert sum(h.loot["W"] for h in heroes) == sum(tokens) - needed


def test_hit_point_and_crit_loot() -> None:
    f, u = faf(), urd()
    gain_loot(f, "HP", 2)
    u.hit_points = 12
    spent = heal_with_loot([f], u, 2)
    assert spent.total == 2 and u.hit_points == 14 and f.loot["HP"] == 0
    gain_loot(f, "HP", 2)
    with pytest.raises(BadInput, match="can recover 1"):
        heal_with_loot([f], u, 2)
    gain_loot(u, "C", 2)
    with pytest.raises(BadInput, match="already damaged"):
        damage_with_loot([u], 1, monster_damaged=False)
    assert damage_with_loot([u], 2, monster_damaged=True).total == 2 and u.loot["C"] == 0


def test_loot_and_pennies_pass_between_heroes_as_in_the_seed() -> None:
    f, u = faf(), urd()
    gain_loot(f, "1E")
    transfer_loot(f, u, "E")
    assert (f.loot["E"], u.loot["E"]) == (0, 1)
    u.pennies = 3
    transfer_pennies(u, f, 1)
    assert (u.pennies, f.pennies) == (2, 1)
    with pytest.raises(BadInput, match="0 held by Faf"):
        transfer_loot(f, u, "E")
    with pytest.raises(BadInput, match="holds 1, cannot give 2"):
        transfer_pennies(f, u, 2)


# --- Improving Stuff and Special Abilities --------------------------------------------------


def test_improving_stuff_costs_five_a_step_and_stops_at_d12() -> None:
    u = urd()
    u.pennies = 100
    dice = []
    for _ in range(3):
        spend = improve_stuff(u, u, "Goblinbane")
        assert spend.cost == 5
        dice.append(u.stuff_named("Goblinbane").die)
    assert dice == [8, 10, 12] and u.pennies == 85
    with pytest.raises(BadInput, match="already the largest"):
        improve_stuff(u, u, "Goblinbane")
    assert u.pennies == 85
    poor = faf()
    poor.pennies = 4
    with pytest.raises(BadInput, match="holds 4 pennies"):
        improve_stuff(poor, poor, "Lightning Arc")
    assert poor.stuff_named("Lightning Arc").die == 4 and poor.pennies == 4


def test_special_levels_cost_five_each_to_plus_five_and_a_use_costs_one() -> None:
    f = faf()
    f.pennies = 30
    for level in range(2, 6):
        assert raise_special(f, f).cost == 5 and f.special_level == level
    assert f.pennies == 10
    with pytest.raises(BadInput, match=r"already \+5"):
        raise_special(f, f)
    use = activate_special(f, f)
    assert use.cost == 1 and f.pennies == 9


def test_coins_on_ones_own_hero_go_back_to_the_stage_and_on_another_do_not() -> None:
    f, u = faf(), urd()
    f.pennies = 11
    own = improve_stuff(f, f, "Lightning Arc")
    assert (own.cost, own.to_stage, own.out_of_play) == (5, 5, 0)
    other = improve_stuff(f, u, "Goblinbane")
    assert (other.cost, other.to_stage, other.out_of_play) == (5, 0, 5)
    assert u.stuff_named("Goblinbane").die == 8 and f.stuff_named("Lightning Arc").die == 6
    assert activate_special(f, u).to_stage == 0
    assert f.pennies == 0
    assert route(f, f, 3).to_stage == 3


@given(st.lists(st.tuples(st.sampled_from(["improve", "raise", "activate"]),
                          st.booleans()), max_size=30), st.integers(0, 60))
def test_every_spend_moves_pennies_only_to_the_stage_or_out(plan: list[tuple[str, bool]],
                                                            pennies: int) -> None:
    f, u = faf(), urd()
    f.pennies = pennies
    to_stage = out = 0
    for what, own in plan:
        target: Hero = f if own else u
        action = {"improve": lambda t: improve_stuff(f, t, t.stuff[0].name),
                  "raise": lambda t: raise_special(f, t),
                  "activate": lambda t: activate_special(f, t)}[what]
        before = f.pennies
        try:
            spend = action(target)
        except BadInput:
            assert f.pennies == before
            continue
        assert spend.to_stage == (spend.cost if own else 0)
        to_stage, out = to_stage + spend.to_stage, out + spend.out_of_play
    assert f.pennies + to_stage + out == pennies
    assert all(s.die <= 12 for s in (*f.stuff, *u.stuff))
    assert 1 <= f.special_level <= 5 and 1 <= u.special_level <= 5
