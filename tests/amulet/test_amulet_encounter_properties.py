"""Random scenarios played by random agents never crash and never break invariants."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from undercroft.sim.encounters import play_once, run_document
from undercroft.systems.amulet.encounter.rules import fight_ending
from undercroft.systems.amulet.encounter.scenario import CONTENT_KINDS, ScenarioFile, hero_names
from undercroft.systems.amulet.generation.tables import EXIT_TYPES
from undercroft.systems.amulet.room.actions import parse_action
from undercroft.systems.amulet.room.legal import legal

KINDS = ["ghost", "barbarian", "hobbit", "slime", "demon", "wizard"]
CLASSES = ["warrior", "elf", "valkyrie", "wizard"]

heroes = st.lists(st.fixed_dictionaries({
    "class": st.sampled_from(CLASSES),
    "potions": st.integers(0, 3), "keys": st.integers(0, 3),
    "agent": st.sampled_from(["random", "fighter"]),
    "alone": st.booleans(), "steady": st.booleans()}), min_size=1, max_size=4)


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    size = draw(st.integers(1, 5))
    contents = draw(st.lists(st.sampled_from([c for c in CONTENT_KINDS if c != "murder hole"]),
                             max_size=4))
    document: dict[str, Any] = {
        "room": {"size": size, "contents": contents},
        "heroes": [dict(h, name=f"h{i}") for i, h in enumerate(draw(heroes))],
        "swarms": draw(st.lists(st.fixed_dictionaries({
            "monster": st.sampled_from(KINDS),
            "size": st.sampled_from(["25%", "50%", "75%", "100%"])}), max_size=2)),
        "monsters": draw(st.lists(st.fixed_dictionaries({
            "kind": st.sampled_from([*KINDS, "wraith", "mimic"])}), max_size=3)),
        "generators": draw(st.lists(st.fixed_dictionaries({
            "monster": st.sampled_from(KINDS)}), max_size=3)),
        "exits": draw(st.lists(st.fixed_dictionaries({
            "kind": st.sampled_from(EXIT_TYPES),
            "wall": st.sampled_from(["north", "south", "east", "west"])}), max_size=4)),
        "rules": {"max_rounds": 25, "generator_every": draw(st.integers(1, 10)),
                  "actions_per_round": draw(st.integers(1, 2))},
        "friendly_fire": draw(st.sampled_from(["off", "on"])),
    }
    if draw(st.booleans()):
        document["room"]["contents"].append("murder hole")
        document["beyond"] = {"size": draw(st.integers(1, 5))}
        document["swarms"].append({"monster": draw(st.sampled_from(KINDS)), "size": "50%",
                                   "place": "beyond"})
        document["generators"].append({"monster": "demon", "place": "beyond"})
    return document


@settings(max_examples=60, deadline=None)
@given(scenarios(), st.integers(0, 2**31 - 1))
def test_random_scenarios_keep_every_invariant(document: dict[str, Any], seed: int) -> None:
    scenario = ScenarioFile.model_validate(document)
    state, events = play_once(scenario, seed)
    scene = state.scene
    assert fight_ending(scene) is not None
    for hero in scene.heroes:
        assert hero.health >= 0
        assert (hero.health == 0) == (hero.status == "dead")
        assert hero.keys >= 0 and hero.potions >= 0 and hero.scrolls >= 0
        assert hero.cover is None or scene.content(hero.cover) is not None
        assert hero.keys + hero.potions <= max(scene.rules.item_cap,
                                               _started_with(scenario, hero.name))
    for swarm in scene.swarms:
        assert 0 <= swarm.health <= swarm.capacity
        if swarm.health > 0:
            assert swarm.health > swarm.threshold
    for foe in scene.foes(None):
        assert foe.health > 0
    for event in events:
        for rolled in event.rolls:
            assert rolled.forced or rolled.dice
    assert sum(len(event.rolls) for event in events) == state.dice.made


def _started_with(scenario: ScenarioFile, name: str) -> int:
    entry = next(h for h in scenario.heroes if h.name == name)
    return entry.keys + entry.potions


@settings(max_examples=30, deadline=None)
@given(scenarios(), st.integers(0, 2**31 - 1))
def test_every_legal_action_reads_back_from_its_text(document: dict[str, Any], seed: int) -> None:
    state, _ = play_once(ScenarioFile.model_validate(document), seed)
    scene = state.scene
    for hero in scene.heroes:
        for action in legal(scene, hero):
            assert parse_action(action.text) == action


@settings(max_examples=20, deadline=None)
@given(scenarios(), st.integers(0, 2**31 - 1))
def test_the_same_seed_plays_the_same_fight(document: dict[str, Any], seed: int) -> None:
    scenario = ScenarioFile.model_validate(document)
    first, second = play_once(scenario, seed), play_once(scenario, seed)
    assert run_document(*first) == run_document(*second)


def test_default_names_number_heroes_within_their_class() -> None:
    scenario = ScenarioFile.model_validate({"room": {"size": 2}, "heroes": [
        {"class": "elf"}, {"class": "warrior"}, {"class": "warrior"}]})
    assert hero_names(scenario) == ["Elf", "Warrior-1", "Warrior-2"]
