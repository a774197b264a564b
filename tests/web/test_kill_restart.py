"""A real server process killed mid-game (SIGKILL, no shutdown) and started again on the same
database: the game carries on from the last step, and no choice the server accepted is lost.

The long test plays several tables of every system at once from threads (two of them Amulet
games that reach mini-boss levels within a few dozen steps), kills ``undercroft serve`` at
moments a seeded schedule picks, with requests in flight or between them, on SQLite and on
PostgreSQL, restarts it on the same database and checks every table after each restart; at
the end it replays each table's record from the database and compares it with the server."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, select, update
from sqlalchemy.pool import NullPool

from postgres_server import url_text
from undercroft.engine import registry, snapshot
from undercroft.engine.agents import agent_stream
from undercroft.engine.record import Record, replay, state_hash
from undercroft.store.games import GameStore
from undercroft.store.schema import SNAPSHOTS, STEPS, TABLES
from undercroft.store.urls import engine_url


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
                    _call(port, "POST", f"/api/seat/choose?t={token}",
                          {"choice": pick, "step": state["step"]})
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
        moved = _call(port, "POST", f"/api/seat/choose?t={token}",
                      {"choice": legal[0], "step": after["step"]})
        assert moved["step"] == before["step"] + 1  # play goes on
    finally:
        server.kill()
        server.wait(timeout=30)


# --- many games, killed at random moments -------------------------------------------------

SEED = 20261125
"""The seed of the kill schedule, of the test's own choices and of its Amulet player."""
CYCLES = (6, 10)
"""Kill/restart cycles: at least the first, at most the second (more only while no restart
has yet caught an Amulet table on a mini-boss level, from a snapshot taken there)."""
MAX_GAMES = 40
"""Tables the run makes in all (a finished game's slot gets a new table)."""
UP_WITHIN = 60.0
"""Seconds a (re)started server has to answer ``GET /api/systems``."""
CYCLE_SECONDS = 25.0
"""The longest one cycle plays before its kill (a kill usually comes far sooner)."""
DEEP: dict[str, Any] = {"miniboss_every": 2, "depth_limit": 4, "max_rounds": 400}
"""Amulet that goes deep fast (game_config.py): a mini-boss level every 2 levels (so depth
2 is one), the game ends on reaching depth 4, and after 400 rounds at the latest."""
DEEP_HUMAN = "Valkyrie"
BOSS = "mini-boss"
SNAPSHOT_EVERY_STEPS = 5
Gone = (OSError, http.client.HTTPException, ValueError)
"""What a request meets when the server dies under it (a refused or reset connection, an
answer cut short)."""


@dataclass(frozen=True)
class Kind:
    """A kind of table the run keeps playing: one slot, a new table when its game ends."""

    name: str
    system: str
    config: dict[str, Any]
    automated: dict[str, str]


KINDS = (
    Kind("deep-1", "amulet", DEEP, {"Warrior": "sensible", "Elf": "sensible",
                                    "Wizard": "sensible"}),
    Kind("deep-2", "amulet", DEEP, {"Warrior": "sensible", "Elf": "sensible",
                                    "Wizard": "sensible"}),
    Kind("amulet-pair", "amulet", {"max_rounds": 150, "depth_limit": 3},
         {"Elf": "sensible", "Wizard": "sensible"}),  # two people in simultaneous rounds
    Kind("labyrinth", "labyrinth", {"players": 3, "max_steps": 300}, {"Seat-2": "random"}),
    Kind("squad", "squad", {"players": 2, "max_steps": 300}, {"GM": "random"}),
    Kind("cardcrawl", "cardcrawl", {"rooms": 6, "max_rounds": 60}, {"Seat-3": "random"}),
)
"""Two deep Amulet slots: a game's seed is the server's (random), and about one seed in
ten keeps the party on level 1 until time is up."""


def _request(port: int, method: str, path: str, body: Any = None,
             timeout: float = 30.0) -> tuple[int, Any]:
    """(status, JSON answer) of one request on loopback; a refusal is an answer too."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     method=method,
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return int(answer.status), json.load(answer)
    except urllib.error.HTTPError as refused:
        with refused:
            text = refused.read().decode(errors="replace")
        try:
            return int(refused.code), json.loads(text)
        except ValueError:
            return int(refused.code), text


class Server:
    """``undercroft serve`` as a child process on loopback, started again and again on one
    database; its output goes to a log file per start."""

    def __init__(self, db: str, folder: Path) -> None:
        self.db, self.folder = db, folder
        self.data = folder / "data"
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.starts = 0
        self.log = folder / "server-0.log"
        self.up_seconds: list[float] = []

    def start(self) -> None:
        """Start it and wait until it answers (at most UP_WITHIN seconds)."""
        for attempt in range(3):  # a free port may be taken before the server binds it
            self.port, self.log = _free_port(), self.folder / f"server-{self.starts}.log"
            self.starts += 1
            begun = time.monotonic()
            self.process = self._spawn()
            while True:
                try:
                    status, _ = _request(self.port, "GET", "/api/systems", timeout=5)
                except Gone:
                    status = 0
                if status == 200:
                    self.up_seconds.append(time.monotonic() - begun)
                    return
                if self.process.poll() is not None:
                    break
                assert time.monotonic() - begun < UP_WITHIN, (
                    f"the server did not answer within {UP_WITHIN:.0f} s: {self.tail()}")
                time.sleep(0.1)
            if attempt < 2 and "address already in use" in self.tail().lower():
                continue
            raise AssertionError(f"the server exited ({self.process.returncode}) instead of "
                                 f"starting: {self.tail()}")

    def _spawn(self) -> subprocess.Popen[bytes]:
        with self.log.open("wb") as out:
            return subprocess.Popen(
                [sys.executable, "-m", "undercroft", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--db", self.db,
                 "--snapshot-every", str(SNAPSHOT_EVERY_STEPS), "--tables-per-hour", "0",
                 "--max-tables", "0"],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                env={**os.environ, "UNDERCROFT_DATA": str(self.data)})

    def start_and_kill(self, after: float) -> None:
        """Start it and kill it ``after`` seconds later, answering or not (a kill while it
        loads the tables and writes their start-up snapshots)."""
        self.port, self.log = _free_port(), self.folder / f"server-{self.starts}.log"
        self.starts += 1
        self.process = self._spawn()
        time.sleep(after)
        self.kill()

    def kill(self) -> None:
        """SIGKILL (no shutdown of any kind), and wait until it is gone."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def tail(self) -> str:
        return " | ".join(self.text().splitlines()[-15:])


@dataclass(eq=False)
class Game:
    """One table of the run, as the test knows it from the answers it was given."""

    kind: Kind
    id: int
    token: str
    seats: dict[str, str]
    """Each human seat's token."""
    acked: int = 0
    """The highest ``step`` any 200 answer reported for this table."""
    done: bool = False
    depth: int = 0
    level_kind: str = ""
    level_since: int = 0
    """Amulet: the level the latest answer showed, and the first step it was seen at."""
    agents: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    """The deep tables' human seat: a sensible agent of the test's and its stream."""
    open_round: dict[str, int] = field(default_factory=dict)
    """Seats whose choice was accepted into a round still open (answered 200, step
    unchanged), with the step: asked again after a restart (docs/web-api.md, Rounds)."""
    unanswered: tuple[str, str, int] | None = None
    """A choice (seat, text, step) sent and not answered: the server was killed under it."""
    before: tuple[int, Any] | None = None
    """The step and view the table showed just before a kill between requests."""
    boss_snapshot: int | None = None
    """At the latest kill: the step of the table's snapshot if it stood on a mini-boss
    level of an unfinished game."""

    def saw(self, state: dict[str, Any]) -> None:
        """Note a 200 answer's state."""
        self.acked = max(self.acked, int(state["step"]))
        self.done = state["outcome"] is not None
        view = state.get("view") or {}
        if self.kind.system == "amulet" and "depth" in view:
            level = (int(view["depth"]), str(view["level_kind"]))
            if level != (self.depth, self.level_kind):
                self.depth, self.level_kind = level
                self.level_since = int(state["step"])


class Run:
    """The tables of a run and the threads that play them against one server."""

    def __init__(self, server: Server, rng: random.Random) -> None:
        self.server, self.rng = server, rng
        self.games: list[Game] = []
        self.slots: list[Game | None] = [None] * len(KINDS)
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.killed = threading.Event()
        self.errors: list[str] = []
        self.choices = 0
        """Choices answered 200 since the cycle began."""
        self.in_flight = 0
        """Requests sent and not yet answered, now."""
        self.stats: Counter[str] = Counter()

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        with self.lock:
            self.in_flight += 1
        try:
            return _request(self.server.port, method, path, body)
        finally:
            with self.lock:
                self.in_flight -= 1

    def fail(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)

    # --- playing --------------------------------------------------------------------------

    def new_game(self, slot: int, seed: int) -> Game | None:
        kind = KINDS[slot]
        with self.lock:
            if len(self.games) >= MAX_GAMES:
                return None
        status, made = self.call("POST", "/api/tables", {
            "system": kind.system, "config": kind.config, "automated": kind.automated})
        if status != 200:
            self.fail(f"{kind.name}: a new table was refused: {status} {made}")
            return None
        game = Game(kind, int(made["table"]), made["table_token"],
                    {seat["seat"]: seat["token"] for seat in made["seats"] if seat["token"]})
        if kind.name.startswith("deep"):
            amulet = registry.get("amulet")
            game.agents = {seat: (amulet.agents()["sensible"](), agent_stream(seed, seat))
                           for seat in game.seats}
        with self.lock:
            self.games.append(game)
            self.slots[slot] = game
            self.stats["tables made"] += 1
        return game

    def pick(self, game: Game, seat: str, state: dict[str, Any],
             rng: random.Random) -> str:
        legal: list[str] = state["legal"]
        if seat in game.agents:  # the deep tables' human plays as their automated heroes
            agent, stream = game.agents[seat]
            return _sensible(agent, stream, state)
        text = rng.choice(legal)
        halves: dict[str, str] = state.get("take_half") or {}
        return halves[text] if text in halves and rng.random() < 0.3 else text

    def play_one(self, game: Game, rng: random.Random) -> bool:
        """Each human seat of the table that may choose, chooses once; False when none
        could (automated steps going on in the background) or the game has ended."""
        moved = False
        for seat, token in game.seats.items():
            status, state = self.call("GET", f"/api/seat?t={token}")
            if status != 200:
                self.fail(f"table {game.id} ({game.kind.name}): GET /api/seat answered "
                          f"{status}: {state}")
                return False
            game.saw(state)
            if game.done:
                return False
            if not state["legal"]:
                continue
            step = int(state["step"])
            if game.open_round.get(seat) == step:
                self.stats["choices asked again after a restart"] += 1
            text = self.pick(game, seat, state, rng)
            game.unanswered = (seat, text, step)
            status, answer = self.call("POST", f"/api/seat/choose?t={token}",
                                       {"choice": text, "step": step})
            game.unanswered = None
            if status != 200:
                self.fail(f"table {game.id} ({game.kind.name}): {seat} chose {text!r} at "
                          f"step {step}: {status} {answer}")
                return False
            game.saw(answer)
            game.open_round.pop(seat, None)
            if int(answer["step"]) > step:
                game.open_round.clear()
            else:
                game.open_round[seat] = step
            with self.lock:
                self.choices += 1
                self.stats["choices answered 200"] += 1
            moved = True
        return moved

    def worker(self, slot: int, seed: int) -> None:
        """Play the slot's table until told to stop or the server is gone."""
        rng = random.Random(seed)
        idle = 0
        try:
            while not self.stop.is_set():
                game = self.slots[slot]
                if game is None or game.done:
                    game = self.new_game(slot, rng.randrange(2**32))
                    if game is None:
                        return
                if self.play_one(game, rng):
                    idle = 0
                elif not game.done:
                    idle += 1
                    if idle > 300:
                        self.fail(f"table {game.id} ({game.kind.name}): nobody could choose "
                                  "for 15 s, yet its game has not ended")
                        return
                    time.sleep(0.05)
        except Gone as error:
            if not self.killed.is_set():
                self.fail(f"{KINDS[slot].name}: a request failed while the server was up: "
                          f"{error!r}")
        except Exception as error:  # a thread's failure must fail the test, not vanish
            self.fail(f"{KINDS[slot].name}: {error!r}")

    def near_boss_snapshot(self) -> bool:
        """A deep table has been on a mini-boss level long enough for a snapshot there."""
        return any(game.level_kind == BOSS and not game.done
                   and game.acked >= game.level_since + SNAPSHOT_EVERY_STEPS + 1
                   for game in list(self.games) if game.agents)

    def play_then_kill(self, hunt_boss: bool) -> None:
        """Play every slot from threads; at a moment the seeded schedule picks (after a
        number of choices; or, hunting, once a deep table has been on a mini-boss level
        long enough for a snapshot to be taken there), kill the server: with requests in
        flight, or after the threads have stopped."""
        rng = self.rng
        target, in_flight = rng.randint(3, 60), rng.random() < 0.6
        if hunt_boss:
            target = 10**9
        delay = rng.uniform(0.0, 0.03)
        for game in self.games:
            game.before = None
        self.stop.clear()
        self.killed.clear()
        with self.lock:
            self.choices = 0
        threads = [threading.Thread(target=self.worker, args=(slot, rng.randrange(2**32)),
                                    name=f"player-{KINDS[slot].name}", daemon=True)
                   for slot in range(len(KINDS))]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + CYCLE_SECONDS
        while (self.choices < target and time.monotonic() < deadline and not self.errors
               and any(thread.is_alive() for thread in threads)
               and not (hunt_boss and self.near_boss_snapshot())):
            time.sleep(0.002)
        if in_flight:
            time.sleep(delay)
            with self.lock:
                flying = self.in_flight
            self.killed.set()
            self.server.kill()
            self.stop.set()
            self.stats["kills with requests in flight"] += flying > 0
        else:
            self.stop.set()
        for thread in threads:
            thread.join(timeout=60)
            assert not thread.is_alive(), f"{thread.name} did not stop"
        if not in_flight:
            for game in self.games:
                status, state = _request(self.server.port, "GET", f"/api/table?t={game.token}")
                assert status == 200, f"table {game.id}: {status} {state}"
                game.before = (int(state["step"]), state["view"])
            self.killed.set()
            self.server.kill()
            self.stats["kills between requests"] += 1

    # --- after a restart ------------------------------------------------------------------

    def check_resumed(self) -> list[str]:
        """Every table answers its state (200), at least at the highest step any 200 answer
        reported for it; returns what was found wrong."""
        wrong = []
        for game in self.games:
            status, state = _request(self.server.port, "GET", f"/api/table?t={game.token}")
            if status != 200:
                wrong.append(f"table {game.id} ({game.kind.name}): GET /api/table answered "
                             f"{status} after a restart: {state}")
                continue
            if int(state["step"]) < game.acked:
                wrong.append(f"table {game.id} ({game.kind.name}): at step {state['step']} "
                             f"after a restart, yet an answer before the kill reported step "
                             f"{game.acked}: accepted choices were lost")
            if game.before is not None and game.before[0] == int(state["step"]) \
                    and game.before[1] != state["view"]:
                wrong.append(f"table {game.id} ({game.kind.name}): at step {state['step']} "
                             "it shows another view than it did at that step before the kill")
            if game.boss_snapshot is not None and state["view"].get("level_kind") == BOSS \
                    and state["outcome"] is None:
                self.stats["restarts on a mini-boss level from a snapshot there"] += 1
            game.saw(state)
        return wrong

    def send_again(self) -> list[str]:
        """Send each choice the kill left unanswered again, as a phone retries: answered 200
        whether or not the killed server had taken it (docs/web-api.md: "the same choice
        sent again for the same step (two tabs, a retry) is answered 200 and counts once,
        before or after its round closed"); returns what was found wrong."""
        wrong = []
        for game in self.games:
            if game.unanswered is None:
                continue
            seat, text, step = game.unanswered
            game.unanswered = None
            status, answer = _request(self.server.port, "POST",
                                      f"/api/seat/choose?t={game.seats[seat]}",
                                      {"choice": text, "step": step})
            self.stats["unanswered choices sent again"] += 1
            if status != 200:
                wrong.append(f"table {game.id} ({game.kind.name}): {seat}'s {text!r} for step "
                             f"{step}, unanswered when the server was killed, was answered "
                             f"{status} when sent again after the restart: {answer}")
                continue
            game.saw(answer)
            if int(answer["step"]) > step:
                game.open_round.clear()
            else:
                game.open_round[seat] = step
        return wrong


def _sensible(agent: Any, stream: Any, state: dict[str, Any]) -> str:
    """What Amulet's sensible player would send from this seat state: its choice, with the
    leading ``!`` of a claim (as a person claims at the table)."""
    ruleset = registry.get("amulet")
    action = agent.choose(state["view"], [ruleset.parse(text) for text in state["legal"]],
                          stream)
    return "!" + action.plain().text if action.claim else str(action.text)


def _engine(db: str) -> Engine:
    return create_engine(engine_url(db), poolclass=NullPool)


def _stored(engine: Engine, table_id: int) -> tuple[Record, tuple[int, str] | None]:
    """The table's record as the database has it, and its snapshot's (step, truth)."""
    with engine.connect() as connection:
        snap = connection.execute(select(SNAPSHOTS.c.number, SNAPSHOTS.c.truth).where(
            SNAPSHOTS.c.table_id == table_id)).first()
        row = connection.execute(select(TABLES).where(TABLES.c.id == table_id)).one()
        steps = list(connection.execute(select(STEPS.c.number, STEPS.c.choices).where(
            STEPS.c.table_id == table_id).order_by(STEPS.c.number)))
    assert [number for number, _ in steps] == list(range(1, len(steps) + 1))
    config = row.config if isinstance(row.config, dict) else json.loads(row.config)
    record = Record(system=row.system, rules_version=row.rules_version, config=config,
                    seed=int(row.seed), choices=[dict(choices) for _, choices in steps])
    return record, None if snap is None else (int(snap.number), str(snap.truth))


def _replayed(record: Record, steps: int) -> tuple[Any, Any]:
    """The ruleset and the state after the record's first ``steps`` steps."""
    ruleset, state, _ = replay(record.model_copy(update={"choices": record.choices[:steps]}),
                               f"table record ({record.system})")
    return ruleset, state


def _truth(record: Record, ruleset: Any, state: Any, steps: int) -> str:
    """What the server's snapshot after ``steps`` steps says it stands for (as
    ``undercroft.web.live._truth`` makes it): the seed, the config, the choices so far and
    the hash of the whole-truth view."""
    config = ruleset.config_model().model_validate(record.config).model_dump(mode="json")
    return state_hash({"seed": str(record.seed), "config": config,
                       "record": record.choices[:steps],
                       "state": state_hash(ruleset.view(state, None))})


def _json(value: Any) -> Any:
    """A value as it comes back from the server's JSON."""
    return json.loads(json.dumps(value, default=str))


NOT_USED = re.compile(r"table (\d+): (?:its snapshot is|snapshot at step \d+) not used")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The ``--db`` URL of an empty database: a SQLite file, or a PostgreSQL database of
    this test's own (skipped without PostgreSQL, a failure when CI is true)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return url_text(request.getfixturevalue("postgres_database"))


def test_many_games_survive_kills_at_random_moments(
        database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = Server(database, tmp_path)
    monkeypatch.setenv("UNDERCROFT_DATA", str(server.data))  # this process's GameStore too
    rng = random.Random(SEED)
    engine = _engine(database)
    run = Run(server, rng)
    begun = time.monotonic()
    try:
        server.start()
        cycle, damage_at = 0, rng.randint(1, CYCLES[0] - 2)
        while cycle < CYCLES[0] or (
                not run.stats["restarts on a mini-boss level from a snapshot there"]
                and cycle < CYCLES[1]):
            hunting = not run.stats["restarts on a mini-boss level from a snapshot there"]
            run.play_then_kill(hunt_boss=hunting and (cycle >= CYCLES[0] - 2
                                                      or rng.random() < 0.4))
            assert not run.errors, "\n".join(run.errors[:10])
            for game in run.games:
                game.boss_snapshot = None
                if not game.agents:
                    continue
                record, snap = _stored(engine, game.id)
                if snap is None:
                    continue
                ruleset, state = _replayed(record, snap[0])
                view = ruleset.view(state, None)
                if view["level_kind"] == BOSS:
                    run.stats["kills with a mini-boss snapshot"] += 1
                    if ruleset.outcome(state) is None:
                        game.boss_snapshot = snap[0]
            damaged = _damage_snapshots(database, engine, run, rng) if cycle == damage_at \
                else set()
            if not damaged and rng.random() < 0.3:  # killed again while it starts up
                server.start_and_kill(rng.uniform(0.3, 2.0))
                run.stats["kills during start-up"] += 1
                assert not NOT_USED.findall(server.text()), server.tail()
            server.start()
            unused = {int(found) for found in NOT_USED.findall(server.text())}
            assert unused == damaged, (
                f"restart {cycle + 1}: snapshots passed over for tables {sorted(unused)}, "
                f"expected only the damaged {sorted(damaged)}: {server.tail()}")
            for trouble in ("set aside", "Traceback", "a fault of ours"):
                assert trouble not in server.text(), f"restart {cycle + 1}: {server.tail()}"
            wrong = run.check_resumed()
            wrong += run.send_again()
            assert not wrong, f"restart {cycle + 1}:\n" + "\n".join(wrong)
            cycle += 1
        assert run.stats["restarts on a mini-boss level from a snapshot there"], (
            f"no restart caught a deep Amulet table on a mini-boss level: {dict(run.stats)}")
        assert run.stats["kills with requests in flight"] >= 1, dict(run.stats)
        assert run.stats["kills between requests"] >= 1, dict(run.stats)
        for game in run.games:
            _check_replays(game, server, engine)
    finally:
        server.kill()
        engine.dispose()
    print(f"\n{database.split(':')[0]}: {cycle} restarts in {time.monotonic() - begun:.1f} s, "
          f"up in {max(server.up_seconds):.1f} s at most; {dict(run.stats)}")


def _damage_snapshots(database: str, engine: Engine, run: Run,
                      rng: random.Random) -> set[int]:
    """While the server is down: give one table a snapshot of garbage signed with the
    server's key (it reads the row, fails to inflate it, and replays the record), and
    another one with a signature that does not verify. The tables' ids."""
    spared = {game.id for game in run.games if game.boss_snapshot is not None}
    with engine.connect() as connection:  # a mini-boss snapshot is left to be read
        having = {int(row.table_id): int(row.number) for row in connection.execute(
            select(SNAPSHOTS.c.table_id, SNAPSHOTS.c.number)) if row.table_id not in spared}
    chosen = rng.sample(sorted(having), min(2, len(having)))
    if chosen:
        store = GameStore(database)
        try:
            store.save_snapshot(chosen[0], having[chosen[0]], snapshot.code_fingerprint(),
                                "0" * 64, b"\x78\x9c not zlib at all")
        finally:
            store.close()
    with engine.begin() as connection:
        for table_id in chosen[1:]:
            connection.execute(update(SNAPSHOTS).where(SNAPSHOTS.c.table_id == table_id)
                               .values(data=b"doctored"))
    run.stats["snapshots damaged"] += len(chosen)
    return set(chosen)


def _check_replays(game: Game, server: Server, engine: Engine) -> None:
    """The table's record, replayed from its seed by ``engine.record.replay``, gives the
    view the live server shows at the same step, and the whole truth its latest snapshot
    stands for."""
    status, state = _request(server.port, "GET", f"/api/table?t={game.token}")
    assert status == 200, f"table {game.id}: {status} {state}"
    record, snap = _stored(engine, game.id)  # read after the state: it has those steps
    step = int(state["step"])
    assert len(record.choices) >= step >= game.acked
    ruleset, replayed = _replayed(record, step)
    first = ruleset.seats(replayed)[0]
    assert _json(ruleset.view(replayed, first)) == state["view"], (
        f"table {game.id} ({game.kind.name}): the replayed record's view at step {step} is "
        "not the server's")
    if snap is not None:
        ruleset, at_snapshot = _replayed(record, snap[0])
        assert _truth(record, ruleset, at_snapshot, snap[0]) == snap[1], (
            f"table {game.id} ({game.kind.name}): its snapshot at step {snap[0]} is not the "
            "replayed record's whole truth")


def test_a_claim_sent_again_after_a_kill_is_answered_as_the_first_was(
        database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A phone that sent an Amulet claim (``!`` and a choice), saw no answer because the
    server was killed after taking the step, and sends it again to the restarted server,
    is answered 200 and the claim counts once (docs/web-api.md: "the same choice sent
    again for the same step (two tabs, a retry) is answered 200 and counts once, before
    or after its round closed")."""
    server = Server(database, tmp_path)
    monkeypatch.setenv("UNDERCROFT_DATA", str(server.data))
    kind = KINDS[0]
    sent: tuple[str, str, int, int] | None = None
    try:
        server.start()
        for number in range(8):  # a game may end before its human has anything to claim
            status, made = _request(server.port, "POST", "/api/tables", {
                "system": kind.system, "config": kind.config, "automated": kind.automated})
            assert status == 200, made
            token = next(seat["token"] for seat in made["seats"] if seat["token"])
            agent = registry.get("amulet").agents()["sensible"]()
            stream = agent_stream(SEED + number, DEEP_HUMAN)
            for _ in range(2000):
                status, state = _request(server.port, "GET", f"/api/seat?t={token}")
                assert status == 200, state
                if state["outcome"] is not None:
                    break
                if not state["legal"]:
                    time.sleep(0.02)  # the human's hero is down: automated steps go on
                    continue
                text = _sensible(agent, stream, state)
                status, answer = _request(server.port, "POST", f"/api/seat/choose?t={token}",
                                          {"choice": text, "step": state["step"]})
                assert status == 200, answer
                if text.startswith("!") and answer["step"] > state["step"]:
                    sent = (token, text, int(state["step"]), int(made["table"]))
                    break
            if sent is not None:
                break
        assert sent is not None, "no claim in 8 games"
        token, text, step, table_id = sent
        server.kill()  # the phone never saw the answer
        server.start()
        engine = _engine(database)
        try:
            record, _ = _stored(engine, table_id)
        finally:
            engine.dispose()
        taken = record.choices[step][DEEP_HUMAN]
        assert taken == registry.get("amulet").parse(text[1:]).claiming().text  # recorded
        steps_before = len(record.choices)
        status, again = _request(server.port, "POST", f"/api/seat/choose?t={token}",
                                 {"choice": text, "step": step})
        assert status == 200, (
            f"the claim {text!r} for step {step}, taken (step {step + 1} of the record holds "
            f"{taken!r}), was answered {status} when sent again after a restart: {again}")
        assert again["step"] >= steps_before
    finally:
        server.kill()
