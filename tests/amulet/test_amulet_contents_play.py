"""Contents in play (seed 001, CONTENTS): potions, items, wards, traps, specials, passwords."""

from __future__ import annotations

import pytest
from scenes import act, announcements, fight, kinds

from undercroft.errors import BadInput
from undercroft.systems.amulet.room.legal import legal


def test_seed_001_potion_example() -> None:
    game = fight(heroes=[{"class": "wizard", "potions": 1}], room={"size": 5},
                 swarms=[{"monster": "demon", "size": "100%"}],
                 generators=[{"monster": "demon", "health": 10},
                             {"monster": "demon", "health": 20},
                             {"monster": "demon", "health": 20}],
                 force=[{"roll": "potion", "total": 40}])
    events = act(game, Wizard="use potion")
    potion = next(r for e in events for r in e.rolls if r.label == "potion")
    assert potion.what == "6d10"
    assert game.scene.swarms[0].health == 60
    assert [g.health for g in game.scene.generators] == [0, 0, 10]


def test_a_potion_rolls_the_magic_die_six_times() -> None:
    game = fight(heroes=[{"class": "valkyrie", "potions": 1}], room={"size": 5},
                 swarms=[{"monster": "demon", "size": "100%"}])
    events = act(game, Valkyrie="use potion")
    potion = next(r for e in events for r in e.rolls if r.label == "potion")
    assert potion.what == "6d6" and len(potion.dice) == 6
    assert game.scene.swarms[0].health == 100 - sum(potion.dice)
    assert game.scene.heroes[0].potions == 0


def test_a_shot_potion_bursts_for_6d6() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"size": 5, "contents": ["potion"]},
                 swarms=[{"monster": "demon", "size": "100%"}])
    events = act(game, Elf="attack c1 with shot")
    burst = next(r for e in events for r in e.rolls if r.label == "shot potion")
    assert burst.what == "6d6" and game.scene.swarms[0].health == 100 - burst.result


@pytest.mark.parametrize("kind", ["key", "potion"])
def test_at_most_12_keys_and_potions(kind: str) -> None:
    game = fight(heroes=[{"class": "elf", "keys": 6, "potions": 6}],
                 room={"contents": [kind]})
    act(game, Elf="pick up c1")
    hero = game.scene.heroes[0]
    assert hero.keys + hero.potions == 12 and game.scene.content("c1") is not None
    assert announcements(game) == ["You are full of bombs and/or keys."]
    act(game, Elf="pick up c1")
    assert announcements(game) == ["You are full of bombs and/or keys."]  # once per cause


def test_picking_up_is_one_action_and_the_monsters_act_after_it() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"size": 5, "contents": ["key"]},
                 swarms=[{"monster": "barbarian", "size": "100%"}])
    events = act(game, Elf="pick up c1")
    assert game.scene.heroes[0].keys == 1 and "maneuver" in kinds(events) + ["caught"] * (
        "caught" in kinds(events))
    assert game.scene.round == 2


@pytest.mark.parametrize(("key", "keys"), [("yes", 1), ("no", 0)])
def test_a_treasure_is_one_point_and_half_the_time_a_key(key: str, keys: int) -> None:
    game = fight(room={"contents": ["treasure"]}, force=[{"roll": "treasure key", "result": key}])
    events = act(game, Wizard="pick up c1")
    hero = game.scene.heroes[0]
    assert (hero.treasure, hero.keys) == (1, keys)
    assert next(r for e in events for r in e.rolls if r.label == "treasure key").what \
        == "d100 <= 50"


@pytest.mark.parametrize(("kind", "swap", "change"),
                         [("food", None, 10), ("ale", "no", 5), ("ale", "yes", -5),
                          ("poison", "no", -5), ("poison", "yes", 5)])
def test_food_ale_and_poison(kind: str, swap: str | None, change: int) -> None:
    force = [{"roll": kind, "result": swap}] if swap else []
    game = fight(heroes=[{"class": "elf", "health": 50}], room={"contents": [kind]}, force=force)
    events = act(game, Elf="pick up c1")
    assert game.scene.heroes[0].health == 50 + change
    if swap:
        assert next(r for e in events for r in e.rolls if r.label == kind).what == "d100 <= 25"


def test_a_ward_opens_the_discovered_door_its_toucher_chooses_at_once() -> None:
    """Seed 001: "The first character to touch the ward may immediately open any
    previously discovered Door or Walldoor": the toucher chooses which (or none), in a
    step of its own in which nobody else acts and no time passes."""
    game = fight(heroes=[{"class": "wizard"}, {"class": "elf"}], room={"contents": ["ward"]},
                 exits=[{"kind": "door", "wall": "east"}, {"kind": "walldoor", "wall": "west"},
                        {"kind": "open", "wall": "north"}],
                 force=[{"roll": "ward", "result": "no"}])
    scene = game.scene
    act(game, Wizard="pick up c1")
    round_, action = scene.table.round, scene.table.action
    assert [a.text for a in legal(scene, scene.hero("Wizard"))] == [
        "open e1 with the ward", "open e2 with the ward", "wait"]
    assert legal(scene, scene.hero("Elf")) == []
    with pytest.raises(BadInput):
        act(game, Elf="wait")
    act(game, Wizard="open e2 with the ward")
    assert [e.open for e in scene.exits] == [False, True, True]
    assert (scene.table.round, scene.table.action) == (round_, action)
    assert "open e2 with the ward" not in {a.text for a in legal(scene, scene.hero("Wizard"))}


def test_a_ward_with_no_door_waiting_offers_no_choice() -> None:
    game = fight(room={"contents": ["ward"]}, exits=[{"kind": "open", "wall": "north"}],
                 force=[{"roll": "ward", "result": "no"}])
    act(game, Wizard="pick up c1")
    assert not game.scene.heroes[0].ward_door
    assert "wait" in {a.text for a in legal(game.scene, game.scene.heroes[0])}
    assert "search north" in {a.text for a in legal(game.scene, game.scene.heroes[0])}


def test_a_ward_is_a_trap_a_quarter_of_the_time() -> None:
    trapped = fight(room={"contents": ["ward"]}, force=[{"roll": "ward", "result": "yes"},
                                                        {"roll": "quicksand", "result": "lose"}])
    act(trapped, Wizard="pick up c1")
    assert trapped.scene.heroes[0].status == "trapped"


def test_a_trap_holds_a_hero_until_a_won_speed_contest_against_plus_1() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"contents": ["trap"]},
                 force=[{"roll": "trap", "result": "no"}, {"roll": "quicksand", "result": "lose"}])
    events = act(game, Elf="pick up c1")
    assert next(r for e in events for r in e.rolls if r.label == "quicksand").what \
        == "d20+4 vs d20+1"
    hero = game.scene.heroes[0]
    assert hero.status == "trapped"
    assert [a.text for a in legal(game.scene, hero)] == ["escape", "wait"]
    act(game, Elf="escape")  # unforced from here
    while hero.status == "trapped":
        act(game, Elf="escape")
    assert hero.status == "in room"


def test_with_scaling_the_trap_uses_the_level_bonus() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"contents": ["trap"], "level": 7},
                 rules={"scaling": True}, force=[{"roll": "trap", "result": "no"}])
    events = act(game, Elf="pick up c1")
    assert next(r for e in events for r in e.rolls if r.label == "quicksand").what \
        == "d20+4 vs d20+7"


def test_a_trap_is_a_ward_a_quarter_of_the_time() -> None:
    game = fight(room={"contents": ["trap"]}, exits=[{"kind": "walldoor", "wall": "east"}],
                 force=[{"roll": "trap", "result": "yes"}])
    act(game, Wizard="pick up c1")
    assert game.scene.heroes[0].ward_door and game.scene.heroes[0].status == "in room"
    act(game, Wizard="open e1 with the ward")
    assert game.scene.exits[0].open


def test_a_special_lasts_10_actions() -> None:
    game = fight(room={"contents": ["special"]}, force=[{"roll": "special", "total": 1}])
    act(game, Wizard="pick up c1")
    hero = game.scene.heroes[0]
    assert hero.specials == {"reflective shot": 9}  # the pick-up action counts
    for _ in range(9):
        act(game)
    assert not hero.has_special("reflective shot")


def test_teleportability_forbids_picking_up_and_crosses_walls_with_a_way_known() -> None:
    """Seed 001: Teleportability "allows the character to teleport across walls". House
    rule: across a wall in which the players know of a way (here a locked door), not
    across a blank wall (rock or the level's edge may be all there is), nor one whose
    only way is a Stair or a secret exit nobody has found."""
    game = fight(heroes=[{"class": "elf", "specials": {"teleportability": 10}}],
                 room={"contents": ["key", "treasure"]},
                 exits=[{"kind": "door", "wall": "north"}, {"kind": "stair", "wall": "east"},
                        {"kind": "secret", "wall": "west"}])
    texts = [a.text for a in legal(game.scene, game.scene.heroes[0])]
    assert not [t for t in texts if t.startswith("pick up")]
    assert [t for t in texts if t.startswith("slip")] == ["slip through north"]
    act(game, Elf="slip through north")
    assert game.scene.heroes[0].status == "gone"


def test_the_password_chest_takes_a_key_and_its_word_makes_every_wall_a_stair() -> None:
    game = fight(heroes=[{"class": "elf", "keys": 1}], room={"contents": ["password"]},
                 rules={"password_actions": 3})
    act(game, Elf="open c1")
    hero = game.scene.heroes[0]
    assert (hero.keys, hero.scrolls) == (0, 1)
    act(game, Elf="read scroll")
    assert "descend by west" in [a.text for a in legal(game.scene, hero)]
    act(game)
    act(game)
    assert "descend by west" not in [a.text for a in legal(game.scene, hero)]


def test_pc_shots_destroy_food_ale_and_poison() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"contents": ["food", "ale", "poison"]})
    for content in ("c1", "c2", "c3"):
        act(game, Elf=f"attack {content} with shot")
    assert all(c.gone for c in game.scene.contents)
    assert announcements(game) == ["Remember, don't shoot food!"]


def test_the_fifth_key_of_the_game_is_announced() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"contents": ["key"] * 5})
    for number in range(1, 6):
        act(game, Elf=f"pick up c{number}")
    assert announcements(game) == ["Save keys to open doors."]


def test_a_murder_hole_gives_a_direct_shot_on_a_generator_half_the_time() -> None:
    def shoot(reflective: bool, direct: str) -> tuple[str, int, int]:
        specials = {"reflective shot": 10} if reflective else {}
        game = fight(heroes=[{"class": "elf", "specials": specials}],
                     room={"contents": ["murder hole"]}, beyond={"size": 5},
                     swarms=[{"monster": "barbarian", "size": "100%", "place": "beyond"}],
                     generators=[{"monster": "barbarian", "place": "beyond"}],
                     force=[{"roll": "direct shot", "result": direct}, {"roll": "shot",
                                                                        "total": 4}])
        act(game, Elf="open c1")
        events = act(game, Elf="attack gen-1 with shot")
        chance = next(r for e in events for r in e.rolls if r.label == "direct shot").what
        return chance, game.scene.generators[0].health, game.scene.swarms[0].health
    assert shoot(False, "yes") == ("d100 <= 50", 16, 100)
    assert shoot(True, "no") == ("d100 <= 75", 20, 96)


def test_shooters_beyond_a_murder_hole_shoot_back_once_a_round() -> None:
    game = fight(heroes=[{"class": "elf", "health": 500}], room={"contents": ["murder hole"]},
                 beyond={"size": 5},
                 swarms=[{"monster": "hobbit", "size": "100%", "place": "beyond"}])
    assert "hurt" not in kinds(act(game))  # the hole is still hidden
    act(game, Elf="open c1")
    events = act(game, Elf="attack swarm-1 with shot")
    assert sum(1 for e in events if e.kind == "hurt") == 1  # a choke point: one shot
