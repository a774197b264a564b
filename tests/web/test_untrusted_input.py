"""What a stranger sends, and what a damaged database holds, is untrusted input
(docs/security.md): the lobby never opens a path it is given, requests addressed to
another name are refused, and no stored row, however damaged, stops the server starting."""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import Table, cycling_pick, new_app

from undercroft.content.packs import VARIABLE
from undercroft.web import tables as tables_module

SECRET = 'api_key = "s3cr3t"\npassword = "hunter2"\n'


def _labyrinth(client: TestClient, packs: list[str]) -> Any:
    return client.post("/api/tables", json={"system": "labyrinth",
                                            "config": {"players": 2, "packs": packs}})


@pytest.mark.parametrize("path", ["/etc/passwd", "/dev/zero", "fifo", "secret.toml",
                                  "../secret", "/etc/hostname"])
def test_the_lobby_never_opens_a_path_it_is_given(path: str, tmp_path: Path) -> None:
    """A pack is a name: a path is refused before any file is looked at, so nothing is
    said of whether it exists or what it holds, and /dev/zero or a FIFO cannot hang or
    fill the server."""
    (tmp_path / "secret.toml").write_text(SECRET)
    os.mkfifo(tmp_path / "fifo")
    named = path if path.startswith("/") else str(tmp_path / path)
    client = TestClient(new_app(tmp_path))
    started = time.monotonic()
    answer = _labyrinth(client, [named])
    assert time.monotonic() - started < 5
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert "not a pack name" in detail and "\n" not in detail
    assert "s3cr3t" not in detail and "root:" not in detail


def test_a_pack_is_chosen_by_name_from_the_systems_own_packs(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    answer = _labyrinth(client, ["monster-bands"])
    assert answer.status_code == 200, answer.text
    live = client.app.state.service.tables[answer.json()["table"]]  # type: ignore[attr-defined]
    assert "devil-band" in live.table.state.content.encounters


def test_a_pack_of_the_operators_folder_is_found_and_an_unknown_one_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "packs"
    folder.mkdir()
    (folder / "bats.toml").write_text(
        '[monster.bat]\nname = "Giant Bat"\nhealth = 5\narmour_class = 12\n'
        'attack_modifier = 1\ndamage = "1d4"\nlevels = [1, 2]\n'
        '[band.bats]\nmonster = "bat"\nreward = 1\nlevels = [1, 2]\n')
    monkeypatch.setenv(VARIABLE, str(folder))
    client = TestClient(new_app(tmp_path))
    assert _labyrinth(client, ["bats"]).status_code == 200
    missing = _labyrinth(client, ["nothing-here"])
    assert missing.status_code == 400
    assert "no pack 'nothing-here'" in missing.json()["detail"]
    assert "bats" in missing.json()["detail"] and "monster-bands" in missing.json()["detail"]


def test_a_broken_pack_is_one_line_that_quotes_nothing_of_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "packs"
    folder.mkdir()
    (folder / "leaky.toml").write_text('[monster.x]\napi_key = "s3cr3t"\n')
    monkeypatch.setenv(VARIABLE, str(folder))
    answer = _labyrinth(TestClient(new_app(tmp_path)), ["leaky"])
    assert answer.status_code == 400
    assert "s3cr3t" not in answer.json()["detail"] and "leaky" in answer.json()["detail"]


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "attacker.test.",
                                  "", "[::1", "localhost.evil.example"])
def test_a_request_for_another_name_is_refused(host: str, tmp_path: Path) -> None:
    """DNS rebinding: a page of another site reaches the server under its own name."""
    client = TestClient(new_app(tmp_path))
    answer = client.get("/api/systems", headers={"host": host})
    assert answer.status_code == 400 and "not this server's name" in answer.json()["detail"]
    refused = client.post("/api/tables", headers={"host": host},
                          json={"system": "amulet", "config": {}})
    assert refused.status_code == 400
    assert client.app.state.service.tables == {}  # type: ignore[attr-defined]


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "192.168.1.20:8000",
                                  "[::1]:8000", "10.0.0.7", "LOCALHOST"])
def test_addresses_and_local_names_are_answered(host: str, tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    assert client.get("/api/systems", headers={"host": host}).status_code == 200


def test_an_allowed_host_is_answered_and_a_websocket_for_another_name_is_not(
        tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    client = TestClient(new_app(tmp_path, allowed_hosts=("table.example",)))
    assert client.get("/api/systems", headers={"host": "table.example"}).status_code == 200
    table = Table(client, "amulet")
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
            f"/ws?t={table.token}", headers={"host": "evil.example"}) as socket:
        socket.receive_json()


DAMAGE = {
    "its config is not JSON": "UPDATE game_tables SET config = '{' WHERE id = ?",
    "its config is nested too deeply":
        "UPDATE game_tables SET config = '" + "[" * 20_000 + "]" * 20_000 + "' WHERE id = ?",
    "its step 2 is not JSON": "UPDATE game_steps SET choices = 'x{' "
                              "WHERE number = 2 AND table_id = ?",
    "its seed has more than 40 digits": "UPDATE game_tables SET seed = '" + "7" * 5000 +
                                        "' WHERE id = ?",
    "its creation date 'yesterday' is not a date":
        "UPDATE game_tables SET created = 'yesterday' WHERE id = ?",
    "its config is longer than": "UPDATE game_tables SET config = '{\"a\": \"" +
                                 "x" * 70_000 + "\"}' WHERE id = ?",
    "its config is not JSON (Exceeds the limit (4300 digits)":
        "UPDATE game_tables SET config = '{\"a\": " + "1" * 5000 + "}' WHERE id = ?",
    "its seat name is not a name": "UPDATE game_seats SET seat = '' "
                                   "WHERE table_id = ? AND seat = 'Seat-1'",
}
"""What the line says -> how one table's rows are damaged."""


@pytest.mark.parametrize("reason", sorted(DAMAGE))
def test_a_damaged_row_sets_its_table_aside_and_the_others_load(
        reason: str, tmp_path: Path) -> None:
    with TestClient(new_app(tmp_path)) as client:
        damaged, kept = Table(client, "labyrinth"), Table(client, "squad")
        damaged.play(3, cycling_pick)
        kept.play(3, cycling_pick)
        before = kept.truth_hash()
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute(DAMAGE[reason], (damaged.id,))
    client = TestClient(new_app(tmp_path))
    answer = client.get("/api/table", params={"t": damaged.token})
    assert answer.status_code == 409, answer.text
    assert reason in answer.json()["detail"] and "\n" not in answer.json()["detail"]
    assert Table.reopen(client, kept).truth_hash() == before


def _corrupt_pages(database: Path, table_name: str) -> int:
    """Overwrite one leaf page of ``table_name`` with noise; how many leaves it has."""
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = db.execute("PRAGMA page_size").fetchone()[0]
        leaves = [row[0] for row in db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf'", (table_name,))]
    data = bytearray(database.read_bytes())
    victim = leaves[len(leaves) // 2]
    start = (victim - 1) * size
    data[start + 8:start + size] = bytes((index * 97 + 13) % 256 for index in range(size - 8))
    database.write_bytes(bytes(data))
    return len(leaves)


def test_damaged_database_pages_set_their_tables_aside_and_the_server_starts(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(new_app(tmp_path, snapshot_every=0)) as client:
        tables = [Table(client, "labyrinth") for _ in range(6)]
        for table in tables:
            table.play(30, cycling_pick)
    assert _corrupt_pages(tmp_path / "games.sqlite3", "game_steps") > 2
    with caplog.at_level(logging.WARNING):
        client = TestClient(new_app(tmp_path))
    answers = [client.get("/api/table", params={"t": table.token}) for table in tables]
    codes = [answer.status_code for answer in answers]
    assert 409 in codes and 200 in codes, codes
    assert all("cannot be read from the database" in answer.json()["detail"]
               for answer in answers if answer.status_code == 409)
    assert Table(client, "amulet").state()["step"] == 0  # and new tables can be made


def test_a_table_that_fails_to_load_for_any_reason_is_set_aside_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault of ours while loading one table (here: anything restore might raise) sets
    that table aside; the server starts and the other tables play."""
    with TestClient(new_app(tmp_path)) as client:
        broken, kept = Table(client, "amulet"), Table(client, "labyrinth")
        kept.play(2, cycling_pick)
    real_restore = tables_module.restore

    def restore(stored: Any, every: int) -> Any:
        if stored.id == broken.id:
            raise RuntimeError("a fault while loading")
        return real_restore(stored, every)

    monkeypatch.setattr(tables_module, "restore", restore)
    client = TestClient(new_app(tmp_path))
    answer = client.get("/api/table", params={"t": broken.token})
    assert answer.status_code == 409 and "fault of ours" in answer.json()["detail"]
    assert Table.reopen(client, kept).play(2, cycling_pick) == 2


def test_automated_steps_that_fail_at_start_up_do_not_stop_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """Steps due at start-up are taken in the background: one that fails is logged, and
    the server answers and the table is there."""
    with TestClient(new_app(tmp_path, limits=_limits(steps_per_request=1))) as client:
        table = Table(client, "labyrinth", automated={"Seat-2": "random", "Seat-3": "random"},
                      config={"players": 3})
        client.app.state.service.background.close()  # type: ignore[attr-defined]
        seat, legal = table.choosing()[0]
        table.choose(seat, legal[0])  # one step now; the automated ones never run
        steps = table.state()["step"]

    def failing(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a fault in an automated step")

    monkeypatch.setattr(tables_module, "advance", failing)
    with caplog.at_level(logging.ERROR):
        client = TestClient(new_app(tmp_path))
        assert client.app.state.service.background.settle()  # type: ignore[attr-defined]
    assert Table.reopen(client, table).state()["step"] == steps
    assert any("background work on a table failed" in record.getMessage()
               for record in caplog.records)


def _limits(**values: Any) -> Any:
    from undercroft.web.quotas import ServeLimits

    return ServeLimits(**values)


@pytest.mark.parametrize("stages", [[], ["the-moon"], ["mountain-pass"] * 40])
def test_squad_stages_that_are_unknown_or_empty_are_400(stages: list[str],
                                                        tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    answer = client.post("/api/tables", json={"system": "squad",
                                              "config": {"stages": stages}})
    assert answer.status_code == 400 and answer.json()["detail"].startswith("config.stages")
    assert client.app.state.service.tables == {}  # type: ignore[attr-defined]
