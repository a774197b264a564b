"""Amulet's heroes (seed 000, Characters and Classes) and the Modos conversion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli_helpers import assert_bad_input, run
from undercroft.dice import DieStep
from undercroft.errors import BadInput
from undercroft.systems.amulet.characters.heroes import ABILITIES, hero_classes, new_hero
from undercroft.systems.amulet.characters.modos import (
    ModosSheet,
    ability_points,
    convert,
    die_points,
)

EXAMPLE = Path(__file__).parents[2] / "examples" / "modos" / "brannoc.toml"

SEED_000_CLASSES = {
    "warrior": ("d10", 3, "d8", 3, "d6"),
    "elf": ("d6", 4, "d8", 3, "d8"),
    "valkyrie": ("d8", 3, "d6", 5, "d6"),
    "wizard": ("d6", 3, "d8", 3, "d10"),
}


@pytest.mark.parametrize(("name", "numbers"), SEED_000_CLASSES.items())
def test_the_four_classes_have_the_seeds_numbers(name: str, numbers: tuple[object, ...]) -> None:
    hero = new_hero(name)
    assert tuple(hero.numbers()[ability] for ability in ABILITIES) == numbers
    assert hero.health == 100
    assert hero.gifts.returning_missile and hero.gifts.magic_power
    assert hero.gifts.spell_instead_of_missile == (name == "wizard")


def test_the_data_file_holds_exactly_the_four_classes() -> None:
    assert sorted(hero_classes()) == sorted(SEED_000_CLASSES)


def test_seed_000_level_point_example() -> None:
    """"if the warrior gained two level points, he could increase his melee to d12, and his
    armor to 4"; "an attribute at d12 adds a bonus ... starting at d12+1"."""
    warrior = new_hero("warrior").raised("melee").raised("armor")
    assert (str(warrior.melee), warrior.armor, warrior.level_points) == ("d12", 4, 2)
    assert str(warrior.raised("melee").melee) == "d12+1"
    assert str(warrior.raised("melee", 3).melee) == "d12+3"


@given(st.sampled_from(sorted(SEED_000_CLASSES)), st.sampled_from(ABILITIES),
       st.integers(min_value=0, max_value=20))
def test_a_level_point_is_one_die_step_or_one_more(name: str, ability: str, points: int) -> None:
    hero = new_hero(name)
    raised = hero.raised(ability, points)
    before, after = getattr(hero, ability), getattr(raised, ability)
    if isinstance(before, DieStep):
        assert after.rank == before.rank + points
    else:
        assert after == before + points
    assert raised.level_points == points
    others = [a for a in ABILITIES if a != ability]
    assert [getattr(raised, a) for a in others] == [getattr(hero, a) for a in others]


def test_unknown_class_or_ability_is_bad_input() -> None:
    with pytest.raises(BadInput, match="hero class 'bard'"):
        new_hero("bard")
    with pytest.raises(BadInput, match="ability 'luck'"):
        new_hero("elf").raised("luck")


def test_die_points_follow_the_seeds_examples() -> None:
    """"a d4 would be 1 point, a d6 would be 2 points, and a d8+1 would be 3 points"."""
    assert [die_points(d) for d in ("d4", "d6", "d8+1", "d12", None)] == [1, 2, 3, 5, 0]


def test_points_per_ability_follow_the_seed() -> None:
    sheet = ModosSheet(defend_parry=2, protection="d6", cast_spell=1, spell_damage="d8",
                       fight_melee=1, fight_unarmed=3, weapon_damage="d4", fight_missile=2,
                       missile_damage="d10", movement=1, movement_perks=2)
    assert ability_points(sheet) == {"melee": 4, "speed": 3, "shot": 6, "armor": 4, "magic": 4}
    caster = sheet.model_copy(update={"ranged_caster": True})
    assert ability_points(caster)["shot"] == ability_points(caster)["magic"] == 4


def test_scores_4_3_3_2_2_in_order_of_points_then_a_neighbour_swap() -> None:
    sheet = ModosSheet(fight_melee=6, defend_parry=5, movement=4, fight_missile=3, cast_spell=1)
    result = convert(sheet)
    assert result.order == ["melee", "armor", "speed", "shot", "magic"]
    assert result.scores == {"melee": 4, "armor": 3, "speed": 3, "shot": 2, "magic": 2}
    assert result.hero.numbers() == {"melee": "d10", "speed": 4, "shot": "d6", "armor": 4,
                                     "magic": "d6"}
    swapped = convert(sheet.model_copy(update={"swap": ["speed", "shot"]}))
    assert swapped.scores["shot"] == 3 and swapped.scores["speed"] == 2
    with pytest.raises(BadInput, match="next to each other"):
        convert(sheet.model_copy(update={"swap": ["melee", "magic"]}))


def test_one_extra_point_per_level_above_2() -> None:
    sheet = ModosSheet(level=4, fight_melee=6, raise_=["melee", "melee"])
    assert str(convert(sheet).hero.melee) == "d12+1"  # d10, then two steps
    with pytest.raises(BadInput, match="level 4 character may add 2"):
        convert(sheet.model_copy(update={"raise_": ["melee"] * 3}))


def test_convert_command_prints_the_working_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "amulet", "convert", str(EXAMPLE), "--json")
    assert result.code == 0
    document = json.loads(result.out)
    assert document["abilities"] == {"melee": "d12", "speed": 3, "shot": "d8", "armor": 4,
                                     "magic": "d6"}
    assert document["order"][0] == "melee" and document["level_points"] == 1
    table = run(capsys, "amulet", "convert", str(EXAMPLE))
    assert table.code == 0 and "Brannoc" in table.out


@pytest.mark.parametrize(("text", "fragment"), [
    ('protection = "d7"\n', "field protection"),
    ("level = 2\nraise = [\"melee\"]\n", "field raise"),
    ("speed = 3\n", "field speed"),
    ('swap = ["melee", "luck"]\n', "field swap"),
])
def test_a_broken_sheet_is_one_line_and_exit_2(tmp_path: Path, text: str, fragment: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(text)
    assert_bad_input(run(capsys, "amulet", "convert", str(sheet)), fragment)
