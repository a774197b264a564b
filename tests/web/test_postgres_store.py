"""The shared table on PostgreSQL: the store keeps tables, steps and snapshots there as on
SQLite, and a server restarted on the same database goes on exactly (tests/postgres_server.py
provides the server: a throwaway cluster of this session's own, or UNDERCROFT_TEST_POSTGRES).

The URLs are given as ``postgresql://`` with no driver, as a person types ``--db``."""

from __future__ import annotations

import zlib
from datetime import datetime
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import NullPool
from web_helpers import TEST_HOST, Table, cycling_pick

from postgres_server import url_text
from undercroft.store.games import GameStore, StoredSeat
from undercroft.store.urls import engine_url
from undercroft.web.app import create_app

HUGE_SEED = 2**70 + 3
"""A seed past 64 bits: the store keeps seeds as text."""
AUTOMATED = {"amulet": {"Elf": "random", "Wizard": "sensible"},
             "labyrinth": {"Seat-2": "random"}, "squad": {"GM": "random"},
             "cardcrawl": {"Seat-3": "random"}}
"""Random agents draw from their streams at every choice, so a restart that lost their
place would make other choices than the twin that never stopped."""


@pytest.fixture(autouse=True)
def _data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the store keeps beside a database that is not a file (the key that signs
    snapshots) goes to a folder of this test's, not the user's data folder."""
    monkeypatch.setenv("UNDERCROFT_DATA", str(tmp_path / "data"))


def _app(url: str, seed: int, snapshot_every: int) -> FastAPI:
    """The shared table on ``url``, as web_helpers.new_app makes one on a SQLite file."""
    return create_app(url, seeds=lambda: seed, snapshot_every=snapshot_every,
                      allowed_hosts=(TEST_HOST,))


def _stored_steps(url: URL, table: int) -> int:
    engine = create_engine(engine_url(url_text(url)), poolclass=NullPool)
    try:
        with engine.connect() as connection:
            count = connection.execute(text(
                "SELECT count(*) FROM game_steps WHERE table_id = :table"),
                {"table": table}).scalar_one()
    finally:
        engine.dispose()
    return int(count)


def test_the_store_keeps_tables_steps_and_snapshots(postgres_database: URL) -> None:
    url = url_text(postgres_database)
    store = GameStore(url)
    try:
        assert postgres_database.password is None or "***" in store.where
        seats = [StoredSeat("Elf", None, "e" * 64), StoredSeat("Wizard", "random", None)]
        config = {"depth_limit": 3, "house": {"drain": [1, 2]}, "name": "Caf\u00e9"}
        table = store.add_table(system="amulet", rules_version="7", config=config,
                                seed=HUGE_SEED, token_hash="t" * 64, seats=seats)
        other = store.add_table(system="squad", rules_version="1", config={}, seed=-4,
                                token_hash="u" * 64, seats=[])
        with store.adding_step(table, 1, {"Elf": "go north"}):
            pass
        with store.adding_step(table, 2, {"Elf": "attack swarm-2 with shot"}):
            pass
        with pytest.raises(RuntimeError), store.adding_step(table, 3, {"Elf": "wait"}):
            raise RuntimeError("the step failed: its row must not stay")
        with pytest.raises(IntegrityError), store.adding_step(table, 2, {"Elf": "twice"}):
            pass
        data = zlib.compress(bytes(range(256)) * 4)
        store.save_snapshot(table, 1, "code-a", "truth-a", b"old")
        store.save_snapshot(table, 2, "code-b", "truth-b", data)
        before = store.tables()
    finally:
        store.close()

    again = GameStore(url)  # a restart: another store on the same database
    try:
        assert again.tables() == before
    finally:
        again.close()
    first, second = before
    assert (first.id, second.id) == (table, other)
    assert (first.system, first.rules_version, first.config, first.seed) == (
        "amulet", "7", config, HUGE_SEED)
    assert isinstance(first.created, datetime) and first.token_hash == "t" * 64
    assert first.seats == tuple(seats) and first.problem is None
    assert first.steps == ({"Elf": "go north"}, {"Elf": "attack swarm-2 with shot"})
    assert first.snapshot is not None
    snapshot = first.snapshot
    assert (snapshot.number, snapshot.code, snapshot.truth, snapshot.data) == (
        2, "code-b", "truth-b", data)
    assert (second.seed, second.steps, second.seats, second.snapshot) == (-4, (), (), None)


@pytest.mark.parametrize("system", sorted(AUTOMATED))
def test_a_server_restarted_on_postgresql_continues_exactly(
        system: str, postgres_database: URL) -> None:
    """A table played on PostgreSQL, the server restarted on the same database (from its
    latest snapshot, taken every 3 steps, then the steps after it) and played on: it
    stands where a twin on SQLite in memory, which never stopped, stands."""
    url = url_text(postgres_database)
    twin = Table(TestClient(_app("sqlite://", seed=11, snapshot_every=0)), system,
                 AUTOMATED[system])
    with TestClient(_app(url, seed=11, snapshot_every=3)) as client:
        table = Table(client, system, AUTOMATED[system])
        table.make_choices(8, cycling_pick)
        before, step = table.truth_hash(), table.state()["step"]
        assert step == _stored_steps(postgres_database, table.id) >= 3
    with TestClient(_app(url, seed=99, snapshot_every=3)) as client:
        again = Table.reopen(client, table)
        assert again.live().snapshot_at == step // 3 * 3
        assert again.truth_hash() == before and again.state()["step"] == step
        again.make_choices(4, cycling_pick)
        twin.make_choices(12, cycling_pick)
        assert again.live().table.record.choices == twin.live().table.record.choices
        assert again.truth_hash() == twin.truth_hash()
        assert again.state()["step"] == _stored_steps(postgres_database, table.id)
