"""Card Crawl's cards, costs, ownership rules, limits and character creation (seed 004)."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.character.build import (
    STREAM,
    Character,
    CharacterError,
    new_character,
)
from undercroft.systems.cardcrawl.character.cards import (
    AttackCard,
    CharacterCard,
    DefenceCard,
    GearCard,
    RaceCard,
    SheetCard,
    SpellCard,
    default_files,
    load_cards,
    starter_cards,
)
from undercroft.systems.cardcrawl.character.costs import (
    can_buy_attack,
    card_cost,
    defence_limit,
    equip_limit,
    ownership_problem,
    purchase_problem,
    pyramid_needs,
    pyramid_problem,
)
from undercroft.systems.cardcrawl.character.document import from_dict, to_dict
from undercroft.systems.cardcrawl.character.sheets import CENTRE, Sheet

CARDS = starter_cards()
ROOT = Path(__file__).parents[2]
RULES = ROOT / "docs" / "rules" / "cardcrawl-cards.md"


# ------------------------------------------------------------------ the starter set

def test_the_starter_set_has_every_kind_and_the_named_races_and_classes() -> None:
    assert default_files() and all(path.name.startswith("cards") for path in default_files())
    races = {card.id for card in CARDS.of(RaceCard)}
    assert {"human", "elf", "dwarf", "halfling", "orc"} <= races
    assert [card.id for card in CARDS.of(RaceCard) if card.second_race] == ["human"]
    classes = {card.id: card for card in CARDS.of(CharacterCard) if card.aspect == "class"}
    assert {"fighter", "rogue", "cleric", "wizard", "ranger"} <= set(classes)
    for card in classes.values():
        assert (card.right, card.bottom) == (4, 4)
        assert card.left and card.top and card.left != card.top and card.ability
    assert CARDS.of(SpellCard) and [card for card in CARDS.of(GearCard) if card.basic]


def test_sheet_cards_split_8_points_between_two_bonuses_at_least_1_each() -> None:
    for card in CARDS.of(SheetCard):
        assert card.right + card.bottom == 8 and min(card.right, card.bottom) >= 1, card.id
    assert any((card.right, card.bottom) == (7, 1) for card in CARDS.of(SheetCard))


def test_attacks_make_a_pyramid_with_combos_and_class_gated_cards() -> None:
    attacks = CARDS.of(AttackCard)
    free = Counter(card.bonus for card in attacks if card.requires is None)
    assert pyramid_problem(list(free.elements())) is None and max(free) >= 4
    classes = {card.id for card in CARDS.of(CharacterCard) if card.aspect == "class"}
    gated = {card.requires for card in attacks if card.requires and card.bonus == 1}
    assert gated == classes
    assert {card.bonus for card in attacks if card.requires} >= {1, 2, 3}
    assert all(card.combo_right + card.combo_bottom > 0 for card in attacks if card.bonus < 3)
    assert Counter(card.difficulty for card in attacks).most_common(1)[0][0] == 9


def test_defence_cards_are_rated_1_to_9_each_with_an_effect() -> None:
    defence = CARDS.of(DefenceCard)
    assert {card.rating for card in defence} == set(range(1, 10))
    assert all(card.effect for card in defence)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards_pack.toml"
    path.write_text(text)
    return path


GOOD_RACE = '[race.elf]\nname = "Elf"\nleft = "lore"\ntop = "charm"\nright = 5\nbottom = 3\n' \
            'ability = "x"\n'


@pytest.mark.parametrize(("text", "card", "field"), [
    (GOOD_RACE.replace("right = 5", "right = 0"), "race 'elf'", "field right"),
    (GOOD_RACE.replace('name = "Elf"\n', ""), "race 'elf'", "field name"),
    (GOOD_RACE + "wings = 2\n", "race 'elf'", "field wings"),
    (GOOD_RACE.replace('left = "lore"', 'left = "  "'), "race 'elf'", "field left"),
    (GOOD_RACE.replace("[race.elf]", "[race.Elf]"), "race 'Elf'", "field id"),
    (GOOD_RACE + 'id = "elf"\n', "race 'elf'", "field id"),
    ('[defence.wall]\nname = "Wall"\nrating = 10\neffect = "x"\n', "defence 'wall'",
     "field rating"),
    ('[gear.rope]\nname = "Rope"\neffect = "x"\nmechanic = { kind = "fly" }\n', "gear 'rope'",
     "field mechanic.kind"),
    ('[attack.bash]\nname = "Bash"\nbonus = 1\ncombo_right = 1\ncombo_bottom = 1\n'
     'effect = "x"\nrequires = "elf"\n' + GOOD_RACE, "attack 'bash'", "field requires"),
    ('[attack.bash]\nname = "Bash"\nbonus = 1\ncombo_right = 1\neffect = "x"\n',
     "attack 'bash'", "field combo_bottom"),
    ('[attack.bash]\nname = "Bash"\nbonus = 1\ncombo_right = 1\ncombo_bottom = 1\n'
     'effect = "x"\nskills = []\n', "attack 'bash'", "field skills"),
])
def test_a_content_error_names_file_card_and_field(tmp_path: Path, text: str, card: str,
                                                    field: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(BadInput) as error:
        load_cards([path])
    message = str(error.value)
    assert str(path) in message and card in message and field in message, message
    assert "\n" not in message


def test_unknown_kinds_duplicate_ids_and_broken_toml_are_named(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="'monster' is not a card kind"):
        load_cards([write(tmp_path, '[monster.orc]\nname = "Orc"\n')])
    other = tmp_path / "cards_more.toml"
    other.write_text(GOOD_RACE.replace("[race.elf]", "[character.elf]") + 'aspect = "class"\n')
    with pytest.raises(BadInput, match=r"character 'elf': ID already used by .*race 'elf'"):
        load_cards([write(tmp_path, GOOD_RACE), other])
    with pytest.raises(BadInput, match="not valid TOML"):
        load_cards([write(tmp_path, "[race.elf\n")])
    assert load_cards([write(tmp_path, GOOD_RACE)]).get("elf").name == "Elf"


# ------------------------------------------------------------------ costs and the pyramid

def test_card_costs_follow_the_seed() -> None:
    assert card_cost(CARDS.get("fighter")) == 40  # +4/+4
    assert card_cost(CARDS.get("duellist")) == 70  # +7/+1
    assert card_cost(CARDS.get("legendary-blow")) == 40  # a +4 attack
    assert card_cost(CARDS.get("aegis")) == 90  # defence rated 9
    assert card_cost(CARDS.get("torch")) is None and card_cost(CARDS.get("sleep")) is None
    for card in CARDS.cards.values():
        if isinstance(card, SheetCard):
            assert card_cost(card) == 10 * max(card.right, card.bottom)
        elif isinstance(card, AttackCard):
            assert card_cost(card) == 10 * card.bonus
        elif isinstance(card, DefenceCard):
            assert card_cost(card) == 10 * card.rating


def test_pyramid_a_plus_2_needs_two_plus_1_a_plus_3_three_plus_1_and_two_plus_2() -> None:
    assert pyramid_needs(1) == {}
    assert pyramid_needs(2) == {1: 2}
    assert pyramid_needs(3) == {1: 3, 2: 2}
    assert pyramid_needs(4) == {1: 4, 2: 3, 3: 2}
    assert can_buy_attack([], 1)
    assert not can_buy_attack([1], 2) and can_buy_attack([1, 1], 2)
    assert not can_buy_attack([1, 1, 2, 2], 3) and not can_buy_attack([1, 1, 1, 2], 3)
    assert can_buy_attack([1, 1, 1, 2, 2], 3)
    assert not can_buy_attack([1, 1, 1, 1, 2, 2, 2, 3], 4)
    assert "needs 3 at +1 and 2 at +2" in (purchase_problem(
        [CARDS.get("human"), CARDS.get("strike"), CARDS.get("shove"), CARDS.get("trip"),
         CARDS.get("riposte")], CARDS.get("flurry")) or "")


def buyable_in_some_order(bonuses: list[int]) -> bool:
    """Brute force: some order of buying, each card meeting the pyramid when bought."""
    for order in set(itertools.permutations(bonuses)):
        owned: list[int] = []
        for bonus in order:
            if any(owned.count(lower) < bonus - lower + 1 for lower in range(1, bonus)):
                break
            owned.append(bonus)
        else:
            return True
    return False


@settings(max_examples=150)
@given(st.lists(st.integers(1, 4), max_size=7))
def test_an_attack_set_is_legal_exactly_when_some_buying_order_meets_the_pyramid(
        bonuses: list[int]) -> None:
    assert (pyramid_problem(bonuses) is None) == buyable_in_some_order(bonuses)


@given(st.lists(st.integers(1, 5), max_size=12), st.integers(1, 5))
def test_can_buy_matches_the_seeds_pyramid_shape(owned: list[int], bonus: int) -> None:
    shape = all(owned.count(lower) >= bonus - lower + 1 for lower in range(1, bonus))
    assert can_buy_attack(owned, bonus) == shape


# ------------------------------------------------------------------ ownership and limits

def owned(*ids: str) -> list[SheetCard | AttackCard | DefenceCard | GearCard | SpellCard]:
    return [CARDS.get(card_id) for card_id in ids]


def test_no_card_is_owned_twice_and_races_are_one_or_human_plus_one() -> None:
    assert ownership_problem(owned("elf", "fighter")) is None
    assert ownership_problem(owned("human", "elf")) is None
    assert "owned twice" in (ownership_problem(owned("elf", "parry", "parry")) or "")
    assert "one race card" in (ownership_problem(owned("fighter")) or "")
    assert "half-human" in (ownership_problem(owned("elf", "dwarf")) or "")
    assert "3 race cards" in (ownership_problem(owned("human", "elf", "dwarf")) or "")


def test_class_gated_attacks_need_their_class_card() -> None:
    assert "needs the class card 'fighter'" in (ownership_problem(owned("elf", "cleave")) or "")
    assert ownership_problem(owned("elf", "fighter", "cleave")) is None
    assert purchase_problem(owned("elf", "rogue"), CARDS.get("cleave")) is not None
    assert purchase_problem(owned("elf", "fighter"), CARDS.get("cleave")) is None


def test_races_gear_and_spells_are_not_bought() -> None:
    assert "creation" in (purchase_problem(owned("human"), CARDS.get("elf")) or "")
    assert "found on adventures" in (purchase_problem(owned("elf"), CARDS.get("rope")) or "")
    assert purchase_problem(owned("elf", "fighter"), CARDS.get("duellist")) is None
    assert "owned twice" in (purchase_problem(owned("elf", "fighter"), CARDS.get("fighter")) or "")


def test_defence_and_gear_limits_follow_the_seeds_example() -> None:
    assert defence_limit(2, 1) == 3  # "three for a starting character"
    assert defence_limit(9, 9) == 18  # "up to 18 ... two full 3 x 3 grids"
    assert equip_limit(2, 1, 3) == 1  # 2 character, 1 attack, 3 defence: one gear or spell


@given(st.integers(0, 9), st.integers(0, 9), st.integers(0, 18))
def test_the_equip_limit_is_the_lowest_group(character: int, attack: int, defence: int) -> None:
    assert equip_limit(character, attack, defence) == min(character, attack, defence)
    assert defence_limit(character, attack) == character + attack


# ------------------------------------------------------------------ characters

@settings(max_examples=200)
@given(st.integers(0, 2**32 - 1))
def test_created_characters_are_always_legal(seed: int) -> None:
    character = new_character(Stream(seed, STREAM))
    races, extras = character.cards(RaceCard), character.cards(CharacterCard)
    if len(races) == 2:
        assert any(race.second_race for race in races) and extras == []
    else:
        assert len(races) == 1 and len(extras) == 1
        assert (extras[0].aspect, extras[0].right, extras[0].bottom) == ("class", 4, 4)
    attacks = character.cards(AttackCard)
    assert len(attacks) == 1 and attacks[0].bonus == 1
    assert attacks[0].requires in (None, *(card.id for card in extras))
    assert sorted(card.rating for card in character.defence_cards()) == [1, 2, 3]
    gear = character.cards(GearCard)
    assert len(gear) == 1 and gear[0].basic and character.equipped == (gear[0].id,)
    assert character.cards(SpellCard) == []
    assert sorted(character.character_sheet.cards()) == sorted(c.id for c in [*races, *extras])
    assert character.attack_sheet.cards() == [attacks[0].id]
    assert character.defence_limit == 3 and character.equip_limit == 1
    assert ownership_problem([CARDS.get(i) for i in character.owned]) is None
    assert from_dict(json.loads(json.dumps(to_dict(character))), "x") == character
    assert new_character(Stream(seed, STREAM)) == character


def test_creation_makes_half_humans_too_and_takes_larger_defence_cards_if_asked() -> None:
    titles = {new_character(Stream(seed, STREAM)).title for seed in range(300)}
    assert any(title.startswith("The half-") for title in titles)
    assert "The dwarf Fighter" in titles
    sturdy = new_character(Stream(1, STREAM), defence_ratings=(2, 3, 4))
    assert sorted(card.rating for card in sturdy.defence_cards()) == [2, 3, 4]


def test_a_half_human_is_titled_by_the_other_race() -> None:
    character = Character(("human", "elf", "strike"), Sheet.of({CENTRE: "elf", (1, 2): "human"}),
                          Sheet.of({CENTRE: "strike"}), (), ())
    assert character.title == "The half-elf"
    assert character.skill_bonuses() == {"charm": 5}


def starting(**changes: object) -> Character:
    base = new_character(Stream(4, STREAM))  # the dwarf Fighter with Throw
    values = {"owned": base.owned, "character_sheet": base.character_sheet,
              "attack_sheet": base.attack_sheet, "carried": base.carried,
              "equipped": base.equipped, **changes}
    return Character(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(("changes", "field", "fragment"), [
    ({"owned": ("dwarf", "fighter", "throw", "grit", "leather-armour", "shield-block",
                "healing-kit", "torch"), "equipped": ("healing-kit", "torch")},
     "equipped", "2 gear and spell cards, but the limit is 1"),
    ({"equipped": ("healing-kit", "torch")}, "equipped", "not owned"),
    ({"carried": ("grit", "grit")}, "carried_defence", "appears twice"),
    ({"carried": ("throw",)}, "carried_defence", "attack card"),
    ({"attack_sheet": Sheet.of({CENTRE: "fighter"})}, "sheets.attack", "character card"),
    ({"character_sheet": Sheet.of({CENTRE: "dwarf", (0, 1): "elf"})}, "sheets.character",
     "not owned"),
    ({"owned": ("dwarf", "orc", "fighter", "throw")}, "cards", "half-human"),
    ({"owned": ("dwarf", "fighter", "throw", "zap")}, "cards", "no card 'zap'"),
])
def test_an_illegal_character_is_refused_naming_the_field(changes: dict[str, object], field: str,
                                                          fragment: str) -> None:
    with pytest.raises(CharacterError) as error:
        starting(**changes)
    assert error.value.field == field and fragment in error.value.message


def test_more_defence_cards_than_usable_must_be_left_behind() -> None:
    base = ("dwarf", "fighter", "throw", "parry", "duck", "grit", "dodge")
    with pytest.raises(CharacterError, match="4 defence cards, but the limit is 3"):
        starting(owned=base, carried=("parry", "duck", "grit", "dodge"), equipped=())
    chosen = starting(owned=base, carried=("parry", "duck", "dodge"), equipped=())
    assert [card.id for card in chosen.defence_cards()] == ["parry", "duck", "dodge"]


def test_the_character_api_gives_skills_attacks_combos_and_limits() -> None:
    character = Character(
        ("dwarf", "fighter", "strike", "shove", "cleave", "parry", "dodge", "shield-block",
         "torch"),
        Sheet.of({CENTRE: "fighter", (1, 2): "dwarf"}),
        Sheet.of({CENTRE: "strike", (1, 2): "shove", (2, 1): "cleave"}),
        ("parry", "dodge", "shield-block"), ("torch",))
    assert character.skill_bonus("Endurance") == 4 and character.skill_bonus("melee") == 0
    assert character.skill_bonuses() == {"endurance": 4}
    slots = {slot.card.id: slot for slot in character.attacks()}
    assert slots["strike"].right == "shove" and slots["strike"].below == "cleave"
    assert slots["strike"].difficulty == 9
    assert character.combo_after("strike") == {"shove": 1, "cleave": 1}
    assert character.combo_after("shove") == {}
    assert character.defence_limit == 5 and character.equip_limit == 2
    assert character.points == 40 + 50 + 10 + 10 + 10 + 10 + 20 + 30


def test_the_rules_doc_lists_every_starter_card() -> None:
    listed = set(re.findall(r"^\| ([a-z][a-z0-9-]*) \|", RULES.read_text(), re.MULTILINE))
    assert sorted(set(CARDS.cards) - listed) == []
