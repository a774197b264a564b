"""Hand-built Labyrinth games the tests share: a new game for a party, and Seat-1 in a
fight against two goblins."""

from __future__ import annotations

from scripted_dice import Faces
from undercroft.systems.labyrinth.battle import start_fight
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.content.loader import load_content
from undercroft.systems.labyrinth.dungeon import enter_floor
from undercroft.systems.labyrinth.setup import new_game
from undercroft.systems.labyrinth.state import LabyrinthState, Room


def game(*party: str, players: int | None = None) -> LabyrinthState:
    """A new game of seed 7 for these characters (race:class), a seat each."""
    return new_game(LabyrinthConfig(players=players or max(1, len(party)), party=party), 7)


def in_a_fight(*party: str, health: int) -> LabyrinthState:
    """Seat-1 alone against two goblins, first to act, at ``health``."""
    state = game(*party)
    enter_floor(state, 1)
    state.room = Room("goblin-band#1", "monsters")
    state.dice = Faces(1, 20, 1)  # two goblins; Seat-1 first
    start_fight(state, load_content().encounters["goblin-band"])
    state.party[0].health = health
    return state
