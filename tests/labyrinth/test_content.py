"""Labyrinth's content (seed 002, Appendices C, D, E): every card and monster as the seed
prints it, the machine-readable fields the rules engine plays, content packs, and
one-line errors for every kind of mistake.

The seed's numbers are spelled out here by hand, not read back from the data
files, so a slip in the data cannot hide behind the same slip in the test.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from undercroft.errors import BadInput
from undercroft.systems.labyrinth.content.bands import plural
from undercroft.systems.labyrinth.content.cards import (
    ChestEncounter,
    ConsumableItem,
    CursedItem,
    EmptyEncounter,
    EquipmentItem,
    MonsterEncounter,
    StatueItem,
    TrapEncounter,
    TreasureItem,
)
from undercroft.systems.labyrinth.content.loader import load_content

# Appendix E: name, health, armour class, attack modifier, damage die, levels.
MONSTERS = {
    "animated-armour": ("Animated Armour", 33, 18, 2, "1d6", (4, 5)),
    "bugbear": ("Bugbear", 27, 8, 2, "1d8", (1, 5)),
    "devil": ("Devil", 14, 12, 0, "1d4", (4, 5)),
    "dire-rat": ("Dire Rat", 45, 11, 3, "2d6", (3, 5)),
    "dragon": ("Dragon", 60, 18, 4, "2d8", (5, 5)),
    "giant-floating-eyeball": ("Giant Floating Eyeball", 30, 13, 4, "2d6", (1, 5)),
    "goblin": ("Goblin", 7, 15, 0, "1d4", (1, 5)),
    "goblin-mage": ("Goblin Mage", 7, 10, -1, "1d6", (2, 5)),
    "kobold": ("Kobold", 12, 10, 0, "1d4", (1, 5)),
    "velociraptor": ("Velociraptor", 40, 16, 3, "1d8", (4, 5)),
}

# Appendix C: name, levels, copies, kind, the card's words.
ENCOUNTERS = {
    "treasure-chest": ("Treasure Chest", (1, 5), 3, "chest",
                       "There is a treasure chest in this room. When a players open it, roll "
                       "1d4. On a 1, it is trapped, and the player who opened it takes 1d4 "
                       "damage. Otherwise you find 1d6 sp."),
    "empty-room": ("Empty Room", (1, 5), 1, "empty", "This is an empty room."),
    "goblin-band": ("Goblin band", (1, 5), 3, "monsters",
                    "There are 1d4+1 goblins here. Treasure: 1sp per goblin defeated."),
    "bugbear-band": ("Bugbear Band", (1, 5), 2, "monsters",
                     "There are 1d4+1 bugbear here. Treasure: 4sp per bugbear defeated."),
    "giant-floating-eyeball": ("Giant Floating Eyeball", (1, 5), 1, "monsters",
                               "There is 1 giant floating eyeball here. Treasure: 10sp for "
                               "defeating the eyeball monster. Stairs: If you defeat it, "
                               "you've found a stairwell."),
    "kobold-band": ("Kobold band", (3, 5), 3, "monsters",
                    "There are 1d4+1 kobolds here. Treasure: 1sp per kobold defeated."),
    "trapped-doorway": ("Trapped Doorway", (3, 5), 1, "trap",
                        "For each player, roll 1d4. That player takes that much damage. "
                        "Otherwise, treat this room as an empty room."),
    "empty-room-deep": ("Empty Room", (3, 5), 1, "empty", "This is an empty room."),
    "goblin-war-party": ("Goblin War Party", (3, 5), 2, "monsters",
                         "There are 1d6 goblins and 1 Bugbear here. Treasure: 1sp per goblin "
                         "defeated; 4sp per bugbear defeated."),
    "kobold-war-party": ("Kobold War Party", (3, 5), 2, "monsters",
                         "There are 1d6 kobolds and 1 Bugbear here. Treasure: 1sp per kobold "
                         "defeated; 4sp per bugbear defeated."),
    "dire-rat": ("Dire Rat", (3, 5), 1, "monsters",
                 "There is 1 dire rat here. Treasure: 10sp for defeating the dire rat. "
                 "Stairs: If you defeat it, you've found a stairwell."),
}

# Appendix D: name, cost (None for "-"), levels, copies, kind, the card's words.
ITEMS = {
    "rations": ("Rations", 3, (1, 5), 5, "consumable",
                "You may expend rations in an empty room to regain 1d4 health points."),
    "medical-supplies": ("Medical Supplies", 12, (1, 5), 1, "consumable",
                         "You may expend medical supplies in an empty room to regain 3d4 "
                         "health points."),
    "treasure-hoard": ("Treasure Hoard", None, (1, 5), 2, "treasure",
                       "Each player gains 5sp. This card cannot be sold."),
    "dragon-statue": ("Dragon Statue", None, (1, 5), 1, "statue",
                      "You may roll a d6, and follow the instructions listed below. This "
                      "card cannot be sold."),
    "cursed-ring": ("Cursed Ring", None, (1, 5), 1, "cursed",
                    "This item is automatically equipped, and cannot be removed without a "
                    "wizard. A wizard can be found in town. You lose 1 point from each stat."),
    "kobold-knife": ("Kobold Knife", 5, (2, 5), 2, "equipment",
                     "This equipment grants +1 to strength and -1 to intelligence. "
                     "Damage die: 1d6"),
    "brainsucker-stick": ("Brainsucker Stick", 5, (2, 5), 2, "equipment",
                          "This equipment grants +1 to intelligence and -1 strength. "
                          "Damage die: 1d8"),
    "sureshot-shooter": ("Sureshot Shooter", 10, (2, 5), 1, "equipment",
                         "This equipment grants +X to attack when equipped by an Archer, "
                         "where X is your luck stat. Damage die: 1d8"),
}


def test_every_monster_of_appendix_e() -> None:
    monsters = load_content().monsters
    assert list(monsters) == list(MONSTERS)
    for monster_id, (name, health, armour, attack, damage, levels) in MONSTERS.items():
        monster = monsters[monster_id]
        got = (monster.name, monster.health, monster.armour_class, monster.attack_modifier,
               monster.damage, monster.levels)
        assert got == (name, health, armour, attack, damage, levels), monster_id


def test_every_encounter_card_of_appendix_c() -> None:
    cards = load_content().encounters
    assert list(cards) == list(ENCOUNTERS)
    for card_id, (name, levels, copies, kind, text) in ENCOUNTERS.items():
        card = cards[card_id]
        assert (card.name, card.levels, card.copies, card.kind, card.text) == \
            (name, levels, copies, kind, text), card_id
        assert card.keep_out_of_discard is False, card_id


def test_empty_room_is_two_cards_with_their_own_level_ranges() -> None:
    cards = load_content().encounters
    rooms = [card for card in cards.values() if card.name == "Empty Room"]
    assert [(room.id, room.levels, room.copies) for room in rooms] == \
        [("empty-room", (1, 5), 1), ("empty-room-deep", (3, 5), 1)]
    assert all(isinstance(room, EmptyEncounter) for room in rooms)


def test_encounter_cards_play_without_reading_their_text() -> None:
    cards = load_content().encounters
    chest = cards["treasure-chest"]
    assert isinstance(chest, ChestEncounter)
    assert (chest.trap_die, chest.trapped_on, chest.trap_damage, chest.silver) == \
        (4, (1,), "1d4", "1d6")
    doorway = cards["trapped-doorway"]
    assert isinstance(doorway, TrapEncounter)
    assert doorway.damage_each == "1d4"
    battles = {
        "goblin-band": ([("goblin", "1d4+1")], {"goblin": 1}, False),
        "bugbear-band": ([("bugbear", "1d4+1")], {"bugbear": 4}, False),
        "giant-floating-eyeball": ([("giant-floating-eyeball", "1")],
                                   {"giant-floating-eyeball": 10}, True),
        "kobold-band": ([("kobold", "1d4+1")], {"kobold": 1}, False),
        "goblin-war-party": ([("goblin", "1d6"), ("bugbear", "1")],
                             {"goblin": 1, "bugbear": 4}, False),
        "kobold-war-party": ([("kobold", "1d6"), ("bugbear", "1")],
                             {"kobold": 1, "bugbear": 4}, False),
        "dire-rat": ([("dire-rat", "1")], {"dire-rat": 10}, True),
    }
    for card_id, (groups, reward, stairs) in battles.items():
        card = cards[card_id]
        assert isinstance(card, MonsterEncounter), card_id
        assert [(group.monster, group.count) for group in card.groups] == groups, card_id
        assert (card.reward, card.stairs_on_defeat) == (reward, stairs), card_id
    kinds = {card.kind for card in cards.values()}
    assert kinds == {"chest", "empty", "monsters", "trap"}


def test_monster_cards_state_the_numbers_of_their_fields() -> None:
    """The words and the data agree: every count and reward appears on the card."""
    for card in load_content().encounters.values():
        if isinstance(card, MonsterEncounter):
            for group in card.groups:
                assert f" {group.count} " in card.text, card.id
            for silver in card.reward.values():
                assert f"{silver}sp" in card.text, card.id


def test_every_item_card_of_appendix_d() -> None:
    cards = load_content().items
    assert list(cards) == list(ITEMS)
    for card_id, (name, cost, levels, copies, kind, text) in ITEMS.items():
        card = cards[card_id]
        assert (card.name, card.cost, card.levels, card.copies, card.kind, card.text) == \
            (name, cost, levels, copies, kind, text), card_id


def test_item_cards_play_without_reading_their_text() -> None:
    cards = load_content().items
    rations, medical = cards["rations"], cards["medical-supplies"]
    assert isinstance(rations, ConsumableItem) and isinstance(medical, ConsumableItem)
    assert (rations.heal, rations.empty_room_only) == ("1d4", True)
    assert (medical.heal, medical.empty_room_only) == ("3d4", True)
    hoard = cards["treasure-hoard"]
    assert isinstance(hoard, TreasureItem)
    assert hoard.silver_each == 5
    ring = cards["cursed-ring"]
    assert isinstance(ring, CursedItem)
    assert (ring.auto_equip, ring.remove_cost, ring.cost) == (True, 10, None)
    assert ring.stat_effects == {"strength": -1, "intelligence": -1, "luck": -1}
    knife, stick, shooter = (cards[key] for key in
                             ("kobold-knife", "brainsucker-stick", "sureshot-shooter"))
    assert isinstance(knife, EquipmentItem) and isinstance(stick, EquipmentItem)
    assert isinstance(shooter, EquipmentItem)
    assert (knife.stat_effects, knife.damage) == ({"strength": 1, "intelligence": -1}, "1d6")
    assert (stick.stat_effects, stick.damage) == ({"intelligence": 1, "strength": -1}, "1d8")
    assert (shooter.stat_effects, shooter.damage) == ({}, "1d8")
    assert (shooter.attack_bonus_from, shooter.only_class) == ("luck", "archer")
    for plain in (knife, stick):
        assert (plain.attack_bonus_from, plain.only_class) == (None, None)


def test_dragon_statue_table_is_six_entries_of_data() -> None:
    statue = load_content().items["dragon-statue"]
    assert isinstance(statue, StatueItem)
    assert statue.die == 6
    rows = [(e.roll, e.effect, e.optional, e.amount, e.dice, e.plus_modifier, e.text)
            for e in statue.table]
    assert rows == [
        (1, "die", False, 0, None, None, "You die"),
        (2, "raise_stat", True, 1, None, None, "you may increase a base stat by 1"),
        (3, "lower_stat", False, 1, None, None, "you must decrease a base stat by 1"),
        (4, "swap_luck", True, 0, None, None,
         "You may switch the value of your luck stat with another stat."),
        (5, "max_health", False, 0, "1d4", "luck",
         "Your maximum health points increases by 1d4 + your luck modifier."),
        (6, "max_armour", False, 0, "1d4", "luck",
         "Your maximum armour points increases by 1d4 + your luck modifier."),
    ]


def test_selling_and_buying_follow_chapter_2_and_the_cards() -> None:
    cards = load_content().items
    sells = {card_id: card.sell_price for card_id, card in cards.items()}
    assert sells == {"rations": 1, "medical-supplies": 6, "treasure-hoard": None,
                     "dragon-statue": None, "cursed-ring": None, "kobold-knife": 2,
                     "brainsucker-stick": 2, "sureshot-shooter": 5}
    unsellable = {card_id for card_id, card in cards.items() if not card.sellable}
    assert unsellable == {"treasure-hoard", "dragon-statue", "cursed-ring"}
    assert {card_id for card_id, card in cards.items() if not card.buyable} == unsellable


def test_deck_sizes_per_level_match_a_hand_count_of_the_seed() -> None:
    # Appendix C by hand: levels 1-2 hold chest 3 + empty 1 + goblins 3 + bugbears 2
    # + eyeball 1 = 10; levels 3-5 add kobolds 3 + doorway 1 + empty 1 + two war
    # parties 2 + 2 + dire rat 1 = 10 more. Appendix D: rations 5 + supplies 1 +
    # hoard 2 + statue 1 + ring 1 = 10; from level 2, knife 2 + stick 2 + shooter 1.
    content = load_content()
    encounters = {level: sum(card.copies for card in content.encounters_for(level))
                  for level in range(1, 6)}
    items = {level: sum(card.copies for card in content.items_for(level))
             for level in range(1, 6)}
    assert encounters == {1: 10, 2: 10, 3: 20, 4: 20, 5: 20}
    assert items == {1: 10, 2: 15, 3: 15, 4: 15, 5: 15}
    assert content.encounters_for(0) == [] and content.items_for(6) == []
    assert [card.id for card in content.encounters_for(2)] == \
        ["treasure-chest", "empty-room", "goblin-band", "bugbear-band",
         "giant-floating-eyeball"]


def test_the_seed_content_is_loaded_once() -> None:
    assert load_content() is load_content()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def test_a_custom_pack_adds_a_band_card_in_the_seeds_wording(tmp_path: Path) -> None:
    pack = write(tmp_path, "devils.toml", """
[band.devil-band]
monster = "devil"
reward = 3
levels = [4, 5]
copies = 2
""")
    content = load_content([pack])
    card = content.encounters["devil-band"]
    assert isinstance(card, MonsterEncounter)
    assert card.text == "There are 1d4+1 devils here. Treasure: 3sp per devil defeated."
    assert (card.name, card.kind, card.levels, card.copies) == \
        ("Devil Band", "monsters", (4, 5), 2)
    assert [(group.monster, group.count) for group in card.groups] == [("devil", "1d4+1")]
    assert card.reward == {"devil": 3}
    assert card in content.encounters_for(4) and card not in content.encounters_for(3)
    assert "devil-band" not in load_content().encounters


def test_a_pack_may_add_monsters_cards_and_items(tmp_path: Path) -> None:
    pack = write(tmp_path, "pack.toml", """
[monster.bat]
name = "Giant Bat"
health = 5
armour_class = 12
attack_modifier = 1
damage = "1d3"
levels = [1, 3]

[band.bats]
monster = "bat"
reward = 1
levels = [1, 2]
name = "Bat Swarm"

[encounter.bat-roost]
name = "Bat Roost"
text = "There are 2d4 giant bats and 1 goblin here."
levels = [1, 3]
kind = "monsters"
groups = [{ monster = "bat", count = "2d4" }, { monster = "goblin", count = 1 }]

[item.lantern]
name = "Lantern"
text = "This equipment grants +1 to luck."
cost = 4
levels = [1, 5]
kind = "equipment"
stat_effects = { luck = 1 }
""")
    content = load_content([pack])
    assert content.monsters["bat"].damage == "1d3"
    assert content.encounters["bats"].text == \
        "There are 1d4+1 giant bats here. Treasure: 1sp per giant bat defeated."
    assert content.encounters["bats"].name == "Bat Swarm"
    roost = content.encounters["bat-roost"]
    assert isinstance(roost, MonsterEncounter) and roost.reward == {}
    assert content.items["lantern"].sell_price == 2
    assert sum(card.copies for card in content.encounters_for(1)) == 10 + 2


def test_band_plurals_follow_a_small_rule_or_the_override(tmp_path: Path) -> None:
    assert [plural(name) for name in ("Goblin", "Dire Rat", "Fly", "Monkey", "Witch", "Lynx")] \
        == ["goblins", "dire rats", "flies", "monkeys", "witches", "lynxes"]
    pack = write(tmp_path, "armour.toml", """
[band.armoury]
monster = "animated-armour"
plural = "suits of animated armour"
reward = 5
levels = [4, 5]
""")
    card = load_content([pack]).encounters["armoury"]
    assert card.text == ("There are 1d4+1 suits of animated armour here. "
                         "Treasure: 5sp per animated armour defeated.")


MISTAKES = {
    "bad dice": ("""
[encounter.swarm]
name = "Swarm"
text = "Rats."
levels = [1, 2]
kind = "monsters"
groups = [{ monster = "goblin", count = "1d" }]
""", "encounter 'swarm'", "field groups.0.count", "expected die size"),
    "unknown monster": ("""
[encounter.swarm]
name = "Swarm"
text = "Rats."
levels = [1, 2]
kind = "monsters"
groups = [{ monster = "rat", count = "1d4" }]
""", "encounter 'swarm'", "field groups.0.monster", "no monster 'rat'"),
    "lowest level above highest": ("""
[item.idol]
name = "Idol"
text = "Shiny."
cost = 2
levels = [4, 2]
kind = "treasure"
silver_each = 1
""", "item 'idol'", "field levels", "lowest level comes first"),
    "level beyond the seed's floors": ("""
[item.idol]
name = "Idol"
text = "Shiny."
cost = 2
levels = [1, 9]
kind = "treasure"
silver_each = 1
""", "item 'idol'", "field levels", "levels run 1-5"),
    "unknown field": ("""
[encounter.nook]
name = "Nook"
text = "This is an empty room."
levels = [1, 5]
kind = "empty"
colour = "red"
""", "encounter 'nook'", "field colour", "Extra inputs"),
    "duplicate card id": ("""
[item.goblin-band]
name = "Goblins in a Box"
text = "Each player gains 1sp."
levels = [1, 5]
kind = "treasure"
silver_each = 1
sellable = false
""", "item 'goblin-band'", "field id", "already used by"),
    "duplicate monster id": ("""
[monster.goblin]
name = "Goblin"
health = 8
armour_class = 15
attack_modifier = 0
damage = "1d4"
levels = [1, 5]
""", "monster 'goblin'", "field id", "monsters.toml"),
    "unknown kind": ("""
[encounter.pit]
name = "Pit"
text = "A pit."
levels = [1, 5]
kind = "pit"
""", "encounter 'pit'", "field kind", "chest, empty, monsters, trap"),
    "band of an unknown monster": ("""
[band.imps]
monster = "imp"
reward = 2
levels = [1, 2]
""", "band 'imps'", "field monster", "no monster 'imp'"),
    "card outside its monster's levels": ("""
[band.early-devils]
monster = "devil"
reward = 2
levels = [1, 5]
""", "band 'early-devils'", "field levels", "Devil's levels 4-5"),
    "count that can be zero": ("""
[band.few-goblins]
monster = "goblin"
count = "1d4-1"
reward = 2
levels = [1, 5]
""", "band 'few-goblins'", "field count", "can come out as 0"),
    "comparison where an amount goes": ("""
[encounter.spikes]
name = "Spikes"
text = "Ouch."
levels = [1, 5]
kind = "trap"
damage_each = "1d4 >= 2"
""", "encounter 'spikes'", "field damage_each", "comparison"),
    "a price-less item for sale": ("""
[item.gem]
name = "Gem"
text = "A gem."
levels = [1, 5]
kind = "treasure"
silver_each = 2
""", "item 'gem'", "field sellable", "no cost"),
    "reward for a monster not on the card": ("""
[encounter.lone-goblin]
name = "Lone Goblin"
text = "One goblin."
levels = [1, 5]
kind = "monsters"
groups = [{ monster = "goblin", count = 1 }]
reward = { kobold = 1 }
""", "encounter 'lone-goblin'", "field reward", "kobold not in this card's groups"),
    "no copies": ("""
[encounter.nook]
name = "Nook"
text = "This is an empty room."
levels = [1, 5]
copies = 0
kind = "empty"
""", "encounter 'nook'", "field copies", "greater than or equal to 1"),
    "statue rolls out of order": ("""
[item.idol]
name = "Idol"
text = "Roll."
levels = [1, 5]
kind = "statue"
sellable = false
table = [{ roll = 2, effect = "die", text = "You die" }]
""", "item 'idol'", "field table", "rolls 1-1 in order"),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_mistake_is_one_line_naming_file_card_and_field(tmp_path: Path, mistake: str) -> None:
    text, card, field, what = MISTAKES[mistake]
    pack = write(tmp_path, "pack.toml", text)
    with pytest.raises(BadInput) as raised:
        load_content([pack])
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith(f"{pack}: {card}, {field}: "), message
    assert what in message, message


def test_bad_toml_and_a_missing_file_are_bad_input(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="not valid TOML"):
        load_content([write(tmp_path, "broken.toml", "[band.x\n")])
    with pytest.raises(BadInput, match="file not found"):
        load_content([tmp_path / "missing.toml"])
    with pytest.raises(BadInput, match="'spell' is not a section"):
        load_content([write(tmp_path, "spells.toml", "[spell.zap]\nname = 'Zap'\n")])


def test_a_pack_that_is_no_toml_text_is_one_line(tmp_path: Path) -> None:
    """A folder or bytes that are not UTF-8 used to be a traceback, and a pack nested too
    deep a RecursionError: each names the pack (a FIFO, which blocked the reader, is
    tested with a guard against hanging in tests/test_input_files.py)."""
    (tmp_path / "folder.toml").mkdir()
    (tmp_path / "latin1.toml").write_bytes(b"[monster.orc]\nname = '\xe9'\n")
    (tmp_path / "deep.toml").write_text(".".join(["a"] * 3_000) + " = 1\n")
    for name, fragment in (("folder.toml", "a folder, not a regular file"),
                           ("latin1.toml", "not UTF-8 text: byte 0xe9 at offset 22"),
                           ("deep.toml", "nested more than 64 deep")):
        with pytest.raises(BadInput) as raised:
            load_content([tmp_path / name])
        assert str(raised.value).startswith(f"{tmp_path / name}: ")
        assert fragment in str(raised.value) and "\n" not in str(raised.value)


WORDS = st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)
NAMES = st.lists(WORDS, min_size=1, max_size=3).map(lambda words: " ".join(words).title())
RANGES = st.tuples(st.integers(1, 5), st.integers(1, 5)).map(lambda pair: tuple(sorted(pair)))


@st.composite
def recipes(draw: st.DrawFn) -> tuple[str, str, int, tuple[int, int], int, str | None]:
    """A monster name, its levels, a reward, band levels inside them, copies, a plural."""
    name = draw(NAMES)
    low, high = draw(RANGES)
    band_low = draw(st.integers(low, high))
    band = (band_low, draw(st.integers(band_low, high)))
    return (name, f"{low}, {high}", draw(st.integers(0, 1000)), band,
            draw(st.integers(1, 9)), draw(st.none() | NAMES.map(str.lower)))


@settings(max_examples=60, deadline=None)
@given(recipes())
def test_any_valid_band_recipe_loads_and_names_its_monster_and_reward(
        recipe: tuple[str, str, int, tuple[int, int], int, str | None]) -> None:
    name, monster_levels, reward, levels, copies, many = recipe
    override = "" if many is None else f'plural = "{many}"\n'
    with tempfile.TemporaryDirectory() as folder:
        pack = write(Path(folder), "band.toml", f"""
[monster.custom]
name = "{name}"
health = 10
armour_class = 10
attack_modifier = 0
damage = "1d6"
levels = [{monster_levels}]

[band.custom-band]
monster = "custom"
reward = {reward}
levels = [{levels[0]}, {levels[1]}]
copies = {copies}
{override}""")
        card = load_content([pack]).encounters["custom-band"]
    assert isinstance(card, MonsterEncounter)
    assert card.text == (f"There are 1d4+1 {many or plural(name)} here. "
                         f"Treasure: {reward}sp per {name.lower()} defeated.")
    assert (card.levels, card.copies, card.reward) == (levels, copies, {"custom": reward})
    assert [(group.monster, group.count) for group in card.groups] == [("custom", "1d4+1")]
