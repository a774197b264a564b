"""The engine's game in progress (engine/table.py): people and agents at one table, its
record, resuming from a record or a snapshot, and the checks on a person's choice."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pytest

from undercroft.engine.agents import agent_stream
from undercroft.engine.record import state_hash
from undercroft.engine.registry import get
from undercroft.engine.runner import play_out
from undercroft.engine.table import Table, TableSnapshot, only_waits
from undercroft.errors import BadInput
from undercroft.rng import Stream

QUICK: dict[str, dict[str, Any]] = {"amulet": {"max_rounds": 150, "depth_limit": 3},
                                    "cardcrawl": {"rooms": 6, "max_rounds": 60},
                                    "labyrinth": {"players": 3, "max_steps": 300},
                                    "squad": {"players": 2, "max_steps": 300}}
SYSTEMS = sorted(QUICK)


def _table(name: str, seed: int, people: int = 1) -> Table:
    """A new table of ``name`` whose first ``people`` seats wait for a person and whose
    others are played by the random agent."""
    ruleset = get(name)
    config = ruleset.config_model().model_validate(QUICK[name])
    seats = list(ruleset.seats(ruleset.new(config, seed)))
    return Table.start(ruleset, config, seed,
                       automated={seat: "random" for seat in seats[people:]})


def _as_the_agent_would(table: Table, steps: int, streams: dict[str, Stream]) -> None:
    """Take at most ``steps`` steps, each person choosing what the random agent would for
    the seat (from the seat's own stream, kept in ``streams``), so the game is the
    all-agent game."""
    agent = table.ruleset.agents()["random"]()
    for _ in range(steps):
        if table.outcome is not None:
            return
        for seat in table.waiting_for():
            stream = streams.setdefault(seat, agent_stream(table.seed, seat))
            legal = table.legal(seat)
            table.choose(seat, agent.choose(table.view(seat), legal, stream).text)
        for seat in sorted(table.ruleset.to_act(table.state)):
            legal = table.legal(seat)
            if seat not in table.agents and only_waits(legal):
                # the table waits for this person; the agent would still have drawn
                stream = streams.setdefault(seat, agent_stream(table.seed, seat))
                agent.choose(table.view(seat), legal, stream)
        table.run_automated(1)


def _truth(table: Table) -> str:
    return state_hash(table.view(None))


@pytest.mark.parametrize("name", SYSTEMS)
def test_people_choosing_as_the_agent_would_play_the_agents_game(name: str) -> None:
    """A table stops for each person's choice and takes the step once it has it; when
    people choose what the agent would, the game is the one the lab plays."""
    table = _table(name, 5)
    _as_the_agent_would(table, 10_000, {})
    assert table.outcome is not None and table.record is not None
    ruleset = table.ruleset
    assert table.config is not None
    state = ruleset.new(table.config, 5)
    agents = {seat: ruleset.agents()["random"]() for seat in ruleset.seats(state)}
    play_out(ruleset, state, agents, 5)
    assert state_hash(ruleset.view(state, None)) == _truth(table)


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_resumed_record_goes_on_as_the_unbroken_game(name: str) -> None:
    """Resuming a record asks the automated seats again, so their streams stand where they
    stood: the game goes on exactly as if it had never stopped."""
    whole = _table(name, 8)
    _as_the_agent_would(whole, 10_000, {})
    half, people = _table(name, 8), {}
    _as_the_agent_would(half, 15, people)
    assert half.record is not None and half.steps == len(half.record.choices) > 0
    resumed, refused = Table.resume(half.record, half.automated)
    assert refused is None and resumed.steps == half.steps
    assert _truth(resumed) == _truth(half)
    _as_the_agent_would(resumed, 10_000, people)
    assert resumed.record is not None and whole.record is not None
    assert resumed.record.choices == whole.record.choices
    assert _truth(resumed) == _truth(whole)


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_snapshot_resumes_where_it_stood_and_a_bad_one_is_passed_over(name: str) -> None:
    table, people = _table(name, 3), {}
    _as_the_agent_would(table, 12, people)
    saved = table.snapshot()
    _as_the_agent_would(table, 6, people)
    assert table.record is not None
    resumed, refused = Table.resume(table.record, table.automated, saved=saved)
    assert refused is None and _truth(resumed) == _truth(table)
    assert resumed.last_events == table.last_events
    for bad, reason in [(TableSnapshot(saved.number, "other", saved.truth, saved.data),
                         "another build"),
                        (TableSnapshot(saved.number, saved.code, "0" * 64, saved.data),
                         "not this table's game"),
                        (TableSnapshot(saved.number, saved.code, saved.truth, b"junk"),
                         "")]:
        again, refused = Table.resume(table.record, table.automated, saved=bad)
        assert refused is not None and reason in refused
        assert _truth(again) == _truth(table)


def test_a_choice_is_checked_before_it_is_held() -> None:
    table = _table("cardcrawl", 2, people=3)
    table.run_automated()
    seat = table.waiting_for()[0]
    other = next(s for s in table.seats if s != seat)
    with pytest.raises(BadInput, match="does not choose now"):
        table.choose(other, table.legal(seat)[0].text)
    with pytest.raises(BadInput, match="not one of"):
        table.choose(seat, "dance a jig")
    with pytest.raises(BadInput, match="at most 200 characters"):
        table.choose(seat, "x" * 201)
    with pytest.raises(BadInput, match="claims announcements"):
        table.choose(seat, "!" + table.legal(seat)[0].text)
    text = table.legal(seat)[0].text
    table.choose(seat, text)
    with pytest.raises(BadInput, match="already chosen"):
        table.choose(seat, text)
    assert table.steps == 0 and table.run_automated() == (1, False)
    assert table.record is not None and table.record.choices == [{seat: text}]


def test_a_step_that_fails_in_its_guard_leaves_the_table_as_its_record_says() -> None:
    table = _table("labyrinth", 4, people=0)
    table.run_automated(5)
    before = _truth(table)

    @contextmanager
    def failing(number: int, texts: Mapping[str, str]) -> Iterator[None]:
        assert number == 6 and texts
        yield
        raise OSError("the database went away")

    with pytest.raises(OSError):
        table.run_automated(1, guard=failing)
    assert table.steps == 5 and _truth(table) == before
    table.run_automated(1)
    assert table.steps == 6


def test_an_unknown_agent_or_seat_is_bad_input() -> None:
    ruleset = get("squad")
    config = ruleset.config_model().model_validate(QUICK["squad"])
    with pytest.raises(BadInput, match="no agent 'nobody'"):
        Table.start(ruleset, config, 1, automated={"GM": "nobody"})
    with pytest.raises(BadInput, match="no seat 'Guide-9'"):
        Table.start(ruleset, config, 1, automated={"Guide-9": "random"})


class _Watcher:
    """Notes what a table's watcher is told, in order."""

    def __init__(self) -> None:
        self.told: list[tuple[str, Any]] = []

    def offered(self, legal: Mapping[str, list[Any]]) -> None:
        self.told.append(("offered", {seat: [a.text for a in acts]
                                      for seat, acts in legal.items()}))

    def stepped(self, choices: Mapping[str, Any], events: Any) -> None:
        self.told.append(("stepped", {seat: action.text for seat, action in choices.items()}))


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_watcher_sees_the_legal_lists_before_and_the_choices_after_each_step(
        name: str) -> None:
    table = _table(name, 3, people=0)
    watcher = _Watcher()
    taken, _ = table.run_automated(20, watcher=watcher)
    assert taken == len(watcher.told) // 2 and taken > 0
    assert [kind for kind, _ in watcher.told] == ["offered", "stepped"] * taken
    assert table.record is not None
    for number, (offered, stepped) in enumerate(zip(watcher.told[::2], watcher.told[1::2],
                                                    strict=True)):
        legal, chosen = offered[1], stepped[1]
        assert chosen == table.record.choices[number]
        assert set(chosen) == set(legal) and all(legal.values())


def test_a_person_whose_only_choice_is_to_wait_is_not_waited_for() -> None:
    """Labyrinth on seed 5, every seat a person: when a seat can only wait, the table
    waits for it and goes on; its record holds "wait" as if the person had tapped it."""
    ruleset = get("labyrinth")
    config = ruleset.config_model().model_validate(QUICK["labyrinth"])
    table = Table.start(ruleset, config, 5)
    picks = agent_stream(5, "people")
    asked: set[tuple[int, str]] = set()
    while table.outcome is None:
        waiting = table.waiting_for()
        if not waiting:
            break
        for seat in waiting:
            legal = table.legal(seat)
            assert not only_waits(legal)
            asked.add((table.steps, seat))
            table.choose(seat, picks.choice(legal).text)
        table.run_automated()
    assert table.record is not None
    made_for = [(number, seat, text) for number, step in enumerate(table.record.choices)
                for seat, text in step.items() if (number, seat) not in asked]
    assert len(made_for) >= 2 and {text for _, _, text in made_for} == {"wait"}
