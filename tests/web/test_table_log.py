"""The table's log (GET /api/table/log): the whole current level, floor or stage, newest
step first, for the table token and each seat, rebuilt when a table is restored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import QUICK, Table, cycling_pick, first_pick, new_app

from undercroft.engine import registry
from undercroft.engine.capabilities import LogChapters, log_chapter
from undercroft.engine.record import Record
from undercroft.engine.registry import default_agent
from undercroft.engine.table import Table as Game
from undercroft.engine.table import read_config
from undercroft.web import live as live_module
from undercroft.web.live import GameLog

AUTOMATED = {"amulet": {"Elf": "sensible", "Wizard": "sensible", "Valkyrie": "sensible"},
             "labyrinth": {"Seat-2": "random", "Seat-3": "random"}, "squad": {"GM": "random"},
             "cardcrawl": {"Seat-2": "random", "Seat-3": "random"}}
SYSTEMS = sorted(AUTOMATED)


def the_log(client: TestClient, token: str) -> dict[str, Any]:
    answer = client.get("/api/table/log", params={"t": token})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def expected(record: Record) -> tuple[str, int, list[tuple[int, list[dict[str, Any]]]]]:
    """The log a record's game stands with, worked out apart from the server: its
    record replayed step by step, keeping the steps since its part began."""
    ruleset = registry.get(record.system)
    game = Game.start(ruleset, read_config(ruleset, record.config), record.seed)
    chapter, first = log_chapter(ruleset, game.state), 0
    steps = [(0, ruleset.view(game.state, game.seats[0])["events"])]
    for texts in record.choices:
        game.replay([texts])
        now = log_chapter(ruleset, game.state)
        if now != chapter:
            chapter, first, steps = now, game.steps, []
        steps.append((game.steps, game.last_events))
    return chapter, first, [(step, events) for step, events in reversed(steps) if events]


def as_pairs(log: dict[str, Any]) -> list[tuple[int, list[dict[str, Any]]]]:
    return [(row["step"], row["events"]) for row in log["steps"]]


def test_every_system_names_the_part_of_the_game_its_log_holds() -> None:
    for system in SYSTEMS:
        ruleset = registry.get(system)
        assert isinstance(ruleset, LogChapters)
        state = ruleset.new(ruleset.config_model()(), 1)
        assert log_chapter(ruleset, state) == {"amulet": "level 1", "labyrinth": "town",
                                               "squad": "stage 1: The Mountain Pass",
                                               "cardcrawl": "the dungeon"}[system]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_log_holds_every_step_of_the_current_part_newest_first(
        system: str, tmp_path: Path) -> None:
    with TestClient(new_app(tmp_path)) as client:
        table = Table(client, system, AUTOMATED[system])
        table.play(12, cycling_pick)
        log = the_log(client, table.token)
        record = table.live().table.record
        assert record is not None
        chapter, first, steps = expected(record)
        assert (log["chapter"], log["first"], log["whole"]) == (chapter, first, True)
        assert log["step"] == len(record.choices) and log["seat"] is None
        assert as_pairs(log) == steps
        numbers = [row["step"] for row in log["steps"]]
        assert numbers == sorted(numbers, reverse=True) and len(numbers) > 1
        # the newest step's events are what the table state shows now
        state = table.state()
        assert log["steps"][0]["events"] == state["events"][-len(log["steps"][0]["events"]):]


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_seat_gets_the_events_its_own_view_told_it(system: str, tmp_path: Path) -> None:
    with TestClient(new_app(tmp_path)) as client:
        table = Table(client, system, AUTOMATED[system])
        other = Table(client, system, AUTOMATED[system])
        table.play(6, cycling_pick)
        screen = the_log(client, table.token)
        for seat, token in table.seat_tokens.items():
            mine = the_log(client, token)
            assert mine["seat"] == seat and mine["table"] == table.id
            newest = mine["steps"][0]["events"]
            assert table.seat(seat)["events"][-len(newest):] == newest
            assert mine["steps"] == screen["steps"]  # no view hides an event from a seat
        seat, token = next(iter(other.seat_tokens.items()))
        assert the_log(client, token)["table"] == other.id
        assert client.get("/api/table/log", params={"t": "nope"}).status_code == 403


def test_a_step_into_another_part_of_the_game_begins_a_new_log(tmp_path: Path) -> None:
    """Labyrinth: leaving town for the first floor (and coming back) starts the log again."""
    with TestClient(new_app(tmp_path)) as client:
        table = Table(client, "labyrinth", AUTOMATED["labyrinth"])
        chapters = [the_log(client, table.token)["chapter"]]
        for _ in range(60):
            if table.play(1, first_pick) == 0:
                break
            log = the_log(client, table.token)
            if log["chapter"] != chapters[-1]:
                chapters.append(log["chapter"])
                record = table.live().table.record
                assert record is not None
                chapter, first, steps = expected(record)
                assert (log["chapter"], log["first"], log["whole"]) == (chapter, first, True)
                assert as_pairs(log) == steps and steps[-1][0] == first > 0
            if len(chapters) == 3:
                break
        assert chapters[:2] == ["town", "floor 1"]


@pytest.mark.parametrize("every", [0, 4])
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_restored_table_has_its_log_again(system: str, every: int, tmp_path: Path) -> None:
    """Replayed from its record the log is as it was; from a snapshot it starts at the
    snapshot's step, with what the view showed there, and the steps after it as they were."""
    with TestClient(new_app(tmp_path, snapshot_every=every)) as client:
        table = Table(client, system, AUTOMATED[system])
        table.play(10, cycling_pick)
        before = the_log(client, table.token)
    with TestClient(new_app(tmp_path, snapshot_every=every)) as client:
        again = Table.reopen(client, table)
        after = the_log(client, again.token)
        snapshot = again.live().snapshot_at
        if every == 0 or snapshot < before["first"]:
            assert after == before
            return
        assert after["first"] == snapshot and not after["whole"]
        assert after["chapter"] == before["chapter"]
        later = [row for row in before["steps"] if row["step"] > snapshot]
        assert after["steps"][:len(later)] == later
        shown = again.live().table.ruleset.view(again.live().table.state, None)
        assert shown is not None  # the log's oldest step is the view at the snapshot
        assert after["steps"][-1]["step"] == snapshot


def test_the_log_is_bounded_and_says_when_it_was_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_module, "LOG_EVENTS", 5)
    log = GameLog("level 1", 0)
    for step in range(1, 8):
        log.add(step, [{"text": f"{step}a"}, {"text": f"{step}b"}])
    made = log.as_dict()
    assert [row["step"] for row in made["steps"]] == [7, 6]
    assert made["first"] == 6 and not made["whole"]


def test_the_log_of_a_game_played_without_the_server_matches_its_replay() -> None:
    """The engine's automated game and the log rebuilt from its record agree (a seat's
    view tells it every event of a step: the log relies on it)."""
    for system in SYSTEMS:
        ruleset = registry.get(system)
        config = read_config(ruleset, QUICK[system])
        game = Game.start(ruleset, config, 3)
        game.automate({seat: default_agent(ruleset.name) for seat in game.seats})
        seen: list[list[dict[str, Any]]] = []

        def after(events: Any, game: Game = game, seen: list[Any] = seen) -> None:
            told = [event.to_dict() for event in events]
            for seat in game.seats:
                view = game.ruleset.view(game.state, seat)["events"]
                assert told == [] or view[-len(told):] == told or view == told
            seen.append(told)

        game.run_automated(40, after)
        assert seen
