"""Card Crawl's players' map (play.players_map): the plan's rooms the party has entered,
the corridors seen from them, and nothing of a room not entered but its number."""

from __future__ import annotations

import json
import random

import pytest

from undercroft.maps.data import players_map_data
from undercroft.systems.cardcrawl.play.setup import dungeon_rooms
from undercroft.systems.cardcrawl.ruleset import RULESET


def _on_outline(point: tuple[float, float], outline: list[tuple[float, float]]) -> bool:
    x, y = point
    for (x0, y0), (x1, y1) in zip(outline, outline[1:] + outline[:1], strict=True):
        if min(x0, x1) <= x <= max(x0, x1) and min(y0, y1) <= y <= max(y0, y1) \
                and (x - x0) * (y1 - y0) == (y - y0) * (x1 - x0):
            return True
    return False


@pytest.mark.parametrize("seed", range(6))
def test_the_map_grows_with_the_rooms_entered_and_shows_no_room_not_entered(seed: int) -> None:
    config = RULESET.config_model()()
    state = RULESET.new(config, seed)
    assert {number: room.links for number, room in state.rooms.items()} == {
        number: room.links for number, room in dungeon_rooms(config, seed).items()}
    pick = random.Random(seed)
    for _ in range(120):
        if RULESET.outcome(state) is not None:
            break
        seat = min(RULESET.to_act(state))
        legal = RULESET.legal(state, seat)
        moves = [play for play in legal if play.verb == "move"]
        RULESET.step(state, {seat: pick.choice(moves or legal)})
        drawn = RULESET.players_map(state, None)
        entered = {number for number, room in state.rooms.items() if room.visited}
        assert {room.id for room in drawn.rooms} == entered
        for room in drawn.rooms:
            for exit_ in room.exits:  # each door on its room's wall, named as a move is
                assert _on_outline(exit_.segment[0], room.polygon), (room.id, exit_)
                assert exit_.id == "entrance" or int(exit_.id.split()[1]) in \
                    state.rooms[room.id].links
        for passage in drawn.passages:
            assert passage.start is None or passage.start in entered or passage.end in entered
        text = json.dumps(players_map_data(drawn))
        assert '"seed"' not in text and "stock" not in text
        assert all(f'"id": {number},' not in text for number in state.rooms
                   if number not in entered)
