"""Tokens (docs/web-api.md): a seat token acts only for its seat, the table token only
watches, wrong tokens are refused and rate-limited, and tokens reach neither the
database nor the logs."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import Table, new_app, stored_steps

from undercroft.web.tokens import (
    FAILURES_ALLOWED,
    FailureLimiter,
    RedactTokens,
    new_token,
    same_hash,
    token_hash,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(new_app(tmp_path))


def test_a_seat_cannot_act_in_another_seats_turn_and_nothing_changes(
        client: TestClient, tmp_path: Path) -> None:
    table = Table(client, "labyrinth")
    turn = table.seat("Seat-1")["legal"]
    assert turn and table.seat("Seat-2")["legal"] == []
    before = table.truth_hash()
    for text in turn:
        answer = table.choose("Seat-2", text)
        assert answer.status_code == 400 and "Seat-2 does not choose now" in \
            answer.json()["detail"]
    assert table.truth_hash() == before and stored_steps(tmp_path, table.id) == 0
    assert table.state()["step"] == 0


@pytest.mark.parametrize("system", ["amulet", "labyrinth"])
def test_an_illegal_choice_is_400_and_writes_nothing(system: str, client: TestClient,
                                                     tmp_path: Path) -> None:
    table = Table(client, system)
    seat = next(iter(table.seat_tokens))
    before = table.truth_hash()
    for text in ("attack swarm-99 with melee", "buy sword#9", "enter floor 9", "token"):
        answer = table.choose(seat, text)
        assert answer.status_code == 400, text
    assert table.truth_hash() == before and stored_steps(tmp_path, table.id) == 0
    assert table.seat(seat)["chosen"] is None


def test_the_table_token_only_watches(client: TestClient) -> None:
    table = Table(client, "amulet")
    before = table.truth_hash()
    answer = client.post("/api/seat/choose", params={"t": table.token},
                         json={"choice": "wait", "step": 0})
    assert answer.status_code == 403 and "only watches" in answer.json()["detail"]
    assert client.get("/api/seat", params={"t": table.token}).status_code == 403
    assert table.truth_hash() == before and table.state()["step"] == 0


def test_a_seat_token_does_not_open_the_screens_routes(client: TestClient) -> None:
    table = Table(client, "amulet")
    seat = table.seat_tokens["Warrior"]
    for path in ("/api/table", "/api/table/map.svg", "/api/table/qr.svg",
                 "/api/table/invites"):
        assert client.get(path, params={"t": seat, "seat": "Elf"}).status_code == 403, path


def test_a_token_of_one_table_opens_nothing_at_another(client: TestClient) -> None:
    first, second = Table(client, "amulet"), Table(client, "amulet")
    assert first.state()["table"] != second.state()["table"]
    seat = client.get("/api/seat", params={"t": second.seat_tokens["Elf"]}).json()
    assert seat["table"] == second.id


@pytest.mark.parametrize("token", ["", "nonsense", "x" * 5000, new_token()])
def test_wrong_tokens_are_403(token: str, client: TestClient) -> None:
    Table(client, "amulet")
    for path in ("/api/table", "/api/seat", "/api/table/map.svg"):
        answer = client.get(path, params={"t": token})
        assert answer.status_code == 403 and "\n" not in answer.json()["detail"]
    answer = client.post("/api/seat/choose", params={"t": token},
                         json={"choice": "wait", "step": 0})
    assert answer.status_code == 403


def test_twenty_wrong_tokens_a_minute_bring_429_even_for_the_right_token(
        client: TestClient) -> None:
    clock = Clock()
    client.app.state.service.limiter = FailureLimiter(clock=clock)  # type: ignore[attr-defined]
    table = Table(client, "amulet")
    for _ in range(FAILURES_ALLOWED):
        assert client.get("/api/table", params={"t": "guess"}).status_code == 403
    assert client.get("/api/table", params={"t": "guess"}).status_code == 429
    refused = client.get("/api/table", params={"t": table.token})
    assert refused.status_code == 429 and "wait a minute" in refused.json()["detail"]
    assert table.choose("Warrior", "wait", 0).status_code == 429
    clock.now += 61
    assert client.get("/api/table", params={"t": table.token}).status_code == 200


def test_the_limit_is_per_address_and_forgets_old_failures() -> None:
    clock = Clock()
    limiter = FailureLimiter(allowed=3, window=60, clock=clock)
    for _ in range(3):
        limiter.failed("10.0.0.1")
        clock.now += 15
    assert limiter.blocked("10.0.0.1") and not limiter.blocked("10.0.0.2")
    clock.now += 16  # the first failure is now 61 seconds old
    assert not limiter.blocked("10.0.0.1")


def test_websockets_with_a_bad_token_close_with_4403_and_429_with_4429(
        client: TestClient) -> None:
    clock = Clock()
    client.app.state.service.limiter = FailureLimiter(clock=clock)  # type: ignore[attr-defined]
    table = Table(client, "amulet")
    with client.websocket_connect("/ws?t=wrong") as socket, \
            pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    assert closed.value.code == 4403
    for _ in range(FAILURES_ALLOWED):
        client.get("/api/table", params={"t": "guess"})
    with client.websocket_connect(f"/ws?t={table.token}") as socket, \
            pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    assert closed.value.code == 4429


def test_the_database_keeps_only_hashes_of_seat_tokens(client: TestClient,
                                                       tmp_path: Path) -> None:
    """Seat tokens only as hashes; the table token (watch only) also as itself, in its
    own table, for the lobby's list (docs/security.md)."""
    table = Table(client, "amulet", automated={"Elf": "random"})
    raw = b"".join(path.read_bytes() for path in tmp_path.glob("games.sqlite3*"))
    # (the file and its write-ahead log: a fresh commit may still be in the log)
    tokens = [table.token, *table.seat_tokens.values()]
    assert len(tokens) == 4
    for token in tokens:
        assert token_hash(token).encode() in raw
        assert same_hash(token, token_hash(token)) and not same_hash(token, token_hash("x"))
    for token in table.seat_tokens.values():
        assert token.encode() not in raw
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        kept = db.execute("SELECT table_id, token FROM game_watch_tokens").fetchall()
    assert kept == [(table.id, table.token)]


def test_the_lobbys_list_shows_watch_links_and_never_a_seats_token(
        client: TestClient) -> None:
    tables = [Table(client, "amulet", automated={"Elf": "random"}), Table(client, "squad")]
    answer = client.get("/api/tables")
    assert answer.status_code == 200
    for table in tables:
        assert f"/table?t={table.token}" in answer.text
        for token in table.seat_tokens.values():
            assert token not in answer.text and token_hash(token) not in answer.text


def test_the_screen_loses_a_seats_invitation_as_soon_as_its_player_joins(
        client: TestClient) -> None:
    table = Table(client, "amulet")

    def invited() -> list[str]:
        answer = client.get("/api/table/invites", params={"t": table.token})
        assert answer.status_code == 200
        return [invite["seat"] for invite in answer.json()]

    assert invited() == ["Warrior", "Elf", "Valkyrie", "Wizard"]
    with client.websocket_connect(f"/ws?t={table.token}") as screen:
        first = screen.receive_json()["state"]
        assert not any(row["joined"] for row in first["seats"])
        assert table.seat("Elf")["seat"] == "Elf"  # the Elf's phone opens its page
        told = screen.receive_json()  # at once, not at the next step
        assert told["type"] == "seats" and told["step"] == 0
        assert [row["seat"] for row in told["seats"] if row["joined"]] == ["Elf"]
    assert invited() == ["Warrior", "Valkyrie", "Wizard"]
    assert client.get("/api/table/qr.svg", params={"t": table.token, "seat": "Elf"}
                      ).status_code == 403
    assert table.choose("Wizard", "wait").status_code == 200
    assert invited() == ["Warrior", "Valkyrie"]


def test_tokens_are_long_and_never_repeat() -> None:
    tokens = {new_token() for _ in range(1000)}
    assert len(tokens) == 1000 and all(len(token) == 32 for token in tokens)


def test_log_lines_carry_no_token(caplog: pytest.LogCaptureFixture) -> None:
    """uvicorn's access and WebSocket lines pass their path as an argument."""
    token = new_token()
    logger = logging.getLogger("test.redact")
    logger.addFilter(RedactTokens())
    with caplog.at_level(logging.INFO, logger="test.redact"):
        logger.info('%s - "%s %s HTTP/%s" %d', "1.2.3.4:5", "GET",
                    f"/api/seat?t={token}&x=1", "1.1", 200)
        logger.info(f'"WebSocket /ws?t={token}" [accepted]')
    assert len(caplog.records) == 2
    for record in caplog.records:
        assert token not in record.getMessage() and "t=***" in record.getMessage()
