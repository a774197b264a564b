"""Squad's table screen gets the coins of Coin-Op (seed 003): the GM's Pacing and Reward
Pool, the Stage's Value and the part of it kept for the Boss, and the coins on the table,
in the view the table screen is sent, as they move."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from undercroft.engine.registry import get
from undercroft.systems.squad.play.view_schema import SquadView
from undercroft.web.app import create_app

COIN_FIELDS = {"pool", "stage_value", "boss_reserve", "pushed", "with_heroes"}


def test_the_view_carries_the_coins_and_its_schema_says_so() -> None:
    ruleset = get("squad")
    state = ruleset.new(ruleset.config_model()(players=2), 4)
    view = ruleset.view(state, "Guide-1")
    SquadView.model_validate(view)
    assert set(view["coins"]) >= COIN_FIELDS
    # A quarter from each of two Hero Guides; the first stage is open: 5 a Guide and 10
    # for the Boss set aside as its Value, the Boss's share kept.
    coins = view["coins"]
    assert (coins["pool"], coins["stage_value"], coins["boss_reserve"]) == (50 - 20, 20, 10)
    assert "coins" in SquadView.model_fields


def test_the_table_screen_is_sent_the_coins_as_they_move(tmp_path: Path) -> None:
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}",
                                   seeds=lambda: 4, allowed_hosts=("testserver",)))
    made = client.post("/api/tables", json={"system": "squad", "config": {"players": 1},
                                            "automated": {"GM": "sensible"}}).json()
    token = made["table_token"]
    seat = next(seat["token"] for seat in made["seats"] if seat["token"])
    seen = []
    moves: set[str] = set()
    for _ in range(60):
        coins = client.get("/api/table", params={"t": token}).json()["view"]["coins"]
        seen.append((coins["pool"], coins["stage_value"], coins["boss_reserve"]))
        moves.add(json.dumps(coins, sort_keys=True))
        # Every coin is somewhere: the quarter the one Guide put in.
        assert (coins["pool"] + coins["stage_value"] + sum(coins["pushed"].values())
                + coins["carried"] + coins["with_heroes"] + coins["out_of_play"]) == 25
        state = client.get("/api/seat", params={"t": seat}).json()
        if state["outcome"] or not state["legal"]:
            break
        client.post("/api/seat/choose", params={"t": seat},
                    json={"choice": state["legal"][0], "step": state["step"]})
    # The first stage is open: 5 for the one Guide and 10 for the Boss left the Pool (the
    # GM may have brought in a monster already, pushing its cost off the Stage's Value).
    pool, value, reserve = seen[0]
    assert (pool, reserve) == (25 - 15, 10) and reserve <= value <= 15, seen
    assert len(moves) > 1, "the coins never moved on the table screen"
