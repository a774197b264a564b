"""Coin-Op's coins: the Pool, the Stage's Value, pushing and collecting, the seed's
examples in pennies, fleeing monsters, spending, the end of a stage, and invariants
over any sequence of moves."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scripted_dice import Faces
from undercroft.errors import BadInput
from undercroft.systems.squad.gm.coin_pool import CoinError, CoinPool
from undercroft.systems.squad.gm.denizens import avoids_trap, bestiary, trap_damage, try_flee
from undercroft.systems.squad.gm.stages import cheapest_cost, price_list, stages

BOSS = "goblin-warlord"


def opened(guides: int = 2, **options: Any) -> CoinPool:
    coins = CoinPool.for_guides(guides, **options)
    coins.open_stage(BOSS)
    return coins


def test_the_pool_is_a_quarter_from_each_hero_guide() -> None:
    assert CoinPool.for_guides(1).pool == 25
    assert CoinPool.for_guides(3).pool == 75
    assert CoinPool.for_guides(2, quarter=10).total == 20
    with pytest.raises(BadInput, match="at least one Hero Guide"):
        CoinPool.for_guides(0)


def test_the_stage_value_is_5_a_guide_and_10_for_the_boss_from_the_pool() -> None:
    coins = CoinPool.for_guides(2)
    assert coins.open_stage(BOSS) == 20
    assert (coins.pool, coins.stage_value, coins.boss_reserve, coins.spare) == (30, 20, 10, 10)
    other = CoinPool.for_guides(3)
    assert other.open_stage(BOSS, per_guide=2, boss_share=7) == 13
    with pytest.raises(CoinError, match="already open"):
        other.open_stage(BOSS)


def test_the_example_of_play_pushes_4_then_2_and_faf_and_urd_collect() -> None:
    """Four Goblins rush Faf and Urd (4 pennies pushed as they attack); the heroes defeat
    them; the Boulder Trap springs on both heroes (2 pennies); Urd avoids it, Faf does
    not. A two-guide table: one guide's recommended value cannot pay for this (below)."""
    coins = opened(2)
    goblin = bestiary().monsters["goblin"]
    goblins = [f"goblin-{n}" for n in range(1, 5)]
    assert sum(coins.push(g, goblin.cost) for g in goblins) == 4
    assert coins.spare == 6 and sum(coins.pushed.values()) == 4
    purse = {"Faf": 0, "Urd": 0}
    for hero, goblin_id in zip(["Faf", "Urd", "Urd", "Faf"], goblins, strict=True):
        purse[hero] += coins.collect(goblin_id)
    trap = bestiary().traps["crushing-boulders"]
    assert coins.push("boulders", trap.cost(2)) == 2
    rolls = {"Faf": Faces(2).die(8), "Urd": Faces(4).die(4)}
    avoided = [hero for hero, roll in rolls.items() if avoids_trap(roll)]
    assert avoided == ["Urd"] and trap_damage(trap, Faces(2).die) == 2
    share = coins.settle_trap("boulders", targets=2, avoided=len(avoided))
    for hero in avoided:
        purse[hero] += share
    assert purse == {"Faf": 2, "Urd": 3}
    assert (coins.with_heroes, coins.stage_value, coins.pushed) == (5, 15, {})
    assert coins.total == 50


def test_one_guide_at_the_recommended_value_cannot_afford_the_example_of_play() -> None:
    coins = opened(1)
    assert coins.spare == 5
    for n in range(1, 5):
        coins.push(f"goblin-{n}", 1)
    assert not coins.can_push("boulders", 2)
    with pytest.raises(CoinError, match="spare Stage's Value holds 1"):
        coins.push("boulders", 2)


def test_four_dark_forest_goblins_pay_faf_1_penny_and_urd_3() -> None:
    coins = opened(2)
    for n in range(4):
        coins.push(f"corrupted-goblin-{n}", bestiary().monsters["goblin"].cost)
    faf = coins.collect("corrupted-goblin-0")
    urd = sum(coins.collect(f"corrupted-goblin-{n}") for n in (1, 2, 3))
    assert (faf, urd) == (1, 3)
    assert coins.with_heroes == 4  # Urd then hands Faf a penny: purses only, not the pool


def test_a_denizen_pushes_its_cost_once_however_often_it_attacks() -> None:
    coins = opened()
    assert coins.push("orc-1", 2) == 2
    assert coins.push("orc-1", 2) == 0 and coins.can_push("orc-1", 0)
    assert coins.stage_value == 18 and coins.pushed == {"orc-1": 2}


def test_a_push_needs_the_coins_and_leaves_the_boss_share_alone() -> None:
    coins = opened()
    assert not coins.can_push("ogre-1", 11)
    before = coins.to_dict()
    with pytest.raises(CoinError, match="cannot push 11"):
        coins.push("ogre-1", 11)
    assert coins.to_dict() == before
    coins.push("ogre-1", 5)
    coins.push("ogre-2", 5)
    assert coins.only_boss_coins_left and not coins.can_push("goblin-1", 1)
    assert coins.push(BOSS, 10) == 10 and coins.stage_value == 0
    assert not CoinPool.for_guides(1).can_push("goblin-1", 1)  # no stage open


def test_the_boss_can_take_spare_coins_beyond_its_share() -> None:
    coins = opened()
    assert coins.push(BOSS, 12) == 12
    assert (coins.stage_value, coins.boss_reserve) == (8, 0)


def test_the_boss_comes_when_the_spare_value_buys_no_normal_denizen() -> None:
    stage = stages()["mountain-pass"]
    coins = opened(1)
    prices = price_list(stage, targets=2)
    assert coins.affordable(prices) == ["goblin", "crushing-boulders", "wolf"]
    coins.push("wolf-1", 2)
    coins.push("wolf-2", 2)
    assert coins.spare == 1 and coins.affordable(prices) == ["goblin"]
    assert not coins.boss_due(cheapest_cost(stage))
    coins.push("goblin-1", 1)
    assert coins.boss_due(cheapest_cost(stage)) and coins.only_boss_coins_left
    assert coins.affordable(prices) == []


def test_the_stage_is_over_when_the_boss_is_defeated_and_its_rest_returns_to_the_pool() -> None:
    coins = opened()
    coins.push("goblin-1", 1)
    coins.push(BOSS, 10)
    assert not coins.stage_over
    assert coins.collect(BOSS) == 10
    assert coins.stage_over and not coins.can_push(BOSS, 10)
    assert coins.close_stage() == 10  # 9 unspent + the goblin nobody defeated
    assert (coins.pool, coins.with_heroes, coins.stage_open) == (40, 10, False)
    with pytest.raises(CoinError, match="no stage is open"):
        coins.close_stage()


def test_a_stage_that_cannot_pay_its_boss_does_not_open() -> None:
    coins = CoinPool.for_guides(1)
    coins.open_stage(BOSS)
    coins.push(BOSS, 10)
    coins.collect(BOSS)
    assert coins.close_stage() == 5 and coins.pool == 15
    assert coins.open_stage("ash-priest") == 15  # the boss's share first, then 5
    coins.push("ash-priest", 10)
    coins.push("cultist-1", 3)
    coins.collect("ash-priest")
    coins.collect("cultist-1")
    coins.close_stage()
    assert coins.pool == 2 and not coins.can_open_stage()
    with pytest.raises(CoinError, match="fewer than the Boss's share of 10"):
        coins.open_stage("frost-jarl")


def test_a_fled_monster_nobody_pursues_gives_its_coins_back_next_scene() -> None:
    coins = opened()
    coins.push("goblin-1", 1)
    coins.push("goblin-2", 1)
    assert try_flee(4, Faces(4).die)
    coins.flee("goblin-1")
    with pytest.raises(CoinError, match="fled this scene"):
        coins.collect("goblin-1")
    with pytest.raises(CoinError, match="cannot flee with 'goblin-1': it fled this scene"):
        coins.flee("goblin-1")
    with pytest.raises(CoinError, match="cannot settle 'goblin-1': it fled"):
        coins.settle_trap("goblin-1", targets=1, avoided=1)
    assert coins.pushed == {"goblin-1": 1, "goblin-2": 1}  # still on the table this scene
    assert coins.next_scene() == {"goblin-1": 1}
    assert coins.pushed == {"goblin-2": 1} and coins.stage_value == 19


def test_a_pursued_monster_is_back_next_scene_with_its_coins_on_the_table() -> None:
    coins = opened()
    coins.push("orc-1", 2)
    coins.flee("orc-1")
    coins.pursue("orc-1")
    assert coins.next_scene() == {}
    assert coins.collect("orc-1") == 2
    with pytest.raises(CoinError, match="has not fled"):
        coins.pursue("orc-2")


def test_a_fled_boss_gets_its_share_back() -> None:
    coins = opened()
    coins.push(BOSS, 10)
    coins.flee(BOSS)
    coins.next_scene()
    assert (coins.stage_value, coins.boss_reserve, coins.spare) == (20, 10, 10)


def test_coins_spent_on_the_own_hero_make_the_stage_tougher_and_gifts_leave_play() -> None:
    coins = opened()
    coins.push("ogre-1", 5)
    coins.collect("ogre-1")
    coins.spend(2, on_own_hero=True)
    assert (coins.with_heroes, coins.stage_value, coins.spare) == (3, 17, 7)
    coins.spend(3, on_own_hero=False)
    assert (coins.with_heroes, coins.out_of_play, coins.total) == (0, 3, 50)
    with pytest.raises(CoinError, match="the heroes hold 0"):
        coins.spend(1, on_own_hero=True)


def test_gifts_can_go_to_the_pool_and_own_spending_between_stages_joins_the_next() -> None:
    coins = opened(2, gifts="pool")
    coins.push("ogre-1", 5)
    coins.collect("ogre-1")
    coins.spend(1, on_own_hero=False)
    assert coins.pool == 31 and coins.out_of_play == 0
    coins.close_stage()
    coins.spend(4, on_own_hero=True)
    assert coins.carried == 4
    assert coins.open_stage("ash-priest") == 24 and coins.spare == 14 and coins.carried == 0


def test_a_trap_everyone_avoids_pays_each_avoider_and_one_that_catches_all_pays_none() -> None:
    coins = opened()
    coins.push("icicles", 3)
    assert coins.settle_trap("icicles", targets=3, avoided=3) == 1
    assert coins.with_heroes == 3
    coins.push("beams", 2)
    coins.settle_trap("beams", targets=2, avoided=0)
    assert coins.with_heroes == 3 and coins.stage_value == 17
    coins.push("net", 3)
    with pytest.raises(CoinError, match="cannot settle 'net'"):
        coins.settle_trap("net", targets=2, avoided=1)


def test_the_coins_round_trip_through_json_and_a_broken_record_is_refused() -> None:
    coins = opened()
    coins.push("goblin-1", 1)
    coins.flee("goblin-1")
    again = CoinPool.from_dict(json.loads(json.dumps(coins.to_dict())))
    assert again == coins
    with pytest.raises(BadInput, match="inconsistent"):
        CoinPool.from_dict({**coins.to_dict(), "stage_value": -1})
    with pytest.raises(BadInput, match="coin pool"):
        CoinPool.from_dict({**coins.to_dict(), "purse": 3})


KINDS = ["push"] * 4 + ["collect"] * 3 + ["spend"] * 3 + [
    "settle", "release", "flee", "pursue", "next", "open", "close"]
MOVES = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 7), st.integers(0, 6),
                           st.integers(0, 4), st.booleans()), min_size=5, max_size=60)
"""Moves as (kind, a, b, c, own): each kind reads the numbers it needs (see ``apply``);
a denizen to collect, settle, release or flee is picked among those with coins on the
table, so most moves can happen."""
DENIZENS = [BOSS, "a", "b", "c", "d"]


def pick(ids: Any, index: int) -> str:
    """The index-th of ``ids`` (wrapping), or one nobody pushed when there are none."""
    ids = sorted(ids)
    return ids[index % len(ids)] if ids else "nobody"


def apply(coins: CoinPool, move: tuple[str, int, int, int, bool]) -> tuple[Any, ...]:
    """Make the move; returns it as it was played: (kind, arguments...)."""
    kind, a, b, c, own = move
    played: tuple[Any, ...]
    if kind == "push":
        played = (kind, DENIZENS[a % len(DENIZENS)], b)
        coins.push(played[1], b)
    elif kind == "spend":
        played = (kind, c, own)
        coins.spend(c, on_own_hero=own)
    elif kind == "settle":
        played = (kind, pick(coins.pushed, a), c, b % 5)
        coins.settle_trap(played[1], targets=c, avoided=b % 5)
    elif kind in ("collect", "release", "flee", "pursue"):
        played = (kind, pick(coins.fled if kind == "pursue" else coins.pushed, a))
        getattr(coins, kind)(played[1])
    elif kind == "open":
        played = (kind, c * 2, b + a)
        coins.open_stage(BOSS, per_guide=c * 2, boss_share=b + a)
    elif kind == "next":
        played = (kind,)
        coins.next_scene()
    else:
        played = (kind,)
        coins.close_stage()
    return played


@settings(max_examples=300)
@given(guides=st.integers(1, 4), gifts=st.sampled_from(["out-of-play", "pool"]), moves=MOVES)
def test_coins_are_never_made_or_lost_and_the_stage_value_never_goes_negative(
        guides: int, gifts: Any, moves: list[tuple[str, int, int, int, bool]]) -> None:
    coins = CoinPool.for_guides(guides, gifts=gifts)
    coins.open_stage(BOSS)
    total = coins.total
    for move in moves:
        before = coins.to_dict()
        try:
            played = apply(coins, move)
        except CoinError:
            assert coins.to_dict() == before, move  # a refused move changes nothing
            continue
        assert coins.total == total, played
        assert min(coins.pool, coins.stage_value, coins.with_heroes, coins.carried) >= 0
        assert 0 <= coins.boss_reserve <= coins.stage_value
        assert all(c > 0 for c in coins.pushed.values()) and set(coins.fled) <= set(coins.pushed)
        gift = played[0] == "spend" and not played[2]
        if not (gift and gifts == "out-of-play"):
            assert coins.out_of_play == before["out_of_play"], played  # only gifts leave play
        if played[0] == "push" and played[1] not in before["pushed"]:
            room = before["stage_value"] - (0 if played[1] == BOSS else before["boss_reserve"])
            assert played[2] <= room and coins.stage_value == before["stage_value"] - played[2]
        assert CoinPool.from_dict(coins.to_dict()) == coins
