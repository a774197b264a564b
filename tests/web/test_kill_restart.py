"""A real server process killed mid-game (SIGKILL, no shutdown) and started again on the same
database: the game carries on from the last step, and no choice the server accepted is lost."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(port: int, db: Path) -> subprocess.Popen[str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "undercroft", "serve", "--port", str(port), "--db",
         f"sqlite:///{db}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            _call(port, "GET", "/api/systems")
            return server
        except OSError:
            assert server.poll() is None and time.monotonic() < deadline, "server did not start"
            time.sleep(0.2)


def _call(port: int, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     method=method,
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def test_a_killed_server_resumes_every_accepted_choice(tmp_path: Path) -> None:
    db, port = tmp_path / "tables.sqlite3", _free_port()
    server = _start(port, db)
    try:
        made = _call(port, "POST", "/api/tables", {"system": "labyrinth",
                                                   "config": {"players": 2}, "automated": {}})
        tokens = {seat["seat"]: seat["token"] for seat in made["seats"]}
        for _ in range(6):
            for token in tokens.values():
                state = _call(port, "GET", f"/api/seat?t={token}")
                if state["legal"]:
                    pick = next((c for c in state["legal"] if c.startswith("buy")),
                                state["legal"][0])
                    _call(port, "POST", f"/api/seat/choose?t={token}", {"choice": pick})
        before = _call(port, "GET", f"/api/table?t={made['table_token']}")
    finally:
        server.kill()  # no shutdown: whatever was accepted must already be in the database
        server.wait(timeout=30)
    assert before["step"] >= 6
    server = _start(port, db)
    try:
        after = _call(port, "GET", f"/api/table?t={made['table_token']}")
        assert after["step"] == before["step"]
        assert after["view"] == before["view"]
        token = next(t for t in tokens.values()
                     if _call(port, "GET", f"/api/seat?t={t}")["legal"])
        legal = _call(port, "GET", f"/api/seat?t={token}")["legal"]
        moved = _call(port, "POST", f"/api/seat/choose?t={token}", {"choice": legal[0]})
        assert moved["step"] == before["step"] + 1  # play goes on
    finally:
        server.kill()
        server.wait(timeout=30)
