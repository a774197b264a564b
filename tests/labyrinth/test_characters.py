"""Labyrinth's characters (seed 002, Chapter 1, Appendices A and B): each rule as the seed
words it. The expected numbers are written out from the seed, not taken from the code."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_docs import defined_tests
from scripted_dice import Faces
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.labyrinth.adventurer import races_classes
from undercroft.systems.labyrinth.adventurer.character import (
    Adventurer,
    StatEffects,
    attack_bonus,
    attacks_per_turn,
    brace,
    can_brace,
    consume_skip,
    damage_dice,
    die,
    equip,
    gain_item,
    lift_curse,
    living_medics,
    lose_item,
    medic_keeps_card,
    modifier,
    new_adventurer,
    random_choices,
    renegade,
    stat_modifier,
    takes_double_fire,
    unequip,
    wizard_backlash,
    worn_items,
)
from undercroft.systems.labyrinth.adventurer.elements import AFFINITIES, ELEMENTS, relation
from undercroft.systems.labyrinth.adventurer.specials import STATS, Stat, oxkin_stat_bonus

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "rules" / "labyrinth-characters.md"
RACES = ("human", "woodfolk", "oxkin", "hollow")
CLASSES = ("archer", "medic", "warrior", "wizard")


@dataclass(frozen=True)
class Item:
    """A stand-in for an item card: only what the character rules read."""

    stat_effects: dict[Stat, int] = field(default_factory=dict)
    damage: str | None = None
    attack_bonus_from: Stat | None = None
    only_class: str | None = None


@dataclass(frozen=True)
class Curse:
    """A cursed card has stat effects and nothing else."""

    stat_effects: dict[Stat, int] = field(default_factory=dict)




def hero(race: str = "human", klass: str = "warrior", elements: tuple[str, ...] = (),
         stats: tuple[int, int, int] | None = None, seed: int = 1) -> Adventurer:
    made = new_adventurer("p1", race, klass, elements, Stream(seed, "test"))
    if stats is not None:
        made.stats = dict(zip(STATS, stats, strict=True))
    return made


def wearing(adventurer: Adventurer, **items: Item | Curse) -> list[StatEffects]:
    """Give and wear items (a Curse is cursed); the effects in worn order."""
    for name, item in items.items():
        gain_item(adventurer, name, cursed=isinstance(item, Curse))
        if isinstance(item, Item):
            equip(adventurer, name)
    found: list[StatEffects] = worn_items(adventurer, items.__getitem__)
    return found


# --- elements ----------------------------------------------------------------------------

C, D = "creative", "destructive"
TABLE = {  # the classic cycles written out by hand, row by row
    "wood": {"fire": C, "earth": D, "metal": D, "water": C},
    "fire": {"wood": C, "earth": C, "metal": D, "water": D},
    "earth": {"wood": D, "fire": C, "metal": C, "water": D},
    "metal": {"wood": D, "fire": D, "earth": C, "water": C},
    "water": {"wood": C, "fire": D, "earth": D, "metal": C},
}


def test_relation_table_for_all_25_pairs() -> None:
    for first in ELEMENTS:
        for second in ELEMENTS:
            if first == second:
                with pytest.raises(BadInput, match="chosen twice"):
                    relation([first, second])
            else:
                assert relation([first, second]) == TABLE[first][second], (first, second)
    assert Counter(relation(pair) for pair in AFFINITIES if len(pair) == 2) == {C: 5, D: 5}


def test_one_element_or_none_is_nullified() -> None:
    assert relation([]) == "nullified"
    for element in ELEMENTS:
        assert relation([element]) == "nullified"
    assert len(AFFINITIES) == 16 and len(set(AFFINITIES)) == 16


@pytest.mark.parametrize(("elements", "words"), [
    (["wood", "fire", "water"], "up to 2"), (["lava"], "'lava' is not an element"),
    (["fire", "fire"], "'fire' is chosen twice")])
def test_a_bad_affinity_is_one_line_of_bad_input(elements: list[str], words: str) -> None:
    with pytest.raises(BadInput, match=words) as error:
        relation(elements)
    assert "\n" not in str(error.value)


# --- races and classes as data -----------------------------------------------------------


def test_every_race_number_is_the_seeds() -> None:
    seed = {"human": (20, 10), "woodfolk": (17, 10), "oxkin": (25, 12), "hollow": (20, 8)}
    loaded = races_classes.races()
    assert tuple(loaded) == RACES
    assert {key: (r.health, r.armour_class) for key, r in loaded.items()} == seed
    assert [r.name for r in loaded.values()] == ["Human", "Woodfolk", "Oxkin", "Hollow"]


def test_every_class_number_is_the_seeds() -> None:
    seed = {"archer": (0, "1d4"), "medic": (0, "1d4"), "warrior": (0, "1d6"),
            "wizard": (2, "1d4")}
    loaded = races_classes.classes()
    assert tuple(loaded) == CLASSES
    assert {key: (c.unarmed_attack, c.unarmed_damage) for key, c in loaded.items()} == seed


@pytest.mark.parametrize(("text", "words"), [
    ('[elf]\nname = "Elf"\nhealth = "lots"\narmour_class = 10\n', "race 'elf', field health"),
    ('[elf]\nname = "Elf"\nhealth = 20\n', "race 'elf', field armour_class"),
    ('[elf]\nname = "Elf"\nhealth = 20\narmour_class = 10\nwings = 2\n',
     "race 'elf', field wings"),
    ("[elf\n", "not valid TOML")])
def test_a_broken_races_file_names_file_entry_and_field(tmp_path: Path, text: str,
                                                        words: str) -> None:
    path = tmp_path / "races.toml"
    path.write_text(text)
    with pytest.raises(BadInput, match=re.escape(words)) as error:
        races_classes.races(path)
    assert str(path) in str(error.value) and "\n" not in str(error.value)


def test_a_broken_damage_die_names_the_class(tmp_path: Path) -> None:
    path = tmp_path / "classes.toml"
    path.write_text('[monk]\nname = "Monk"\nunarmed_attack = 1\nunarmed_damage = "1d4-4"\n')
    with pytest.raises(BadInput, match=r"class 'monk', field unarmed_damage: .*below 1"):
        races_classes.classes(path)


# --- creation and stats ------------------------------------------------------------------


def test_stats_are_3d6_in_order_then_race_modifiers() -> None:
    made = new_adventurer("p1", "hollow", "medic", ["fire"], Stream(7, "make"))
    dice = Stream(7, "make").dice(9, 6)
    assert made.rolled == {"strength": dice[0:3], "intelligence": dice[3:6], "luck": dice[6:9]}
    assert made.stats == {stat: sum(made.rolled[stat]) for stat in STATS}
    assert (made.health, made.silver, made.items, made.alive) == (20, 10, [], True)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), race=st.sampled_from(RACES),
       klass=st.sampled_from(CLASSES), elements=st.sampled_from(AFFINITIES))
def test_stats_are_always_3_to_18_before_modifiers(seed: int, race: str, klass: str,
                                                   elements: tuple[str, ...]) -> None:
    made = new_adventurer("p1", race, klass, elements, Stream(seed, "make"))
    for stat in STATS:
        assert len(made.rolled[stat]) == 3
        assert 3 <= sum(made.rolled[stat]) <= 18
    assert made.health == made.max_health


@pytest.mark.parametrize(("race", "klass", "elements", "words"), [
    ("elf", "archer", (), "race: 'elf' is not a race"),
    ("human", "bard", (), "class: 'bard' is not a class"),
    ("human", "archer", ("fire", "water", "wood"), "up to 2"),
    ("human", "archer", ("fire", "fire"), "chosen twice"),
    ("human", "archer", ("steam",), "'steam' is not an element")])
def test_bad_choices_are_one_line_of_bad_input_and_roll_nothing(
        race: str, klass: str, elements: tuple[str, ...], words: str) -> None:
    stream = Stream(3, "make")
    with pytest.raises(BadInput, match=re.escape(words)) as error:
        new_adventurer("p1", race, klass, elements, stream)
    assert "\n" not in str(error.value)
    assert stream.random() == Stream(3, "make").random()


def test_random_choices_are_legal_and_cover_every_option() -> None:
    stream = Stream(11, "choices")
    seen = [random_choices(stream) for _ in range(2000)]
    assert {c.race for c in seen} == set(RACES) and {c.klass for c in seen} == set(CLASSES)
    assert {c.elements for c in seen} == set(AFFINITIES)
    for choice in seen[:50]:
        new_adventurer("p", *choice, Stream(1))


@settings(max_examples=300, deadline=None)
@given(score=st.integers(3, 20), effects=st.integers(-3, 3))
def test_modifier_is_s_plus_t_minus_10_over_2_rounded_down(score: int, effects: int) -> None:
    exact = Fraction(score + effects - 10, 2)
    assert stat_modifier(score, effects) == exact.numerator // exact.denominator
    assert stat_modifier(score, effects) <= exact < stat_modifier(score, effects) + 1
    made = hero(stats=(score, 10, 10))
    items = wearing(made, ring=Item({"strength": effects}))
    assert modifier(made, "strength", items) == stat_modifier(score, effects)


def test_rounded_down_means_floor_even_below_zero() -> None:
    assert -1 // 2 == -1 and int(-1 / 2) == 0  # truncation would give 0
    assert [stat_modifier(s) for s in (3, 7, 8, 9, 10, 11, 12, 18, 20)] == \
        [-4, -2, -1, -1, 0, 0, 1, 4, 5]
    assert stat_modifier(10, -1) == -1 and stat_modifier(9, -2) == -2


def test_modifiers_follow_every_change_of_stat_or_item() -> None:
    made = hero(stats=(11, 10, 10))
    assert modifier(made, "strength", []) == 0
    knife = wearing(made, knife=Item({"strength": 1, "intelligence": -1}, "1d6"))
    assert modifier(made, "strength", knife) == 1
    assert modifier(made, "intelligence", knife) == -1
    made.stats["strength"] = 13
    assert modifier(made, "strength", knife) == 2
    unequip(made, "knife")
    assert modifier(made, "strength", []) == 1
    with pytest.raises(ValueError, match="pass every worn item"):
        modifier(made, "strength", knife)


# --- races' specials (Appendix A) --------------------------------------------------------


def test_human_gets_one_per_stat_and_two_in_total_when_creative() -> None:
    for elements in AFFINITIES:
        made = hero("human", "archer", elements, seed=5)
        each = 2 if relation(elements) == "creative" else 1
        assert made.stats == {s: sum(made.rolled[s]) + each for s in STATS}


def test_a_destructive_human_gets_two_to_attack() -> None:
    for elements in AFFINITIES:
        made = hero("human", "archer", elements, stats=(10, 10, 10))
        assert attack_bonus(made, []) == (2 if relation(elements) == "destructive" else 0)
    other = hero("hollow", "archer", ("fire", "water"), stats=(10, 10, 10))
    assert attack_bonus(other, []) == 0


def test_woodfolk_gets_two_armour_with_wood_or_earth_not_stacking() -> None:
    assert hero("woodfolk", "medic", ()).armour_class == 10
    assert hero("woodfolk", "medic", ("wood",)).armour_class == 12
    assert hero("woodfolk", "medic", ("earth",)).armour_class == 12
    assert hero("woodfolk", "medic", ("wood", "earth")).armour_class == 12
    assert hero("woodfolk", "medic", ("fire", "water")).armour_class == 10
    assert hero("human", "medic", ("wood",)).armour_class == 10


def test_creative_woodfolk_gets_four_max_health() -> None:
    for elements in AFFINITIES:
        made = hero("woodfolk", "medic", elements)
        expected = 21 if relation(elements) == "creative" else 17
        assert (made.max_health, made.health) == (expected, expected)
    assert hero("human", "medic", ("wood", "fire")).max_health == 20


def test_woodfolk_takes_double_fire_unless_water_or_metal() -> None:
    for elements in AFFINITIES:
        made = hero("woodfolk", "medic", elements)
        vulnerable = "water" not in elements and "metal" not in elements
        assert takes_double_fire(made) is vulnerable
        assert made.take_damage(3, "fire") == (6 if vulnerable else 3)
        assert made.take_damage(3) == 3 and made.take_damage(3, "water") == 3
    assert not takes_double_fire(hero("human", "medic", ()))
    with pytest.raises(BadInput, match="'plasma' is not an element"):
        hero("woodfolk").take_damage(3, "plasma")


def test_oxkin_metal_and_earth_bonuses_stack() -> None:
    assert oxkin_stat_bonus(("metal",)) == {"strength": 2, "intelligence": 1, "luck": 1}
    assert oxkin_stat_bonus(("earth",)) == {"strength": 2, "intelligence": 1, "luck": 1}
    assert oxkin_stat_bonus(("earth", "metal")) == {"strength": 4, "intelligence": 2, "luck": 2}
    assert oxkin_stat_bonus(("metal", "water")) == {"strength": 2, "intelligence": 1, "luck": 1}
    assert oxkin_stat_bonus(("fire",)) == {"strength": 0, "intelligence": 0, "luck": 0}
    made = hero("oxkin", "warrior", ("earth", "metal"), seed=9)
    assert made.stats == {"strength": sum(made.rolled["strength"]) + 4,
                          "intelligence": sum(made.rolled["intelligence"]) + 2,
                          "luck": sum(made.rolled["luck"]) + 2}


def test_a_destructive_oxkin_is_a_renegade_without_bonuses() -> None:
    for elements in AFFINITIES:
        made = hero("oxkin", "warrior", elements, seed=9)
        destructive = relation(elements) == "destructive"
        assert renegade(made) is destructive
        assert attacks_per_turn(made) == (2 if destructive else 1)
        if destructive:
            assert made.stats == {s: sum(made.rolled[s]) for s in STATS}
            assert not {"metal", "earth"} <= set(elements)  # earth generates metal: creative
    assert not renegade(hero("human", "warrior", ("fire", "water")))
    assert attacks_per_turn(hero("oxkin", "warrior", ("wood", "metal"))) == 2


def test_a_nullified_hollow_braces_with_2d6_and_skips_its_next_attack() -> None:
    assert [can_brace(hero("hollow", "archer", e)) for e in ((), ("fire",), ("fire", "earth"),
                                                             ("fire", "water"))] == \
        [True, True, False, False]
    assert not can_brace(hero("human", "archer", ()))
    made = hero("hollow", "archer", ("wood",))
    assert brace(made, Faces(6, 5)) == [6, 5]
    assert made.skip_next_attack and made.armour_class == 10  # the brace is per attack
    assert consume_skip(made) is True
    assert consume_skip(made) is False
    with pytest.raises(BadInput, match="cannot brace"):
        brace(hero("hollow", "archer", ("fire", "water")), Faces(seed=1))
    braced = hero("hollow", "archer", ())
    brace(braced, Faces(seed=1))
    assert Adventurer.from_dict(braced.to_dict()).skip_next_attack


# --- classes' specials (Appendix B) ------------------------------------------------------


def test_an_archer_gets_two_armour_class() -> None:
    for race, base in (("human", 10), ("woodfolk", 10), ("oxkin", 12), ("hollow", 8)):
        assert hero(race, "archer", ("fire",)).armour_class == base + 2
        assert hero(race, "medic", ("fire",)).armour_class == base
    assert hero("woodfolk", "archer", ("wood",)).armour_class == 14


def test_a_medic_keeps_the_card_on_a_six_exactly_one_in_six() -> None:
    kept = [medic_keeps_card(Faces(face)) for face in range(1, 7)]
    assert kept == [False] * 5 + [True]
    stream = Faces(seed=2024, name="medic")
    share = sum(medic_keeps_card(stream) for _ in range(60_000)) / 60_000
    assert abs(share - 1 / 6) < 0.01
    two = [medic_keeps_card(Faces(a, b), medics=2)
           for a in range(1, 7) for b in range(1, 7)]
    assert Fraction(sum(two), 36) == Fraction(11, 36)
    assert medic_keeps_card(Faces(), medics=0) is False


def test_living_medics_are_counted() -> None:
    party = [hero(klass="medic"), hero(klass="medic"), hero(klass="archer")]
    assert living_medics(party) == 2
    party[0].take_damage(99)
    assert living_medics(party) == 1


def test_a_warrior_attacks_at_four_only_with_nothing_equipped() -> None:
    made = hero("hollow", "warrior", (), stats=(10, 10, 10))
    assert attack_bonus(made, []) == 4
    charm = wearing(made, charm=Item({"luck": 1}))
    assert attack_bonus(made, charm) == 0  # something equipped, no weapon: +0 unarmed
    unequip(made, "charm")
    assert attack_bonus(made, []) == 4
    ring = wearing(made, ring=Curse({"luck": -1}))
    assert attack_bonus(made, ring) == 0  # the cursed ring is "automatically equipped"
    assert attack_bonus(hero("hollow", "medic", (), stats=(10, 10, 10)), []) == 0


def test_a_wizard_may_attack_with_intelligence_and_takes_the_better() -> None:
    made = hero("hollow", "wizard", (), stats=(8, 16, 10))
    assert attack_bonus(made, []) == 2 + 3
    assert attack_bonus(made, [], use_intelligence=False) == 2 - 1
    assert attack_bonus(made, [], use_intelligence=True) == 2 + 3
    strong = hero("hollow", "wizard", (), stats=(16, 8, 10))
    assert attack_bonus(strong, []) == 2 + 3
    with pytest.raises(BadInput, match="only a wizard"):
        attack_bonus(hero("hollow", "archer"), [], use_intelligence=True)


def test_a_destructive_wizard_rolls_1d4_after_attacking() -> None:
    for face in range(1, 5):
        made = hero("human", "wizard", ("fire", "water"))
        assert wizard_backlash(made, Faces(face)) == face
        assert made.health == 20  # the game deals it (losses.hurt), deaths and all
    for elements in ((), ("fire",), ("fire", "earth")):
        calm = hero("human", "wizard", elements)
        assert wizard_backlash(calm, Faces()) is None and calm.health == 20
    warrior = hero("human", "warrior", ("fire", "water"))
    assert wizard_backlash(warrior, Faces()) is None


def test_the_unarmed_attack_modifier_is_only_for_attacks_without_a_weapon() -> None:
    made = hero("hollow", "wizard", (), stats=(10, 10, 10))
    assert attack_bonus(made, []) == 2
    stick = wearing(made, stick=Item({"intelligence": 1, "strength": -1}, "1d8"))
    assert attack_bonus(made, stick) == 0  # the stick's +1 leaves Int 11: modifier 0


def test_the_sureshot_adds_an_archers_luck_stat() -> None:
    shooter = Item(damage="1d8", attack_bonus_from="luck", only_class="archer")
    archer = hero("hollow", "archer", (), stats=(10, 10, 15))
    assert attack_bonus(archer, wearing(archer, sureshot=shooter)) == 15
    medic = hero("hollow", "medic", (), stats=(10, 10, 15))
    assert attack_bonus(medic, wearing(medic, sureshot=shooter)) == 0


def test_the_damage_die_is_the_best_weapon_else_the_unarmed_die() -> None:
    assert [damage_dice(hero(klass=k), []) for k in CLASSES] == ["1d4", "1d4", "1d6", "1d4"]
    made = hero(klass="archer")
    items = wearing(made, knife=Item(damage="1d6"), charm=Item({"luck": 1}))
    assert damage_dice(made, items) == "1d6"
    two = hero(klass="archer")
    items = wearing(two, knife=Item(damage="1d6"), stick=Item(damage="2d4"))
    assert damage_dice(two, items) == "2d4"  # mean 5 beats 1d6's 3.5


def test_the_seeds_item_cards_work_with_the_character_rules() -> None:
    content = pytest.importorskip("undercroft.systems.labyrinth.content.loader").load_content()
    archer = hero("hollow", "archer", (), stats=(12, 10, 14))
    for copy, cursed in (("sureshot-shooter#1", False), ("cursed-ring#1", True)):
        gain_item(archer, copy, cursed=cursed)
    equip(archer, "sureshot-shooter#1")
    items = worn_items(archer, lambda copy: content.items[copy.split("#")[0]])
    assert modifier(archer, "strength", items) == 0  # 12 - 1 from the ring
    assert attack_bonus(archer, items) == 14 + 0
    assert damage_dice(archer, items) == "1d8"


# --- state: items, damage, death, JSON ---------------------------------------------------


def test_three_slots_and_curses_outside_them() -> None:
    made = hero()
    for name in ("a", "b", "c", "d"):
        gain_item(made, name)
    for name in ("a", "b", "c"):
        equip(made, name)
    with pytest.raises(BadInput, match="3 items equipped"):
        equip(made, "d")
    gain_item(made, "ring", cursed=True)
    assert made.worn == ("a", "b", "c", "ring")
    for refused in (unequip, lose_item):
        with pytest.raises(BadInput, match="cursed"):
            refused(made, "ring")
    lose_item(made, "a")
    assert made.equipped == ["b", "c"] and "a" not in made.items
    lift_curse(made, "ring")
    assert tuple(made.worn) == ("b", "c")


def test_damage_healing_death_and_town() -> None:
    made = hero("human")
    assert made.take_damage(7) == 7 and made.health == 13
    assert made.heal(50) == 7 and made.health == 20
    made.take_damage(5)
    made.rest_in_town()
    assert made.health == 20
    gain_item(made, "knife")
    made.silver = 30
    assert made.take_damage(25) == 20 and not made.alive
    assert die(made) == ["knife"]
    assert (made.items, made.silver, made.heal(5)) == ([], 0, 0)


adventurers = st.builds(
    lambda seed, choice, hurt, silver: _played(seed, choice, hurt, silver),
    st.integers(0, 2**32), st.integers(0, 2**16), st.integers(0, 30), st.integers(0, 99))


def _played(seed: int, choice_seed: int, hurt: int, silver: int) -> Adventurer:
    made = new_adventurer("p2", *random_choices(Stream(choice_seed)), Stream(seed))
    made.take_damage(hurt)
    made.silver = silver
    gain_item(made, "kobold-knife#1")
    gain_item(made, "cursed-ring#1", cursed=True)
    equip(made, "kobold-knife#1")
    made.armour_bonus = seed % 3
    return made


@settings(max_examples=100, deadline=None)
@given(adventurers)
def test_an_adventurer_round_trips_through_json(made: Adventurer) -> None:
    import json

    document = json.loads(json.dumps(made.to_dict()))
    assert Adventurer.from_dict(document) == made
    assert document["computed"]["armour_class"] == made.armour_class


@pytest.mark.parametrize(("change", "words"), [
    ({"race": "elf"}, "field race: 'elf' is not a race"),
    ({"elements": ["fire", "fire"]}, "field elements:"),
    ({"elements": ["water", "fire"]}, "field elements: write them in the order fire, water"),
    ({"health": "3"}, "field health"),
    ({"equipped": ["sword"]}, "field equipped: 'sword' is not among the items owned"),
    ({"stats": {"strength": 3}}, "field stats: no intelligence"),
    ({"rolled": {"strength": [1, 2], "intelligence": [1, 1, 1], "luck": [1, 1, 1]}},
     "field rolled: strength has 2 dice"),
    ({"health": 99}, "field health: 99 is outside"),
    ({"wings": 2}, "field wings")])
def test_a_broken_adventurer_document_names_the_field(change: dict[str, object],
                                                      words: str) -> None:
    document = {**hero("human", "archer", ("fire", "water")).to_dict(), **change}
    with pytest.raises(BadInput, match=re.escape(words)) as error:
        Adventurer.from_dict(document)
    assert str(error.value).startswith("adventurer, field") and "\n" not in str(error.value)


def test_the_characters_page_names_only_real_tests() -> None:
    named = set(re.findall(r"`(test_\w+)`", DOC.read_text()))
    here = set(re.findall(r"^def (test_\w+)", Path(__file__).read_text(), re.MULTILINE))
    assert len(named) >= 25
    assert sorted(named - defined_tests()) == []
    assert sorted(here - named - {"test_the_characters_page_names_only_real_tests"}) == []
