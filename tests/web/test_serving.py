"""How the server process is set up to serve: its collector, tuned for many live games;
the address it prints and puts into invitations; a port already taken."""

from __future__ import annotations

import gc
import ipaddress
import shutil
import socket
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_helpers import TEST_HOST, Table

from cli_helpers import Result, assert_bad_input
from cli_helpers import run as cli_run
from undercroft.web import addresses, serving
from undercroft.web.app import qr_svg
from undercroft.web.serving import GC_THRESHOLDS, tune_collector


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the test process's collector back as it was."""
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_the_loaded_objects_are_frozen_and_young_objects_collected_less_often(
        collector: None) -> None:
    loaded = [[index] for index in range(1_000)]  # stands for the tables loaded at start
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    tune_collector()
    assert gc.get_freeze_count() >= len(loaded)
    assert gc.get_threshold() == GC_THRESHOLDS
    assert GC_THRESHOLDS[0] > 700 * 10, "young objects collected far less often than Python's"


# --- where phones join ----------------------------------------------------------------

LAN: Final = "198.51.100.20"
"""The network address the tests give this machine (documentation range: never reached)."""


def free_loopback_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    """What ``undercroft serve`` would have served, caught before uvicorn starts."""

    app: FastAPI
    address: tuple[str, int]
    result: Result


def serve_without_serving(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                          tmp_path: Path, host: str) -> Served:
    """Run ``undercroft serve --host HOST`` with uvicorn left out: its socket is bound
    (never listened on) and closed, and its app kept for a TestClient."""
    caught: list[tuple[FastAPI, tuple[str, int]]] = []

    def run(app: FastAPI, host: str, port: int, *_: object, sock: socket.socket) -> None:
        caught.append((app, sock.getsockname()[:2]))
        sock.close()

    monkeypatch.setattr(serving, "run", run)
    monkeypatch.setattr(addresses, "lan_address", lambda: LAN)
    port = free_loopback_port()
    result = cli_run(capsys, "serve", "--host", host, "--port", str(port), "--db",
                     f"sqlite:///{tmp_path / 'served.sqlite3'}", "--allowed-host", TEST_HOST)
    assert result.code == 0, result
    (app, address), = caught
    assert address[1] == port
    return Served(app, address, result)


def test_a_server_on_every_network_prints_the_lan_address_and_invites_carry_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    served = serve_without_serving(capsys, monkeypatch, tmp_path, "0.0.0.0")
    port = served.address[1]
    assert served.address[0] == "0.0.0.0"
    lines = served.result.err.strip().splitlines()
    assert f"open http://127.0.0.1:{port}/ on this machine" in lines[0]  # the TV
    assert f"phones on the same network join at http://{LAN}:{port}/" in lines[1]
    with TestClient(served.app) as client:  # the screen opened at another address
        table = Table(client, "amulet", automated={"Elf": "random"})
        invites = client.get("/api/table/invites", params={"t": table.token}).json()
        expected = {seat: f"http://{LAN}:{port}/seat?t={token}"
                    for seat, token in table.seat_tokens.items()}
        assert {invite["seat"]: invite["url"] for invite in invites} == expected
        for invite in invites:  # the code is segno's encoding of that very link
            assert invite["qr"] == qr_svg(expected[invite["seat"]])
            code = client.get("/api/table/qr.svg", params={"t": table.token,
                                                            "seat": invite["seat"]})
            assert code.text == qr_svg(expected[invite["seat"]])


def test_a_server_on_loopback_says_phones_cannot_join_and_invites_carry_loopback(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    served = serve_without_serving(capsys, monkeypatch, tmp_path, "127.0.0.1")
    port = served.address[1]
    lines = served.result.err.strip().splitlines()
    assert f"open http://127.0.0.1:{port}/ on this machine" in lines[0]
    assert "phones cannot join" in lines[1] and LAN not in served.result.err
    with TestClient(served.app) as client:
        table = Table(client, "labyrinth")
        invites = client.get("/api/table/invites", params={"t": table.token}).json()
        assert invites and all(invite["url"].startswith(f"http://127.0.0.1:{port}/seat?t=")
                               for invite in invites)


def test_a_port_in_use_is_one_line_naming_it_and_exit_2(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli_run(capsys, "serve", "--host", "127.0.0.1", "--port", str(port),
                         "--db", f"sqlite:///{tmp_path / 'served.sqlite3'}")
    assert_bad_input(result, f"127.0.0.1:{port}: port {port} is already in use")
    assert not (tmp_path / "served.sqlite3").exists()  # refused before the app was made


def test_the_lan_address_is_asked_of_the_routing_table_and_falls_back_to_loopback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    found = addresses.lan_address()
    assert ipaddress.ip_address(found)  # an address, whatever this machine's network
    sent: list[object] = []

    class Probe:
        """A UDP socket that says which address it was connected from; sends nothing."""

        def __init__(self, family: int, kind: int) -> None:
            assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)

        def __enter__(self) -> Probe:
            return self

        def __exit__(self, *_: object) -> None:
            return None

        def connect(self, address: tuple[str, int]) -> None:
            assert address == addresses.PROBE

        def getsockname(self) -> tuple[str, int]:
            return ("192.168.1.20", 40000)

        def send(self, data: bytes) -> None:
            sent.append(data)

    monkeypatch.setattr(addresses.socket, "socket", Probe)
    assert addresses.lan_address() == "192.168.1.20" and sent == []

    def no_route(*_: object) -> None:
        raise OSError("Network is unreachable")

    monkeypatch.setattr(addresses.socket, "socket", no_route)
    monkeypatch.setattr(addresses.socket, "gethostbyname", lambda name: "127.0.1.1")
    assert addresses.lan_address() == "127.0.0.1"  # the host name is loopback too
    monkeypatch.setattr(addresses.socket, "gethostbyname", lambda name: "10.0.0.7")
    assert addresses.lan_address() == "10.0.0.7"


def test_phones_and_the_screen_are_given_the_address_for_each_way_of_listening() -> None:
    def lan() -> str:
        return LAN

    assert addresses.phone_url("0.0.0.0", 8000, lan) == f"http://{LAN}:8000"
    assert addresses.phone_url("::", 8000, lan) == f"http://{LAN}:8000"
    assert addresses.phone_url("127.0.0.1", 8000, lan) == "http://127.0.0.1:8000"
    assert addresses.phone_url("10.1.2.3", 9000, lan) == "http://10.1.2.3:9000"
    assert addresses.phone_url("fd00::5", 8000, lan) == "http://[fd00::5]:8000"
    assert addresses.screen_url("0.0.0.0", 8000) == "http://127.0.0.1:8000"
    assert addresses.screen_url("10.1.2.3", 8000) == "http://10.1.2.3:8000"
    lines = addresses.start_lines("10.1.2.3", 8000, "http://10.1.2.3:8000")
    assert lines[1].strip() == "phones join at http://10.1.2.3:8000/"


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_serves_the_network_unless_told_where(monkeypatch: pytest.MonkeyPatch) -> None:
    """``make run`` listens on every network; HOST and PORT on the command line change
    it, and a HOST in the environment (some shells export the machine's name) does not."""
    root = Path(__file__).resolve().parents[2]
    monkeypatch.setenv("HOST", "somebodys-laptop")

    def command(*args: str) -> str:
        done = subprocess.run(["make", "--no-print-directory", "-n", "-C", str(root), "run",
                               *args], capture_output=True, text=True, timeout=60, check=True)
        return done.stdout.strip().splitlines()[-1]

    assert command().endswith("undercroft serve --host 0.0.0.0 --port 8000")
    assert command("HOST=127.0.0.1", "PORT=8123").endswith(
        "undercroft serve --host 127.0.0.1 --port 8123")
