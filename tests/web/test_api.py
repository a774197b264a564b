"""The shared table's HTTP API (docs/web-api.md): every system playable, rounds and turns
as the contract says, the record written step by step, bad input refused in one line."""

from __future__ import annotations

import json
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import QUICK, Table, cycling_pick, first_pick, new_app, stored_steps

from cli_helpers import assert_bad_input, run
from undercroft.engine.capabilities import PlayersMap
from undercroft.engine.record import Record, replay, state_hash
from undercroft.engine.registry import get, names


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(new_app(tmp_path))


def test_systems_offer_every_registered_system_with_its_seats_agents_and_house_rules(
        client: TestClient) -> None:
    answer = client.get("/api/systems")
    assert answer.status_code == 200
    offered = {system["name"]: system for system in answer.json()}
    assert sorted(offered) == names()
    for name, system in offered.items():
        ruleset = get(name)
        assert system["agents"] == sorted(ruleset.agents())
        assert system["seats_hint"] == list(ruleset.seats(
            ruleset.new(ruleset.config_model()(), 0)))
        assert system["config_schema"] == ruleset.config_model().model_json_schema()


@pytest.mark.parametrize("system", names())
def test_every_system_plays_seeded_steps_and_the_database_replays_to_the_same_state(
        system: str, tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, system)
    assert table.answer["watch_url"] == f"/table?t={table.token}"
    assert all(seat["url"] == f"/seat?t={seat['token']}" for seat in table.answer["seats"])
    state = table.state()
    assert state["table"] == table.id and state["system"] == system and state["step"] == 0
    assert ("players_map" in state["capabilities"]) == isinstance(get(system), PlayersMap)
    assert [seat["seat"] for seat in state["seats"]] == list(table.seat_tokens)
    assert table.play(6, cycling_pick) == 6
    state = table.state()
    assert state["step"] == 6 == stored_steps(tmp_path, table.id)
    live = table.live()
    assert live.table.record is not None
    record = Record(system=system, rules_version=live.table.ruleset.version,
                    config=live.table.record.config, seed=5,
                    choices=live.table.record.choices)
    ruleset, again, _ = replay(record)
    assert state_hash(ruleset.view(again, None)) == table.truth_hash()
    for seat in table.seat_tokens:
        mine = table.seat(seat)
        assert mine["seat"] == seat and mine["view"] == ruleset.view(again, seat)
        acting = next(row for row in mine["seats"] if row["seat"] == seat)["to_act"]
        expected = [action.text for action in ruleset.legal(again, seat)] if acting else []
        assert mine["legal"] == expected and bool(expected) == acting


def test_an_amulet_round_waits_for_every_human_seat_and_shows_who_is_still_choosing(
        tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, "amulet", automated={"Elf": "sensible"})
    choice = table.seat("Warrior")["legal"][0]
    answer = table.choose("Warrior", choice)
    assert answer.status_code == 200
    assert answer.json()["chosen"] == choice and answer.json()["legal"] == []
    state = table.state()
    assert state["step"] == 0
    seats = {row["seat"]: row for row in state["seats"]}
    assert seats["Warrior"] == {"seat": "Warrior", "automated": None, "to_act": True,
                                "chosen": True, "joined": True}
    assert not seats["Wizard"]["joined"]  # nobody has opened the Wizard's seat yet
    assert seats["Elf"]["automated"] == "sensible" and not seats["Elf"]["chosen"]
    still = [seat for seat, row in seats.items()
             if row["to_act"] and not row["chosen"] and not row["automated"]]
    assert still == ["Valkyrie", "Wizard"]
    again = table.choose("Warrior", choice)  # sent twice: counted once
    assert again.status_code == 200 and again.json()["chosen"] == choice
    other = next(text for text in table.live().table.legal("Warrior")
                 if text.text != choice).text
    changed = table.choose("Warrior", other)
    assert changed.status_code == 409 and "already chosen" in changed.json()["detail"]
    assert table.choose("Valkyrie", table.seat("Valkyrie")["legal"][0]).status_code == 200
    assert table.state()["step"] == 0 and stored_steps(tmp_path, table.id) == 0
    assert table.choose("Wizard", table.seat("Wizard")["legal"][0]).status_code == 200
    state = table.state()
    assert state["step"] == 1 and stored_steps(tmp_path, table.id) == 1
    assert not any(row["chosen"] for row in state["seats"])
    assert set(table.live().table.record.choices[0]) == {"Warrior", "Elf", "Valkyrie", "Wizard"}
    assert state["events"] and all("kind" in event for event in state["events"])


def test_followers_are_sent_only_who_has_chosen_when_nothing_else_changed(
        tmp_path: Path) -> None:
    """A seat's choice in an unfinished round: the others and the screen get a short
    "seats" message; the seat that chose gets its whole state (its legal list is gone);
    the step that ends the round is a whole state for everyone."""
    client = TestClient(new_app(tmp_path))
    table = Table(client, "amulet", automated={"Elf": "sensible", "Wizard": "sensible"})
    names = {"table": table.token, "Warrior": table.seat_tokens["Warrior"],
             "Valkyrie": table.seat_tokens["Valkyrie"]}
    with ExitStack() as sockets:
        followers = []
        for name in ("table", "Warrior", "Valkyrie"):  # each after the last has its state
            followers.append(sockets.enter_context(client.websocket_connect(
                f"/ws?t={names[name]}")))
            assert followers[-1].receive_json()["type"] == "state"
        screen, warrior, valkyrie = followers
        # a phone joining is told to those already following (the screen withdraws its
        # invitation): the Warrior's and the Valkyrie's to the screen, the Valkyrie's to
        # the Warrior
        for socket, joined in ((screen, ["Warrior"]), (screen, ["Warrior", "Valkyrie"]),
                               (warrior, ["Warrior", "Valkyrie"])):
            short = socket.receive_json()
            assert short["type"] == "seats" and short["step"] == 0
            assert [row["seat"] for row in short["seats"] if row["joined"]] == joined
        assert table.choose("Warrior", table.seat("Warrior")["legal"][0]).status_code == 200
        whole = warrior.receive_json()
        assert whole["type"] == "state" and whole["state"]["legal"] == []
        for socket in (screen, valkyrie):
            short = socket.receive_json()
            assert short["type"] == "seats" and short["step"] == 0
            chosen = {row["seat"]: row["chosen"] for row in short["seats"]}
            assert chosen == {"Warrior": True, "Elf": False, "Valkyrie": False,
                              "Wizard": False}
            assert short["seats"] == table.state()["seats"]
        assert table.choose("Valkyrie", table.seat("Valkyrie")["legal"][0]).status_code == 200
        for socket in (screen, warrior, valkyrie):
            message = socket.receive_json()
            assert message["type"] == "state" and message["state"]["step"] == 1


@pytest.mark.parametrize(("system", "automated"), [
    ("labyrinth", {"Seat-2": "bold", "Seat-3": "careful"}),
    ("squad", {"GM": "sensible", "Guide-2": "random"}),
    ("cardcrawl", {"Seat-2": "cautious", "Seat-3": "aggressive"}),
])
def test_automated_seats_take_their_turns_on_their_own(
        system: str, automated: dict[str, str], tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, system, automated=automated)
    human = next(seat for seat in table.seat_tokens)
    for _ in range(12):
        state = table.state()
        if state["outcome"] is not None:
            break
        acting = [row["seat"] for row in state["seats"] if row["to_act"]]
        assert acting == [human], "the game stopped at an automated seat"
        assert table.choose(human, cycling_pick(human, table.seat(human)["legal"],
                                                state["step"])).status_code == 200
    record = table.live().table.record.choices
    assert any(seat in automated for step in record for seat in step)
    assert len(record) == stored_steps(tmp_path, table.id) == table.state()["step"]


def test_a_squad_table_with_an_automated_game_master_starts_with_its_move(
        tmp_path: Path) -> None:
    table = Table(TestClient(new_app(tmp_path)), "squad", automated={"GM": "sensible"})
    state = table.state()
    assert state["step"] >= 1 and "GM" in table.live().table.record.choices[0]
    assert [row["seat"] for row in state["seats"] if row["to_act"]] != ["GM"]


def test_amulet_claims_the_last_steps_announcements_with_a_leading_bang(
        tmp_path: Path) -> None:
    table = Table(TestClient(new_app(tmp_path, seed=1)), "amulet")
    nothing = table.choose("Warrior", "!" + table.seat("Warrior")["legal"][0])
    assert nothing.status_code == 400 and "nothing to claim" in nothing.json()["detail"]
    table.play(1, cycling_pick)
    state = table.state()
    assert state["announcements"] == ["Remember, don't shoot food!"]
    assert table.seat("Elf")["view"]["claims"] == []
    own = table.choose("Elf", "!" + table.seat("Elf")["legal"][0])
    assert own.status_code == 400, "the hero who caused it cannot claim it"
    tokens = {hero["name"]: hero["tokens"] for hero in state["view"]["heroes"]}
    plain = table.seat("Warrior")["legal"][0]
    answer = table.choose("Warrior", "!" + plain)
    assert answer.status_code == 200
    assert answer.json()["chosen"] == plain + ", and announce"
    for seat in ("Elf", "Valkyrie", "Wizard"):
        assert table.choose(seat, table.seat(seat)["legal"][0]).status_code == 200
    heroes = {hero["name"]: hero["tokens"] for hero in table.state()["view"]["heroes"]}
    assert heroes["Warrior"] == tokens["Warrior"] + 1


def test_amulet_offers_take_half_for_the_choices_that_roll_and_takes_it(
        tmp_path: Path) -> None:
    """Modos "take half" at the shared table as at the terminal: each legal choice that
    rolls has its half form in ``take_half``; choosing it rolls no die for that roll."""
    table = Table(TestClient(new_app(tmp_path, seed=3)), "amulet")  # a demon in room 1
    seat = table.seat("Warrior")
    forms = seat["take_half"]
    assert set(forms) <= set(seat["legal"]) and "wait" not in forms
    assert all(half == text + ", take half" for text, half in forms.items())
    text = "attack demon-1 with melee"
    assert text in forms
    refused = table.choose("Warrior", "wait, take half")
    assert refused.status_code == 400 and "\n" not in refused.json()["detail"]
    answer = table.choose("Warrior", forms[text])
    assert answer.status_code == 200 and answer.json()["chosen"] == forms[text]
    assert answer.json()["take_half"] == {}  # chosen: nothing more to choose this round
    for other in ("Elf", "Valkyrie", "Wizard"):
        assert table.choose(other, table.seat(other)["legal"][0]).status_code == 200
    halved = [roll for event in table.state()["events"] for roll in event.get("rolls", [])
              if "(half)" in str(roll.get("what", ""))]
    assert halved, "the step rolled no die at half"
    labyrinth = Table(TestClient(new_app(tmp_path / "l")), "labyrinth")
    assert labyrinth.seat("Seat-1")["take_half"] == {}


def test_a_seat_is_sent_each_legal_choice_in_words(tmp_path: Path) -> None:
    table = Table(TestClient(new_app(tmp_path, seed=3)), "amulet")
    seat = table.seat("Warrior")
    assert set(seat["words"]) == set(seat["legal"]) and seat["legal"]
    assert all(set(worded) == {"words", "futile", "pointless"} and worded["words"]
               for worded in seat["words"].values())
    table.choose("Warrior", seat["legal"][0])
    assert table.seat("Warrior")["words"] == {}  # chosen: nothing more to say this round


def test_a_bang_is_refused_where_a_system_has_no_announcements(tmp_path: Path) -> None:
    table = Table(TestClient(new_app(tmp_path)), "labyrinth")
    answer = table.choose("Seat-1", "!" + table.seat("Seat-1")["legal"][0])
    assert answer.status_code == 400 and "labyrinth" in answer.json()["detail"]


def test_the_level_map_and_the_invitation_codes(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    amulet = Table(client, "amulet", automated={"Elf": "random"})
    code = client.get("/api/table/qr.svg", params={"t": amulet.token, "seat": "Warrior"})
    assert code.status_code == 200 and "<svg" in code.text
    assert code.headers["cache-control"] == "no-store"
    amulet.play(3, first_pick)
    joined = client.get("/api/table/qr.svg", params={"t": amulet.token, "seat": "Warrior"})
    assert joined.status_code == 403  # the Warrior has joined: the watching token stops here
    drawn = client.get("/api/table/map.svg", params={"t": amulet.token})
    assert drawn.status_code == 200 and drawn.headers["content-type"] == "image/svg+xml"
    assert drawn.text.lstrip().startswith("<?xml") and "<svg" in drawn.text
    for seat in ("Elf", "Nobody"):
        missing = client.get("/api/table/qr.svg", params={"t": amulet.token, "seat": seat})
        assert missing.status_code == 404
    labyrinth = Table(client, "labyrinth")
    assert client.get("/api/table/map.svg", params={"t": labyrinth.token}).status_code == 404


def test_the_map_shows_only_rooms_the_seats_have_seen_and_no_rolled_contents(
        tmp_path: Path) -> None:
    """Seed 1 starts with room 2 generated behind a secret exit: it must not be drawn."""
    client = TestClient(new_app(tmp_path, seed=1))
    table = Table(client, "amulet")
    level = table.live().table.state.level
    unseen = [room.id for room in level.generator.level.rooms if room.id not in level.seen]
    assert unseen == [2]
    drawn = client.get("/api/table/map.svg", params={"t": table.token}).text
    numbers = set(re.findall(r'class="room-number[^"]*"[^>]*>(\d+)</text>', drawn))
    assert "1" in numbers and "2" not in numbers  # (the legend's sample number is a 7)
    assert 'class="contents"' not in drawn
    assert "seed" not in drawn.lower()  # the generator's title names the seed: not here


BAD_BODIES: list[tuple[str, dict[str, Any] | str]] = [
    ("a bad system", {"system": "chess"}),
    ("a bad config", {"system": "amulet", "config": {"party": ["bard"]}}),
    ("an unknown config field", {"system": "labyrinth", "config": {"dragons": 3}}),
    ("an unknown agent", {"system": "amulet", "automated": {"Elf": "genius"}}),
    ("an unknown seat", {"system": "amulet", "automated": {"Bard": "random"}}),
    ("no human seat", {"system": "squad", "automated": {"Guide-1": "random",
                                                         "Guide-2": "random",
                                                         "GM": "random"}}),
    ("a field the contract lacks", {"system": "amulet", "seed": 3}),
    ("no system", {"config": {}}),
    ("not JSON", "{system: amulet"),
]


@pytest.mark.parametrize(("what", "body"), BAD_BODIES, ids=[what for what, _ in BAD_BODIES])
def test_bad_tables_are_400_with_one_line(what: str, body: dict[str, Any] | str,
                                          client: TestClient) -> None:
    if isinstance(body, str):
        answer = client.post("/api/tables", content=body,
                             headers={"content-type": "application/json"})
    else:
        answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail


@pytest.mark.parametrize("choice", ["x" * 10_000, "", "fly to the moon", "attack"])
def test_bad_choices_are_400_with_one_line_and_change_nothing(choice: str,
                                                             tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, "amulet")
    before = table.truth_hash()
    answer = table.choose("Warrior", choice)
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and len(detail) < 300
    assert table.truth_hash() == before and table.seat("Warrior")["chosen"] is None


def test_a_choice_body_must_be_an_object_with_a_choice(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, "labyrinth")
    for body in ({}, {"choice": 3}, {"choice": "wait", "seat": "Seat-2"}, ["wait"]):
        answer = client.post("/api/seat/choose", params={"t": table.seat_tokens["Seat-1"]},
                             json=body)
        assert answer.status_code == 400 and "\n" not in answer.json()["detail"]


def test_a_huge_body_is_refused_before_it_is_read(client: TestClient) -> None:
    answer = client.post("/api/tables", content="x" * 100_000,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 413


def test_quick_configs_are_valid_for_every_system() -> None:
    for name in names():
        get(name).config_model().model_validate(QUICK.get(name, {}))


def test_serve_refuses_bad_options_in_one_line(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    for args, fragment in ((["--port", "0"], "--port 0"),
                           (["--db", "nosuchdb://x/y"], "error: --db nosuchdb://x/y: no database"),
                           (["--host", " "], "--host"),
                           (["--snapshot-every", "-1"], "--snapshot-every -1"),
                           (["--max-tables", "-1"], "error: --max-tables -1: expected 0"),
                           (["--snapshot-key", str(tmp_path)], f"error: --snapshot-key {tmp_path}"),
                           (["--db", f"sqlite:///{tmp_path}"], f"error: --db sqlite:///{tmp_path}:")):
        result = run(capsys, "serve", *args)
        assert_bad_input(result, fragment)


def test_serve_starts_the_app_and_says_where_to_open_it(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "undercroft", "serve", "--port", str(port), "--db",
         f"sqlite:///{tmp_path / 'served.sqlite3'}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/systems",
                                            timeout=5) as answer:
                    assert [system["name"] for system in json.load(answer)] == names()
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert f"open http://127.0.0.1:{port}/" in err


def test_a_huge_body_sent_in_chunks_is_refused(client: TestClient) -> None:
    """With no Content-Length to check first, the limit counts the bytes as they come."""
    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b"x" * 1_000

    answer = client.post("/api/tables", content=chunks(),
                         headers={"content-type": "application/json"})
    assert answer.status_code == 413
    assert "at most 65536 bytes" in answer.json()["detail"]
    small = client.post("/api/tables", content=iter([b'{"system": "nosuch"}']),
                        headers={"content-type": "application/json"})
    assert small.status_code == 400 and small.headers["cache-control"] == "no-store"


def test_the_lobby_lists_open_tables_newest_first_with_their_watch_links(
        tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    assert client.get("/api/tables").json() == []
    amulet = Table(client, "amulet", automated={"Elf": "random"})
    labyrinth = Table(client, "labyrinth")
    finished = Table(client, "squad")
    finished.live().finished = finished.live().last_active  # its game has ended
    assert amulet.seat("Warrior")["seat"] == "Warrior"  # the Warrior's phone has joined
    listed = client.get("/api/tables").json()
    assert [row["table"] for row in listed] == [labyrinth.id, amulet.id]
    rows = {row["table"]: row for row in listed}
    assert rows[amulet.id]["system"] == "amulet" and rows[amulet.id]["step"] == 0
    assert rows[amulet.id]["seats"][:2] == [
        {"seat": "Warrior", "automated": None, "joined": True},
        {"seat": "Elf", "automated": "random", "joined": False}]
    for table in (amulet, labyrinth):  # a lost watch link, found again, opens the screen
        url = rows[table.id]["watch_url"]
        assert url == f"/table?t={table.token}"
        assert client.get("/api/table", params={"t": url.split("t=")[1]}).json()["table"] \
            == table.id

    restarted = TestClient(new_app(tmp_path))  # kept in the database
    again = {row["table"]: row for row in restarted.get("/api/tables").json()}
    assert again[labyrinth.id]["watch_url"] == f"/table?t={labyrinth.token}"
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:  # as an older build left it
        db.execute("DELETE FROM game_watch_tokens WHERE table_id = ?", (amulet.id,))
    older = {row["table"]: row for row in TestClient(new_app(tmp_path)).get(
        "/api/tables").json()}
    assert older[amulet.id]["watch_url"] is None
    assert older[labyrinth.id]["watch_url"] == f"/table?t={labyrinth.token}"


def test_an_archived_table_leaves_the_list_and_its_watch_token_the_database(
        tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    table = Table(client, "cardcrawl")
    service = client.app.state.service  # type: ignore[attr-defined]
    service._archive([table.id])
    assert client.get("/api/tables").json() == []
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM game_watch_tokens").fetchone() == (0,)
    assert client.get("/api/table", params={"t": table.token}).status_code == 410


def test_the_table_state_names_its_system_for_a_person(tmp_path: Path) -> None:
    client = TestClient(new_app(tmp_path))
    assert Table(client, "squad").state()["title"] == "Dungeon Squad! + Coin-Op"
    assert Table(client, "amulet").state()["title"] == "Amulet"
