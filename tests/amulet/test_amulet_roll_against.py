"""Amulet's dice lines say what each roll was against: a blow's damage the hero's Armor,
a contest the other side's number (docs/web-api.md, rolls)."""

from __future__ import annotations

import re

from roll_lines import played_events, rolls_of
from undercroft.engine import registry

BLOWS = ("monster melee", "monster shot", "swarm melee", "swarm shot", "engaged melee")
CONTESTS = ("monster attack", "swarming", "to hit", "engage", "flank", "pursuit", "sneak")


def test_a_blow_on_a_hero_is_against_its_armour_and_a_contest_names_the_other_side() -> None:
    state = registry.get("amulet").new(registry.get("amulet").config_model()(), 0)
    armour = {hero.name: hero.hero.armor for hero in state.heroes}
    events = list(played_events("amulet"))
    blows = list(rolls_of(iter(events), *BLOWS))
    assert len(blows) > 20
    for event, rolled in blows:
        hero = event["hero"]
        assert rolled["against"] == f"{hero}'s armour {armour[hero]}", (event, rolled)
    contests = list(rolls_of(iter(events), *CONTESTS))
    assert {rolled["label"] for _, rolled in contests} >= {"monster attack", "swarming"}
    for event, rolled in contests:
        assert re.fullmatch(r"[\w-]+'s (swarming )?speed", rolled["against"]), (event, rolled)
    # a hero's own damage roll meets no armour: monsters have none
    assert all(rolled["against"] == "" for _, rolled in rolls_of(iter(events), "melee", "shot"))


def test_with_armour_off_a_blow_is_against_nothing() -> None:
    blows = list(rolls_of(played_events("amulet", {"play": {"armor": "none"}}, seeds=1),
                          *BLOWS))
    assert blows and all(rolled["against"] == "" for _, rolled in blows)
