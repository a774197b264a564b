"""A table played through the shared table's HTTP API, as the web tests drive it."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from undercroft.engine.record import state_hash
from undercroft.web.app import create_app
from undercroft.web.live import SNAPSHOT_EVERY, LiveTable

QUICK: dict[str, dict[str, Any]] = {"amulet": {"max_rounds": 150, "depth_limit": 3},
                                    "cardcrawl": {"rooms": 6, "max_rounds": 60},
                                    "labyrinth": {"players": 3, "max_steps": 300},
                                    "squad": {"players": 2, "max_steps": 300}}
"""Small games per system (as the conformance suite plays them)."""

Pick = Callable[[str, list[str], int], str]


def first_pick(seat: str, legal: list[str], step: int) -> str:
    return legal[0]


def cycling_pick(seat: str, legal: list[str], step: int) -> str:
    """A different legal choice from step to step and seat to seat, without any randomness."""
    return legal[(3 * step + len(seat)) % len(legal)]


def db_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'games.sqlite3'}"


TEST_HOST = "testserver"
"""The name TestClient addresses requests to: allowed as an operator's ``--allowed-host``."""


def new_app(folder: Path, seed: int = 5, snapshot_every: int = SNAPSHOT_EVERY,
            **options: Any) -> FastAPI:
    hosts = (TEST_HOST, *options.pop("allowed_hosts", ()))
    return create_app(db_url(folder), seeds=lambda: seed, snapshot_every=snapshot_every,
                      allowed_hosts=hosts, **options)


def stored_steps(folder: Path, table: int) -> int:
    with sqlite3.connect(folder / "games.sqlite3") as db:
        count: int = db.execute("SELECT COUNT(*) FROM game_steps WHERE table_id = ?",
                                (table,)).fetchone()[0]
        return count


class Table:
    """One table made through ``POST /api/tables``, with its tokens."""

    def __init__(self, client: TestClient, system: str, automated: dict[str, str] | None = None,
                 config: dict[str, Any] | None = None) -> None:
        self.client = client
        body = {"system": system, "config": QUICK.get(system, {}) if config is None else config,
                "automated": automated or {}}
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 200, answer.text
        self.answer: dict[str, Any] = answer.json()
        self.id: int = self.answer["table"]
        self.token: str = self.answer["table_token"]
        self.seat_tokens: dict[str, str] = {seat["seat"]: seat["token"]
                                            for seat in self.answer["seats"] if seat["token"]}

    @classmethod
    def reopen(cls, client: TestClient, old: Table) -> Table:
        """The same table seen through another app (after a restart)."""
        table = cls.__new__(cls)
        table.client, table.answer, table.id = client, old.answer, old.id
        table.token, table.seat_tokens = old.token, old.seat_tokens
        return table

    def state(self) -> dict[str, Any]:
        answer = self.client.get("/api/table", params={"t": self.token})
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()
        return state

    def seat(self, seat: str) -> dict[str, Any]:
        answer = self.client.get("/api/seat", params={"t": self.seat_tokens[seat]})
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()
        return state

    def choose(self, seat: str, text: str, step: int | None = None) -> Any:
        """Send ``seat``'s choice for ``step`` (by default the step the table is at)."""
        if step is None:
            step = self.state()["step"]
        return self.client.post("/api/seat/choose", params={"t": self.seat_tokens[seat]},
                                json={"choice": text, "step": step})

    def live(self) -> LiveTable:
        live: LiveTable = self.client.app.state.service.tables[self.id]  # type: ignore[attr-defined]
        return live

    def truth_hash(self) -> str:
        live = self.live()
        return state_hash(live.table.ruleset.view(live.table.state, None))

    def choosing(self) -> list[tuple[str, list[str]]]:
        """Each human seat that must still choose now, with its legal choices."""
        found = []
        for seat in self.seat_tokens:
            legal = self.seat(seat)["legal"]
            if legal:
                found.append((seat, legal))
        return found

    def make_choices(self, count: int, pick: Pick = cycling_pick) -> int:
        """Make ``count`` human choices (fewer if the game ends); returns how many."""
        for made in range(count):
            state = self.state()
            if state["outcome"] is not None:
                return made
            seat, legal = self.choosing()[0]
            answer = self.choose(seat, pick(seat, legal, state["step"]))
            assert answer.status_code == 200, answer.text
        return count

    def play(self, steps: int, pick: Pick = cycling_pick,
             after: Callable[[], None] | None = None) -> int:
        """Make human choices until ``steps`` more steps are taken or the game ends;
        ``after`` runs after every choice. Returns the steps taken."""
        start = self.state()["step"]
        while True:
            state = self.state()
            if state["outcome"] is not None or state["step"] >= start + steps:
                return int(state["step"]) - start
            choosing = self.choosing()
            assert choosing, "nobody can choose, yet the game has not ended"
            seat, legal = choosing[0]
            answer = self.choose(seat, pick(seat, legal, state["step"]))
            assert answer.status_code == 200, answer.text
            if after is not None:
                after()
