"""Snapshots on the shared table: written every N steps beside the record (the latest
only), read at a restart so that only the steps after them are replayed, and passed over,
with a line in the log, whenever they cannot be used: the record stays the truth."""

from __future__ import annotations

import inspect
import json
import logging
import sqlite3
import zlib
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import Table, cycling_pick, db_url, new_app

from undercroft.cli.serve_command import serve_command
from undercroft.engine import snapshot
from undercroft.engine import table as table_module
from undercroft.store.games import GameStore
from undercroft.web.live import SNAPSHOT_EVERY

AUTOMATED = {"Elf": "sensible", "Wizard": "random"}


def _snapshots(folder: Path, table: int) -> list[tuple[int, int]]:
    """(step, bytes of data) of each snapshot row of the table."""
    with sqlite3.connect(folder / "games.sqlite3") as db:
        return [(number, size) for number, size in db.execute(
            "SELECT number, length(data) FROM table_snapshots WHERE table_id = ?", (table,))]


def _signed_again(folder: Path) -> None:
    """Sign every snapshot row again with the server's key: what a bug of ours, or another
    build, could write; the checks behind the signature must catch it."""
    store = GameStore(db_url(folder))
    with sqlite3.connect(folder / "games.sqlite3") as db:
        rows = list(db.execute("SELECT table_id, number, code, truth, data "
                               "FROM table_snapshots"))
        for table_id, number, code, truth, data in rows:
            db.execute("UPDATE table_snapshots SET signature = ? WHERE table_id = ?",
                       (store._signature(table_id, number, code, truth, bytes(data)),
                        table_id))
    store.close()


def test_the_latest_snapshot_is_kept_every_n_steps(tmp_path: Path) -> None:
    with TestClient(new_app(tmp_path, snapshot_every=4)) as client:
        table = Table(client, "amulet", AUTOMATED)
        seen = set()
        table.play(13, cycling_pick, after=lambda: seen.update(_snapshots(tmp_path, table.id)))
        step = table.state()["step"]
    [(number, size)] = _snapshots(tmp_path, table.id)
    assert number == step // 4 * 4 >= 12 and size > 0
    assert {number for number, _ in seen} >= {4, 8, 12}


def test_no_snapshots_when_they_are_turned_off(tmp_path: Path) -> None:
    with TestClient(new_app(tmp_path, snapshot_every=0)) as client:
        table = Table(client, "amulet", AUTOMATED)
        table.play(6, cycling_pick)
    assert _snapshots(tmp_path, table.id) == []


def _played(folder: Path, every: int = 3) -> tuple[Table, str, int]:
    with TestClient(new_app(folder, snapshot_every=every)) as client:
        table = Table(client, "amulet", AUTOMATED)
        table.play(8, cycling_pick)
        return table, table.truth_hash(), table.state()["step"]


def test_a_table_replayed_at_a_restart_gets_its_snapshot_then(tmp_path: Path) -> None:
    """A finished game takes no more steps: its snapshot is written when it is loaded."""
    table, before, step = _played(tmp_path, every=0)
    assert _snapshots(tmp_path, table.id) == []
    with TestClient(new_app(tmp_path, snapshot_every=3)) as client:
        assert Table.reopen(client, table).live().snapshot_at == step
    assert [number for number, _ in _snapshots(tmp_path, table.id)] == [step]
    with TestClient(new_app(tmp_path, snapshot_every=3)) as client:
        again = Table.reopen(client, table)
        assert again.live().snapshot_at == step and again.truth_hash() == before


DAMAGE = {
    "written by another build of Undercroft": "UPDATE table_snapshots SET code = 'other'",
    "Error -3 while decompressing": "UPDATE table_snapshots SET data = X'00ff'",
    "it is not this table's game as its record has it":
        "UPDATE table_snapshots SET truth = 'x'",
}
"""What the log says -> how the snapshot's row is damaged."""


@pytest.mark.parametrize("reason", sorted(DAMAGE))
def test_a_snapshot_that_cannot_be_used_is_passed_over_and_the_record_replayed(
        reason: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    table, before, step = _played(tmp_path)
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute(DAMAGE[reason])
    _signed_again(tmp_path)
    with caplog.at_level(logging.WARNING), TestClient(new_app(tmp_path)) as client:
        again = Table.reopen(client, table)
        assert again.live().snapshot_at == 0 and again.truth_hash() == before
        assert again.state()["step"] == step
        assert again.play(3, cycling_pick) == 3
    warned = [record.getMessage() for record in caplog.records
              if record.name == "undercroft.web.live"]
    assert any(reason in line and "replaying the record" in line for line in warned), warned


def test_a_snapshot_larger_than_the_limit_is_not_read(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    """A damaged row cannot make the server inflate gigabytes: past the limit it stops."""
    table, before, _ = _played(tmp_path)
    monkeypatch.setattr(table_module, "MAX_SNAPSHOT", 1_000)
    with caplog.at_level(logging.WARNING), TestClient(new_app(tmp_path)) as client:
        again = Table.reopen(client, table)
        assert again.live().snapshot_at == 0 and again.truth_hash() == before
    assert any("more than 1,000 bytes of JSON" in record.getMessage()
               for record in caplog.records)


def test_a_snapshot_of_another_table_is_not_taken_for_this_ones(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Same build, same players, a hash right for its own game: still not this game."""
    with TestClient(new_app(tmp_path, seed=5, snapshot_every=3)) as client:
        table, other = Table(client, "amulet", AUTOMATED), Table(client, "amulet", AUTOMATED)
        table.play(8, cycling_pick)
        other.play(8, lambda seat, legal, step: legal[-1])
        before = table.truth_hash()
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute("DELETE FROM table_snapshots WHERE table_id = ?", (table.id,))
        db.execute("UPDATE table_snapshots SET table_id = ? WHERE table_id = ?",
                   (table.id, other.id))
    _signed_again(tmp_path)
    with caplog.at_level(logging.WARNING), TestClient(new_app(tmp_path)) as client:
        again = Table.reopen(client, table)
        assert again.truth_hash() == before and again.live().snapshot_at == 0
    assert any("not this table's game" in record.getMessage() for record in caplog.records)


def test_a_record_damaged_after_its_snapshot_is_still_refused(tmp_path: Path) -> None:
    """Steps after the snapshot that no longer replay set the table aside, as they would
    with no snapshot: a snapshot never hides a broken record."""
    table, _, step = _played(tmp_path)
    assert step > 7
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute("UPDATE game_steps SET choices = '{\"Warrior\": \"fly away\"}' "
                   "WHERE table_id = ? AND number = 7", (table.id,))
    client = TestClient(new_app(tmp_path))
    answer = client.get("/api/table", params={"t": table.token})
    assert answer.status_code == 409
    assert "step 7" in answer.json()["detail"]


def test_a_snapshot_that_cannot_be_written_does_not_stop_the_game(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    def refuse(graph: Any) -> str:
        raise TypeError("snapshot: root: cannot write a thing")

    monkeypatch.setattr(snapshot, "dumps", refuse)
    with caplog.at_level(logging.ERROR), TestClient(new_app(tmp_path, snapshot_every=2)
                                                     ) as client:
        table = Table(client, "amulet", AUTOMATED)
        assert table.play(5, cycling_pick) == 5
    assert _snapshots(tmp_path, table.id) == []
    assert any("was not written" in record.getMessage() for record in caplog.records)


def test_serve_takes_the_server_default(tmp_path: Path) -> None:
    """(A negative ``--snapshot-every`` is refused with the other bad options in
    test_api.)"""
    default = inspect.signature(serve_command).parameters["snapshot_every"].default
    assert default == SNAPSHOT_EVERY


def _forged(data: bytes) -> bytes:
    """A snapshot's data with every hero's health and treasure raised past any game's."""
    text = zlib.decompress(data).decode()
    graph = json.loads(text)

    def raise_heroes(node: Any) -> None:
        if isinstance(node, dict):
            if str(node.get("o", "")).endswith(":HeroState"):
                attributes = node["a"]
                attributes["health"], attributes["treasure"] = 9999, 777
            for value in node.values():
                raise_heroes(value)
        elif isinstance(node, list):
            for value in node:
                raise_heroes(value)

    raise_heroes(graph)
    return zlib.compress(json.dumps(graph).encode())


def test_a_snapshot_edited_in_the_database_is_not_resumed(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Someone who can write the database but not the server's key file cannot forge a
    game: the edited snapshot (heroes of 9,999 health) fails its signature and the record
    is replayed, to the health it really leads to."""
    table, before, _ = _played(tmp_path)
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        [(data,)] = db.execute("SELECT data FROM table_snapshots WHERE table_id = ?",
                               (table.id,))
        forged = _forged(bytes(data))
        assert forged != bytes(data)
        db.execute("UPDATE table_snapshots SET data = ? WHERE table_id = ?",
                   (forged, table.id))
    with caplog.at_level(logging.WARNING), TestClient(new_app(tmp_path)) as client:
        again = Table.reopen(client, table)
        assert again.live().snapshot_at == 0 and again.truth_hash() == before
        heroes = again.live().table.state.heroes
        assert all(hero.health < 9999 and hero.treasure < 777 for hero in heroes)
    assert any("signature does not verify" in record.getMessage()
               for record in caplog.records)


def test_the_key_is_kept_beside_the_database_readable_by_the_server_alone(
        tmp_path: Path) -> None:
    _played(tmp_path)
    key = tmp_path / "games.sqlite3.key"
    assert key.is_file() and key.stat().st_mode & 0o077 == 0
    first = key.read_text()
    _played(tmp_path)
    assert key.read_text() == first  # made once, never replaced
