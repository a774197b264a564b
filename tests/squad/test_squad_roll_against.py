"""Squad's dice lines say the Difficulty Number each Ability and monster roll needed."""

from __future__ import annotations

from roll_lines import played_events, rolls_of

CHECKS = ("warrior", "mage", "explorer", "monster attack", "avoid trap", "flee", "bless",
          "companion attack")


def test_every_roll_against_the_difficulty_number_says_so_and_damage_does_not() -> None:
    events = list(played_events("squad"))
    checks = list(rolls_of(iter(events), *CHECKS))
    assert {rolled["label"] for _, rolled in checks} >= {"warrior", "mage", "explorer",
                                                          "monster attack"}
    assert all(rolled["against"] == "difficulty 4" for _, rolled in checks)
    damage = list(rolls_of(iter(events), "damage", "armour"))
    assert damage and all(rolled["against"] == "" for _, rolled in damage)
