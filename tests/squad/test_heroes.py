"""Dungeon Squad! + Coin-Op heroes (seed 003): dice, creation, the example heroes, combat rolls,
special abilities and spells. Rules and their status: docs/rules/squad-heroes.md."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli_helpers import run
from scripted_dice import Faces
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.squad.dice import (
    LADDER,
    parse_die,
    roller_of,
    step_up,
    succeeds,
    success_chance,
)
from undercroft.systems.squad.heroes import specials
from undercroft.systems.squad.heroes.combat import (
    armour_soak,
    best_armour,
    cast_spell,
    hero_attack,
    most_targets,
    spell_armour,
)
from undercroft.systems.squad.heroes.document import hero_from_dict, hero_to_dict
from undercroft.systems.squad.heroes.examples import faf, urd
from undercroft.systems.squad.heroes.hero import (
    HIT_POINTS,
    Stuff,
    check_party,
    gain_stuff,
    heal,
    new_hero,
    take_damage,
)
from undercroft.systems.squad.heroes.spells import load_spells, spell_effect

SPECIAL_NAMES = ["Arcane Vigor", "Divine Insight", "Deadly Strike", "Hardy Resilience",
                 "Blurring Speed", "Inhuman Alacrity"]


# --- Dice and Difficulty Numbers ------------------------------------------------------------

def test_success_odds_are_exact_at_least_four() -> None:
    assert [success_chance(s) for s in LADDER] == [
        Fraction(1, 4), Fraction(1, 2), Fraction(5, 8), Fraction(7, 10), Fraction(3, 4)]
    assert succeeds(4) and not succeeds(3)


@given(st.sampled_from(LADDER), st.integers(-3, 15))
def test_success_chance_matches_counting_faces(sides: int, difficulty: int) -> None:
    hits = sum(1 for face in range(1, sides + 1) if succeeds(face, difficulty))
    assert success_chance(sides, difficulty) == Fraction(hits, sides)


@pytest.mark.parametrize("sides", LADDER)
def test_odds_command_agrees_with_success_chance(capsys: pytest.CaptureFixture[str],
                                                  sides: int) -> None:
    result = run(capsys, "odds", f"d{sides}>=4", "--json")
    assert result.code == 0, result.err
    assert Fraction(json.loads(result.out)["exact"]["p_true"]) == success_chance(sides)


def test_die_ladder_steps_up_to_d12_and_no_higher() -> None:
    assert [step_up(s) for s in LADDER[:-1]] == [6, 8, 10, 12]
    assert step_up(4, 4) == 12
    with pytest.raises(BadInput, match="d12 is the largest"):
        step_up(12)
    assert parse_die("D8") == parse_die("d8") == parse_die(8) == 8
    for wrong in ("d7", 20, "eight", True):
        with pytest.raises(BadInput, match="expected one of d4"):
            parse_die(wrong)


def test_rollers_come_from_a_stream_or_a_script() -> None:
    roll = roller_of(Stream(3, "squad"))
    faces = [roll(6) for _ in range(200)]
    assert set(faces) == set(range(1, 7))
    assert roller_of(Stream(3, "squad"))(6) == faces[0]
    script = roller_of(Faces(8, 2, seed=3, name="squad"))
    assert (script(12), script(4)) == (8, 2)
    assert script(6) == faces[0]  # then the stream's own dice


# --- Character Creation ---------------------------------------------------------------------

ABILITY_ASSIGNMENTS = [dict(zip(("explorer", "mage", "warrior"), dice, strict=True))
                       for dice in itertools.permutations((12, 8, 4))]
STUFF_ORDERS = [[Stuff("Sword", "weapon", 4), Stuff("Shield", "armour", 6)],
                [{"name": "Shield", "kind": "armour", "die": "d6"},
                 {"name": "Sword", "kind": "weapon", "die": "d4"}]]


@pytest.mark.parametrize("stuff", STUFF_ORDERS, ids=["d4-d6", "d6-d4"])
@pytest.mark.parametrize("abilities", ABILITY_ASSIGNMENTS,
                         ids=["-".join(str(d) for d in a.values()) for a in ABILITY_ASSIGNMENTS])
@pytest.mark.parametrize("special", SPECIAL_NAMES)
def test_creation_accepts_every_legal_assignment(abilities: dict[str, int], stuff: list[Any],
                                                 special: str) -> None:
    hero = new_hero("Hero", abilities, stuff, special)
    assert hero.abilities == abilities
    assert sorted(s.die for s in hero.stuff) == [4, 6]
    assert (hero.hit_points, hero.special_level, hero.pennies) == (HIT_POINTS, 1, 0)
    assert hero.special == specials.special_id(special)
    assert hero.loot == {"E": 0, "M": 0, "W": 0, "HP": 0, "C": 0}


GOOD_ABILITIES = {"explorer": "d8", "mage": "d12", "warrior": "d4"}
GOOD_STUFF = [Stuff("Sword", "weapon", 6), Stuff("Bracers", "armour", 4)]


@pytest.mark.parametrize(("abilities", "stuff", "special", "fragment"), [
    ({"explorer": 12, "mage": 12, "warrior": 4}, GOOD_STUFF, "Deadly Strike", "once each"),
    ({"explorer": 12, "mage": 6, "warrior": 4}, GOOD_STUFF, "Deadly Strike", "once each"),
    ({"explorer": 12, "mage": 8}, GOOD_STUFF, "Deadly Strike", "explorer, mage and warrior"),
    ({"explorer": 12, "mage": 8, "thief": 4}, GOOD_STUFF, "Deadly Strike", "got explorer"),
    ({"explorer": "d20", "mage": 8, "warrior": 4}, GOOD_STUFF, "Deadly Strike", "explorer"),
    (GOOD_ABILITIES, GOOD_STUFF[:1], "Deadly Strike", "one d4 and one d6"),
    (GOOD_ABILITIES, [*GOOD_STUFF, Stuff("Dagger", "weapon")], "Deadly Strike", "one d4"),
    (GOOD_ABILITIES, [Stuff("A", "weapon", 4), Stuff("B", "armour", 4)], "Deadly Strike",
     "one d4 and one d6"),
    (GOOD_ABILITIES, [Stuff("A", "weapon", 8), Stuff("B", "armour", 4)], "Deadly Strike",
     "got A d8, B d4"),
    (GOOD_ABILITIES, GOOD_STUFF, "Flying", "expected one of Arcane Vigor"),
    (GOOD_ABILITIES, [{"name": "Wand", "kind": "spell", "die": 4}, GOOD_STUFF[0]],
     "Deadly Strike", "field spell"),
    (GOOD_ABILITIES, [{"name": "Wand", "kind": "spell", "die": 4, "spell": "meteor"},
                      GOOD_STUFF[0]], "Deadly Strike", "spell 'meteor'"),
    (GOOD_ABILITIES, [{"name": "Rock", "kind": "trinket", "die": 4}, GOOD_STUFF[0]],
     "Deadly Strike", "field kind"),
])
def test_creation_refuses_wrong_choices_in_one_line(abilities: dict[str, Any], stuff: list[Any],
                                                     special: str, fragment: str) -> None:
    with pytest.raises(BadInput) as error:
        new_hero("Hero", abilities, stuff, special)
    assert fragment in str(error.value)
    assert "\n" not in str(error.value)


def test_faf_and_urd_are_built_as_the_seed_says() -> None:
    f, u = faf(), urd()
    assert f.name == "Faf of the Blue Steel" and u.name == "Urd the Indomitable"
    assert f.abilities == {"mage": 12, "explorer": 8, "warrior": 4}
    assert u.abilities == {"warrior": 12, "mage": 8, "explorer": 4}
    assert f.stuff == [Stuff("Lightning Arc", "spell", 4, "fireball"),
                       Stuff("Chitin Bracers", "armour", 6)]
    assert u.stuff == [Stuff("Goblinbane", "weapon", 6),
                       Stuff("Magical Tattoos of Defense", "armour", 4)]
    assert f.hit_points == u.hit_points == 15
    assert (f.special, u.special) == ("arcane-vigor", "hardy-resilience")
    check_party([f, u])
    assert faf() is not faf()


def test_up_to_two_heroes_per_player() -> None:
    third = new_hero("Third", GOOD_ABILITIES, GOOD_STUFF, "Deadly Strike", player="bo")
    check_party([faf("ann"), urd("ann"), third])
    third = new_hero("Third", GOOD_ABILITIES, GOOD_STUFF, "Deadly Strike", player="ann")
    with pytest.raises(BadInput, match="player 'ann' has 3 heroes"):
        check_party([faf("ann"), urd("ann"), third])
    with pytest.raises(BadInput, match="two heroes are named"):
        check_party([faf("ann"), faf("bo")])


def test_hit_points_damage_healing_and_out_of_the_game() -> None:
    hero = urd()
    assert take_damage(hero, 4) == 4 and hero.hit_points == 11
    assert heal(hero, 10) == 4 and hero.hit_points == 15
    assert take_damage(hero, 40) == 15 and hero.out_of_game
    assert heal(hero, 5) == 0 and hero.out_of_game
    new = gain_stuff(faf(), "Dagger", "weapon")
    assert new.die == 4


# --- JSON -----------------------------------------------------------------------------------

def test_hero_json_round_trips_through_text() -> None:
    hero = faf()
    hero.loot["W"], hero.pennies, hero.hit_points = 2, 7, 9
    again = hero_from_dict(json.loads(json.dumps(hero_to_dict(hero))))
    assert again == hero and hero_to_dict(again)["abilities"]["mage"] == "d12"


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.pop("stuff"), "field stuff"),
    (lambda d: d.update(special_level=6), "field special_level"),
    (lambda d: d.update(hit_points="ten"), "field hit_points"),
    (lambda d: d["abilities"].update(mage="d10"), "field abilities"),
    (lambda d: d["stuff"][0].update(die="d20"), "field stuff.0"),
    (lambda d: d["stuff"][1].update(spell="fireball"), "field stuff.1"),
    (lambda d: d.update(special="Flying"), "field special"),
    (lambda d: d["loot"].update(Q=1), "field loot.Q"),
    (lambda d: d.update(pennies=-1), "field pennies"),
    (lambda d: d.update(hit_points=16), "field hit_points"),
    (lambda d: d.update(colour="blue"), "field colour"),
])
def test_a_broken_hero_document_names_the_field(change: Any, field: str) -> None:
    data = hero_to_dict(faf())
    change(data)
    with pytest.raises(BadInput) as error:
        hero_from_dict(data)
    assert field in str(error.value) and "\n" not in str(error.value)


# --- Combat: the Example of Play ------------------------------------------------------------

def test_the_example_fight_faf_urd_and_the_goblin() -> None:
    f, u = faf(), urd()
    arc = hero_attack(f, "Lightning Arc", Faces(8, 2).die)
    assert (arc.check.ability, arc.check.die, arc.check.roll) == ("mage", 12, 8)
    assert arc.check.success and arc.damage == 2
    swing = hero_attack(u, "Goblinbane", Faces(4, 6).die)
    assert (swing.check.ability, swing.check.roll, swing.check.success) == ("warrior", 4, True)
    assert swing.damage == 6
    soak = armour_soak(u, 3, Faces(2).die)
    assert (soak.armour, soak.armour_roll, soak.taken) == ("Magical Tattoos of Defense", 2, 1)


def test_a_miss_rolls_no_damage_and_armour_cannot_attack() -> None:
    attack = hero_attack(urd(), "Goblinbane", Faces(3).die, bonus_damage=2)
    assert not attack.check.success and attack.damage_roll is None and attack.damage == 0
    with pytest.raises(BadInput, match="armour"):
        hero_attack(urd(), "Magical Tattoos of Defense", Faces(12, 4).die)


@given(st.integers(0, 30), st.integers(0, 5), st.lists(st.sampled_from(LADDER), max_size=3),
       st.integers(0, 2**32))
def test_armour_soaks_with_the_best_die_never_below_zero(damage: int, ignore: int,
                                                         dice: list[int], seed: int) -> None:
    hero = urd()
    extra = [Stuff(f"Armour {i}", "armour", d) for i, d in enumerate(dice)]
    best = best_armour(hero, extra)
    assert best is not None and best.die == max([4, *dice])
    soak = armour_soak(hero, damage, Stream(seed), ignore, extra)
    assert 1 <= soak.armour_roll <= best.die
    assert soak.taken == max(0, damage - soak.armour_roll - ignore)


# --- Special Abilities ----------------------------------------------------------------------

def test_each_special_ability_gives_its_level_to_its_effect_only() -> None:
    helpers = {"arcane-vigor": specials.extra_targets, "divine-insight": specials.extra_heroes,
               "deadly-strike": specials.extra_damage, "hardy-resilience": specials.damage_ignored,
               "blurring-speed": specials.extra_attacks,
               "inhuman-alacrity": specials.extra_spells}
    for name in SPECIAL_NAMES:
        hero = new_hero("H", GOOD_ABILITIES, GOOD_STUFF, name)
        for level in range(1, 6):
            hero.special_level = level
            got = {key: helper(hero) for key, helper in helpers.items()}
            assert got == {key: (level if key == hero.special else 0) for key in helpers}
    assert specials.SPECIALS["deadly-strike"].text(3) == "Deal 3 additional damage"


def test_arcane_vigor_and_divine_insight_add_targets_when_activated() -> None:
    f = faf()
    f.special_level = 3
    assert most_targets(f, "fireball", activated=True) == 4
    assert most_targets(f, "heal", activated=True) == 1
    assert most_targets(f, "fireball", activated=False) == 1


# --- Spells ---------------------------------------------------------------------------------

def test_spells_at_their_rating() -> None:
    assert set(load_spells()) == {"heal", "bless", "fireball", "haste", "invisibility",
                                  "mirror-image", "summon", "shield"}
    rolled = {name: spell_effect(name, 8, Faces(5).die) for name in
              ("heal", "fireball", "invisibility", "mirror-image")}
    assert {n: (e.amount, e.rolled) for n, e in rolled.items()} == dict.fromkeys(rolled, (5, 5))
    summon = spell_effect("summon", 10, Faces(7).die)
    assert (summon.die, summon.amount, summon.lasts) == (10, 7, "scene")
    shield = spell_effect("Shield", 6, Faces().die)
    assert (shield.die, shield.rolled, shield.lasts) == (6, None, "scene")
    assert spell_armour(shield) == Stuff("Shield d6", "armour", 6)
    bless = spell_effect("bless", 4, Faces().die)
    assert (bless.effect, bless.die, bless.amount) == ("reroll", 4, 1)
    haste = spell_effect("haste", 12, Faces().die)
    assert (haste.effect, haste.amount, haste.lasts) == ("extra-action", 1, "next-turn")


def test_casting_is_a_mage_check_then_the_effect() -> None:
    hero = new_hero("Cleric", {"mage": 12, "explorer": 8, "warrior": 4},
                    [Stuff("Mend", "spell", 6, "heal"), Stuff("Mace", "weapon", 4)],
                    "Divine Insight")
    cast = cast_spell(hero, "Mend", Faces(9, 5).die)
    assert cast.check.success and cast.effect is not None and cast.effect.amount == 5
    failed = cast_spell(hero, "Mend", Faces(3).die)
    assert failed.effect is None
    with pytest.raises(BadInput, match="does not deal damage"):
        hero_attack(hero, "Mend", Faces(9, 5).die)


def test_a_broken_spells_file_names_file_spell_and_field(tmp_path: Path) -> None:
    path = tmp_path / "spells.toml"
    path.write_text('[heal]\nname = "Heal"\nseed = "x"\ntargets = "ally"\neffect = "heal"\n'
                    'amount = "roll"\nlasts = "instant"\n')
    with pytest.raises(BadInput) as error:
        load_spells(path)
    message = str(error.value)
    assert str(path) in message and "spell 'heal'" in message and "field targets" in message
