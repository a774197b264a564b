"""Exits in play (seed 001, Exit Types) and friendly fire (seed 000 and 001)."""

from __future__ import annotations

import pytest
from scenes import act, announcements, fight

from undercroft.systems.amulet.encounter.rules import fight_ending
from undercroft.systems.amulet.room.legal import legal


def texts(game: object, hero: int = 0) -> list[str]:
    scene = game.scene  # type: ignore[attr-defined]
    return [a.text for a in legal(scene, scene.heroes[hero])]


def test_a_crumbling_wall_falls_to_three_attack_actions_from_one_hero() -> None:
    game = fight(exits=[{"kind": "crumble", "wall": "north"}])
    for _ in range(2):
        act(game, Wizard="attack e1 with melee")
    assert not game.scene.exits[0].open
    act(game, Wizard="attack e1 with shot")
    assert game.scene.exits[0].open and "leave by e1" in texts(game)


def test_or_to_three_simultaneous_attacks_from_different_heroes() -> None:
    game = fight(heroes=[{"class": "elf"}, {"class": "warrior"}, {"class": "wizard"}],
                 exits=[{"kind": "crumble", "wall": "north"}])
    act(game, Elf="attack e1 with shot", Warrior="attack e1 with melee",
        Wizard="attack e1 with shot")
    assert game.scene.exits[0].open


@pytest.mark.parametrize(("wall", "found"), [("north", True), ("east", False)])
def test_a_secret_exit_is_found_by_a_won_speed_contest_on_its_wall(wall: str,
                                                                  found: bool) -> None:
    game = fight(heroes=[{"class": "elf"}], exits=[{"kind": "secret", "wall": "north"}],
                 force=[{"roll": "search", "result": "win"}])
    assert "leave by e1" not in texts(game)
    events = act(game, Elf=f"search {wall}")
    assert next(r for e in events for r in e.rolls if r.label == "search").what \
        == "d20+4 vs d20+0"
    assert game.scene.exits[0].found == found
    assert ("leave by e1" in texts(game)) == found


def test_a_lost_search_finds_nothing_and_scaling_uses_the_dungeon_level() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"level": 4}, rules={"scaling": True},
                 exits=[{"kind": "secret", "wall": "north"}],
                 force=[{"roll": "search", "result": "lose"}])
    events = act(game, Elf="search north")
    assert next(r for e in events for r in e.rolls if r.label == "search").what \
        == "d20+4 vs d20+4"
    assert not game.scene.exits[0].found


@pytest.mark.parametrize("kind", ["door", "walldoor"])
def test_doors_and_walldoors_open_with_a_key_that_is_used_up(kind: str) -> None:
    game = fight(heroes=[{"class": "elf", "keys": 1}], exits=[{"kind": kind, "wall": "west",
                                                              "units": 2}])
    assert "leave by e1" not in texts(game)
    act(game, Elf="open e1")
    assert game.scene.exits[0].open and game.scene.heroes[0].keys == 0
    assert "leave by e1" in texts(game)
    keyless = fight(heroes=[{"class": "elf"}], exits=[{"kind": kind, "wall": "west"}])
    assert "open e1" not in texts(keyless)


def test_an_open_exit_leads_out() -> None:
    game = fight(exits=[{"kind": "open", "wall": "south", "units": 2}])
    act(game, Wizard="leave by e1")
    assert fight_ending(game.scene) == "escaped"


def test_a_food_exit_opens_when_eaten_or_shot() -> None:
    eaten = fight(heroes=[{"class": "elf", "health": 50}],
                  exits=[{"kind": "food", "wall": "north"}])
    act(eaten, Elf="pick up e1")
    assert eaten.scene.exits[0].open and eaten.scene.heroes[0].health == 60
    shot = fight(heroes=[{"class": "elf"}, {"class": "warrior"}],
                 exits=[{"kind": "food", "wall": "north"}, {"kind": "food", "wall": "south"}])
    act(shot, Elf="attack e1 with shot")
    act(shot, Warrior="attack e2 with shot")
    assert shot.scene.exits[0].open and shot.scene.heroes[0].health == 100
    assert announcements(shot) == ["Remember, don't shoot food!", "Warrior shot the food!"]


def test_a_treasure_wall_gives_a_treasure_per_unit_then_opens() -> None:
    game = fight(exits=[{"kind": "treasure", "wall": "east", "units": 2}],
                 force=[{"roll": "treasure key", "result": "no"}] * 2)
    act(game, Wizard="pick up e1")
    assert not game.scene.exits[0].open
    act(game, Wizard="pick up e1")
    assert game.scene.exits[0].open and game.scene.heroes[0].treasure == 2


def test_a_teleporter_carries_only_its_user_and_no_monster_follows() -> None:
    game = fight(heroes=[{"class": "elf"}, {"class": "warrior"}], room={"size": 5},
                 swarms=[{"monster": "demon", "size": "100%"}],
                 exits=[{"kind": "teleport", "wall": "north"}])
    events = act(game, Elf="teleport by e1")
    assert [h.status for h in game.scene.heroes] == ["gone", "in room"]
    assert not any(r.label == "pursuit" for e in events for r in e.rolls)
    assert game.scene.swarms[0].place == "room"


def test_stairs_lead_down() -> None:
    game = fight(exits=[{"kind": "stair", "wall": "north"}])
    act(game, Wizard="descend by e1")
    assert fight_ending(game.scene) == "descended"


def friendly(state: str, face: int, reflective: bool = False, range_: int = 2) -> object:
    specials = {"reflective shot": 10} if reflective else {}
    game = fight(heroes=[{"class": "warrior"}, {"class": "elf", "specials": specials}],
                 room={"size": 5}, swarms=[{"monster": "barbarian", "size": "100%"}],
                 friendly_fire=state, rules={"friendly_fire_range": range_},
                 force=[{"roll": "swarming", "result": "lose"},
                        {"roll": "swarming", "result": "win"},
                        {"roll": "swarm melee", "total": 1}, {"roll": "swarm melee", "total": 1},
                        {"roll": "friendly fire", "total": face}, {"roll": "shot", "total": 8},
                        {"roll": "swarming", "result": "win"},
                        {"roll": "swarming", "result": "win"}])
    act(game)  # the swarm closes around the warrior
    act(game, Elf="attack swarm-1 with shot")
    return game


def test_friendly_fire_is_announced_once_and_hurts_nobody_until_it_is_on() -> None:
    game = friendly("off", 1)
    assert announcements(game) == ["Shots do not hurt other players – yet."]
    scene = game.scene  # type: ignore[attr-defined]
    assert scene.table.friendly_fire == "announced"
    assert scene.hero("Warrior").health == 100 and scene.swarms[0].health == 100 - 8


def test_with_friendly_fire_on_a_stray_shot_hits_the_swarmed_comrade() -> None:
    scene = friendly("on", 2).scene  # type: ignore[attr-defined]
    assert scene.hero("Warrior").health == 100 - (8 - 3)
    assert scene.swarms[0].health == 100


@pytest.mark.parametrize(("face", "spoilt"), [(2, True), (3, False)])
def test_a_stray_shot_destroys_food_lying_in_the_swarm(face: int, spoilt: bool) -> None:
    """Seed 000: "Food can be destroyed by accident if it is in a swarm": a shot into a
    swarm strays on the friendly-fire die's 1-2, and with no comrade in the way it is
    spent on the food lying among the monsters."""
    game = fight(heroes=[{"class": "elf"}], room={"size": 5, "contents": ["food"]},
                 swarms=[{"monster": "barbarian", "size": "100%"}],
                 force=[{"roll": "friendly fire", "total": face}, {"roll": "shot", "total": 8},
                        {"roll": "swarming", "result": "win"}])
    act(game, Elf="attack swarm-1 with shot")
    scene = game.scene
    assert (scene.content("c1") is None) == spoilt
    assert scene.swarms[0].health == (100 if spoilt else 100 - 8)
    assert announcements(game) == (["Remember, don't shoot food!"] if spoilt else [])


def test_no_stray_roll_without_food_or_a_comrade_in_the_swarm() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"size": 5, "contents": ["ale"]},
                 swarms=[{"monster": "barbarian", "size": "100%"}],
                 force=[{"roll": "swarming", "result": "win"}])
    events = act(game, Elf="attack swarm-1 with shot")
    assert not any(r.label == "friendly fire" for e in events for r in e.rolls)


@pytest.mark.parametrize(("face", "range_", "hit"), [(2, 2, False), (1, 2, True),
                                                     (1, 1, False)])
def test_reflective_shot_lowers_friendly_fire(face: int, range_: int, hit: bool) -> None:
    scene = friendly("on", face, reflective=True, range_=range_).scene  # type: ignore[attr-defined]
    assert (scene.hero("Warrior").health < 100) == hit
