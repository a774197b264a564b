"""The sensible player's map of a level is kept from step to step while its rooms read the
same, and plays exactly as a map made anew every step."""

from __future__ import annotations

import threading
from typing import Any

from undercroft.engine.runner import choose_all
from undercroft.rng import Stream
from undercroft.sim.games import game_seed
from undercroft.systems.amulet.game.agent_map import PartyMap, forget_map, has_stair, map_of
from undercroft.systems.amulet.game.agents import SensibleAgent
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.ruleset import RULESET


def exit_(name: str, kind: str, to: int | None, opened: bool = True) -> dict[str, Any]:
    return {"id": name, "kind": kind, "wall": "N", "open": opened, "to": to, "unmade": False}


def shown(room_id: int, *exits: dict[str, Any], swarms: int = 0) -> dict[str, Any]:
    """A room as a seat's view shows it once the party has been in it."""
    return {"id": room_id, "exits": list(exits), "swarms": [{"health": swarms}] * bool(swarms),
            "monsters": [], "generators": [], "contents": []}


def level(swarms: int = 0, door_open: bool = True) -> list[dict[str, Any]]:
    """Room 1 leads into room 2, which has a Stair and a door on to room 3."""
    return [shown(1, exit_("1.1", "open", 2), swarms=swarms),
            shown(2, exit_("2.1", "open", 1), exit_("2.2", "stair", None),
                  exit_("2.3", "door", 3 if door_open else None, opened=door_open))]


LEAVE = [Action("leave", "1.1")]


def test_a_room_remade_with_the_same_ways_keeps_the_map_and_its_walks() -> None:
    forget_map()
    first = level(door_open=False)
    known = map_of(first)
    walks = known.ways(1, LEAVE)
    assert walks.toward(has_stair, "stair") == LEAVE[0]
    fight = [shown(1, exit_("1.1", "open", 2), swarms=40), first[1]]
    assert map_of(fight) is known and known.ways(1, LEAVE) is walks
    assert known.by_id[1].view is fight[0]


def test_a_way_that_changed_makes_the_map_anew() -> None:
    forget_map()
    known = map_of(level(door_open=False))
    opened = level(door_open=False)
    opened[1] = shown(2, exit_("2.1", "open", 1), exit_("2.2", "stair", None),
                      exit_("2.3", "door", 3))
    again = map_of(opened)
    assert again is not known and again.by_id[2].links == [1, 3]
    assert known.by_id[2].links == [1]


def test_a_list_of_rooms_changed_in_place_is_read_again() -> None:
    forget_map()
    rooms = level(door_open=False)
    known = map_of(rooms)
    rooms[1] = level(door_open=True)[1]
    assert map_of(rooms).by_id[2].links == [1, 3]
    assert known.by_id[2].links == [1]


def test_each_thread_keeps_its_own_map() -> None:
    """The server plays tables on several threads: a map another thread brings up to
    date with its own table's rooms is never this thread's."""
    forget_map()
    rooms = level()
    mine = map_of(rooms)
    theirs: list[PartyMap] = []
    other = threading.Thread(target=lambda: theirs.append(map_of(level(swarms=40))))
    other.start()
    other.join()
    assert theirs[0] is not mine and map_of(rooms) is mine
    assert mine.by_id[1].view is rooms[0]


class MadeAnew:
    """The sensible player with its map made anew for every choice."""

    def __init__(self) -> None:
        self.inner = SensibleAgent()

    def choose(self, view: Any, legal: Any, rng: Stream) -> Action:
        forget_map()
        return self.inner.choose(view, legal, rng)


def _choices(seed: int, fresh: bool) -> list[dict[str, str]]:
    """Every step's choices of a whole game of sensible seats."""
    state = RULESET.new(GameConfig(), seed)
    forget_map()
    agents = {seat: MadeAnew() if fresh else SensibleAgent() for seat in RULESET.seats(state)}
    streams: dict[str, Stream] = {}
    made: list[dict[str, str]] = []
    while RULESET.outcome(state) is None:
        choices = choose_all(RULESET, state, agents, streams, seed)
        made.append({seat: action.text for seat, action in choices.items()})
        RULESET.step(state, choices)
    return made


def test_the_kept_map_plays_as_a_map_made_anew_every_step() -> None:
    for index in range(2):
        seed = game_seed(4, index)
        assert _choices(seed, fresh=False) == _choices(seed, fresh=True)
