"""The automated Labyrinth players use their characters: gear weighed by what an attack
would do, Intelligence for a wizard, bracing, the Dragon Statue, selling, the stairs."""

from __future__ import annotations

from labyrinth_table import game, in_a_fight

from scripted_dice import Faces
from undercroft.engine import registry
from undercroft.engine.runner import play_out
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.adventurer.items import equip, gain_item
from undercroft.systems.labyrinth.agent_gear import Gear, expected_damage
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.dungeon import enter_floor
from undercroft.systems.labyrinth.rules import legal
from undercroft.systems.labyrinth.state import LabyrinthState

RULESET = registry.get("labyrinth")


def holding(state: LabyrinthState, *copies: str) -> None:
    """Seat-1 owns ``copies`` (taken out of the deck and the market)."""
    for copy in copies:
        gain_item(state.party[0], copy, cursed=copy.startswith("cursed"))
        for pile in (state.items.draw, state.market):
            if copy in pile:
                pile.remove(copy)


def gear(state: LabyrinthState) -> Gear:
    view = RULESET.view(state, "Seat-1")
    return Gear(view["party"][0], view["sheets"]["Seat-1"])


def choice(state: LabyrinthState, agent: str = "careful") -> Choice:
    seat = sorted(RULESET.to_act(state))[0]
    return RULESET.agents()[agent]().choose(RULESET.view(state, seat), legal(state, seat),
                                            Faces())


def test_expected_damage_is_the_chance_to_hit_times_the_mean_die() -> None:
    assert expected_damage(4, "1d6", 12) == 13 / 20 * 3.5  # d20 8 or more
    assert expected_damage(-30, "1d6", 12) == 0.0 and expected_damage(30, "1d4", 12) == 2.5


def test_a_warrior_fights_unarmed_while_its_four_is_better() -> None:
    state = game("human:warrior")
    state.party[0].stats.update(strength=12)
    holding(state, "kobold-knife#1", "brainsucker-stick#1")
    assert gear(state).best(gear(state).equipment()) == ()  # +4 beats every weapon here
    enter_floor(state, 1)
    assert Choice("equip", "kobold-knife#1") in legal(state, "Seat-1")
    assert choice(state).verb != "equip"
    equip(state.party[0], "kobold-knife#1")
    assert choice(state) == Choice("unequip", "kobold-knife#1")
    state = game("human:warrior")
    holding(state, "cursed-ring#1", "kobold-knife#1")  # the ring is worn: no +4 anyway
    enter_floor(state, 1)
    assert choice(state) == Choice("equip", "kobold-knife#1")


def test_a_wizard_keeps_its_unarmed_two_unless_a_weapon_does_better() -> None:
    state = game("hollow:wizard")
    state.party[0].stats.update(strength=6, intelligence=8)
    holding(state, "kobold-knife#1")  # -1 Intelligence costs a point, 1d6 does not win it back
    assert gear(state).best(["kobold-knife#1"]) == ()
    state = game("hollow:wizard")
    state.party[0].stats.update(strength=8, intelligence=14)
    holding(state, "brainsucker-stick#1")  # +1 Intelligence and 1d8
    assert gear(state).best(["brainsucker-stick#1"]) == ("brainsucker-stick#1",)


def test_an_archer_takes_the_sureshot_shooter() -> None:
    state = game("woodfolk:archer")
    holding(state, "sureshot-shooter#1", "kobold-knife#1")
    assert "sureshot-shooter#1" in gear(state).best(gear(state).equipment())


def test_a_hollow_braces_when_one_more_hit_could_kill_it() -> None:
    assert choice(in_a_fight("hollow:warrior", health=20)) == Choice("attack", "goblin-1")
    assert choice(in_a_fight("hollow:warrior", health=4)) == Choice("attack", "goblin-1", "brace")
    wizard = in_a_fight("hollow:wizard", health=3)
    wizard.party[0].stats.update(strength=6, intelligence=16)
    assert choice(wizard) == Choice("attack", "goblin-1", "intelligence+brace")


def test_the_dragon_statue_gets_rolled() -> None:
    state = game("human:warrior")
    holding(state, "dragon-statue#1")
    assert choice(state, "careful") == Choice("use", "dragon-statue#1")  # in town
    enter_floor(state, 1)
    assert choice(state, "careful").verb != "use"
    assert choice(state, "bold") == Choice("use", "dragon-statue#1")  # at once


def test_what_a_player_would_not_wear_is_sold_in_town() -> None:
    state = game("human:warrior")
    state.party[0].stats.update(strength=12)
    holding(state, "kobold-knife#1")
    assert choice(state) == Choice("sell", "kobold-knife#1")


def test_the_party_goes_down_every_stairwell_it_finds() -> None:
    for agent in ("careful", "bold"):
        state = game("human:warrior")
        enter_floor(state, 1)
        state.phase = "stairs"
        state.party[0].health = 5
        assert choice(state, agent) == Choice("down", "2")


def test_a_battle_has_no_way_out_so_a_hurt_careful_party_leaves_between_rooms() -> None:
    """Seed 002 gives no flight from a battle and no look behind a door: the one way to
    avoid a band is not to open the next door, which the careful player takes when hurt
    (below 60%) and the bold one only much later (below 30%)."""
    fighting = in_a_fight("human:warrior", health=5)
    assert {c.verb for c in legal(fighting, "Seat-1")} <= {"attack", "wait"}
    for health, careful, bold in ((20, "next", "next"), (11, "return", "next"),
                                  (5, "return", "return")):
        state = game("human:warrior")
        enter_floor(state, 1)
        state.party[0].health = health
        assert (choice(state, "careful").verb, choice(state, "bold").verb) == (careful, bold)


def test_careful_parties_unlock_floor_two_in_many_games() -> None:
    """The seed's monsters are kept as printed: a band of four or five bugbears kills most
    parties, so many campaigns still end on floor 1; but a party that uses its
    characters and takes the stairs it finds unlocks floor 2 in a good share of them."""
    unlocked = 0
    games = 40
    for seed in range(games):
        state = RULESET.new(LabyrinthConfig(), seed)
        play_out(RULESET, state, {s: RULESET.agents()["careful"]()
                                  for s in RULESET.seats(state)}, seed)
        unlocked += state.unlocked >= 2
    assert unlocked >= games // 4
