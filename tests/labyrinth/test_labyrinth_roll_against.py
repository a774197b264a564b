"""Labyrinth's dice lines say the armour class each attack roll was against."""

from __future__ import annotations

import re

from roll_lines import played_events, rolls_of


def test_every_attack_roll_says_the_armour_class_its_event_names() -> None:
    attacks = list(rolls_of(played_events("labyrinth"), "to hit"))
    assert len(attacks) > 20
    for event, rolled in attacks:
        said = re.search(r"\+ (-?\d+) = -?\d+ vs AC (\d+)", event["text"])
        assert said is not None, event["text"]
        bonus, armour = int(said[1]), said[2]
        wanted = f"AC {armour}" + (f" with {bonus:+d}" if bonus else "")
        assert rolled["against"] == wanted, (event["text"], rolled)
