"""Each seat's own sheet: the numbers the rules use, in the view and at the terminal."""

from __future__ import annotations

import io

from rich.console import Console

from scripted_dice import Faces
from undercroft.cli.play_labyrinth import show_table
from undercroft.engine import registry
from undercroft.engine.tally import tallying
from undercroft.systems.labyrinth.adventurer.items import equip, gain_item
from undercroft.systems.labyrinth.battle import start_fight
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.content.loader import load_content
from undercroft.systems.labyrinth.dungeon import enter_floor
from undercroft.systems.labyrinth.rules import legal
from undercroft.systems.labyrinth.setup import new_game
from undercroft.systems.labyrinth.state import LabyrinthState, Room

RULESET = registry.get("labyrinth")


def game(*party: str) -> LabyrinthState:
    return new_game(LabyrinthConfig(players=len(party), party=party), 7)


def test_the_sheet_shows_what_an_attack_would_use() -> None:
    state = game("human:warrior", "human:wizard:fire+water")
    warrior, wizard = state.party
    warrior.stats.update(strength=12, intelligence=9, luck=14)
    sheet = RULESET.view(state, "Seat-1")["sheets"]["Seat-1"]
    assert sheet["stats"]["strength"] == {"base": 12, "items": 0, "modifier": 1}
    assert sheet["stats"]["intelligence"]["modifier"] == -1
    assert sheet["attack"] == {"strength": 4 + 1}  # unburdened: +4, and Strength's +1
    assert (sheet["armour_class"], sheet["max_health"], sheet["damage"]) == (10, 20, "1d6")
    assert [s["id"] for s in sheet["specials"]] == ["warrior-unarmed"]
    gain_item(warrior, "kobold-knife#1")
    equip(warrior, "kobold-knife#1")
    sheet = RULESET.view(state, "Seat-1")["sheets"]["Seat-1"]
    assert sheet["stats"]["strength"] == {"base": 12, "items": 1, "modifier": 1}
    assert sheet["stats"]["intelligence"] == {"base": 9, "items": -1, "modifier": -1}
    assert sheet["attack"] == {"strength": 1}  # a weapon: no +4, no unarmed modifier
    [knife] = sheet["items"]
    assert knife["equipped"] and knife["does"] == "+1 strength; -1 intelligence; damage 1d6"
    wizard.stats.update(strength=8, intelligence=16)
    sheet = RULESET.view(state, "Seat-2")["sheets"]["Seat-2"]
    assert sheet["attack"] == {"strength": 2 + 2 - 1, "intelligence": 2 + 2 + 3}
    assert {s["id"] for s in sheet["specials"]} == {"human-attack", "wizard-intelligence",
                                                    "backlash"}


def test_reading_a_sheet_counts_no_rule() -> None:
    state = game("human:wizard:fire+water")
    with tallying() as tally:
        RULESET.view(state, "Seat-1")
    assert tally.fired == {} and tally.used == {}


def test_the_terminal_shows_the_acting_seats_own_sheet() -> None:
    state = game("hollow:archer", "oxkin:medic:metal+earth")
    gain_item(state.party[0], "rations#1")
    out = io.StringIO()
    show_table(Console(file=out, width=200), RULESET.view(state, "Seat-1"), "Seat-1",
               legal(state, "Seat-1"))
    text = out.getvalue()
    me = state.party[0]
    assert "Seat-1, hollow archer (no elements: nullified): 20/20 hp, armour class 10" in text
    for stat in ("strength", "intelligence", "luck"):
        assert f"{stat} {me.stats[stat]} (modifier " in text
    assert "special: +2 armour class (an archer)" in text
    assert "special: may brace when attacking" in text
    assert "item: rations#1 (Rations: regain 1d4 health in an empty room)" in text
    assert "Seat-2, oxkin medic: 25/25 hp, 10 sp, nothing worn" in text
    assert "market: " in text  # the choices follow, listed by the front (play_turns)


def test_the_terminal_shows_the_monsters_numbers_in_a_fight() -> None:
    state = game("human:warrior")
    enter_floor(state, 1)
    state.room = Room("goblin-band#1", "monsters")
    state.dice = Faces(1, 20, 1)  # two goblins; Seat-1 first
    start_fight(state, load_content().encounters["goblin-band"])
    out = io.StringIO()
    show_table(Console(file=out, width=200), RULESET.view(state, "Seat-1"), "Seat-1",
               legal(state, "Seat-1"))
    assert "goblin-1 (7 hp; armour class 15, attack +0, damage 1d4)" in out.getvalue()
    assert "on floor 1 (fight, battle round 1). Seat-1 to act." in out.getvalue()
