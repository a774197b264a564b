"""Seed 003's GM side as data: the seed's Goblin and Boulder Trap, the house bestiary and
stages, bosses' Stuff, monsters fleeing, traps, and broken content named by file, entry
and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripted_dice import Faces
from undercroft.errors import BadInput
from undercroft.systems.squad.gm.denizens import (
    DENIZENS_FILE,
    HERO_HIT_POINTS,
    LOOT_TYPES,
    Boss,
    Stuff,
    avoids_trap,
    bestiary,
    load_bestiary,
    trap_damage,
    try_flee,
)
from undercroft.systems.squad.gm.stages import (
    boss_of,
    cheapest_cost,
    load_stages,
    opening_lines,
    price_list,
    stages,
)
from undercroft.systems.squad.heroes.hero import Stuff as HeroStuff


def test_the_seeds_goblin_has_exactly_its_numbers() -> None:
    goblin = bestiary().monsters["goblin"]
    assert (goblin.name, goblin.die, goblin.hit_points, goblin.loot, goblin.cost) == \
        ("Goblin", 4, 2, ("1E", "1W"), 1)


def test_the_seeds_crushing_boulders_trap_costs_a_penny_per_target() -> None:
    trap = bestiary().traps["crushing-boulders"]
    assert (trap.name, trap.die) == ("Crushing Boulders Trap", 4)
    assert [trap.cost(n) for n in (1, 2, 3, 4)] == [1, 2, 3, 4]
    with pytest.raises(BadInput, match="at least one target"):
        trap.cost(0)


def test_monster_costs_rise_with_the_ability_die() -> None:
    monsters = list(bestiary().monsters.values())
    assert len(monsters) >= 12
    assert {m.die for m in monsters} == {4, 6, 8, 10, 12}
    for weaker in monsters:
        for stronger in monsters:
            if weaker.die < stronger.die:
                assert weaker.cost < stronger.cost, (weaker.name, stronger.name)
    named = bestiary().monsters
    assert (named["goblin"].cost, named["orc"].cost, named["ogre"].cost) == (1, 2, 5)


def test_monsters_have_far_fewer_hit_points_than_heroes(tmp_path: Path) -> None:
    assert max(m.hit_points for m in bestiary().monsters.values()) <= HERO_HIT_POINTS * 2 // 3
    pack = tmp_path / "pack.toml"
    pack.write_text('[monster.brute]\nname = "Brute"\ndie = "d8"\nhit_points = 11\n'
                    'loot = ["1W"]\ncost = 3\n')
    with pytest.raises(BadInput, match="monster 'brute', field hit_points"):
        load_bestiary([pack])


def test_loot_types_are_the_seeds_five_however_spaced(tmp_path: Path) -> None:
    assert LOOT_TYPES == ("1E", "1M", "1W", "1HP", "1C")
    pack = tmp_path / "pack.toml"
    pack.write_text('[monster.imp]\nname = "Imp"\ndie = "D6"\nhit_points = 2\n'
                    'loot = ["1 E", "1hp", "1 c"]\ncost = 2\n')
    assert load_bestiary([pack]).monsters["imp"].loot == ("1E", "1HP", "1C")
    assert load_bestiary([pack]).monsters["imp"].die == 6


def test_non_combat_characters_have_a_name_and_a_line_and_no_numbers(tmp_path: Path) -> None:
    for character in bestiary().characters.values():
        assert set(type(character).model_fields) == {"name", "line"}
        assert character.line
    pack = tmp_path / "pack.toml"
    pack.write_text('[character.guard]\nname = "Guard"\nline = "Halt!"\nhit_points = 3\n')
    with pytest.raises(BadInput, match="character 'guard', field hit_points"):
        load_bestiary([pack])


def test_a_boss_with_stuff_offers_its_stuff_instead_of_loot(tmp_path: Path) -> None:
    warlord = bestiary().bosses["goblin-warlord"]
    assert warlord.loot == () and warlord.spoils == warlord.stuff
    assert warlord.stuff[0] == Stuff(name="Rusty Cleaver", kind="weapon", die=6)
    plain = Boss(name="Big Goblin", die="d6", hit_points=8, loot=["1W"], cost=10,  # type: ignore[arg-type]
                 description="A big goblin.")
    assert plain.spoils == ("1W",)
    pack = tmp_path / "pack.toml"
    pack.write_text('[boss.both]\nname = "Both"\ndie = "d8"\nhit_points = 9\ncost = 10\n'
                    'description = "x"\nloot = ["1W"]\n'
                    'stuff = [{ name = "Axe", kind = "weapon", die = "d6" }]\n')
    with pytest.raises(BadInput, match="its Stuff overrides its Loot Type"):
        load_bestiary([pack])


def test_stuff_is_a_weapon_armour_or_spell_and_armor_is_spelled_either_way() -> None:
    assert Stuff(name="Tattoos", kind="armor", die="d4").kind == "armour"  # type: ignore[arg-type]
    kinds = {s.kind for boss in bestiary().bosses.values() for s in boss.stuff}
    assert kinds == {"weapon", "armour", "spell"}


def test_a_bosss_stuff_is_stuff_a_hero_can_take_and_its_spells_are_seed_spells() -> None:
    for boss in bestiary().bosses.values():
        for stuff in boss.stuff:
            taken = HeroStuff(stuff.name, stuff.kind, stuff.die, stuff.spell)
            assert (taken.kind, taken.die) == (stuff.kind, stuff.die)
    assert bestiary().bosses["dragon-king"].stuff[0].spell == "fireball"
    veil = Stuff(name="Veil", kind="spell", die="d6", spell="Mirror Image")  # type: ignore[arg-type]
    assert veil.spell == "mirror-image"


def test_every_stage_has_a_setting_normal_denizens_and_a_boss_with_stuff() -> None:
    found = stages()
    assert 3 <= len(found) <= 5
    for stage in found.values():
        assert stage.setting and stage.monsters and stage.traps and stage.characters
        boss = boss_of(stage)
        assert boss.stuff and boss.description


def test_the_stages_are_the_seeds_own_settings_in_order() -> None:
    settings = [stage.setting.lower() for stage in stages().values()]
    assert "mountain pass overlooking a valley" in settings[0]
    for words in ("burning village", "caves of frost", "besieged airship",
                  "dark forest of the dragon king"):
        assert any(words in s for s in settings), words
    first = stages()["mountain-pass"]
    assert "goblin" in first.monsters and "crushing-boulders" in first.traps
    assert "goblin" in stages()["dark-forest"].monsters  # "didn't change the Goblin's information"


def test_a_stages_price_list_prices_traps_per_target_and_leaves_out_characters() -> None:
    pass_ = stages()["mountain-pass"]
    assert price_list(pass_, 2) == {"goblin": 1, "wolf": 2, "crushing-boulders": 2}
    assert cheapest_cost(pass_) == 1
    assert opening_lines(pass_) == {"Frightened Shepherd": bestiary().characters["shepherd"].line}


def test_a_monster_flees_on_a_monster_ability_roll_of_at_least_4() -> None:
    asked: list[int] = []

    def roll(sides: int) -> int:
        asked.append(sides)
        return 4

    assert try_flee(6, roll) and asked == [6]
    assert not try_flee(4, Faces(3).die)
    for sides in (4, 6, 8, 10, 12):
        fled = sum(try_flee(sides, Faces(face).die) for face in range(1, sides + 1))
        assert fled == sides - 3


def test_the_example_of_plays_boulder_trap_catches_faf_and_misses_urd() -> None:
    """Faf rolls 2 on her d8 and is hit; Urd rolls 4 on his d4 and gets away; the trap's
    d4 shows 2 and Faf loses 2 more Hit Points."""
    trap = bestiary().traps["crushing-boulders"]
    assert not avoids_trap(2) and avoids_trap(4)
    assert trap_damage(trap, Faces(2).die) == 2


@pytest.mark.parametrize(("text", "fragment"), [
    ('[monster.imp]\nname = "Imp"\ndie = "d7"\nhit_points = 2\nloot = ["1E"]\ncost = 1\n',
     "monster 'imp', field die"),
    ('[monster.imp]\nname = "Imp"\ndie = "d4"\nhit_points = 2\nloot = ["2E"]\ncost = 1\n',
     "monster 'imp', field loot.0"),
    ('[monster.imp]\nname = "Imp"\ndie = "d4"\nhit_points = 2\nloot = []\ncost = 1\n',
     "monster 'imp', field loot"),
    ('[monster.imp]\nname = "Imp"\ndie = "d4"\nhit_points = 2\nloot = ["1E"]\ncost = 0\n',
     "monster 'imp', field cost"),
    ('[monster.imp]\nname = "Imp"\ndie = "d4"\nhit_points = 2\nloot = ["1E"]\n',
     "monster 'imp', field cost"),
    ('[monster.imp]\nname = "Imp"\ndie = "d4"\nhit_points = 2\nloot = ["1E"]\ncost = 1\n'
     'wings = 2\n', "monster 'imp', field wings"),
    ('[trap.pit]\nname = "Pit"\ndie = "d20"\n', "trap 'pit', field die"),
    ('[boss.lich]\nname = "Lich"\ndie = "d12"\nhit_points = 20\ncost = 10\n'
     'description = "x"\nstuff = [{ name = "Wand", kind = "wand", die = "d8" }]\n',
     "boss 'lich', field stuff.0.kind"),
    ('[boss.lich]\nname = "Lich"\ndie = "d12"\nhit_points = 20\ncost = 10\n'
     'description = "x"\n', "boss 'lich', field (top level): a boss needs"),
    ('[boss.lich]\nname = "Lich"\ndie = "d12"\nhit_points = 20\ncost = 10\n'
     'description = "x"\nstuff = [{ name = "Wand", kind = "spell", die = "d8" }]\n',
     "boss 'lich', field stuff.0: a spell names the seed's spell"),
    ('[boss.lich]\nname = "Lich"\ndie = "d12"\nhit_points = 20\ncost = 10\n'
     'description = "x"\nstuff = [{ name = "Axe", kind = "weapon", die = "d8", '
     'spell = "heal" }]\n', "boss 'lich', field stuff.0: a spell names"),
    ('[boss.lich]\nname = "Lich"\ndie = "d12"\nhit_points = 20\ncost = 10\n'
     'description = "x"\nstuff = [{ name = "Wand", kind = "spell", die = "d8", '
     'spell = "meteor" }]\n', "boss 'lich', field stuff.0: spell 'meteor'"),
    ('[monstr.imp]\nname = "Imp"\n', "unknown section 'monstr'"),
    ('monster = 3\n', "section 'monster' must be a table"),
    ('[monster.goblin]\nname = "Goblin"\ndie = "d4"\nhit_points = 2\nloot = ["1E"]\n'
     'cost = 1\n', "monster 'goblin': id already used in"),
])
def test_a_broken_content_pack_names_file_entry_and_field(tmp_path: Path, text: str,
                                                          fragment: str) -> None:
    pack = tmp_path / "pack.toml"
    pack.write_text(text)
    with pytest.raises(BadInput) as refused:
        load_bestiary([DENIZENS_FILE, pack])
    message = str(refused.value)
    assert str(pack) in message and fragment in message and "\n" not in message


def test_a_content_pack_adds_denizens_beside_the_house_ones(tmp_path: Path) -> None:
    pack = tmp_path / "pack.toml"
    pack.write_text('[trap.net]\nname = "Falling Net"\ndie = "d6"\n')
    merged = load_bestiary([DENIZENS_FILE, pack])
    assert merged.traps["net"].cost(3) == 3 and "goblin" in merged.monsters
    assert merged.get("net") is merged.traps["net"]
    with pytest.raises(BadInput, match="'nobody': not in the bestiary"):
        merged.get("nobody")


@pytest.mark.parametrize(("text", "fragment"), [
    ('[s]\nname = "S"\nsetting = "x"\nmonsters = ["gobln"]\nboss = "dragon-king"\n',
     "stage 's', field monsters.0: no monster 'gobln'"),
    ('[s]\nname = "S"\nsetting = "x"\nmonsters = ["goblin", "crushing-boulders"]\n'
     'boss = "dragon-king"\n', "stage 's', field monsters.1: no monster 'crushing-boulders'"),
    ('[s]\nname = "S"\nsetting = "x"\nmonsters = ["goblin"]\nboss = "ogre"\n',
     "stage 's', field boss: no boss 'ogre'"),
    ('[s]\nname = "S"\nsetting = "x"\nmonsters = ["goblin"]\n', "stage 's', field boss"),
    ('[s]\nname = "S"\nsetting = ""\nmonsters = ["goblin"]\nboss = "dragon-king"\n',
     "stage 's', field setting"),
    ('[s]\nname = "S"\nsetting = "x"\nmonsters = []\nboss = "dragon-king"\n',
     "stage 's', field monsters"),
    ('', "no stages"),
])
def test_a_broken_stage_names_file_stage_and_field(tmp_path: Path, text: str,
                                                   fragment: str) -> None:
    path = tmp_path / "stages.toml"
    path.write_text(text)
    with pytest.raises(BadInput) as refused:
        load_stages(path)
    assert str(path) in str(refused.value) and fragment in str(refused.value)
