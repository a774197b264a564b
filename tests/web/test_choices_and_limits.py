"""Every choice counts once, for the step it answers; what one client may use is bounded;
and a server whose database goes away loses no choice it accepted (docs/security.md)."""

from __future__ import annotations

import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from web_helpers import Table, cycling_pick, new_app, stored_steps

from undercroft.web.background import Background
from undercroft.web.quotas import ServeLimits


def _service(client: TestClient) -> Any:
    return client.app.state.service  # type: ignore[attr-defined]


def test_forty_waits_sent_at_once_from_four_seats_take_one_round(tmp_path: Path) -> None:
    """Two tabs or two phones on one seat: the same choice for the same step counts once."""
    client = TestClient(new_app(tmp_path))
    table = Table(client, "amulet")
    answers: list[int] = []
    lock = threading.Lock()

    def send(seat: str) -> None:
        answer = table.choose(seat, "wait", 0)
        with lock:
            answers.append(answer.status_code)

    threads = [threading.Thread(target=send, args=(seat,))
               for seat in table.seat_tokens for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200] * 40
    assert table.state()["step"] == 1 == stored_steps(tmp_path, table.id)


def test_a_choice_sent_again_after_its_round_closed_does_not_land_in_the_next(
        tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, "amulet")
    for seat in table.seat_tokens:
        assert table.choose(seat, "wait", 0).status_code == 200
    assert table.state()["step"] == 1
    again = table.choose("Warrior", "wait", 0)  # a retry of a request that did arrive
    assert again.status_code == 200 and again.json()["step"] == 1
    assert again.json()["chosen"] is None and table.live().table.pending == {}
    late = table.choose("Elf", table.seat("Elf")["legal"][-1], 0)  # another choice, too late
    assert late.status_code == 409 and "table is at step 1" in late.json()["detail"]
    assert table.live().table.pending == {} and stored_steps(tmp_path, table.id) == 1
    early = table.choose("Elf", "wait", 5)
    assert early.status_code == 409 and table.live().table.pending == {}


def test_a_turn_resent_after_it_was_taken_is_not_taken_again(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, "labyrinth", config={"players": 1, "max_steps": 300})
    for _ in range(3):
        step = table.state()["step"]
        choice = table.seat("Seat-1")["legal"][0]
        assert table.choose("Seat-1", choice, step).status_code == 200
        assert table.choose("Seat-1", choice, step).status_code == 200  # the double
        assert table.state()["step"] == step + 1
    assert stored_steps(tmp_path, table.id) == 3


def test_a_resend_after_a_restart_is_answered_from_the_record(tmp_path: Path) -> None:
    with TestClient(new_app(tmp_path)) as client:
        table = Table(client, "labyrinth", config={"players": 1, "max_steps": 300})
        choice = table.seat("Seat-1")["legal"][0]
        assert table.choose("Seat-1", choice, 0).status_code == 200
    with TestClient(new_app(tmp_path)) as client:
        again = Table.reopen(client, table)
        assert again.choose("Seat-1", f"  {choice} ", 0).status_code == 200
        assert again.state()["step"] == 1


def test_a_choice_without_its_step_is_refused(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, "amulet")
    answer = client.post("/api/seat/choose", params={"t": table.seat_tokens["Elf"]},
                         json={"choice": "wait"})
    assert answer.status_code == 400 and answer.json()["detail"] == "step: Field required"
    assert table.live().table.pending == {}


def test_tables_an_address_may_make_in_an_hour_are_limited(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path, limits=ServeLimits(tables_per_hour=3)))
    for _ in range(3):
        Table(client, "amulet")
    answer = client.post("/api/tables", json={"system": "amulet", "config": {}})
    assert answer.status_code == 429 and "an hour" in answer.json()["detail"]
    assert len(_service(client).tables) == 3
    _service(client).creations._clock = lambda: 10**9  # an hour and more later
    assert client.post("/api/tables", json={"system": "amulet"}).status_code == 200


def test_live_tables_in_all_are_limited(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path, limits=ServeLimits(max_tables=2)))
    Table(client, "amulet")
    Table(client, "labyrinth")
    answer = client.post("/api/tables", json={"system": "squad"})
    assert answer.status_code == 429 and "most live tables (2)" in answer.json()["detail"]


def test_automated_steps_past_a_requests_share_go_on_in_the_background(
        tmp_path: Path) -> None:
    """The request is answered after its share; the rest arrive at the followers."""
    client = TestClient(new_app(tmp_path, limits=ServeLimits(steps_per_request=1)))
    table = Table(client, "labyrinth", automated={"Seat-2": "random", "Seat-3": "random"},
                  config={"players": 3, "max_steps": 300})
    with client.websocket_connect(f"/ws?t={table.token}") as socket:
        first = socket.receive_json()["state"]["step"]
        seat, legal = table.choosing()[0]
        answer = table.choose(seat, legal[0], first)
        assert answer.status_code == 200 and answer.json()["step"] == first + 1
        assert _service(client).background.settle()
        later = table.state()["step"]
        assert later > first + 1  # the automated turns were taken afterwards
        seen = first
        while seen < later:
            message = socket.receive_json()
            if message["type"] == "state":
                seen = message["state"]["step"]
    assert stored_steps(tmp_path, table.id) == later


def test_a_server_with_hundreds_of_automated_steps_due_answers_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose humans have nothing left to choose (here every seat has become
    automated) plays on in the background after a restart, not inside the start-up. The
    background's jobs wait until the start-up's own steps are counted: on a busy machine
    they could otherwise run before the count is read."""
    release = threading.Event()
    run_job = Background._logged

    def held(job: Any) -> None:
        release.wait(60)
        run_job(job)

    limits = ServeLimits(steps_per_request=5)
    with TestClient(new_app(tmp_path, limits=limits)) as client:
        table = Table(client, "labyrinth", automated={"Seat-2": "careful"},
                      config={"players": 2, "max_steps": 400})
        table.play(2, cycling_pick)
        step = table.state()["step"]
    import sqlite3

    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute("UPDATE game_seats SET agent = 'careful', token_hash = NULL "
                   "WHERE seat = 'Seat-1'")
    monkeypatch.setattr(Background, "_logged", staticmethod(held))
    client = TestClient(new_app(tmp_path, limits=limits))
    service = _service(client)
    assert service.tables[table.id].table.steps - step <= 5  # at most one batch before serving
    release.set()
    assert service.background.settle()
    live = service.tables[table.id]
    assert live.table.ruleset.outcome(live.table.state) is not None and live.table.steps > step + 5
    assert stored_steps(tmp_path, table.id) == live.table.steps


def _finish(table: Table) -> None:
    while table.state()["outcome"] is None:
        table.play(50, cycling_pick)


def test_finished_and_idle_tables_are_archived_and_not_loaded_again(tmp_path: Path) -> None:
    limits = ServeLimits(archive_finished=timedelta(hours=1), archive_idle=timedelta(days=2))
    with TestClient(new_app(tmp_path, limits=limits)) as client:
        finished = Table(client, "labyrinth", config={"players": 1, "max_steps": 20})
        idle, playing = Table(client, "amulet"), Table(client, "squad")
        _finish(finished)
        service = _service(client)
        real = service.clock
        service.clock = lambda: real() + timedelta(hours=2)
        service.sweep()
        assert finished.id not in service.tables and idle.id in service.tables
        gone = client.get("/api/table", params={"t": finished.token})
        assert gone.status_code == 410 and "archived" in gone.json()["detail"]
        service.clock = lambda: real() + timedelta(days=1, hours=23)
        playing.play(1, cycling_pick)
        service.clock = lambda: real() + timedelta(days=2, hours=1)
        service.sweep()
        assert idle.id not in service.tables and playing.id in service.tables
    client = TestClient(new_app(tmp_path, limits=limits))
    assert set(_service(client).tables) == {playing.id}
    for old in (finished, idle):
        answer = client.get("/api/seat", params={"t": next(iter(old.seat_tokens.values()))})
        assert answer.status_code == 410
    assert stored_steps(tmp_path, finished.id) > 0  # archived, not deleted


def test_tables_long_idle_when_the_server_was_down_are_archived_at_start(
        tmp_path: Path) -> None:
    with TestClient(new_app(tmp_path)) as client:
        table = Table(client, "amulet")
    import sqlite3

    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute("UPDATE game_activity SET last_active = '2020-01-01 00:00:00.000000'")
    client = TestClient(new_app(tmp_path))
    assert _service(client).tables == {}
    assert client.get("/api/table", params={"t": table.token}).status_code == 410


def test_an_invitation_is_withdrawn_once_its_seat_is_taken(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, "amulet")

    def invite(seat: str) -> int:
        return client.get("/api/table/qr.svg", params={"t": table.token, "seat": seat}
                          ).status_code

    assert invite("Warrior") == invite("Elf") == 200
    assert table.choose("Warrior", "wait").status_code == 200  # a choice in an open round
    assert invite("Warrior") == 403
    assert client.get("/api/seat", params={"t": table.seat_tokens["Elf"]}).status_code == 200
    assert invite("Elf") == 403  # its page was opened: somebody sits there
    assert invite("Wizard") == 200


def test_a_database_that_goes_away_mid_round_loses_no_accepted_choice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, "amulet")
    seats = list(table.seat_tokens)
    for seat in seats[:3]:
        assert table.choose(seat, "wait", 0).status_code == 200
    store = _service(client).store

    def gone(*_: Any, **__: Any) -> Any:
        raise OperationalError("INSERT", {}, Exception("the database went away"))

    monkeypatch.setattr(store, "adding_step", gone)
    answer = table.choose(seats[3], "wait", 0)
    assert answer.status_code == 503 and answer.headers["content-type"].startswith(
        "application/json")
    assert "send it again" in answer.json()["detail"]
    assert sorted(table.live().table.pending) == sorted(seats[:3])
    assert table.seat(seats[0])["chosen"] == "wait"
    monkeypatch.undo()
    assert table.choose(seats[3], "wait", 0).status_code == 200
    assert table.state()["step"] == 1
    assert set(table.live().table.record.choices[0]) == set(seats)


def test_a_fault_of_ours_is_json_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    client = TestClient(new_app(tmp_path), raise_server_exceptions=False)
    table = Table(client, "amulet")

    def broken(*_: Any) -> Any:
        raise RuntimeError("a fault")

    monkeypatch.setattr(_service(client), "table_state", broken)
    answer = client.get("/api/table", params={"t": table.token})
    assert answer.status_code == 500 and "detail" in answer.json()


def test_the_guessing_limit_keys_on_the_peer_not_on_forwarded_headers(
        tmp_path: Path) -> None:
    """uvicorn believes X-Forwarded-For from loopback unless told not to: with it, one
    client could give every guess a new address and never be limited."""
    import socket as sockets

    import uvicorn

    from undercroft.web import serving

    with sockets.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(serving.config(new_app(tmp_path), "127.0.0.1", port, "warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            for _ in range(200):
                try:
                    http.get("/api/systems")
                    break
                except httpx.TransportError:
                    threading.Event().wait(0.05)
            codes = [http.get("/api/table", params={"t": "guess"},
                              headers={"X-Forwarded-For": f"10.0.{n // 250}.{n % 250}"}
                              ).status_code for n in range(25)]
    finally:
        server.should_exit = True
        thread.join(timeout=30)
    assert codes[:20] == [403] * 20 and codes[20:] == [429] * 5
