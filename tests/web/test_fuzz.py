"""The shared table's API fuzzed (docs/web-api.md): random bodies, tokens, hosts and
orders, from several clients at once, at tables of every system with human and
automated seats.

Whatever arrives, the server

1. answers no 5xx, and every 4xx is ``{"detail": "one line"}`` (a WebSocket refusal
   closes with 4000 + a 4xx status);
2. loses no choice it accepted: every choice answered 200 is, at the end, in the table's
   record as that seat's choice for the step it named, or still pending in the open
   round (an idempotent repeat is checked the same way, against the one it repeats); the
   record in memory and the ``game_steps`` rows of the database are the same steps;
3. changes nothing when it refuses: in a sequential phase every request is sent between
   two looks at each table's truth (the whole-truth view's hash, the steps taken and the
   pending choices), which must be equal when the answer was 4xx (or a GET, or a
   WebSocket), and a choice may change only its own table;

and each table's WebSocket followers end holding the state a GET shows. Where a request
says what its answer must be, that is checked too: a wrong token 403 (429 under the
default limit of wrong tokens), a host that is not the server's 400, a seat token at a
table's address 403, a choice sent again exactly as it was accepted 200.

Everything random is drawn before any thread starts, from a fixed seed (the same
requests every run); the threads make the order. The checkers are pure functions, shown
to fail on doctored input at the end of the file, beside the bugs the fuzz found, each
as a minimal reproduction.
"""

from __future__ import annotations

import json
import sqlite3
import string
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect
from web_helpers import QUICK, Table, cycling_pick, new_app

from undercroft.engine import registry
from undercroft.engine.api import Ruleset
from undercroft.engine.record import state_hash
from undercroft.web.app import Choice
from undercroft.web.live import LiveTable
from undercroft.web.quotas import ServeLimits
from undercroft.web.tokens import FailureLimiter

SYSTEMS: Final = ("amulet", "labyrinth", "squad", "cardcrawl")
MAPPED: Final = ("amulet", "cardcrawl")
"""The systems with a players' map (engine.capabilities.PlayersMap)."""
SEATS: Final = {"amulet": ("Warrior", "Elf", "Valkyrie", "Wizard"),
                "cardcrawl": ("Seat-1", "Seat-2", "Seat-3"),
                "labyrinth": ("Seat-1", "Seat-2", "Seat-3"),
                "squad": ("Guide-1", "Guide-2", "GM")}
"""Each system's seats with its ``web_helpers.QUICK`` config (checked as tables are made)."""
AGENTS: Final = {name: tuple(sorted(registry.get(name).agents())) for name in SYSTEMS}
UNLIMITED: Final = ServeLimits(tables_per_hour=0, max_tables=0)

SECONDS: Final = 20.0
"""How long any wait of the test may take before it counts as a hang."""

# --- what the clients send: drawn before any thread starts ------------------------------

KINDS: Final = ("play",) * 6 + ("choose",) * 6 + ("again",) * 3 + (
    "seat", "table", "map", "qr", "ws", "create", "create", "create", "systems")
"""``play``: a legal choice with the seat's own token (sent 1 to 3 times); ``choose``: a
drawn body with a drawn token; ``again``: an accepted choice sent again for its step, as
it was (which must be answered 200) or written another way."""
TOKENS: Final = ("right",) * 5 + ("wrong", "other_table", "other_seat", "swapped", "empty",
                                  "long", "mangled", "padded")
"""``swapped`` is the table token where a seat's is needed, and a seat's where the
table's is; ``other_table`` is the other table's token of the kind needed."""
STEP_SHIFTS: Final = ("previous", "next", "negative", "huge", "beyond", "enormous", "string",
                      "float", "half", "true", "null", "zero", "list")
VARIANTS: Final = ("upper", "title", "padded", "inner", "bang", "bang_spaced", "half",
                   "announce", "junk_after", "junk_before", "twice", "empty")
SPACES: Final = (" ", "  ", "\t", "\n", "\u00a0", "\u3000", "\r\n", "\x1f")
GOOD_HOSTS: Final = ("testserver", "localhost", "LOCALHOST", "127.0.0.1:8000", "[::1]:8000",
                     "10.0.0.7", "testserver:80")
BAD_HOSTS: Final = ("evil.example", "evil.example:8000", "attacker.test.", "", "[::1",
                    "localhost.evil.example", "testserver.evil", "testserver@evil.example")
TYPES: Final = ("application/json", "text/plain", "application/x-www-form-urlencoded", "")

_QUERY_TEXT = st.text(st.characters(codec="utf-8"), max_size=30)
"""Text httpx can put in a query (no lone surrogates)."""
_ODD = st.sampled_from(("\n", "\r", "\x00", "\ud800", "\udfff", "\u2028", "\u202e", "!"))
_TEXT = st.lists(st.one_of(st.characters(), _ODD), max_size=20).map("".join)
"""Any text, with a fair share of newlines, NULs and lone surrogates (which JSON can
carry as escapes, and Hypothesis's own text leaves out)."""
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | _TEXT,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(_TEXT, inner, max_size=4), max_leaves=8)
"""Any JSON value (floats include NaN and infinities, which ``json.dumps`` writes)."""
_K = st.integers(0, 40)


def weighted(choices: Mapping[str, tuple[int, st.SearchStrategy[Any]]]) -> st.SearchStrategy[Any]:
    """One of ``choices`` (name -> (weight, strategy)), drawn by weight (Hypothesis's
    ``one_of`` draws its branches alike, however often one is repeated)."""
    names = [name for name, (weight, _) in choices.items() for _ in range(weight)]
    return st.sampled_from(names).flatmap(lambda name: choices[name][1])


CHOICE_BODIES = weighted({
    "legal": (2, st.tuples(st.just("legal"), _K)),
    "variant": (4, st.tuples(st.just("variant"), _K, st.sampled_from(VARIANTS),
                             st.sampled_from(SPACES),
                             st.sampled_from((None, None, "previous", "next")))),
    "step": (3, st.tuples(st.just("step"), _K, st.sampled_from(STEP_SHIFTS))),
    "text": (2, st.tuples(st.just("text"), _TEXT)),
    "long": (1, st.tuples(st.just("long"), st.sampled_from((201, 5_000, 70_000)))),
    "extra": (2, st.tuples(st.just("extra"), _K, _TEXT, _JSON)),
    "missing": (1, st.tuples(st.just("missing"), _K,
                             st.sampled_from(("step", "choice", "both")))),
    "types": (1, st.tuples(st.just("types"), _JSON, _JSON)),
    "json": (1, st.tuples(st.just("json"), _JSON)),
    "raw": (1, st.tuples(st.just("raw"), st.binary(max_size=40), st.sampled_from(TYPES))),
})
"""A choice's body as drawn; :func:`choice_body` makes it against the seat's state."""

_SEATED = st.dictionaries(_TEXT | st.sampled_from(("Warrior", "GM", "Seat-2")),
                          _TEXT | st.sampled_from(("random", "sensible")),
                          min_size=1, max_size=3)
CREATE_BODIES = weighted({
    "valid": (2, st.tuples(st.just("valid"), st.sampled_from(SYSTEMS),
                           st.lists(st.integers(-1, 3), min_size=4, max_size=4))),
    "fields": (4, st.tuples(
        st.just("fields"),
        weighted({"known": (4, st.sampled_from(SYSTEMS)), "any": (1, _TEXT)}),
        st.sampled_from(("quick",) * 5 + ("unknown", "extra", "wrong_type", "negative",
                                          "not_a_dict")),
        weighted({"seats": (4, _SEATED), "none": (1, st.just({})), "any": (1, _JSON)}))),
    "json": (1, st.tuples(st.just("json"), _JSON)),
    "raw": (1, st.tuples(st.just("raw"), st.binary(max_size=40), st.sampled_from(TYPES))),
})
"""A new table's body: one that must be made, or a mangled one (config mangled only in
ways that are refused or small, so no drawn body asks for a long game)."""

HOSTS = weighted({
    "none": (12, st.none()),
    "good": (1, st.sampled_from(GOOD_HOSTS).map(lambda host: ("good", host))),
    "bad": (1, st.sampled_from(BAD_HOSTS).map(lambda host: ("bad", host))),
    "word": (1, st.text(alphabet=string.ascii_letters, min_size=1, max_size=12).map(
        lambda word: ("bad", f"{word}.example"))),
    "any": (1, st.text(alphabet=string.printable[:94], max_size=30).map(
        lambda host: ("any", host))),
})
"""None (TestClient's own, allowed), an allowed host, a wrong one (400), or any text."""


@dataclass(frozen=True)
class Op:
    """One thing a client does."""

    kind: str
    table: int
    """Which of the example's two tables it is aimed at."""
    seat: int
    """Which of that table's human seats (modulo their number)."""
    token: str
    """One of ``TOKENS``."""
    wrong: str
    """The token sent for ``token == "wrong"``."""
    body: tuple[Any, ...]
    host: tuple[str, str] | None
    repeat: int


@st.composite
def ops(draw: st.DrawFn) -> Op:
    kind = draw(st.sampled_from(KINDS))
    body: tuple[Any, ...] = ()
    if kind == "play":
        body = ("legal", draw(_K))
    elif kind == "choose":
        body = draw(CHOICE_BODIES)
    elif kind == "again":
        body = (draw(_K), draw(st.sampled_from((None, None, *VARIANTS))),
                draw(st.sampled_from(SPACES)))
    elif kind == "create":
        body = draw(CREATE_BODIES)
    elif kind == "qr":
        body = (draw(st.integers(-1, 4)), draw(_QUERY_TEXT))
    elif kind == "ws":
        body = (draw(st.text(st.characters(codec="utf-8"), max_size=20)),)
    return Op(kind, draw(st.integers(0, 1)), draw(st.integers(0, 3)),
              draw(st.sampled_from(TOKENS)),
              draw(st.text(string.ascii_letters + string.digits + "-_", max_size=40)),
              body, draw(HOSTS), draw(st.integers(1, 3)) if kind == "play" else 1)


@dataclass(frozen=True)
class TableSpec:
    system: str
    automated: tuple[tuple[str, str], ...]


@st.composite
def table_specs(draw: st.DrawFn, system: st.SearchStrategy[str]) -> TableSpec:
    """A table of ``system`` with each seat human or played by a drawn agent, at least
    one of them human."""
    name = draw(system)
    seats = SEATS[name]
    agents = AGENTS[name]
    picks = draw(st.lists(st.one_of(st.none(), st.none(), st.sampled_from(agents)),
                          min_size=len(seats), max_size=len(seats)))
    if all(pick is not None for pick in picks):
        picks[draw(st.integers(0, len(seats) - 1))] = None
    return TableSpec(name, tuple((seat, agent) for seat, agent in zip(seats, picks, strict=True)
                                 if agent is not None))


@dataclass(frozen=True)
class Plan:
    tables: tuple[TableSpec, TableSpec]
    clients: tuple[tuple[Op, ...], ...]
    """Each client thread's requests, sent at once with the others'."""
    sequential: tuple[Op, ...]
    """Requests sent one at a time, each between two looks at the tables' truth."""


@st.composite
def plans(draw: st.DrawFn, system: str, clients: tuple[int, int] = (3, 6),
          each: int = 10, sequential: int = 12) -> Plan:
    first = draw(table_specs(st.just(system)))
    second = draw(table_specs(st.sampled_from(SYSTEMS)))
    threads = draw(st.lists(st.lists(ops(), min_size=each // 2, max_size=each).map(tuple),
                            min_size=clients[0], max_size=clients[1]))
    alone = draw(st.lists(ops(), min_size=5, max_size=sequential))
    return Plan((first, second), tuple(threads), tuple(alone))


# --- the checks, as pure functions ------------------------------------------------------

@dataclass(frozen=True)
class Accepted:
    """A choice answered 200: the table, the seat its token acts for, the step and the
    text as the server read them from the body, and the token it was sent with."""

    table: int
    seat: str
    step: int
    text: str
    token: str
    what: str


def meant(ruleset: Ruleset[Any, Any], text: str) -> str | None:
    """The action text a choice's text stands for (as the record would hold it), or None
    if it stands for none: whitespace runs are one space, a leading ``!`` claims (Amulet
    only), the rest is the ruleset's own reading."""
    body = " ".join(text.split())
    claim = body.startswith("!")
    if claim:
        body = body[1:].strip()
    try:
        action = ruleset.parse(body)
    except ValueError:
        return None
    if claim:
        claiming = getattr(action, "claiming", None)
        if not callable(claiming):
            return None
        action = claiming()
    return str(action.text)


def lost_choices(ruleset: Ruleset[Any, Any], record: Sequence[Mapping[str, str]],
                 pending: Mapping[str, str], accepted: Iterable[Accepted]) -> list[str]:
    """Each accepted choice that is neither the record's choice of its seat for the step
    it named, nor pending in the open round (``pending``: seat -> action text)."""
    lost = []
    for choice in accepted:
        wanted = meant(ruleset, choice.text)
        if choice.step < len(record):
            found, where = record[choice.step].get(choice.seat), f"step {choice.step + 1}"
        elif choice.step == len(record):
            found, where = pending.get(choice.seat), "the open round"
        else:
            found, where = None, f"beyond the record's {len(record)} steps"
        if wanted is None or found != wanted:
            lost.append(f"table {choice.table}: {choice.seat}'s {choice.text!r} for step "
                        f"{choice.step} (meaning {wanted!r}) was answered 200, but {where} "
                        f"holds {found!r}; sent as {choice.what}")
    return lost


def record_differences(record: Sequence[Mapping[str, str]],
                       rows: Sequence[tuple[int, str]]) -> list[str]:
    """Where the record in memory and the database's rows (number, choices JSON) differ."""
    stored = [json.loads(choices) for _, choices in rows]
    numbers = [number for number, _ in rows]
    found = []
    if numbers != list(range(1, len(rows) + 1)):
        found.append(f"the database's steps are numbered {numbers[:20]}")
    if len(stored) != len(record):
        found.append(f"memory has {len(record)} steps, the database {len(stored)}")
    found += [f"step {index + 1}: memory {held!r}, database {kept!r}"
              for index, (held, kept) in enumerate(zip(record, stored, strict=False))
              if dict(held) != kept]
    return found


def answer_problems(what: str, answer: httpx.Response) -> list[str]:
    """A 5xx, or a 4xx that is not JSON ``{"detail": "one line"}``."""
    if answer.status_code >= 500:
        return [f"{what}: {answer.status_code} {answer.text[:300]!r}"]
    if answer.status_code < 400:
        return []
    try:
        body = answer.json()
    except ValueError:
        return [f"{what}: {answer.status_code} is not JSON: {answer.text[:300]!r}"]
    if not answer.headers.get("content-type", "").startswith("application/json"):
        return [f"{what}: {answer.status_code} is {answer.headers.get('content-type')!r}"]
    detail = body.get("detail") if isinstance(body, dict) else None
    if set(body) != {"detail"} or not isinstance(detail, str) or not detail.strip():
        return [f"{what}: {answer.status_code} is not {{'detail': text}}: {body!r}"[:500]]
    if "\n" in detail or "\r" in detail:
        return [f"{what}: {answer.status_code} detail is not one line: {detail!r}"[:500]]
    return []


def followed(messages: Sequence[Any]) -> tuple[dict[str, Any] | None, list[str]]:
    """The state a WebSocket follower holds after ``messages`` (as the pages' api.js puts
    a ``seats`` message into the state it has), and what is wrong with them."""
    held: dict[str, Any] | None = None
    wrong = []
    for number, message in enumerate(messages):
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "state" and isinstance(message.get("state"), dict):
            held = message["state"]
        elif kind == "seats" and held is not None and message.get("step") == held["step"]:
            held = {**held, "seats": message.get("seats")}
        else:
            wrong.append(f"message {number} cannot be followed: {str(message)[:200]}")
    return held, wrong


# --- a table made for the example, and who a token speaks for ---------------------------

@dataclass(frozen=True)
class Made:
    id: int
    system: str
    token: str
    seat_tokens: dict[str, str]
    automated: dict[str, str]

    @property
    def humans(self) -> list[str]:
        return list(self.seat_tokens)


@dataclass(frozen=True)
class Owner:
    """Whom a token speaks for: a table, and a seat of it (None: the table token)."""

    made: Made
    seat: str | None


@dataclass
class Call:
    """One request, made ready to send."""

    kind: str
    method: str
    path: str
    params: dict[str, str]
    token_kind: str
    owner: Owner | None
    host: tuple[str, str] | None
    content: bytes = b""
    content_type: str = ""
    named: tuple[str, int] | None = None
    """For a choice: its text and step as the server reads the body (None: unreadable)."""
    answers: frozenset[int] = frozenset()
    """For a new table: the answers its body may have (with no limits)."""
    qr_seat: str = ""
    sent_after: str = ""
    """For a WebSocket: what the client sends once connected."""

    def what(self) -> str:
        host = "" if self.host is None else f" host={self.host[1]!r}"
        seat = "" if self.owner is None else f" as {self.owner.seat or 'the table'}"
        table = "" if self.owner is None else f" of table {self.owner.made.id}"
        body = f" body={self.content[:160]!r}" if self.content else ""
        return f"{self.method} {self.path} token={self.token_kind}{seat}{table}{host}{body}"


@dataclass
class Outcome:
    status: int
    """The HTTP status; for a WebSocket 101 when it opened, else its close code."""
    body: Any = None


class Run:
    """One app, its example's tables, and what its clients saw."""

    def __init__(self, client: TestClient, folder: Path, specs: Sequence[TableSpec],
                 strict: bool = True) -> None:
        self.client = client
        self.folder = folder
        self.strict = strict
        """No limit on tables made or on wrong tokens: every answer can be foreseen."""
        self.service: Any = client.app.state.service  # type: ignore[attr-defined]
        if strict:
            self.service.limiter = FailureLimiter(allowed=10**6)
        self.problems: list[str] = []
        self.accepted: list[Accepted] = []
        self.statuses: dict[int, int] = {}
        self.lock = threading.Lock()
        self.tables = [self.make(spec) for spec in specs]

    def make(self, spec: TableSpec) -> Made:
        automated = dict(spec.automated)
        answer = self.client.post("/api/tables", json={
            "system": spec.system, "config": QUICK[spec.system], "automated": automated})
        assert answer.status_code == 200, answer.text
        made = answer.json()
        assert [seat["seat"] for seat in made["seats"]] == list(SEATS[spec.system])
        return Made(made["table"], spec.system, made["table_token"],
                    {seat["seat"]: seat["token"] for seat in made["seats"] if seat["token"]},
                    automated)

    def live(self, made: Made) -> LiveTable:
        live: LiveTable = self.service.tables[made.id]
        return live

    def note(self, *problems: str) -> None:
        if problems:
            with self.lock:
                self.problems.extend(problems)

    # --- making requests ready ----------------------------------------------------------

    def token(self, op: Op, seat_needed: bool) -> tuple[str, Owner | None]:
        made = self.tables[op.table % len(self.tables)]
        other = self.tables[(op.table + 1) % len(self.tables)]
        humans = made.humans
        seat = humans[op.seat % len(humans)]
        right = made.seat_tokens[seat] if seat_needed else made.token
        kind = op.token
        if kind == "right":
            return right, Owner(made, seat if seat_needed else None)
        if kind == "other_table":
            theirs = other.humans[op.seat % len(other.humans)]
            return ((other.seat_tokens[theirs], Owner(other, theirs)) if seat_needed
                    else (other.token, Owner(other, None)))
        if kind == "other_seat":
            next_seat = humans[(op.seat + 1) % len(humans)]
            return made.seat_tokens[next_seat], Owner(made, next_seat)
        if kind == "swapped":
            return (made.token, Owner(made, None)) if seat_needed else (
                made.seat_tokens[seat], Owner(made, seat))
        if kind == "empty":
            return "", None
        if kind == "long":
            return (right * 200)[:5_000], None
        if kind == "mangled":
            return right[:-1] + ("A" if right[-1] != "A" else "B"), None
        if kind == "padded":
            return f" {right} ", None
        return op.wrong, None

    def seat_now(self, owner: Owner | None, op: Op) -> tuple[list[str], int, dict[str, str]]:
        """The legal choices, step and take-half forms of the seat a choice is sent for
        (the token's own seat, else the seat the op is aimed at), through the API."""
        made = self.tables[op.table % len(self.tables)]
        seat = made.humans[op.seat % len(made.humans)]
        if owner is not None and owner.seat is not None:
            made, seat = owner.made, owner.seat
        answer = self.client.get("/api/seat", params={"t": made.seat_tokens[seat]})
        self.note(*answer_problems(f"GET /api/seat (to look) of table {made.id}", answer))
        if answer.status_code != 200:
            return [], 0, {}
        state = answer.json()
        return list(state["legal"]), int(state["step"]), dict(state["take_half"])

    def to_play(self, op: Op) -> int:
        """A human seat of the op's table that must choose now (the op's seat if none
        must), as the table's state shows it."""
        made = self.tables[op.table % len(self.tables)]
        answer = self.client.get("/api/table", params={"t": made.token})
        self.note(*answer_problems(f"GET /api/table (to look) of table {made.id}", answer))
        if answer.status_code != 200:
            return op.seat
        due = [made.humans.index(row["seat"]) for row in answer.json()["seats"]
               if row["to_act"] and not row["chosen"] and row["seat"] in made.humans]
        return due[op.seat % len(due)] if due else op.seat

    def prepare(self, op: Op) -> list[Call]:
        """The op's requests, made ready (a choice is made against the seat's state now)."""
        if op.kind in ("play", "choose", "again"):
            return self._choices(op)
        if op.kind == "create":
            content, kind, answers = create_body(op.body)
            return [Call("create", "POST", "/api/tables", {}, "none", None, op.host, content,
                         kind, answers=answers)]
        if op.kind == "systems":
            return [Call("systems", "GET", "/api/systems", {}, "none", None, op.host)]
        seat_needed = op.kind == "seat" or (op.kind == "ws" and op.seat % 2 == 1)
        token, owner = self.token(op, seat_needed)
        paths = {"seat": "/api/seat", "table": "/api/table", "map": "/api/table/map.svg",
                 "qr": "/api/table/qr.svg", "ws": "/ws"}
        call = Call(op.kind, "WS" if op.kind == "ws" else "GET", paths[op.kind], {"t": token},
                    op.token, owner, op.host)
        if op.kind == "qr":
            index, text = op.body
            seats = SEATS[self.tables[op.table % len(self.tables)].system]
            call.qr_seat = text if index < 0 else seats[index % len(seats)]
            call.params["seat"] = call.qr_seat
        if op.kind == "ws":
            call.sent_after = op.body[0]
        return [call]

    def _choices(self, op: Op) -> list[Call]:
        if op.kind == "again":
            with self.lock:
                earlier = self.accepted[op.body[0] % len(self.accepted)] if self.accepted \
                    else None
            if earlier is not None:
                theirs = next(Owner(made, earlier.seat) for made in self.tables
                              if made.id == earlier.table)
                how, space = op.body[1], op.body[2]
                text = earlier.text if how is None else variant(earlier.text, how, space, {})
                content = json.dumps({"choice": text, "step": earlier.step}).encode()
                return [Call("again" if how is None else "resend", "POST", "/api/seat/choose",
                             {"t": earlier.token}, "right", theirs, op.host, content,
                             "application/json", read_named(content))]
            op = replace(op, kind="play", body=("legal", op.body[0]))
        if op.kind == "play":
            op = replace(op, token="right", seat=self.to_play(op))
        token, owner = self.token(op, True)
        legal, step, halves = self.seat_now(owner, op)
        content, kind = choice_body(op.body, legal, step, halves)
        named = read_named(content) if kind == "application/json" else None
        call = Call(op.kind, "POST", "/api/seat/choose", {"t": token}, op.token, owner,
                    op.host, content, kind, named)
        return [call] * op.repeat

    # --- sending them, and what each answer must be -------------------------------------

    def send(self, call: Call) -> Outcome:
        headers = {} if call.host is None else {"host": call.host[1]}
        if call.method == "WS":
            return self._socket(call, headers)
        if call.content_type:
            headers["content-type"] = call.content_type
        answer = self.client.request(call.method, call.path, params=call.params,
                                     headers=headers, content=call.content or None)
        with self.lock:
            self.statuses[answer.status_code] = self.statuses.get(answer.status_code, 0) + 1
        self.note(*answer_problems(call.what(), answer))
        body = None
        if answer.status_code == 200 and call.path != "/api/table/map.svg" \
                and call.path != "/api/table/qr.svg":
            try:
                body = answer.json()
            except ValueError:
                self.note(f"{call.what()}: 200 is not JSON: {answer.text[:200]!r}")
        outcome = Outcome(answer.status_code, body)
        self.note(*self.expected(call, outcome, answer))
        return outcome

    def _socket(self, call: Call, headers: dict[str, str]) -> Outcome:
        outcome = Outcome(101)
        try:
            with self.client.websocket_connect(f"{call.path}?{_query(call.params['t'])}",
                                               headers=headers) as socket:
                outcome.body = socket.receive_json()
                if call.sent_after:
                    socket.send_text(call.sent_after)
        except WebSocketDisconnect as closed:
            outcome.status = closed.code
            if closed.code >= 4500 or closed.code < 4000 or "\n" in (closed.reason or ""):
                self.note(f"{call.what()}: closed with {closed.code} {closed.reason!r}")
        self.note(*self.expected(call, outcome, None))
        return outcome

    def expected(self, call: Call, outcome: Outcome, answer: httpx.Response | None
                 ) -> list[str]:
        """What this answer must be, where the request tells (and its 200 is right)."""
        status, what = outcome.status, call.what()
        socket = call.method == "WS"
        if call.host is not None and call.host[0] == "bad":
            said = "" if answer is None else answer.text
            if status != (4400 if socket else 400) or (
                    not socket and "not this server's name" not in said):
                return [f"{what}: {status} {said[:100]!r} for a host that is not the server's"]
            return []
        if call.host is not None and call.host[0] == "any":
            return []
        limited = set() if self.strict else ({4429} if socket else {429})
        owner = call.owner
        if call.kind == "systems":
            allowed = {200}
        elif call.kind == "create":
            allowed = set(call.answers)
            if status == 200 and isinstance(outcome.body, dict):
                self._new_table(outcome.body)
        elif call.kind in ("play", "choose", "again", "resend"):
            if owner is None or owner.seat is None:
                allowed = {400, 403, 413}
            elif call.kind == "again":
                allowed = {200}
            else:
                allowed = {200, 400, 409, 413}
            if status == 200:
                return self._accepted(call, outcome.body)
        elif socket:
            allowed = {101} if owner is not None else {4403}
            if status == 101:
                return self._state_of(call, outcome.body, owner)
        elif call.kind == "seat":
            allowed = {200} if owner is not None and owner.seat is not None else {403}
            if status == 200:
                return self._state_of(call, outcome.body, owner)
        elif call.kind == "table":
            allowed = {200} if owner is not None and owner.seat is None else {403}
            if status == 200:
                return self._state_of(call, outcome.body, owner)
        elif call.kind == "map":
            allowed = {403} if owner is None or owner.seat is not None else (
                {200} if owner.made.system in MAPPED else {404})
        else:  # qr
            allowed = {403} if owner is None or owner.seat is not None else {403, 404}
            if owner is not None and owner.seat is None and call.qr_seat in owner.made.humans:
                allowed.add(200)
        if status not in allowed | limited:
            return [f"{what}: answered {status}, expected one of {sorted(allowed | limited)}"]
        return []

    def _new_table(self, body: dict[str, Any]) -> None:
        if not isinstance(body.get("table"), int) or not isinstance(body.get("seats"), list):
            self.note(f"a new table's answer lacks its table or seats: {str(body)[:200]}")

    def _accepted(self, call: Call, state: Any) -> list[str]:
        owner, what = call.owner, call.what()
        if owner is None or owner.seat is None:
            return [f"{what}: a choice was answered 200 for a token of no seat"]
        if call.named is None:
            return [f"{what}: answered 200, but the body is not a choice"]
        text, step = call.named
        with self.lock:
            self.accepted.append(Accepted(owner.made.id, owner.seat, step, text,
                                          call.params["t"], what))
        if not isinstance(state, dict) or state.get("seat") != owner.seat \
                or state.get("table") != owner.made.id or state.get("step", -1) < step:
            return [f"{what}: 200 with the state of {str(state)[:200]}"]
        return []

    def _state_of(self, call: Call, body: Any, owner: Owner | None) -> list[str]:
        """A state answered to ``owner``: its own table's, and its own seat's."""
        if call.method == "WS":
            if not isinstance(body, dict) or body.get("type") != "state":
                return [f"{call.what()}: the first message is {str(body)[:200]}"]
            body = body["state"]
        if owner is None or not isinstance(body, dict):
            return [f"{call.what()}: a state for a token of no table: {str(body)[:200]}"]
        if body.get("table") != owner.made.id or body.get("seat") != owner.seat \
                or not isinstance(body.get("step"), int):
            return [f"{call.what()}: the state of {body.get('table')}/{body.get('seat')}"]
        return []

    # --- the example's phases ----------------------------------------------------------

    def at_once(self, clients: Sequence[Sequence[Op]]) -> None:
        """Every client's requests, the clients all at once (each in its own thread)."""
        start = threading.Barrier(len(clients))

        def client(requests: Sequence[Op]) -> None:
            try:
                start.wait(SECONDS)
                for op in requests:
                    for call in self.prepare(op):
                        self.send(call)
            except Exception as error:  # a thread cannot fail the test: it says why
                self.note(f"a client thread stopped: {error!r}")

        threads = [threading.Thread(target=client, args=(requests,), daemon=True)
                   for requests in clients]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(SECONDS * 2)
        assert not any(thread.is_alive() for thread in threads), "a client thread hung"

    def one_by_one(self, requests: Sequence[Op]) -> None:
        """Each request between two looks at every table's truth: a refusal (and a GET, a
        WebSocket) changes none; a choice changes at most its own table."""
        for op in requests:
            for call in self.prepare(op):
                before = self.truths()
                outcome = self.send(call)
                after = self.truths()
                self.note(*unchanged_but(call, outcome, before, after))

    def settle(self) -> None:
        """Wait for the automated steps queued in the background."""
        assert self.service.background.settle(SECONDS), "background steps did not settle"

    def truths(self) -> dict[int, tuple[str, int, dict[str, str]]]:
        """Every live table's truth, once the background has settled."""
        self.settle()
        found = {}
        for table_id, live in sorted(dict(self.service.tables).items()):
            found[table_id] = truth(live)
        return found

    def check_records(self) -> None:
        """Every accepted choice is in the record or pending; memory and database agree."""
        self.settle()
        with sqlite3.connect(self.folder / "games.sqlite3") as db:
            for made in self.tables:
                live = self.live(made)
                rows = db.execute("SELECT number, choices FROM game_steps WHERE table_id = ? "
                                  "ORDER BY number", (made.id,)).fetchall()
                with live.lock:
                    record = [dict(step) for step in live.table.record.choices]  # type: ignore
                    pending = {seat: action.text for seat, action in live.table.pending.items()}
                mine = [choice for choice in self.accepted if choice.table == made.id]
                self.note(*lost_choices(live.table.ruleset, record, pending, mine))
                self.note(*(f"table {made.id}: {problem}"
                            for problem in record_differences(record, rows)))

    def assert_sound(self, phase: str) -> None:
        assert not self.problems, f"{phase}: {len(self.problems)} problem(s):\n" + "\n".join(
            self.problems[:12])


def truth(live: LiveTable) -> tuple[str, int, dict[str, str]]:
    """What a table is: its whole-truth view's hash, its steps, its pending choices."""
    with live.lock:
        return (state_hash(live.table.ruleset.view(live.table.state, None)), live.table.steps,
                {seat: action.text for seat, action in live.table.pending.items()})


def unchanged_but(call: Call, outcome: Outcome,
                  before: Mapping[int, tuple[str, int, dict[str, str]]],
                  after: Mapping[int, tuple[str, int, dict[str, str]]]) -> list[str]:
    """What changed that ``call``, answered ``outcome``, may not have changed."""
    may: set[int] = set()
    if outcome.status == 200 and call.method == "POST" and call.owner is not None:
        may = {call.owner.made.id}
    made = outcome.status == 200 and call.kind == "create"
    changed = [table for table in before if after.get(table) != before[table]
               and table not in may]
    wrong = [f"{call.what()}: answered {outcome.status}, and table {table} changed: "
             f"{before[table][1:]} -> {after.get(table, ('', 'gone'))[1:]}"
             for table in changed]
    added = set(after) - set(before)
    if added and not (made and len(added) == 1):
        wrong.append(f"{call.what()}: answered {outcome.status}, and tables {sorted(added)} "
                     "were made")
    return wrong


def _query(token: str) -> str:
    return str(httpx.QueryParams({"t": token}))


def read_named(content: bytes) -> tuple[str, int] | None:
    """A choice's text and step as the server's body model reads them, or None."""
    try:
        body = Choice.model_validate_json(content)
    except (ValidationError, ValueError):
        return None
    return body.choice, body.step


def choice_body(spec: tuple[Any, ...], legal: Sequence[str], step: int,
                halves: Mapping[str, str]) -> tuple[bytes, str]:
    """A drawn choice body made against the seat's legal choices and step: the bytes and
    the content type."""
    kind = spec[0]

    def pick(index: int) -> str:
        return legal[index % len(legal)] if legal else "wait"

    def sent(value: Any) -> tuple[bytes, str]:
        return json.dumps(value).encode(), "application/json"

    if kind == "legal":
        return sent({"choice": pick(spec[1]), "step": step})
    if kind == "variant":
        return sent({"choice": variant(pick(spec[1]), spec[2], spec[3], halves),
                     "step": step if spec[4] is None else shifted(step, spec[4])})
    if kind == "step":
        return sent({"choice": pick(spec[1]), "step": shifted(step, spec[2])})
    if kind == "text":
        return sent({"choice": spec[1], "step": step})
    if kind == "long":
        return sent({"choice": ((pick(0) + " ") * spec[1])[:spec[1]], "step": step})
    if kind == "extra":
        return sent({"choice": pick(spec[1]), "step": step, spec[2]: spec[3]})
    if kind == "missing":
        body: dict[str, Any] = {"choice": pick(spec[1]), "step": step}
        for name in ("choice", "step"):
            if spec[2] in (name, "both"):
                del body[name]
        return sent(body)
    if kind == "types":
        return sent({"choice": spec[1], "step": spec[2]})
    if kind == "json":
        return sent(spec[1])
    return bytes(spec[1]), str(spec[2])


def variant(text: str, how: str, space: str, halves: Mapping[str, str]) -> str:
    """Another way of writing a choice: some mean the same, some another, some nothing."""
    forms = {
        "upper": text.upper(), "title": text.title(), "padded": f"{space}{text}{space}",
        "inner": space.join(text.split(" ")), "bang": "!" + text,
        "bang_spaced": f"{space}!{space}{text}", "half": halves.get(text, text + ", take half"),
        "announce": text + ", and announce", "junk_after": text + "x",
        "junk_before": "x" + text, "twice": f"{text} {text}", "empty": space,
    }
    return forms[how]


def shifted(step: int, how: str) -> Any:
    """A step that is not the state's, or not a number."""
    return {"previous": step - 1, "next": step + 1, "negative": -1, "huge": 10**9,
            "beyond": 10**9 + 1, "enormous": 2**70, "string": str(step), "float": float(step),
            "half": step + 0.5, "true": True, "null": None, "zero": 0, "list": [step]}[how]


MADE: Final = frozenset({200})
REFUSED: Final = frozenset({400})


def create_body(spec: tuple[Any, ...]) -> tuple[bytes, str, frozenset[int]]:
    """A drawn new table's body: the bytes, the content type, and the answers it may
    have (a valid body is made; a mangled one is refused, but a ``fields`` body with the
    quick config and an empty or lucky ``automated`` may be made)."""
    kind = spec[0]
    if kind == "valid":
        system, picks = spec[1], spec[2]
        seats, agents = SEATS[system], AGENTS[system]
        automated = {seat: agents[pick % len(agents)]
                     for seat, pick in zip(seats, picks, strict=False) if pick >= 0}
        if len(automated) == len(seats):
            del automated[seats[0]]
        return json.dumps({"system": system, "config": QUICK[system],
                           "automated": automated}).encode(), "application/json", MADE
    if kind == "fields":
        system, how, automated = spec[1], spec[2], spec[3]
        base = dict(QUICK.get(system, {}))
        first = next(iter(base), "x")
        config: Any = {"quick": base, "unknown": {"colour": None},  # not {}: a long game
                       "extra": {**base, "colour": "blue"}, "wrong_type": {**base, first: "many"},
                       "negative": {**base, first: -1}, "not_a_dict": [base]}[how]
        body = {"system": system, "config": config, "automated": automated}
        maybe = how == "quick" and system in QUICK
        return json.dumps(body).encode(), "application/json", (MADE | REFUSED) if maybe \
            else REFUSED
    if kind == "json":
        return json.dumps(spec[1]).encode(), "application/json", REFUSED
    return bytes(spec[1]), str(spec[2]), REFUSED


# --- WebSocket followers held through the phases ----------------------------------------

LOOKER: Final = "the test's own look"
"""The client address the test's own looks at a table are made from."""

class Follower:
    """A WebSocket held open on one token, reading every message on a thread of its own."""

    def __init__(self, run: Run, made: Made, seat: str | None) -> None:
        self.run, self.made, self.seat = run, made, seat
        self.token = made.token if seat is None else made.seat_tokens[seat]
        self.session = run.client.websocket_connect(f"/ws?{_query(self.token)}")
        self.session.__enter__()
        self.messages: list[Any] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                self.messages.append(self.session.receive_json())
        except Exception:  # closed (by the test, or by the server: compared below)
            return

    def now(self) -> dict[str, Any]:
        """What a GET shows now: the routes' own call, from an address of its own (the
        clients' may be over the limit of wrong tokens)."""
        service = self.run.service
        text = service.table_state(self.token, LOOKER) if self.seat is None else \
            service.seat_state(self.token, LOOKER)
        state: dict[str, Any] = json.loads(text)
        return state

    def check(self) -> None:
        """The follower comes to hold what a GET shows, by the messages it was sent."""
        self.run.settle()
        wanted = self.now()
        deadline = time.monotonic() + SECONDS
        while True:
            held, wrong = followed(list(self.messages))
            if wrong or held == wanted or time.monotonic() > deadline:
                break
            time.sleep(0.01)
        who = f"table {self.made.id}'s follower as {self.seat or 'the table'}"
        self.run.note(*(f"{who}: {problem}" for problem in wrong))
        if not wrong and held != wanted:
            differ = sorted(key for key in wanted if (held or {}).get(key) != wanted[key])
            self.run.note(f"{who} holds step {held and held.get('step')}, a GET shows step "
                          f"{wanted['step']}; they differ in {differ}")

    def close(self) -> None:
        self.session.__exit__(None, None, None)
        self.thread.join(SECONDS)


def play_plan(folder: Path, plan: Plan, limits: ServeLimits | None = UNLIMITED) -> Run:
    """The whole example: both tables made, followers on, the clients at once, then one
    request at a time, every check made after each phase."""
    strict = limits is UNLIMITED
    with TestClient(new_app(folder, limits=limits), raise_server_exceptions=False) as client:
        run = Run(client, folder, plan.tables, strict=strict)
        followers = [Follower(run, made, seat) for made in run.tables
                     for seat in (None, made.humans[0])]
        try:
            run.at_once(plan.clients)
            run.check_records()
            for follower in followers:
                follower.check()
            run.assert_sound("at once")
            run.one_by_one(plan.sequential)
            run.check_records()
            for follower in followers:
                follower.check()
            run.assert_sound("one by one")
        finally:
            for follower in followers:
                follower.close()
    return run


FUZZ = settings(max_examples=8, deadline=None, database=None,
                phases=(Phase.explicit, Phase.generate),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.large_base_example])
"""A few examples, each test's drawn from a fixed seed (the same requests every run); no
shrinking: a problem names the very request that showed it, and shrinking a run of
threads would take long for little."""


@pytest.mark.parametrize("system", SYSTEMS)
def test_random_requests_from_clients_at_once_break_nothing(
        system: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each example: a table of ``system`` and one of any system, 3 to 6 clients at once,
    then requests one by one (``play_plan``: every check after each phase). Over the
    examples the fuzz must have reached the answers that matter and moved the games, so
    that a quiet pass is not a fuzz that did nothing."""
    runs: list[Run] = []

    @seed(SYSTEMS.index(system))  # each system its own requests
    @FUZZ
    @given(data=st.data())
    def example(data: st.DataObject) -> None:
        plan = data.draw(plans(system))
        runs.append(play_plan(tmp_path_factory.mktemp(f"fuzz-{system}"), plan))

    example()
    statuses = {status for run in runs for status in run.statuses}
    assert {200, 400, 403, 409} <= statuses, f"the fuzz met only {sorted(statuses)}"
    assert sum(len(run.accepted) for run in runs) >= 10, "the fuzz had few choices taken"
    steps = [run.live(run.tables[0]).table.steps for run in runs]
    assert sum(steps) >= 5, f"the games hardly moved: {steps}"


@seed(len(SYSTEMS))
@settings(FUZZ, max_examples=2)
@given(data=st.data())
def test_with_the_default_limits_the_excess_is_429_never_5xx(
        data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The server's own limits (20 new tables an hour, 20 wrong tokens a minute per
    address) under the same fuzz; then past both limits at once: 429, never 5xx."""
    plan = data.draw(plans("squad", clients=(3, 4), each=10, sequential=10))
    folder = tmp_path_factory.mktemp("fuzz-limits")
    run = play_plan(folder, plan, limits=None)
    with TestClient(new_app(folder), raise_server_exceptions=False) as client:
        answers = [client.get("/api/table", params={"t": f"wrong-{number}"})
                   for number in range(21)]
        answers += [client.post("/api/tables", json={"system": "squad",
                                                     "config": QUICK["squad"]})
                    for _ in range(21)]
        problems = [problem for answer in answers
                    for problem in answer_problems("past the limits", answer)]
        assert not problems, problems
        statuses = [answer.status_code for answer in answers]
        assert 429 in statuses[:21] and 429 in statuses[21:], statuses
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
                f"/ws?t={run.tables[0].token}") as socket:
            socket.receive_json()
        assert closed.value.code == 4429


# --- the checks can fail ----------------------------------------------------------------

def _played(tmp_path: Path) -> tuple[Run, Made]:
    """An Amulet table with two steps taken and one choice pending, through a Run."""
    client = TestClient(new_app(tmp_path, limits=UNLIMITED))
    run = Run(client, tmp_path, [TableSpec("amulet", (("Elf", "random"),))])
    made = run.tables[0]
    for _ in range(2):
        for seat in made.humans:
            for call in run.prepare(Op("play", 0, made.humans.index(seat), "right", "",
                                       ("legal", 1), None, 1)):
                assert run.send(call).status == 200
    call = run.prepare(Op("play", 0, 0, "right", "", ("legal", 0), None, 1))[0]
    assert run.send(call).status == 200
    return run, made


def test_the_lost_choice_check_finds_a_choice_taken_out_of_the_record(
        tmp_path: Path) -> None:
    run, made = _played(tmp_path)
    live = run.live(made)
    record = [dict(step) for step in live.table.record.choices]  # type: ignore
    pending = {seat: action.text for seat, action in live.table.pending.items()}
    assert len(record) == 2 and list(pending) == ["Warrior"] and len(run.accepted) == 7
    assert lost_choices(live.table.ruleset, record, pending, run.accepted) == []
    run.check_records()
    assert run.problems == []

    without = [dict(step) for step in record]
    del without[1]["Valkyrie"]
    lost = lost_choices(live.table.ruleset, without, pending, run.accepted)
    assert len(lost) == 1 and "Valkyrie" in lost[0] and "step 2 holds None" in lost[0]
    changed = [dict(step) for step in record]
    changed[0]["Warrior"] = "a choice never made"
    assert len(lost_choices(live.table.ruleset, changed, pending, run.accepted)) == 1
    assert len(lost_choices(live.table.ruleset, record, {}, run.accepted)) == 1, "pending dropped"
    assert len(lost_choices(live.table.ruleset, record[:1], pending, run.accepted)) == 4

    rows = [(number, json.dumps(step)) for number, step in enumerate(record, start=1)]
    assert record_differences(record, rows) == []
    assert record_differences(record, rows[:1]) == ["memory has 2 steps, the database 1"]
    assert len(record_differences(without, rows)) == 1
    assert record_differences(record, [rows[1], rows[0]])[0].startswith(
        "the database's steps are numbered [2, 1]")
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute("DELETE FROM game_steps WHERE table_id = ? AND number = 2", (made.id,))
    run.check_records()
    assert any("memory has 2 steps, the database 1" in problem for problem in run.problems)


def test_the_refusal_check_sees_a_change_of_any_table(tmp_path: Path) -> None:
    """A refused request between two looks that differ is reported, and so is a choice
    that changed a table other than its own."""
    run, made = _played(tmp_path)
    before = run.truths()
    refused = run.prepare(Op("choose", 0, 1, "right", "", ("text", "fly away"), None, 1))[0]
    outcome = run.send(refused)
    assert outcome.status == 400
    assert unchanged_but(refused, outcome, before, run.truths()) == []
    for seat in made.humans[1:]:
        chosen = run.prepare(Op("play", 0, made.humans.index(seat), "right", "",
                                ("legal", 0), None, 1))[0]
        assert run.send(chosen).status == 200
    after = run.truths()
    assert after[made.id][1] == 3, "the round closed: a step was taken"
    assert unchanged_but(chosen, Outcome(200), before, after) == []
    assert len(unchanged_but(refused, outcome, before, after)) == 1
    assert len(unchanged_but(chosen, Outcome(200), {**before, 99: before[made.id]},
                             {**after, 99: after[made.id]})) == 1


def test_the_answer_and_follower_checks_refuse_what_the_contract_forbids() -> None:
    request = httpx.Request("GET", "http://testserver/api/table")

    def answer(status: int, content: bytes, kind: str = "application/json") -> httpx.Response:
        return httpx.Response(status, content=content, headers={"content-type": kind},
                              request=request)

    assert answer_problems("ok", answer(403, b'{"detail": "not a token"}')) == []
    assert answer_problems("ok", answer(200, b"anything")) == []
    for bad in (answer(500, b'{"detail": "fault"}'), answer(503, b"{}"),
                answer(400, b'{"detail": "two\\nlines"}'), answer(400, b"plain text"),
                answer(409, b'{"detail": "x", "more": 1}'), answer(404, b'{"detail": ""}'),
                answer(403, b'{"detail": "x"}', "text/html"), answer(400, b'["detail"]')):
        assert len(answer_problems("bad", bad)) == 1, bad.content
    state = {"type": "state", "state": {"step": 3, "seats": [{"seat": "A", "chosen": False}]}}
    seats = {"type": "seats", "step": 3, "seats": [{"seat": "A", "chosen": True}]}
    held, wrong = followed([state, seats])
    assert wrong == [] and held == {"step": 3, "seats": [{"seat": "A", "chosen": True}]}
    assert len(followed([seats, state])[1]) == 1, "a seats message before any state"
    assert len(followed([state, {**seats, "step": 2}])[1]) == 1, "a seats message of a step"
    assert len(followed([state, {"type": "other"}])[1]) == 1


def test_a_resend_of_an_accepted_choice_is_expected_to_be_answered_200(
        tmp_path: Path) -> None:
    """The ``again`` op's expectation can fail: a resend with another step is not 200."""
    run, _ = _played(tmp_path)
    first = run.accepted[0]
    call = run.prepare(Op("again", 0, 0, "right", "", (0, None, " "), None, 1))[0]
    assert call.named == (first.text, first.step) and run.send(call).status == 200
    assert run.problems == []
    call.named = (first.text, first.step + 10)
    call.content = json.dumps({"choice": first.text, "step": first.step + 10}).encode()
    assert run.send(call).status == 409
    assert len(run.problems) == 1 and "expected one of [200]" in run.problems[0]


# --- what the fuzz found, each as a minimal reproduction ---------------------------------

def test_a_refusal_naming_an_unknown_field_is_one_line(tmp_path: Path) -> None:
    """The fuzz's ``extra`` bodies: a field name with a newline goes into the detail as
    it is. app.py's RequestValidationError handler joins the error's ``loc`` (here the
    unknown field's name) unescaped, so the refusal is two lines; the same for a new
    table's body, and for its config (live.read_config joins ``loc`` the same way)."""
    client = TestClient(new_app(tmp_path))
    table = Table(client, "labyrinth")
    answers = [
        table.client.post("/api/seat/choose", params={"t": table.seat_tokens["Seat-1"]},
                          json={"choice": "wait", "step": 0, "a\nb": 1}),
        client.post("/api/tables", json={"system": "squad", "x\ny": 1}),
        client.post("/api/tables", json={"system": "squad", "config": {"x\ny": 1}}),
    ]
    assert [answer.status_code for answer in answers] == [400, 400, 400]
    problems = [problem for answer in answers
                for problem in answer_problems("an unknown field", answer)]
    assert problems == []


def test_an_automated_seat_that_is_no_seat_is_refused_in_one_line(tmp_path: Path) -> None:
    """The fuzz's mangled ``automated``: tables.py, TableService.create, refuses an
    unknown agent with the seat's name written unquoted (``automated.{seat[:MAX_NAME]}``),
    so a name with a newline makes a two-line detail."""
    answer = TestClient(new_app(tmp_path)).post("/api/tables", json={
        "system": "squad", "config": QUICK["squad"], "automated": {"a\nb": "nobody"}})
    assert answer.status_code == 400
    assert answer_problems("an automated seat's name", answer) == []


def test_an_automated_seat_named_by_a_lone_surrogate_is_refused_not_a_fault(
        tmp_path: Path) -> None:
    """The same line of tables.py with a lone surrogate for the name (JSON ``"\\ud800"``,
    which pydantic lets through as a dict key): Starlette's JSONResponse cannot encode
    the detail as UTF-8, so the BadInput handler itself raises UnicodeEncodeError and the
    answer is 500 ("a fault of the server's")."""
    client = TestClient(new_app(tmp_path), raise_server_exceptions=False)
    answer = client.post("/api/tables", headers={"content-type": "application/json"},
                         content=b'{"system": "squad", "automated": {"\\ud800": "nobody"}}')
    assert answer_problems("an automated seat's name", answer) == []
    assert answer.status_code == 400


def test_a_bang_refused_now_is_not_accepted_as_the_repeat_of_an_old_choice(
        tmp_path: Path) -> None:
    """The fuzz's ``variant`` of a stale choice. Labyrinth (as Squad and Card Crawl) has
    no claims: "!" + a legal choice is refused 400 at the step the table is at. But for a
    step already taken, tables.py ``_recorded`` drops the "!" and, the action having no
    ``claiming``, compares the plain text with the record: "!" + the recorded choice is
    answered 200, as the repeat of a choice the server would never have taken."""
    table = Table(TestClient(new_app(tmp_path)), "labyrinth",
                  config={"players": 1, "max_steps": 300})
    first = table.seat("Seat-1")["legal"][0]
    assert table.choose("Seat-1", first, 0).status_code == 200
    assert table.choose("Seat-1", "!" + table.seat("Seat-1")["legal"][0]).status_code == 400
    resent = table.choose("Seat-1", "!" + first, 0)
    assert resent.status_code in (400, 409), resent.text[:200]


def _claimed(tmp_path: Path) -> tuple[Table, str]:
    """An Amulet table where the Warrior claimed the announcements at step 1 ("!wait",
    recorded as "wait, and announce"), and the round after that was played too."""
    table = Table(TestClient(new_app(tmp_path, seed=1)), "amulet", config={})
    table.play(1, cycling_pick)
    plain = table.seat("Warrior")["legal"][0]
    assert table.choose("Warrior", "!" + plain, 1).status_code == 200
    for seat in ("Elf", "Valkyrie", "Wizard"):
        assert table.choose(seat, table.seat(seat)["legal"][0], 1).status_code == 200
    assert table.live().table.record.choices[1]["Warrior"] == plain + ", and announce"
    table.play(1, cycling_pick)
    return table, plain


def test_a_claim_sent_again_after_its_round_is_answered_as_the_first_was(
        tmp_path: Path) -> None:
    """The very claim that was accepted, sent again for its step once the seat has
    chosen since, is a repeat: ``_recorded`` must compare its claiming form with the
    record, not its plain one (it once did, and answered 409)."""
    table, plain = _claimed(tmp_path)
    again = table.choose("Warrior", "!" + plain, 1)
    assert again.status_code == 200, again.text


def test_a_claim_that_was_not_taken_is_not_answered_as_if_it_had_been(
        tmp_path: Path) -> None:
    """The Elf did not claim at step 1: "!" + its recorded choice is another choice, for
    a step that is over (409), not a repeat (it once was answered 200)."""
    table, _ = _claimed(tmp_path)
    claim = table.choose("Elf", "!" + table.live().table.record.choices[1]["Elf"], 1)
    assert claim.status_code == 409, claim.text[:200]
