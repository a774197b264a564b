"""Contests and combat (seed 000, Combat outline; Modos facts in notes/sources.md)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from scenes import act, fight, kinds

from undercroft.rng import Stream
from undercroft.systems.amulet.room.fight_dice import FightDice
from undercroft.systems.amulet.room.legal import legal


@given(st.integers(0, 10_000), st.integers(-5, 15), st.integers(-5, 15))
def test_a_contest_is_d20_plus_bonus_against_d20_plus_bonus(seed: int, bonus: int,
                                                            against: int) -> None:
    dice = FightDice(Stream(seed, "test"))
    result = dice.contest("test", bonus, against)
    assert 1 <= result.first <= 20 and 1 <= result.second <= 20
    assert result.won == (result.first + bonus > result.second + against)


def test_a_tie_goes_to_the_defender_or_is_rerolled() -> None:
    held = FightDice(Stream(0, "t"))
    ties = [r for r in (held.contest("t", 0, 0) for _ in range(400)) if r.first == r.second]
    assert ties and not any(r.won for r in ties)
    rerolled = FightDice(Stream(0, "t"), ties="reroll")
    assert all(r.first != r.second for r in (rerolled.contest("t", 0, 0) for _ in range(400)))


@given(st.integers(0, 10_000), st.integers(-3, 12), st.integers(-3, 12), st.booleans(),
       st.booleans(), st.sampled_from(["defender", "reroll"]))
def test_fight_dice_roll_as_the_dice_library_does(seed: int, bonus: int, against: int,
                                                  take_half: bool, against_half: bool,
                                                  ties: str) -> None:
    """A fight draws its dice directly from the stream, for speed; the dice library rolls
    the same expressions from the same stream to the same faces and winners."""
    from undercroft.dice import ContestRoll, SumRoll, roll

    dice = FightDice(Stream(seed, "t"), ties="reroll" if ties == "reroll" else "defender")
    library = Stream(seed, "t")
    result = dice.contest("to hit", bonus, against, take_half, against_half)
    first = "10" if take_half else "d20"
    second = "10" if against_half else "d20"
    rule = "defender" if take_half and against_half else ties
    rolled = roll(f"{first}{bonus:+d} vs {second}{against:+d}", library, rule)
    assert isinstance(rolled, ContestRoll)
    final = rolled.rounds[-1]
    assert (result.first + bonus, result.second + against, result.won) == (
        final.attacker.value, final.defender.value, rolled.value)
    total = dice.total("melee", 3, 8, 2)
    summed = roll("3d8+2", library)
    assert isinstance(summed, SumRoll) and total == summed.value
    assert dice.stream.random() == library.random()


def test_take_half_replaces_the_die_with_half_its_highest_face() -> None:
    dice = FightDice(Stream(0, "t"))
    assert dice.contest("t", 3, 0, take_half=True).first == 10
    assert dice.total("t", 6, 10, take_half=True) == 30
    game = fight(heroes=[{"class": "warrior"}], swarms=[{"monster": "demon", "size": "100%"}],
                 room={"size": 5})
    act(game, Warrior="attack swarm-1 with melee, take half")
    assert game.scene.swarms[0].health == 100 - 5  # d10 taken at half


def test_armor_is_taken_off_each_attack_by_default() -> None:
    def swarmed(armor: str) -> int:
        game = fight(heroes=[{"class": "warrior"}, {"class": "elf"}], room={"size": 5},
                     swarms=[{"monster": "demon", "size": "50%"}],
                     force=[{"roll": "swarming", "result": "lose"},
                            {"roll": "swarming", "result": "win"},
                            {"roll": "swarm melee", "total": 6},
                            {"roll": "swarm melee", "total": 2}],
                     rules={"armor": armor})
        act(game)
        return 100 - game.scene.hero("Warrior").health
    assert swarmed("per_attack") == 8 - 3
    assert swarmed("per_die") == 3 + 0
    assert swarmed("none") == 8


def test_no_initiative_heroes_all_act_before_the_monsters() -> None:
    game = fight(heroes=[{"class": "warrior"}, {"class": "elf"}], room={"size": 3},
                 swarms=[{"monster": "demon", "size": "100%"}])
    events = act(game, Warrior="attack swarm-1 with melee", Elf="attack swarm-1 with shot")
    order = kinds(events)
    last_action = max(i for i, kind in enumerate(order) if kind == "action")
    first_monster = min(i for i, kind in enumerate(order) if kind in ("maneuver", "caught"))
    assert order.count("action") == 2 and last_action < first_monster


def test_defences_are_automatic_and_cost_no_action() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"size": 2},
                 swarms=[{"monster": "ghost", "size": "100%"}],
                 force=[{"roll": "swarming", "result": "win"}])
    events = act(game, Elf="attack swarm-1 with shot")
    assert "damage" in kinds(events) and "maneuver" in kinds(events)


def test_with_two_actions_a_round_monsters_act_every_second_step() -> None:
    game = fight(heroes=[{"class": "elf"}], room={"size": 2},
                 swarms=[{"monster": "ghost", "size": "100%"}],
                 rules={"actions_per_round": 2})
    first = act(game, Elf="attack swarm-1 with shot")
    assert not {"maneuver", "caught"} & set(kinds(first)) and game.scene.round == 1
    second = act(game, Elf="attack swarm-1 with shot")
    assert {"maneuver", "caught"} & set(kinds(second)) and game.scene.round == 2


def test_flanking_takes_two_won_contests_and_adds_damage() -> None:
    game = fight(heroes=[{"class": "elf"}], monsters=[{"kind": "wraith"}],
                 force=[{"roll": "flank", "result": "win"}, {"roll": "flank", "result": "win"},
                        {"roll": "monster attack", "result": "lose"},
                        {"roll": "shot", "total": 5}])
    act(game, Elf="flank wraith-1")
    assert game.scene.heroes[0].flanking == "wraith-1"
    act(game, Elf="attack wraith-1 with shot")
    assert game.scene.monsters[0].health == 100 - 5 - 2


def test_one_lost_flanking_contest_is_enough_to_fail() -> None:
    game = fight(heroes=[{"class": "elf"}], monsters=[{"kind": "wraith"}],
                 force=[{"roll": "flank", "result": "win"}, {"roll": "flank", "result": "lose"}])
    act(game, Elf="flank wraith-1")
    assert game.scene.heroes[0].flanking is None


def test_hero_attacks_can_be_rolled_as_contests() -> None:
    game = fight(heroes=[{"class": "elf"}], monsters=[{"kind": "wraith"}],
                 rules={"hero_attack": "contest"},
                 force=[{"roll": "to hit", "result": "lose"}])
    events = act(game, Elf="attack wraith-1 with shot")
    assert "miss" in kinds(events) and game.scene.monsters[0].health == 100


def test_lone_monster_attacks_are_contests_against_the_heros_speed() -> None:
    game = fight(heroes=[{"class": "elf"}], monsters=[{"kind": "wraith"}],
                 force=[{"roll": "monster attack", "result": "lose"}])
    events = act(game)
    assert "defended" in kinds(events) and game.scene.heroes[0].health == 100
    contest = next(r for e in events for r in e.rolls if r.label == "monster attack")
    assert contest.what == "d20+3 vs d20+4"  # the wraith's speed 3 against the elf's 4


def test_no_reloading_a_shot_is_always_there() -> None:
    game = fight(heroes=[{"class": "elf"}], swarms=[{"monster": "wizard", "size": "100%"}],
                 room={"size": 5})
    for _ in range(5):
        assert any(a.text == "attack swarm-1 with shot"
                   for a in legal(game.scene, game.scene.heroes[0]))
        act(game, Elf="attack swarm-1 with shot")


def test_a_hero_killed_by_the_strike_back_deals_no_damage() -> None:
    game = fight(heroes=[{"class": "warrior", "health": 2}],
                 monsters=[{"kind": "wizard", "health": 20}],
                 force=[{"roll": "engage", "result": "win"}, {"roll": "engaged melee",
                                                              "total": 6}])
    act(game, Warrior="attack wizard-1 with melee")
    assert game.scene.heroes[0].status == "dead"
    assert game.scene.monsters[0].health == 20


def test_two_heroes_opening_one_door_spend_one_key() -> None:
    game = fight(heroes=[{"class": "elf", "keys": 1}, {"class": "warrior", "keys": 1}],
                 exits=[{"kind": "door", "wall": "north"}])
    events = act(game, Elf="open e1", Warrior="open e1")
    assert [h.keys for h in game.scene.heroes] == [0, 1]
    assert "nothing there" in kinds(events)
