"""Amulet's special levels (seed 001, SPECIAL LEVELS) and Scaling's level bonus."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from undercroft.dice import DieStep
from undercroft.errors import BadInput
from undercroft.systems.amulet.characters.creatures import die_sides
from undercroft.systems.amulet.characters.heroes import new_hero
from undercroft.systems.amulet.generation.special_levels import (
    LEVEL_KINDS,
    MINI_BOSS_ROOM_MIN_SIZE,
    TREASURE_ACTIONS,
    LevelKind,
    MiniBoss,
    TreasureRace,
    generator_interval,
    is_mini_boss_depth,
    level_bonus,
    mini_boss,
    mini_boss_room_size,
    monster_speed_bonus,
    next_level_kind,
    race_treasures,
    roll_race,
    secret_door_bonus,
    trap_bonus,
)
from undercroft.systems.amulet.generation.tables import monsters

NAMES = st.sampled_from(["Warrior", "Elf", "Valkyrie", "Wizard", "Hobbit", "Dwarf"])
RESULTS = st.dictionaries(NAMES, st.integers(min_value=-5, max_value=60), max_size=6)
KINDS: st.SearchStrategy[LevelKind] = st.sampled_from(LEVEL_KINDS)


def kind_after(previous: LevelKind | None, depth: int = 5, *, taken: bool = True,
               killed: bool = False, scaling: bool = True, every: int = 10) -> LevelKind:
    return next_level_kind(depth, previous, treasure_taken=taken, boss_killed=killed,
                           scaling=scaling, every=every)


# Which level comes next ---------------------------------------------------------------


@pytest.mark.parametrize("scaling", [True, False])
@pytest.mark.parametrize("every", [1, 10])
def test_the_first_level_is_normal(scaling: bool, every: int) -> None:
    assert kind_after(None, 1, taken=False, scaling=scaling, every=every) == "normal"


def test_mini_boss_levels_come_every_10_levels_only_when_scaling() -> None:
    scaled = [d for d in range(1, 61) if kind_after("normal", d, scaling=True) == "mini-boss"]
    assert scaled == [10, 20, 30, 40, 50, 60]
    assert all(kind_after("normal", d, scaling=False) != "mini-boss" for d in range(1, 61))


def test_the_mini_boss_interval_is_a_parameter() -> None:
    assert [d for d in range(1, 16) if is_mini_boss_depth(d, True, every=4)] == [4, 8, 12]
    assert kind_after("normal", 4, every=4) == "mini-boss"
    assert kind_after("normal", 10, every=4) == "normal"


def test_a_killed_mini_boss_leads_to_a_treasure_level() -> None:
    assert kind_after("mini-boss", 11, killed=True) == "treasure"


def test_a_mini_boss_left_alive_leads_to_a_normal_level() -> None:
    # Nobody picks up treasure on a mini-boss level (no contents): the seed's
    # "normal dungeon level instead of a treasure level" wins over that trigger.
    assert kind_after("mini-boss", 11, killed=False, taken=False) == "normal"


def test_a_level_where_no_one_picked_up_treasure_is_followed_by_a_treasure_level() -> None:
    assert kind_after("normal", 5, taken=False) == "treasure"
    assert kind_after("normal", 5, taken=False, scaling=False) == "treasure"
    assert kind_after("normal", 5, taken=True) == "normal"


def test_a_treasure_level_is_followed_by_a_normal_level() -> None:
    assert kind_after("treasure", 6, taken=False) == "normal"
    assert kind_after("treasure", 6, taken=True) == "normal"


def test_a_mini_boss_depth_wins_over_an_owed_treasure_level() -> None:
    assert kind_after("normal", 20, taken=False) == "mini-boss"
    assert kind_after("treasure", 20) == "mini-boss"
    assert kind_after("mini-boss", 2, killed=True, every=1) == "mini-boss"
    # The owed treasure level is not carried past the boss.
    assert kind_after("mini-boss", 21, killed=False, taken=False) == "normal"


def test_bad_depth_interval_or_kind_is_bad_input() -> None:
    with pytest.raises(BadInput, match="depth must be 1 or more"):
        kind_after("normal", 0)
    with pytest.raises(BadInput, match="N must be 1 or more, got 0"):
        kind_after("normal", 5, every=0)
    with pytest.raises(BadInput, match="'boss'"):
        kind_after("boss", 5)  # type: ignore[arg-type]


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=80),
       st.booleans(), st.integers(min_value=1, max_value=12))
def test_a_whole_descent_follows_the_seed(flags: list[tuple[bool, bool]], scaling: bool,
                                          every: int) -> None:
    """Walk a descent (each pair: how the level before ended, treasure taken and boss
    killed): no two treasure levels in a row, bosses only on schedule, and each
    treasure level has a reason (a killed boss or no treasure picked up)."""
    kinds: list[LevelKind] = []
    previous: LevelKind | None = None
    for depth, (taken, killed) in enumerate(flags, start=1):
        kind = next_level_kind(depth, previous, taken, killed, scaling, every)
        assert (kind == "mini-boss") == (scaling and depth > 1 and depth % every == 0)
        if kind == "treasure":
            assert (previous == "normal" and not taken) or (previous == "mini-boss" and killed)
        kinds.append(kind)
        previous = kind
    assert kinds[0] == "normal"
    assert all(not (a == b == "treasure") for a, b in pairwise(kinds))


@given(st.integers(min_value=2, max_value=500), KINDS, st.booleans(), st.booleans(),
       st.booleans())
def test_next_level_kind_is_always_a_kind(depth: int, previous: LevelKind, taken: bool,
                                          killed: bool, scaling: bool) -> None:
    kind = next_level_kind(depth, previous, taken, killed, scaling)
    assert kind in LEVEL_KINDS
    if previous == "treasure":
        assert kind != "treasure"


# The treasure race --------------------------------------------------------------------


def test_treasure_levels_last_10_actions() -> None:
    assert TREASURE_ACTIONS == 10
    assert TreasureRace().actions_left == 10


@pytest.mark.parametrize(("result", "treasures"), [(17, 7), (8, 0), (10, 0), (11, 1), (30, 20)])
def test_a_lone_racer_collects_a_treasure_per_point_over_10(result: int, treasures: int) -> None:
    assert race_treasures({"Elf": result}) == {"Elf": treasures}


def test_the_highest_racer_collects_his_contest_less_the_next_highest() -> None:
    assert race_treasures({"Elf": 17, "Warrior": 14}) == {"Elf": 3, "Warrior": 0}
    assert race_treasures({"Warrior": 14, "Elf": 17}) == {"Elf": 3, "Warrior": 0}


def test_the_winner_collects_over_10_when_the_next_highest_is_lower() -> None:
    assert race_treasures({"Elf": 17, "Warrior": 6}) == {"Elf": 7, "Warrior": 0}
    assert race_treasures({"Elf": 9, "Warrior": 6}) == {"Elf": 0, "Warrior": 0}


def test_with_several_racers_only_the_winner_collects() -> None:
    results = {"Elf": 22, "Warrior": 15, "Valkyrie": 19, "Wizard": 3}
    assert race_treasures(results) == {"Elf": 3, "Warrior": 0, "Valkyrie": 0, "Wizard": 0}


def test_a_tie_at_the_top_gives_no_treasure() -> None:
    assert race_treasures({"Elf": 18, "Warrior": 18, "Wizard": 12}) == {
        "Elf": 0, "Warrior": 0, "Wizard": 0}


def test_an_empty_race_gives_nothing() -> None:
    assert race_treasures({}) == {}


@given(RESULTS)
def test_the_race_gives_treasure_to_at_most_one_racer(results: dict[str, int]) -> None:
    treasures = race_treasures(results)
    assert treasures.keys() == results.keys()
    winners = [hero for hero, count in treasures.items() if count]
    assert len(winners) <= 1
    for hero in winners:
        others = [r for h, r in results.items() if h != hero]
        assert all(results[hero] > other for other in others)
        assert 0 < treasures[hero] <= results[hero] - 10
        assert treasures[hero] == results[hero] - max([10, *others])


@given(RESULTS)
def test_no_racer_ever_collects_a_negative_count(results: dict[str, int]) -> None:
    assert all(count >= 0 for count in race_treasures(results).values())


@given(st.integers(min_value=1, max_value=40), st.integers(min_value=1, max_value=10))
def test_a_rival_at_10_or_below_does_not_change_the_winners_take(best: int, rival: int) -> None:
    alone = race_treasures({"Elf": best + 10})["Elf"]
    assert race_treasures({"Elf": best + 10, "Warrior": rival})["Elf"] == alone


def test_roll_race_asks_each_hero_for_a_d20_and_adds_speed() -> None:
    faces = {"Elf": 13, "Warrior": 11}
    asked: list[str] = []

    def d20(hero: str) -> int:
        asked.append(hero)
        return faces[hero]

    results, treasures = roll_race({"Elf": 4, "Warrior": 3}, d20)
    assert asked == ["Elf", "Warrior"]
    assert results == {"Elf": 17, "Warrior": 14}
    assert treasures == {"Elf": 3, "Warrior": 0}


def test_roll_race_refuses_a_face_a_d20_cannot_show() -> None:
    with pytest.raises(BadInput, match="came up 21"):
        roll_race({"Elf": 4}, lambda hero: 21)


@given(st.dictionaries(NAMES, st.tuples(st.integers(min_value=0, max_value=12),
                                        st.integers(min_value=1, max_value=20)), max_size=6))
def test_roll_race_scores_its_results_like_race_treasures(
        heroes: dict[str, tuple[int, int]]) -> None:
    speeds = {hero: speed for hero, (speed, _) in heroes.items()}
    results, treasures = roll_race(speeds, lambda hero: heroes[hero][1])
    assert results == {hero: face + speed for hero, (speed, face) in heroes.items()}
    assert treasures == race_treasures(results)


def test_a_treasure_level_dissolves_after_10_actions_with_the_totals() -> None:
    race = TreasureRace()
    for _ in range(TREASURE_ACTIONS):
        assert not race.over
        race = race.after(race_treasures({"Elf": 17, "Warrior": 14}))
    assert race.over and race.actions_left == 0
    assert race.totals() == {"Elf": 30, "Warrior": 0}
    with pytest.raises(BadInput, match="dissolved"):
        race.after({"Elf": 1})


def test_a_treasure_race_refuses_negative_treasures() -> None:
    with pytest.raises(BadInput, match="must not be negative"):
        TreasureRace().after({"Elf": -1})


# The mini-boss ------------------------------------------------------------------------


def test_the_level_10_mini_boss_has_the_house_rule_numbers() -> None:
    assert mini_boss(10) == MiniBoss(name="the Gatekeeper of level 10", depth=10, health=250,
                                     melee="d12+2", shot="d10", speed=6, attacks=2,
                                     key_drop=True)
    assert mini_boss(20).melee == "d12+4" and mini_boss(20).shot == "d12"


def test_the_level_10_mini_boss_outclasses_every_monster() -> None:
    boss = mini_boss(10)
    known = monsters().values()
    assert boss.health > max(m.health for m in known)
    assert DieStep.parse(boss.melee).sides >= max(die_sides(m.melee) for m in known)
    assert DieStep.parse(boss.melee) > max(DieStep.parse(m.melee) for m in known
                                           if m.melee != "0")
    assert boss.speed > max(m.speed for m in known)


def _win(bonus: int, against: int) -> Fraction:
    wins = sum(1 for a in range(1, 21) for b in range(1, 21) if a + bonus > b + against)
    return Fraction(wins, 400)


def _average(step: DieStep) -> Fraction:
    return Fraction(step.sides + 1, 2) + step.bonus


def _after_armor(step: DieStep, armor: int) -> Fraction:
    return Fraction(sum(max(0, face + step.bonus - armor) for face in range(1, step.sides + 1)),
                    step.sides)


def test_a_starting_party_can_kill_the_level_10_boss_with_effort() -> None:
    """Expected values with the default house rules: every hero attack lands
    (the better of melee and shot), the boss wins a Speed contest and then its
    melee die less Armor lands, its attacks spread evenly over the party."""
    party = [new_hero(name) for name in ("warrior", "elf", "valkyrie", "wizard")]
    boss = mini_boss(10)
    party_damage = sum(max(_average(h.melee), _average(h.shot)) for h in party)
    melee = DieStep.parse(boss.melee)
    boss_damage = boss.attacks * sum(_win(boss.speed, h.speed) * _after_armor(melee, h.armor)
                                     for h in party) / len(party)
    rounds = boss.health / party_damage
    lost = rounds * boss_damage
    assert 8 <= rounds <= 20
    assert 40 <= lost <= 150  # an effort, out of the party's 400 health
    assert lost / len(party) < 100  # spread over the party, no hero need fall


@given(st.integers(min_value=1, max_value=300), st.integers(min_value=1, max_value=20))
def test_mini_bosses_grow_tougher_with_depth(depth: int, every: int) -> None:
    here, deeper = mini_boss(depth, every), mini_boss(depth + 1, every)
    assert deeper.health > here.health > 0
    assert DieStep.parse(deeper.melee) >= DieStep.parse(here.melee)
    assert DieStep.parse(deeper.shot) >= DieStep.parse(here.shot)
    assert deeper.speed >= here.speed
    assert here.attacks <= deeper.attacks <= 4
    assert here.key_drop and str(depth) in here.name


def test_the_mini_boss_drops_the_magic_key() -> None:
    assert all(mini_boss(d).key_drop for d in (10, 20, 30, 100))


def test_the_mini_boss_room_is_at_least_size_2() -> None:
    assert MINI_BOSS_ROOM_MIN_SIZE == 2
    assert [mini_boss_room_size(r) for r in (1, 2, 3, 8)] == [2, 2, 3, 8]
    with pytest.raises(BadInput):
        mini_boss_room_size(0)


# Scaling's level bonus and harder monsters ----------------------------------------------


def test_the_level_bonus_is_the_dungeon_level_when_scaling_and_0_otherwise() -> None:
    assert [level_bonus(d, True) for d in (1, 7, 20)] == [1, 7, 20]
    assert [level_bonus(d, False) for d in (1, 7, 20)] == [0, 0, 0]
    with pytest.raises(BadInput):
        level_bonus(0, True)


def test_a_trap_gets_plus_1_or_the_level_bonus_when_scaling() -> None:
    assert trap_bonus(7, False) == 1
    assert trap_bonus(7, True) == 7
    assert trap_bonus(7, False, fixed=3) == 3


def test_a_secret_door_gets_plus_0_or_the_dungeon_level_when_scaling() -> None:
    assert secret_door_bonus(7, False) == 0
    assert secret_door_bonus(7, True) == 7


def test_monsters_gain_1_speed_every_5_levels_only_when_scaling() -> None:
    assert [monster_speed_bonus(d, True) for d in (1, 4, 5, 9, 10, 23)] == [0, 0, 1, 1, 2, 4]
    assert all(monster_speed_bonus(d, False) == 0 for d in range(1, 50))
    assert monster_speed_bonus(9, True, every=3) == 3
    with pytest.raises(BadInput):
        monster_speed_bonus(5, True, every=0)


@given(st.integers(min_value=1, max_value=500), st.booleans())
def test_bonuses_never_shrink_with_depth(depth: int, scaling: bool) -> None:
    assert level_bonus(depth + 1, scaling) >= level_bonus(depth, scaling) >= 0
    assert monster_speed_bonus(depth + 1, scaling) >= monster_speed_bonus(depth, scaling) >= 0
    assert monster_speed_bonus(depth, scaling) <= level_bonus(depth, scaling)


@given(st.integers(1, 500), st.integers(1, 100))
def test_with_scaling_generators_dispense_more_often_deeper_down_but_never_twice_as_often(
        depth: int, base: int) -> None:
    assert generator_interval(depth, False, base) == base
    scaled = generator_interval(depth, True, base)
    assert (base + 1) // 2 <= scaled <= base
    assert generator_interval(depth + 1, True, base) <= scaled


def test_a_generator_at_level_25_with_scaling_dispenses_every_5_rounds() -> None:
    assert [generator_interval(d, True, 10) for d in (1, 4, 5, 10, 24, 25, 90)] == \
        [10, 10, 9, 8, 6, 5, 5]
    with pytest.raises(BadInput, match="every N levels"):
        generator_interval(3, True, 10, every=0)
