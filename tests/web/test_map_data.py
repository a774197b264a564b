"""The players' map as data (GET /api/table/map.json, docs/web-api.md): what the TV draws
the map from, holding only what the table has seen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import Table, cycling_pick, new_app

from undercroft.engine.capabilities import PlayersMap
from undercroft.engine.registry import get, names


def _map(client: TestClient, table: Table) -> Any:
    answer = client.get("/api/table/map.json", params={"t": table.token})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.headers["cache-control"] == "no-store"
    return answer.json()


def test_amulets_map_data_has_the_seen_rooms_and_exits_named_as_the_choices_name_them(
        tmp_path: Path) -> None:
    """Seed 1 starts with room 2 generated behind a secret exit: it is not in the data."""
    client = TestClient(new_app(tmp_path, seed=1))
    table = Table(client, "amulet")
    data = _map(client, table)
    assert set(data) == {"title", "size", "bounds", "rooms", "exits", "passages"}
    assert [room["id"] for room in data["rooms"]] == [1]
    assert all(len(room["outline"]) >= 3 for room in data["rooms"])
    view = table.seat("Warrior")["view"]
    shown = {exit_["id"]: exit_ for room in view["rooms"] for exit_ in room["exits"]}
    assert {exit_["id"] for exit_ in data["exits"]} == set(shown)
    for exit_ in data["exits"]:
        assert exit_["kind"] == shown[exit_["id"]]["kind"]
        assert exit_["open"] == shown[exit_["id"]]["open"]
        assert exit_["room"] == 1 and len(exit_["segment"]) == 2
    assert "seed" not in json.dumps(data).lower()
    xmin, ymin, xmax, ymax = data["bounds"]
    assert xmin < xmax and ymin < ymax


def test_amulets_map_data_grows_with_the_rooms_the_seats_see_and_leaks_nothing(
        tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path, seed=3))
    table = Table(client, "amulet")
    for _ in range(8):
        table.play(5, cycling_pick)
        state = table.live().table.state
        data = _map(client, table)
        assert {room["id"] for room in data["rooms"]} == state.level.seen
        text = json.dumps(data)
        assert [f for f in get("amulet").hidden(state) if f in text] == []  # type: ignore[attr-defined]
        if state.ended:
            break


def test_card_crawls_map_data_is_its_plan_as_far_as_the_party_has_gone(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path, seed=2))
    table = Table(client, "cardcrawl")
    start = _map(client, table)
    assert start["rooms"] == [] and start["exits"] == []
    view = table.seat("Seat-1")["view"]
    assert {passage["rooms"][1] for passage in start["passages"]} == set(view["entrance_links"])
    assert all(passage["rooms"][0] is None for passage in start["passages"])
    moved = False
    for _ in range(40):
        table.play(1, lambda seat, legal, step: next(
            (text for text in legal if text.startswith("move to room")), legal[0]))
        state = table.live().table.state
        if state.where:
            moved = True
            break
    assert moved
    data = _map(client, table)
    entered = {n for n, room in state.rooms.items() if room.visited}
    assert {room["id"] for room in data["rooms"]} == entered
    here = next(room for room in data["rooms"] if room["id"] == state.where)
    doors = {exit_["id"] for exit_ in data["exits"] if exit_["room"] == state.where}
    # a door per corridor; corridors meeting at a junction lead on to more rooms
    assert doors and doors <= {"entrance" if n == 0 else f"room {n}"
                               for n in state.rooms[state.where].links}
    assert len(here["outline"]) in (4, 6)
    for passage in data["passages"]:
        assert passage["rooms"][0] in entered or passage["rooms"][0] is None \
            or passage["rooms"][1] in entered


def test_a_system_without_a_players_map_gets_404_for_its_data(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    for system in names():
        if isinstance(get(system), PlayersMap):
            continue
        table = Table(client, system)
        answer = client.get("/api/table/map.json", params={"t": table.token})
        assert answer.status_code == 404
        assert "has no level map" in answer.json()["detail"]
    assert client.get("/api/table/map.json", params={"t": "nope"}).status_code in (403, 404)
