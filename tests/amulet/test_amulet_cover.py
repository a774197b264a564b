"""Wards as cover (seed 001, CONTENTS: a ward "prevents monsters and their shots from
moving through it"; food, ale and poison let PC shots through and are destroyed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenes import Encounter, act, announcements, fight, kinds

from undercroft.sim.encounters import play_once
from undercroft.systems.amulet.encounter.scenario import read_scenario
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.cover import WARD_KINDS
from undercroft.systems.amulet.room.events import Event
from undercroft.systems.amulet.room.legal import legal

EXAMPLE = Path(__file__).parents[2] / "examples" / "scenarios" / "ward-cover.toml"


def shot_heroes(events: list[Event]) -> list[str]:
    return [e.data["hero"] for e in events if e.kind == "hurt" and "shot" in e.text]


@pytest.mark.parametrize("kind", WARD_KINDS)
def test_every_standing_ward_is_cover_and_taking_it_is_one_action(kind: str) -> None:
    game = fight(room={"contents": [kind, "key", "potion"]})
    hero = game.scene.heroes[0]
    covers = [a for a in legal(game.scene, hero) if a.verb == "cover"]
    assert covers == [Action("cover", "c1")]
    events = act(game, Wizard="take cover behind c1")
    assert "cover" in kinds(events) and hero.cover == "c1" and game.scene.round == 2
    assert Action("cover", "c1") not in legal(game.scene, hero)


def test_a_wizard_swarms_shots_go_only_to_heroes_out_of_cover() -> None:
    game = fight(heroes=[{"class": "warrior", "health": 500}, {"class": "elf", "health": 500}],
                 room={"size": 5, "contents": ["ward"]},
                 swarms=[{"monster": "wizard", "size": "100%"}])
    events = act(game, Elf="take cover behind c1")
    assert shot_heroes(events) == ["Warrior"] * 5  # all five of the room's shots
    events = act(game, Warrior="take cover behind c1")
    assert shot_heroes(events) == [] and "blocked" in kinds(events)


def test_a_lone_wizard_holds_its_shot_when_every_hero_is_in_cover() -> None:
    game = fight(room={"contents": ["treasure"]}, monsters=[{"kind": "wizard"}])
    events = act(game, Wizard="take cover behind c1")
    assert "blocked" in kinds(events) and game.scene.heroes[0].health == 100
    assert not any(r.label.startswith("monster") for e in events for r in e.rolls)


def test_hobbits_and_demons_step_around_a_ward_unless_the_house_rule_is_off() -> None:
    def shots(kind: str, circle: bool) -> list[str]:
        game = fight(heroes=[{"class": "warrior", "health": 500}],
                     room={"size": 3, "contents": ["ward"]},
                     swarms=[{"monster": kind, "size": "100%"}],
                     rules={"shooters_circle_wards": circle},
                     force=[{"roll": "swarming", "result": "win"}])
        return shot_heroes(act(game, Warrior="take cover behind c1"))
    assert shots("hobbit", True) == ["Warrior"] * 3
    assert shots("demon", True) == ["Warrior"] * 3
    assert shots("hobbit", False) == [] and shots("demon", False) == []


def test_cover_does_not_stop_swarming_or_melee() -> None:
    game = fight(heroes=[{"class": "warrior", "health": 500}], room={"contents": ["ward"]},
                 swarms=[{"monster": "barbarian", "size": "100%"}],
                 force=[{"roll": "swarming", "result": "lose"}])
    events = act(game, Warrior="take cover behind c1")
    assert "swarmed" in kinds(events) and game.scene.heroes[0].health < 500


def test_nothing_beyond_the_murder_hole_reaches_a_hero_in_cover() -> None:
    game = fight(heroes=[{"class": "elf", "health": 500}],
                 room={"contents": ["murder hole", "trap"]}, beyond={"size": 3},
                 swarms=[{"monster": "hobbit", "size": "100%", "place": "beyond"}],
                 monsters=[{"kind": "barbarian", "place": "beyond", "health": 50}])
    act(game, Elf="open c1")
    act(game, Elf="take cover behind c2")
    events = act(game, Elf="attack barbarian-1 with shot")
    assert game.scene.heroes[0].cover == "c2"  # shooting keeps cover behind a trap
    assert "hurt" not in kinds(events) and kinds(events).count("blocked") == 2


@pytest.mark.parametrize(("action", "keeps"),
                         [("wait", True), ("attack wizard-1 with shot", True),
                          ("use potion", True), ("attack wizard-1 with melee", False),
                          ("search north", False), ("pick up c2", False)])
def test_cover_lasts_while_the_hero_waits_shoots_or_uses_a_potion(action: str,
                                                                 keeps: bool) -> None:
    game = fight(heroes=[{"class": "warrior", "health": 500, "potions": 1}],
                 room={"size": 3, "contents": ["ward", "key"]},
                 monsters=[{"kind": "wizard", "health": 100}])
    act(game, Warrior="take cover behind c1")
    act(game, Warrior=action)
    assert (game.scene.heroes[0].cover == "c1") is keeps


def test_cover_ends_when_another_hero_takes_the_ward() -> None:
    game = fight(heroes=[{"class": "warrior", "health": 500}, {"class": "elf", "health": 500}],
                 room={"contents": ["treasure"]}, monsters=[{"kind": "wizard", "health": 100}],
                 rules={"monster_attack": "damage"})
    assert shot_heroes(act(game, Warrior="take cover behind c1")) == ["Elf"]
    assert shot_heroes(act(game)) == ["Elf"]
    assert shot_heroes(act(game, Elf="pick up c1")) == ["Warrior"]  # in the open again
    assert game.scene.heroes[0].cover is None


@pytest.mark.parametrize("kind", ["food", "ale", "poison"])
def test_a_shot_from_behind_food_ale_or_poison_goes_through_and_destroys_it(kind: str) -> None:
    game = fight(heroes=[{"class": "elf"}], room={"contents": [kind]},
                 monsters=[{"kind": "wizard", "health": 100}],
                 force=[{"roll": "shot", "total": 4}])
    act(game, Elf="take cover behind c1")
    act(game, Elf="attack wizard-1 with shot")
    assert game.scene.content("c1") is None and game.scene.heroes[0].cover is None
    assert game.scene.monsters[0].health == 96  # the shot still lands
    assert announcements(game) == (["Remember, don't shoot food!"] if kind == "food" else [])


def test_a_trapped_hero_cannot_take_cover() -> None:
    game = fight(room={"contents": ["trap", "ward"]},
                 force=[{"roll": "trap", "result": "no"}, {"roll": "quicksand", "result": "lose"}])
    act(game, Wizard="pick up c1")
    hero = game.scene.heroes[0]
    assert hero.status == "trapped"
    assert not [a for a in legal(game.scene, hero) if a.verb == "cover"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=4), st.integers(1, 5),
       st.integers(0, 3), st.sampled_from(["25%", "50%", "100%"]), st.integers(0, 2**31 - 1))
def test_no_shot_of_a_wizard_or_through_the_murder_hole_hits_a_hero_in_cover(
        covered: list[bool], size: int, lone: int, swarm: str, seed: int) -> None:
    heroes = [{"class": "warrior", "name": f"h{i}", "health": 500} for i in range(len(covered))]
    game = fight(seed, heroes=heroes, room={"size": size, "contents": ["ward", "murder hole"]},
                 beyond={"size": 2}, monsters=[{"kind": "wizard"}] * lone,
                 swarms=[{"monster": "wizard", "size": swarm},
                         {"monster": "demon", "size": "100%", "place": "beyond"}])
    act(game, **{"h0": "open c2"})
    sheltered = {f"h{i}" for i, cover in enumerate(covered) if cover}
    act(game, **{name: "take cover behind c1" for name in sheltered})
    for _ in range(3):
        events = act(game)
        assert not sheltered & {e.data["hero"] for e in events if e.kind == "hurt"}
    if len(sheltered) < len(covered):  # the shots went to someone
        assert any(e.kind == "hurt" for e in game.events)


@pytest.mark.parametrize("seed", range(5))
def test_the_ward_cover_example_plays_as_its_comments_say(seed: int) -> None:
    state, events = play_once(read_scenario(EXAMPLE), seed)
    hurt = [(e.round, e.data["hero"]) for e in events if e.kind == "hurt"]
    assert [hero for round_, hero in hurt if round_ >= 2] == ["Thor", "Thor"]
    played = Encounter(state)
    played.events = events
    assert announcements(played) == ["Remember, don't shoot food!"]
    elf, warrior = state.scene.heroes
    assert (elf.cover, warrior.cover) == ("c2", None)
    assert state.scene.content("c2") is not None
