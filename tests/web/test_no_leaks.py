"""No message tells a seat, or the table screen, what the rules keep hidden.

Seeded games are played through the API while a WebSocket is open for the table and
for every human seat; every message each one receives (and every HTTP answer) is checked
against the ruleset's ``hidden(state)`` fragments at that moment, as the conformance
suite checks views.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import Table, cycling_pick, new_app

GAMES = [("amulet", {"Elf": "sensible"}, 3, 30), ("amulet", {}, 4, 30),
         ("labyrinth", {"Seat-3": "careful"}, 3, 40), ("labyrinth", {}, 8, 40),
         ("squad", {"GM": "sensible"}, 3, 25), ("cardcrawl", {}, 5, 25)]
"""(system, automated seats, seed, steps at least)."""


def leaked(table: Table, message: Any) -> list[str]:
    live = table.live()
    text = json.dumps(message)
    game = live.table
    return [fragment for fragment in game.ruleset.hidden(game.state) if fragment in text]


@pytest.mark.parametrize(("system", "automated", "seed", "steps"), GAMES)
def test_no_message_to_any_seat_or_the_table_carries_a_hidden_fragment(
        system: str, automated: dict[str, str], seed: int, steps: int,
        tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path, seed=seed))
    table = Table(client, system, automated)
    live = table.live()
    assert leaked(table, live.table.view(None)), "the check can see a leak"
    tokens = {"table": table.token, **table.seat_tokens}
    received = {name: 0 for name in tokens}
    for seat in table.seat_tokens:  # every phone joins first: a seat taken while the
        table.seat(seat)            # sockets follow would be one more message to each
    with ExitStack() as stack:
        sockets = {name: stack.enter_context(client.websocket_connect(f"/ws?t={token}"))
                   for name, token in tokens.items()}

        def check_every_socket() -> None:
            step = table.state()["step"]
            for name, socket in sockets.items():
                message = socket.receive_json()
                if message["type"] == "seats":  # only who has chosen changed
                    assert message["step"] == step and set(message) == {"type", "step",
                                                                        "seats"}
                else:
                    assert message["type"] == "state" and message["state"]["step"] == step
                    assert message["state"].get("seat", "table") == name
                assert not leaked(table, message), (name, step, leaked(table, message))
                received[name] += 1

        check_every_socket()
        taken = table.play(steps, cycling_pick, after=check_every_socket)
    assert taken >= min(steps, 10), "play long enough to mean something"
    assert len(set(received.values())) == 1 and min(received.values()) >= 10
    for seat in table.seat_tokens:
        assert not leaked(table, table.seat(seat))
    assert not leaked(table, table.state())


def test_the_check_fails_when_a_message_carries_the_truth(tmp_path: Path) -> None:
    """Break it on purpose: the whole truth in a message is caught."""
    table = Table(TestClient(new_app(tmp_path, seed=3)), "amulet")
    table.play(5, cycling_pick)
    live = table.live()
    state = table.state()
    assert not leaked(table, state)
    state["view"] = live.table.ruleset.view(live.table.state, None)
    assert leaked(table, {"type": "state", "state": state})
