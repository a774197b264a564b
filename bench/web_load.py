"""The shared table under load: many Amulet tables played at once over loopback.

Usage: python bench/web_load.py [--tables N] [--rounds R] [--seed S] [--think T]
                                [--pick roam|wait] [--server process|thread] [--json]

Starts the real app (``undercroft.web.app.create_app`` under uvicorn) on a free
loopback port with a fresh SQLite file in a temporary folder, makes N Amulet tables
(default 100) of four human seats each through ``POST /api/tables`` (config
``{"depth_limit": 2}``; the server's table seeds are S, S+1, ...), and opens one
WebSocket per seat (``/ws?t=SEAT_TOKEN``, the ``websockets`` library) as a player's
phone would. Every table then plays R rounds (default 20) at once with the others:
each seat whose state has a non-empty ``legal`` list picks one of those choices and
sends it with ``POST /api/seat/choose`` (httpx; the contract takes no choices over
the WebSocket). ``--pick roam`` (the default) picks at random from a stream seeded by
S, the table and the seat, never ``descend by ...`` (which would end a game at the
depth limit), so the heroes move, fight and open rooms; ``--pick wait`` always waits,
the cheapest step there is.

What is measured is what a player feels: for each round of each table, the time from
sending the round's last choice (the others are sent first and answered) to the
moment all four of the table's WebSockets have received a state with the new step
number. That covers the HTTP request, the wait for a server thread and the table's
lock, the step itself, its row committed to SQLite, the four seat states built and
pushed, and their arrival here. Prints the tables, seats, steps and choices made,
choices per second (every choice sent, over the wall-clock time of the rounds), the
50th, 99th percentile and worst round latency in ms, and the issue's goal: 100 tables
with a p99 under 100 ms on this machine, met or not met. A table whose game ends
before R rounds stops there (``finished_early``).

Each table pauses a random 0 to 2T seconds (``--think T``, mean T, default 1 s) before
each round's choices, as a table of people does; the default is a round a second at every
table, faster than people choose from a list on a phone, which is the load the goal is
judged at (docs/web-api.md, "Load"). ``--think 0`` is the stress case: every seat chooses
the instant it may, so the tables saturate the machine and what it measures is capacity
(choices a second); its latency is queueing behind the other tables' rounds and grows
with N. The bench's own collector is tuned as the server's is
(``web.serving.tune_collector``), so that this client's pauses are not counted as the
server's latency.

By default the server runs in a subprocess, so this client's Python (reading seat states
as they come) does not share the server's GIL; ``--server thread``
serves from a thread of this process instead. The CPU seconds of the server process
(Linux only) and of this client during the rounds are printed beside the figures,
which shows whether the server or the client was the bottleneck. The last line of
stdout is {"choices_per_second": X, "p50_ms": Y, "p99_ms": Z}; with --json stdout is
one JSON document holding every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import os
import platform
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import httpx
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from websockets.asyncio.client import ClientConnection, connect

from bench_args import positive
from undercroft.web.serving import tune_collector

GOAL_TABLES: Final = 100
GOAL_P99_MS: Final = 100.0
CONFIG: Final[dict[str, Any]] = {"depth_limit": 2}
"""Amulet's house rules for every table: two levels deep at most."""
SEATS: Final = 4
DEFAULT_THINK: Final = 1.0
"""Mean seconds a table takes over a round: quicker than people at a table choose."""
STARTUP_SECONDS: Final = 60.0
WAIT_SECONDS: Final = 120.0
"""The longest a table waits for its seats' states before the bench gives up."""
MAX_MESSAGE: Final = 1 << 24
HEAD: Final = 160
"""Characters of a state message in which its step number is looked for first."""
STATE_MESSAGE: Final = '{"type": "state", "state": {"table": '
"""How every state message starts (web.app, web.payloads): its step number is then the
first ``"step"`` in it."""
SEATS_MESSAGE: Final = '{"type": "seats"'
"""How a message saying only who has chosen starts (docs/web-api.md)."""
KEEPALIVE_SECONDS: Final = 1.0
"""How long an idle HTTP connection is kept for the next choice: well under uvicorn's 5 s,
so the client never sends on a connection the server is closing at that moment."""
SERVE: Final = """
import itertools, sys
from undercroft.web import serving
from undercroft.web.app import create_app
from undercroft.web.quotas import ServeLimits
db, port, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
app = create_app(db, seeds=itertools.count(seed).__next__,
                 limits=ServeLimits(tables_per_hour=0, max_tables=0))
serving.run(app, "127.0.0.1", port, "warning")
"""
"""The server subprocess: the app on ``db``, tables seeded from ``seed`` on, with no limit
on the tables one address makes (the bench's hundreds come from one address)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """A running server: its address and, in a subprocess, its process."""

    base: str
    process: subprocess.Popen[bytes] | None = None

    def cpu_seconds(self) -> float | None:
        """The server process's user + system CPU seconds so far (Linux), else None."""
        if self.process is None:
            return None
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1]
        except OSError:
            return None
        utime, stime = fields.split()[11:13]
        return (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")


def wait_until_up(base: str, alive: Callable[[], bool]) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while True:
        try:
            if httpx.get(f"{base}/api/systems", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if not alive():
            raise RuntimeError("the server stopped while starting")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server did not answer in {STARTUP_SECONDS:.0f} s")
        time.sleep(0.1)


@contextmanager
def serving(kind: str, folder: Path, seed: int) -> Iterator[Server]:
    """The app on a fresh SQLite file in ``folder``, in a subprocess or a thread."""
    db_url = f"sqlite:///{folder / 'tables.sqlite3'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    if kind == "process":
        with open(folder / "server.log", "wb") as log:
            process = subprocess.Popen([sys.executable, "-c", SERVE, db_url, str(port),
                                        str(seed)], stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_until_up(base, lambda: process.poll() is None)
            yield Server(base, process)
        except BaseException:
            tail = (folder / "server.log").read_text(errors="replace")[-2000:]
            if tail.strip():
                print(f"--- the server's log ---\n{tail}", file=sys.stderr)
            raise
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        return
    import uvicorn

    from undercroft.web import serving
    from undercroft.web.app import create_app
    from undercroft.web.quotas import ServeLimits

    app = create_app(db_url, seeds=itertools.count(seed).__next__,
                     limits=ServeLimits(tables_per_hour=0, max_tables=0))
    served = uvicorn.Server(serving.config(app, "127.0.0.1", port, "warning"))
    thread = threading.Thread(target=served.run, name="uvicorn", daemon=True)
    thread.start()
    try:
        wait_until_up(base, thread.is_alive)
        yield Server(base)
    finally:
        served.should_exit = True
        thread.join(timeout=30)


STEP: Final = re.compile(r'"step": (\d+)')


def step_of(message: str) -> int:
    """A state message's step number, read from its head (the server writes ``step`` among
    the first fields, before the view, whose own ``step`` comes later); the whole message is
    parsed only if the head does not hold it."""
    found = STEP.search(message, 0, HEAD)
    if found is not None and message.startswith(STATE_MESSAGE):
        return int(found.group(1))
    step: int = json.loads(message)["state"]["step"]
    return step


@dataclass(eq=False)
class SeatClient:
    """One seat's phone: its token, its WebSocket and the newest state it was sent."""

    name: str
    token: str
    message: str = ""
    """The newest message, parsed only when its state is read (:attr:`state`)."""
    step: int = -1
    stepped_at: float = 0.0
    """When the newest step number first arrived (perf_counter seconds)."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    socket: ClientConnection | None = None
    http: httpx.AsyncClient | None = None
    """The seat's own HTTP client, one kept-alive connection as a phone has (one pool for
    every seat would search hundreds of connections on every request)."""
    _parsed: tuple[str, dict[str, Any]] = ("", {})

    @property
    def state(self) -> dict[str, Any]:
        """The newest state (parsed once, when first read: most states a seat is sent are
        overtaken by the next before anyone reads them, as a phone would only redraw)."""
        if self._parsed[0] is not self.message:
            self._parsed = (self.message, json.loads(self.message)["state"]) if self.message \
                else ("", {})
        return self._parsed[1]

    async def listen(self) -> None:
        """Keep the newest message; note when each new step number arrives."""
        assert self.socket is not None
        async for message in self.socket:
            now = time.perf_counter()
            text = message if isinstance(message, str) else message.decode()
            if text.startswith(SEATS_MESSAGE):
                continue  # only who has chosen: nothing this client reads
            step = step_of(text)
            if step > self.step:
                self.step, self.stepped_at = step, now
            self.message = text
            self.changed.set()

    async def wait_past(self, step: int) -> None:
        """Until a state with a step number above ``step`` has arrived."""
        async with asyncio.timeout(WAIT_SECONDS):
            while self.step <= step:
                self.changed.clear()
                await self.changed.wait()


@dataclass(eq=False)
class TableClient:
    """One table: its four seats and the figures of its rounds."""

    number: int
    seats: list[SeatClient]
    rng: random.Random
    latencies: list[float] = field(default_factory=list)
    choices: int = 0
    steps: int = 0
    finished_early: bool = False


def pick_roam(rng: random.Random, legal: list[str]) -> str:
    """At random, never down the stairs (at the depth limit that ends the game)."""
    staying = [text for text in legal if not text.startswith("descend ")]
    return rng.choice(staying or legal)


def pick_wait(rng: random.Random, legal: list[str]) -> str:
    return "wait" if "wait" in legal else legal[0]


PICKS: Final[dict[str, Callable[[random.Random, list[str]], str]]] = {
    "roam": pick_roam, "wait": pick_wait}


async def make_tables(http: httpx.AsyncClient, count: int, seed: int) -> list[TableClient]:
    tables = []
    for number in range(count):
        answer = await http.post("/api/tables", json={"system": "amulet", "config": CONFIG,
                                                      "automated": {}})
        answer.raise_for_status()
        seats = [SeatClient(seat["seat"], seat["token"]) for seat in answer.json()["seats"]]
        if len(seats) != SEATS or not all(seat.token for seat in seats):
            raise RuntimeError(f"expected {SEATS} human seats, got {answer.json()['seats']}")
        tables.append(TableClient(number, seats, random.Random(f"{seed}:{number}")))
    return tables


async def choose(seat: SeatClient, text: str) -> None:
    """The seat's choice, for the step of the newest state it holds."""
    assert seat.http is not None
    answer = await seat.http.post("/api/seat/choose", params={"t": seat.token},
                                  json={"choice": text, "step": seat.step})
    if answer.status_code != 200:
        raise RuntimeError(f"{seat.name} chose {text!r}: {answer.status_code} {answer.text}")


async def play(table: TableClient, rounds: int, think: float,
               pick: Callable[[random.Random, list[str]], str], tick: Callable[[], None]
               ) -> None:
    """Play ``rounds`` rounds (fewer if the game ends), timing each round's last choice."""
    seats = table.seats
    await asyncio.gather(*(seat.wait_past(-1) for seat in seats))
    for _ in range(rounds):
        first = seats[0].state
        if first["outcome"] is not None:
            table.finished_early = True
            return
        step = first["step"]
        if any(seat.step != step for seat in seats):
            raise RuntimeError(f"table {table.number}: seats at different steps")
        if think > 0:
            await asyncio.sleep(table.rng.uniform(0, 2 * think))
        picked = [(seat, pick(table.rng, seat.state["legal"])) for seat in seats
                  if seat.state["legal"]]
        if not picked:
            raise RuntimeError(f"table {table.number}: nobody may choose at step {step}")
        *others, (last, text) = picked
        await asyncio.gather(*(choose(seat, choice) for seat, choice in others))
        sent = time.perf_counter()
        await choose(last, text)
        await asyncio.gather(*(seat.wait_past(step) for seat in seats))
        table.latencies.append(max(seat.stepped_at for seat in seats) - sent)
        table.choices += len(picked)
        table.steps += seats[0].step - step
        tick()


def percentile(ordered: list[float], share: float) -> float:
    """The nearest-rank percentile of sorted values (share 0.99: the 99th)."""
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


async def load(args: argparse.Namespace, server: Server, err: Console) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1,
                          keepalive_expiry=KEEPALIVE_SECONDS)
    async with contextlib.AsyncExitStack() as stack:
        http = await stack.enter_async_context(
            httpx.AsyncClient(base_url=server.base, timeout=WAIT_SECONDS))
        tables = await make_tables(http, args.tables, args.seed)
        ws_base = server.base.replace("http://", "ws://", 1)
        seats = [seat for table in tables for seat in table.seats]
        for seat in seats:
            seat.http = await stack.enter_async_context(
                httpx.AsyncClient(base_url=server.base, limits=limits, timeout=WAIT_SECONDS))
        for seat in seats:  # one at a time: a burst of 400 handshakes is not the load
            seat.socket = await connect(f"{ws_base}/ws?t={seat.token}",
                                        max_size=MAX_MESSAGE, open_timeout=WAIT_SECONDS,
                                        compression=None)
        listeners = [asyncio.create_task(seat.listen()) for seat in seats]
        progress = Progress(TextColumn("rounds"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=err, transient=True,
                            disable=args.json or not err.is_terminal)
        try:
            with progress:
                task = progress.add_task("rounds", total=args.tables * args.rounds)

                def tick() -> None:
                    progress.advance(task)

                tune_collector()  # this client's own pauses are not the server's latency
                server_cpu = server.cpu_seconds()
                client_cpu = time.process_time()
                started = time.perf_counter()
                await asyncio.gather(*(play(table, args.rounds, args.think,
                                            PICKS[args.pick], tick)
                                       for table in tables))
                seconds = time.perf_counter() - started
                client_cpu = time.process_time() - client_cpu
                server_end = server.cpu_seconds()
                server_cpu = (server_end - server_cpu if server_cpu is not None
                              and server_end is not None else None)
        finally:
            for listener in listeners:
                listener.cancel()
            await asyncio.gather(*(seat.socket.close() for seat in seats
                                   if seat.socket is not None), return_exceptions=True)
    return figures(args, tables, seconds, server_cpu, client_cpu)


def figures(args: argparse.Namespace, tables: list[TableClient], seconds: float,
            server_cpu: float | None, client_cpu: float) -> dict[str, Any]:
    latencies = sorted(1000 * took for table in tables for took in table.latencies)
    choices = sum(table.choices for table in tables)
    p99 = percentile(latencies, 0.99) if latencies else math.inf
    return {
        "tables": len(tables),
        "seats": SEATS * len(tables),
        "rounds": args.rounds,
        "steps": sum(table.steps for table in tables),
        "choices": choices,
        "choices_per_second": round(choices / seconds, 1),
        "rounds_per_second": round(len(latencies) / seconds, 1),
        "p50_ms": round(percentile(latencies, 0.50), 2) if latencies else None,
        "p99_ms": round(p99, 2) if latencies else None,
        "max_ms": round(latencies[-1], 2) if latencies else None,
        "mean_ms": round(sum(latencies) / len(latencies), 2) if latencies else None,
        "goal_tables": GOAL_TABLES,
        "goal_p99_ms": GOAL_P99_MS,
        "goal_met": len(tables) >= GOAL_TABLES and p99 < GOAL_P99_MS,
        "finished_early": sum(table.finished_early for table in tables),
        "seconds": round(seconds, 3),
        "server_cpu_seconds": round(server_cpu, 2) if server_cpu is not None else None,
        "client_cpu_seconds": round(client_cpu, 2),
        "think_seconds": args.think,
        "pick": args.pick,
        "server": args.server,
        "config": CONFIG,
        "first_seed": args.seed,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=positive, default=GOAL_TABLES,
                        help=f"tables played at once ({GOAL_TABLES})")
    parser.add_argument("--rounds", type=positive, default=20,
                        help="rounds per table (20)")
    parser.add_argument("--seed", type=int, default=0,
                        help="first table's seed; also seeds the picks (0)")
    parser.add_argument("--think", type=float, default=DEFAULT_THINK,
                        help="mean seconds a table pauses before each round (1; 0: the "
                        "stress case, every seat choosing at once)")
    parser.add_argument("--pick", choices=sorted(PICKS), default="roam",
                        help="how seats choose (roam: at random, never descending)")
    parser.add_argument("--server", choices=("process", "thread"), default="process",
                        help="serve from a subprocess (default) or a thread of this one")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    args = parser.parse_args()
    if not args.think >= 0:
        parser.error(f"--think: expected 0 or more seconds, got {args.think}")

    err = Console(stderr=True)
    with tempfile.TemporaryDirectory(prefix="web_load-") as folder, \
            serving(args.server, Path(folder), args.seed) as server:
        result = asyncio.run(load(args, server, err))
    if args.json:
        print(json.dumps(result))
        return
    for name, value in result.items():
        if name == "p99_ms":
            verdict = "met" if result["goal_met"] else "not met"
            value = f"{value}  (goal: {GOAL_TABLES} tables at a p99 under " \
                    f"{GOAL_P99_MS:.0f} ms: {verdict})"
        print(f"{name}: {value}")
    print(json.dumps({"choices_per_second": result["choices_per_second"],
                      "p50_ms": result["p50_ms"], "p99_ms": result["p99_ms"]}))


if __name__ == "__main__":
    main()
