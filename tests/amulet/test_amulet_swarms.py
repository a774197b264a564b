"""Swarms in play (seed 000, Swarms): shared health, size, scattering, attacks, movement."""

from __future__ import annotations

import pytest
from scenes import act, fight, kinds

from undercroft.systems.amulet.characters.monster_numbers import stats
from undercroft.systems.amulet.room.scene import Swarm

FOUR = [{"class": "warrior"}, {"class": "elf"}, {"class": "valkyrie"}, {"class": "wizard"}]


@pytest.mark.parametrize(("size", "reach"), [("25%", 1), ("50%", 2), ("75%", 3), ("100%", 4)])
def test_a_swarm_reaches_as_many_heroes_as_its_size_allows(size: str, reach: int) -> None:
    game = fight(heroes=FOUR, room={"size": 5}, swarms=[{"monster": "barbarian", "size": size}],
                 force=[{"roll": "swarming", "result": "lose"}] * 4)
    swarmed = next(e for e in act(game) if e.kind == "swarmed")
    assert len(swarmed.data["heroes"]) == reach


def test_one_pool_of_health_for_the_whole_swarm() -> None:
    game = fight(heroes=[{"class": "warrior"}, {"class": "elf"}], room={"size": 5},
                 swarms=[{"monster": "barbarian", "size": "100%"}],
                 force=[{"roll": "melee", "total": 7}, {"roll": "shot", "total": 4}])
    act(game, Warrior="attack swarm-1 with melee", Elf="attack swarm-1 with shot")
    assert game.scene.swarms[0].health == 100 - 11


def test_a_swarm_at_three_monsters_health_scatters_into_three_whole_monsters() -> None:
    game = fight(heroes=[{"class": "warrior"}], room={"size": 1},
                 swarms=[{"monster": "ghost", "health": 20}],
                 force=[{"roll": "melee", "total": 5}] + [{"roll": "monster attack",
                                                          "result": "lose"}] * 3)
    act(game, Warrior="attack swarm-1 with melee")
    assert game.scene.swarms[0].health == 0
    assert [(m.kind, m.health) for m in game.scene.monsters] == [("ghost", 5)] * 3


def test_scattering_ends_the_swarming_bonus() -> None:
    game = fight(heroes=[{"class": "warrior", "health": 500}], room={"size": 1},
                 swarms=[{"monster": "ghost", "health": 20}],
                 force=[{"roll": "swarming", "result": "win"}] * 3 + [{"roll": "melee",
                                                                       "total": 5}])
    act(game)
    act(game)
    assert game.scene.swarms[0].rounds == 2
    act(game, Warrior="attack swarm-1 with melee")
    assert not [s for s in game.scene.swarms if s.health > 0]
    assert not any(r.label == "swarming" for e in act(game) for r in e.rolls)


@pytest.mark.parametrize(("kind", "health", "heads"),
                         [("ghost", 100, 20), ("demon", 100, 10), ("barbarian", 70, 14),
                          ("wraith", 300, 30)])
def test_head_count_divides_by_5_or_10_whichever_is_nearer(kind: str, health: int,
                                                           heads: int) -> None:
    assert Swarm("s", kind, health, 100).head_count == heads


def test_a_swarm_deals_two_melee_dice_in_formation_and_four_to_a_lone_hero() -> None:
    def dice(alone: bool) -> int:
        game = fight(heroes=[{"class": "warrior", "alone": alone}, {"class": "elf"}],
                     room={"size": 5}, swarms=[{"monster": "barbarian", "size": "100%"}],
                     force=[{"roll": "swarming", "result": "lose"},
                            {"roll": "swarming", "result": "win"}])
        events = act(game)
        return sum(1 for e in events for r in e.rolls if r.label == "swarm melee")
    assert dice(alone=False) == 2 and dice(alone=True) == 4
    solo = fight(heroes=[{"class": "warrior"}], room={"size": 5},
                 swarms=[{"monster": "barbarian", "size": "100%"}],
                 force=[{"roll": "swarming", "result": "lose"}])
    assert sum(1 for e in act(solo) for r in e.rolls if r.label == "swarm melee") == 4


@pytest.mark.parametrize("size", [2, 3, 5])
def test_a_swarm_makes_as_many_shots_as_the_room_has_units(size: int) -> None:
    game = fight(heroes=[{"class": "valkyrie", "health": 500}], room={"size": size},
                 swarms=[{"monster": "hobbit", "size": "100%"}],
                 force=[{"roll": "swarming", "result": "win"}])
    assert sum(1 for e in act(game) for r in e.rolls if r.label == "swarm shot") == size


def test_the_swarm_gains_one_speed_per_round_the_heroes_stay() -> None:
    game = fight(heroes=[{"class": "valkyrie", "health": 500}], room={"size": 5},
                 swarms=[{"monster": "demon", "size": "100%"}])
    contests = [r.what for _ in range(3) for e in act(game) for r in e.rolls
                if r.label == "swarming"]
    assert contests == ["d20+3 vs d20+4", "d20+3 vs d20+5", "d20+3 vs d20+6"]


def test_repulsiveness_prevents_being_swarmed() -> None:
    game = fight(heroes=[{"class": "warrior", "specials": {"repulsiveness": 10}}],
                 room={"size": 5}, swarms=[{"monster": "barbarian", "size": "100%"}])
    assert not {"caught", "swarmed"} & set(kinds(act(game)))


def test_fleeing_heroes_face_a_pursuit_contest_at_normal_speed_and_no_shots() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"size": 5},
                 swarms=[{"monster": "demon", "size": "100%"}],
                 exits=[{"kind": "open", "wall": "north"}],
                 force=[{"roll": "swarming", "result": "win"}] * 2
                 + [{"roll": "pursuit", "result": "lose"}])
    act(game)
    act(game)
    events = act(game, Elf="leave by e1")
    pursuit = next(r for e in events for r in e.rolls if r.label == "pursuit")
    assert pursuit.what == "d20+4 vs d20+4"  # the demon's normal speed, not 4 + 2
    assert sum(1 for e in events for r in e.rolls if r.label == "swarm melee") == 2
    assert not any(r.label == "swarm shot" for e in events for r in e.rolls)
    assert game.scene.heroes[0].status == "gone"


def test_sneaking_out_needs_a_won_contest_against_every_swarm() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"size": 5},
                 swarms=[{"monster": "demon", "size": "100%"}],
                 exits=[{"kind": "open", "wall": "north"}],
                 force=[{"roll": "sneak", "result": "lose"}, {"roll": "sneak", "result": "win"}])
    act(game, Elf="sneak out by e1")
    assert game.scene.heroes[0].status == "in room"
    events = act(game, Elf="sneak out by e1")
    assert game.scene.heroes[0].status == "gone"
    assert not any(r.label == "pursuit" for e in events for r in e.rolls)


def test_evading_swarms_do_not_pursue() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"size": 5},
                 swarms=[{"monster": "wizard", "size": "100%"}],
                 exits=[{"kind": "open", "wall": "north"}])
    events = act(game, Elf="leave by e1")
    assert not any(r.label == "pursuit" for e in events for r in e.rolls)


def test_monster_ids_stay_unique_when_a_small_swarm_starts_scattered() -> None:
    game = fight(room={"size": 1}, monsters=[{"kind": "barbarian"}],
                 swarms=[{"monster": "barbarian", "size": "100%"}])
    ids = [m.id for m in game.scene.monsters]
    assert len(ids) == 4 and len(set(ids)) == 4


@pytest.mark.parametrize(("kind", "room_size", "size"),
                         [("ghost", 1, "25%"), ("ghost", 3, "25%"), ("demon", 5, "25%"),
                          ("barbarian", 1, "100%")])
def test_a_swarm_rolled_at_its_scatter_size_or_below_is_three_whole_monsters(
        kind: str, room_size: int, size: str) -> None:
    """Seed 000: a 25% swarm "is likely to scatter (see scattered)", and a scattered swarm
    "becomes a concrete 3 monsters ... with full health"."""
    game = fight(room={"size": room_size}, swarms=[{"monster": kind, "size": size}])
    single = stats(kind).health
    assert not game.scene.swarms
    assert [(m.kind, m.health) for m in game.scene.monsters] == [(kind, single)] * 3


def test_a_swarm_above_its_scatter_size_stays_a_swarm() -> None:
    game = fight(room={"size": 4}, swarms=[{"monster": "ghost", "size": "25%"}])
    assert [(s.kind, s.health) for s in game.scene.swarms] == [("ghost", 20)]
    assert not game.scene.monsters


def test_a_repulsive_hero_flees_uncaught() -> None:
    game = fight(heroes=[{"class": "elf", "specials": {"repulsiveness": 10}}], room={"size": 5},
                 swarms=[{"monster": "demon", "size": "100%"}],
                 exits=[{"kind": "open", "wall": "north"}])
    events = act(game, Elf="leave by e1")
    assert not any(r.label == "pursuit" for e in events for r in e.rolls)
    assert game.scene.heroes[0].status == "gone"
