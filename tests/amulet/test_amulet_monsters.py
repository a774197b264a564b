"""Monsters and their tactics (seed 000 Encounters; wraith, generator, mimic from notes)."""

from __future__ import annotations

import pytest
from scenes import act, fight, kinds

from undercroft.systems.amulet.characters.creatures import ModosMonster, convert_monster, stats
from undercroft.systems.amulet.room.legal import legal

SEED_000 = {  # health, melee, shot, speed
    "ghost": (5, "d8", "0", 4), "barbarian": (7, "d8", "0", 2), "hobbit": (5, "d6", "d6", 3),
    "slime": (5, "d10", "0", 2), "demon": (10, "d8", "d8", 4), "wizard": (5, "d6", "d10", 3),
    "wraith": (100, "d10", "0", 3), "mimic": (10, "d8", "0", 2), "generator": (20, "0", "0", 0)}


@pytest.mark.parametrize(("kind", "numbers"), SEED_000.items())
def test_monsters_have_the_seeds_numbers(kind: str, numbers: tuple[object, ...]) -> None:
    monster = stats(kind)
    assert (monster.health, monster.melee, monster.shot, monster.speed) == numbers


def test_a_ghost_that_strikes_ceases_to_exist() -> None:
    game = fight(monsters=[{"kind": "ghost"}, {"kind": "ghost"}],
                 force=[{"roll": "monster attack", "result": "win"},
                        {"roll": "monster attack", "result": "lose"}])
    act(game)
    assert [m.health > 0 for m in game.scene.monsters] == [False, True]
    assert game.scene.heroes[0].health < 100


def test_striking_ghosts_leave_a_swarm_one_ghost_per_die() -> None:
    game = fight(heroes=[{"class": "warrior"}, {"class": "elf"}], room={"size": 5},
                 swarms=[{"monster": "ghost", "size": "100%"}],
                 force=[{"roll": "swarming", "result": "lose"},
                        {"roll": "swarming", "result": "win"}])
    act(game)
    assert game.scene.swarms[0].health == 100 - 2 * 5


def test_ghosts_beyond_a_murder_hole_are_stuck_behind_the_wall() -> None:
    game = fight(room={"size": 2, "contents": ["murder hole"]}, beyond={"size": 2},
                 monsters=[{"kind": "ghost", "place": "beyond"}])
    events = act(game, Wizard="open c1")
    assert "stuck" in kinds(events) and game.scene.heroes[0].health == 100


def test_barbarians_strike_back_through_a_murder_hole_until_a_hero_is_in_an_opening() -> None:
    game = fight(heroes=[{"class": "elf"}, {"class": "warrior"}],
                 room={"size": 2, "contents": ["murder hole"]}, beyond={"size": 3},
                 monsters=[{"kind": "barbarian", "place": "beyond", "health": 50}],
                 exits=[{"kind": "open", "wall": "north"}])
    assert "hurt" not in kinds(act(game, Elf="open c1"))
    events = act(game, Elf="attack barbarian-1 with shot")
    hits = [e for e in events if e.kind == "hurt"]
    assert hits and hits[0].data["hero"] == "Elf" and "striking back" in hits[0].text
    act(game, Warrior="leave by e1")
    assert "hurt" not in kinds(act(game))


def test_hobbits_shoot_over_their_comrades_demons_only_at_heroes_they_do_not_bite() -> None:
    def shot_at(kind: str) -> set[str]:
        game = fight(heroes=[{"class": "warrior"}, {"class": "elf"}], room={"size": 5},
                     swarms=[{"monster": kind, "size": "100%"}],
                     force=[{"roll": "swarming", "result": "lose"},
                            {"roll": "swarming", "result": "win"}])
        events = act(game)
        return {e.data["hero"] for e in events if e.kind == "hurt" and "shot" in e.text}
    assert shot_at("hobbit") == {"Warrior", "Elf"}
    assert shot_at("demon") == {"Elf"}


def test_a_lone_demon_shoots_as_it_charges_then_bites() -> None:
    game = fight(monsters=[{"kind": "demon"}],
                 force=[{"roll": "monster attack", "result": "win"},
                        {"roll": "monster attack", "result": "win"}])
    first, second = act(game), act(game)
    assert any(r.label == "monster shot" for e in first for r in e.rolls)
    assert any(r.label == "monster melee" for e in second for r in e.rolls)


def test_weapons_do_nothing_to_slimes_potions_do() -> None:
    game = fight(heroes=[{"class": "warrior", "potions": 1}], room={"size": 5},
                 swarms=[{"monster": "slime", "size": "100%"}],
                 force=[{"roll": "swarming", "result": "win"}] * 2
                 + [{"roll": "potion", "total": 20}])
    act(game, Warrior="attack swarm-1 with melee")
    assert game.scene.swarms[0].health == 100
    act(game, Warrior="use potion")
    assert game.scene.swarms[0].health == 80


def test_slimes_beyond_a_murder_hole_wait() -> None:
    game = fight(room={"size": 2, "contents": ["murder hole"]}, beyond={"size": 5},
                 swarms=[{"monster": "slime", "size": "100%", "place": "beyond"}])
    events = act(game, Wizard="open c1") + act(game)
    assert not {"hurt", "stuck"} & set(kinds(events))


@pytest.mark.parametrize(("damage", "taken"), [(7, 0), (8, 8)])
def test_a_wizards_blink_stops_odd_damage(damage: int, taken: int) -> None:
    game = fight(heroes=[{"class": "elf"}], monsters=[{"kind": "wizard", "health": 20}],
                 force=[{"roll": "shot", "total": damage}])
    act(game, Elf="attack wizard-1 with shot")
    assert game.scene.monsters[0].health == 20 - taken


def test_engaging_an_evading_wizard_takes_a_won_speed_contest_and_costs_its_melee() -> None:
    lost = fight(heroes=[{"class": "warrior"}], monsters=[{"kind": "wizard", "health": 20}],
                 force=[{"roll": "engage", "result": "lose"},
                        {"roll": "monster attack", "result": "lose"}])
    assert "evaded" in kinds(act(lost, Warrior="attack wizard-1 with melee"))
    assert lost.scene.monsters[0].health == 20
    won = fight(heroes=[{"class": "warrior"}], monsters=[{"kind": "wizard", "health": 20}],
                force=[{"roll": "engage", "result": "win"}, {"roll": "engaged melee", "total": 5},
                       {"roll": "melee", "total": 6},
                       {"roll": "monster attack", "result": "lose"}])
    act(won, Warrior="attack wizard-1 with melee")
    assert won.scene.monsters[0].health == 14
    assert won.scene.heroes[0].health == 100 - (5 - 3)


def test_wizard_swarms_never_swarm_and_gain_no_speed() -> None:
    game = fight(room={"size": 5}, swarms=[{"monster": "wizard", "size": "100%"}])
    events = act(game) + act(game)
    assert not {"caught", "maneuver", "swarmed"} & set(kinds(events))
    assert game.scene.swarms[0].rounds == 0
    assert sum(1 for e in events if e.kind == "hurt") == 2 * 5  # shots = room units


def test_a_potion_destroys_one_wraith() -> None:
    game = fight(heroes=[{"class": "wizard", "potions": 1}],
                 monsters=[{"kind": "wraith"}, {"kind": "wraith"}],
                 force=[{"roll": "monster attack", "result": "lose"}] * 2)
    act(game, Wizard="use potion")
    assert [m.health for m in game.scene.monsters] == [0, 100]


def test_a_generator_dispenses_every_10_rounds_until_the_swarm_is_full() -> None:
    game = fight(heroes=[{"class": "wizard", "agent": "wait"}], room={"size": 1},
                 swarms=[{"monster": "hobbit", "health": 16}],
                 generators=[{"monster": "hobbit"}],
                 force=[{"roll": "swarming", "result": "win"}] * 30)
    for _ in range(9):
        act(game)
    assert game.scene.swarms[0].health == 16
    act(game)
    assert game.scene.swarms[0].health == 20  # 16 + 5, capped at 20 per unit
    for _ in range(10):
        act(game)
    assert game.scene.swarms[0].health == 20
    assert any("is idle" in e.text for e in game.events)


def test_with_scaling_a_deep_generator_dispenses_sooner() -> None:
    game = fight(heroes=[{"class": "wizard", "agent": "wait"}], room={"size": 2, "level": 25},
                 rules={"scaling": True}, swarms=[{"monster": "hobbit", "health": 20}],
                 generators=[{"monster": "hobbit"}],
                 force=[{"roll": "swarming", "result": "win"}] * 30)
    for _ in range(4):
        act(game)
    assert game.scene.swarms[0].health == 20
    act(game)
    assert game.scene.swarms[0].health == 25  # a hobbit every 5 rounds, not 10


def test_four_dispensed_monsters_form_a_swarm() -> None:
    game = fight(room={"size": 5}, monsters=[{"kind": "barbarian"}] * 3,
                 generators=[{"monster": "barbarian"}], rules={"generator_every": 1},
                 heroes=[{"class": "valkyrie", "health": 1000}])
    act(game)
    assert [s.health for s in game.scene.swarms if s.health > 0] == [4 * 7]


def test_a_mimic_gets_plus_4_speed_on_its_first_attack_only() -> None:
    game = fight(heroes=[{"class": "elf"}], monsters=[{"kind": "mimic"}],
                 force=[{"roll": "mimic", "result": "no"}])
    rolls = [r.what for e in act(game) + act(game) for r in e.rolls if r.label == "monster attack"]
    assert rolls == ["d20+6 vs d20+4", "d20+2 vs d20+4"]


def test_a_mimic_is_a_treasure_a_quarter_of_the_time() -> None:
    game = fight(monsters=[{"kind": "mimic"}], force=[{"roll": "mimic", "result": "yes"}])
    assert not game.scene.monsters
    assert [c.kind for c in game.scene.contents] == ["treasure"]
    rolled = next(r for e in game.events for r in e.rolls if r.label == "mimic")
    assert rolled.what == "d100 <= 25"
    assert any(a.text == "pick up mimic-1-treasure" for a in legal(game.scene,
                                                                   game.scene.heroes[0]))


def test_other_modos_monsters_convert_by_the_seeds_formula() -> None:
    ogre = ModosMonster(protection="d8", physical_damage=30, melee="d10", unarmed="d6",
                        ranged="0", spell="d8", movement=2, physical_bonus=3)
    converted = convert_monster(ogre)
    assert converted.health == 8 // 2 + 30 // 3
    assert (converted.melee, converted.shot, converted.speed) == ("d10", "d8", 3)
