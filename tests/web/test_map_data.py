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
