"""A restarted server replays every table from the database and goes on exactly as if it
had never stopped; a step that fails leaves the game and the record as they were."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import Table, cycling_pick, new_app, stored_steps

AUTOMATED = {"amulet": {"Elf": "random", "Wizard": "sensible"},
             "labyrinth": {"Seat-2": "random"}, "squad": {"GM": "random"},
             "cardcrawl": {"Seat-3": "random"}}
"""Random agents draw from their streams at every choice: a restart that started their
streams afresh would make other choices than the twin that never stopped."""


def _choose_one_of_a_round(table: Table) -> str | None:
    """Leave one human choice pending in an unfinished simultaneous round (Amulet)."""
    if table.state()["system"] != "amulet":
        return None
    seat, legal = table.choosing()[0]
    assert table.choose(seat, cycling_pick(seat, legal, table.state()["step"])
                        ).status_code == 200
    return seat


@pytest.mark.parametrize("every", [0, 3])
@pytest.mark.parametrize("system", sorted(AUTOMATED))
def test_a_restarted_server_continues_exactly(system: str, every: int, tmp_path: Path) -> None:
    """With ``every`` 3 the restart resumes from the latest snapshot and replays only the
    steps after it; with 0 it replays the whole record."""
    twin_folder, folder = tmp_path / "twin", tmp_path / "restarted"
    twin = Table(TestClient(new_app(twin_folder, seed=11)), system, AUTOMATED[system])
    with TestClient(new_app(folder, seed=11, snapshot_every=every)) as client:
        table = Table(client, system, AUTOMATED[system])
        table.make_choices(8, cycling_pick)
        pending = _choose_one_of_a_round(table)
        before, step = table.truth_hash(), table.state()["step"]
        assert step == stored_steps(folder, table.id) > 0
    with TestClient(new_app(folder, seed=99, snapshot_every=every)) as client:
        again = Table.reopen(client, table)
        assert again.live().snapshot_at == (step // every * every if every else 0)
        assert every == 0 or again.live().snapshot_at > 0
        assert again.truth_hash() == before
        state = again.state()
        assert state["step"] == step and not any(row["chosen"] for row in state["seats"])
        if pending is not None:
            assert again.seat(pending)["chosen"] is None and again.seat(pending)["legal"]
        again.make_choices(8, cycling_pick)  # the first one chooses again what was pending
        assert again.state()["step"] > step or state["outcome"] is not None
        twin.make_choices(16, cycling_pick)
        assert twin.state()["step"] == again.state()["step"]
        assert twin.truth_hash() == again.truth_hash()
        assert again.live().table.record.choices == twin.live().table.record.choices


DAMAGE = {
    "rules 0": "UPDATE game_tables SET rules_version = '0' WHERE id = ?",
    "step 1 is missing": "DELETE FROM game_steps WHERE number = 1 AND table_id = ?",
    "not a whole number": "UPDATE game_tables SET seed = 'many' WHERE id = ?",
    "not a set of choices": "UPDATE game_steps SET choices = '[1]' WHERE table_id = ?",
}
"""What the line says -> how the table's rows are changed."""


@pytest.mark.parametrize("reason", sorted(DAMAGE))
def test_a_table_that_no_longer_replays_is_set_aside_with_one_line(
        reason: str, tmp_path: Path) -> None:
    with TestClient(new_app(tmp_path)) as client:
        old, kept = Table(client, "labyrinth"), Table(client, "amulet")
        old.play(2, cycling_pick)
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute(DAMAGE[reason], (old.id,))
    client = TestClient(new_app(tmp_path))
    answer = client.get("/api/table", params={"t": old.token})
    assert answer.status_code == 409
    assert reason in answer.json()["detail"] and "\n" not in answer.json()["detail"]
    seat = client.get("/api/seat", params={"t": old.seat_tokens["Seat-1"]})
    assert seat.status_code == 409
    with client.websocket_connect(f"/ws?t={old.token}") as socket, \
            pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    assert closed.value.code == 4409
    assert Table.reopen(client, kept).state()["table"] == kept.id


def test_a_step_that_fails_leaves_the_game_and_the_record_as_they_were(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    client = TestClient(new_app(tmp_path), raise_server_exceptions=False)
    table = Table(client, "labyrinth")
    table.play(3, cycling_pick)
    live = table.live()
    before, steps = table.truth_hash(), stored_steps(tmp_path, table.id)
    real_step = live.table.ruleset.step

    failed: list[int] = []

    def half_a_step(state: Any, choices: Any) -> Any:
        """The first call changes the state, then fails; the replay after it works."""
        events = real_step(state, choices)
        if not failed:
            failed.append(1)
            raise RuntimeError("a fault in the middle of a step")
        return events

    monkeypatch.setattr(live.table.ruleset, "step", half_a_step)
    seat, legal = table.choosing()[0]
    assert table.choose(seat, legal[0]).status_code == 500 and failed
    assert table.truth_hash() == before and stored_steps(tmp_path, table.id) == steps
    monkeypatch.undo()
    assert table.play(2, cycling_pick) == 2
    assert stored_steps(tmp_path, table.id) == steps + 2


def test_a_database_url_that_cannot_be_used_is_one_line() -> None:
    from undercroft.errors import BadInput
    from undercroft.web.app import create_app

    for url in ("not a url", "nosuchdb://x/y"):
        with pytest.raises(BadInput) as refused:
            create_app(url)
        assert "\n" not in str(refused.value) and str(refused.value).startswith("database ")
