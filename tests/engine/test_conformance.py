"""The conformance suite: every registered ruleset, played by random and scripted seats.

Seeded games end within a step bound; replay is exact; records round-trip
through JSON; views leak nothing hidden; an illegal choice is refused and
changes nothing; a game written as a snapshot and read back goes on exactly as
the original, in this process and in a fresh one (every snapshot the suite writes is
read by a new interpreter too). The last tests break each check on purpose to see it
fail.
"""

from __future__ import annotations

from typing import Any

import pytest
from conformance import (
    badly_worded,
    leaks,
    misfits,
    play,
    random_policy,
    resumed_differs,
    resumed_elsewhere_differs,
    scripted_policy,
    truth_hash,
)

from undercroft.engine.capabilities import HiddenFragments, Wording, simulated
from undercroft.engine.figures import Share
from undercroft.engine.record import Record, load_record, replay, save_record
from undercroft.engine.registry import get, names
from undercroft.engine.runner import play_out
from undercroft.errors import BadInput

POLICIES = {"random": random_policy, "scripted": scripted_policy}


def _config(name: str) -> Any:
    """The ruleset's quick config (its GameInfo), small enough for the suite."""
    ruleset = get(name)
    return ruleset.config_model().model_validate(dict(ruleset.info.quick_config))


def _bound(name: str) -> int:
    return get(name).info.step_bound


@pytest.mark.parametrize("name", names())
def test_the_game_info_is_the_rulesets_own_and_holds(name: str) -> None:
    """What a ruleset says of itself is true: its name and version, its seats, and that a
    system with hidden information says what is hidden (the leak check reads it)."""
    ruleset = get(name)
    info = ruleset.info
    assert (info.name, info.version, info.simultaneous) == (
        name, ruleset.version, ruleset.simultaneous)
    low, high = info.seats
    for config in (ruleset.config_model()(), _config(name)):
        assert low <= len(ruleset.seats(ruleset.new(config, 0))) <= high
    assert isinstance(ruleset, HiddenFragments) == info.hidden_information
    assert info.illegal_samples and info.step_bound > 0


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("name", names())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seeded_games_end_within_the_bound_and_replay_exactly(
        name: str, policy: str, seed: int, tmp_path: Any) -> None:
    ruleset = get(name)
    state, record = play(ruleset, _config(name), seed, POLICIES[policy], _bound(name))
    assert ruleset.outcome(state) is not None
    path = tmp_path / "game.json"
    save_record(record, path)
    loaded = load_record(path)
    assert loaded == record
    _, again, _ = replay(loaded)
    assert truth_hash(ruleset, again) == truth_hash(ruleset, state)
    assert ruleset.outcome(again) == ruleset.outcome(state)


@pytest.mark.parametrize("name", names())
def test_every_agent_plays_and_the_simulator_reads_every_declared_figure(name: str) -> None:
    """The balance lab works on any ruleset: its agents finish games, its watcher's row
    has exactly the columns its spec declares, and the spec's report columns exist."""
    ruleset = get(name)
    config = _config(name)
    spec = simulated(ruleset).figure_spec(config)
    assert "random" in ruleset.agents()
    for agent in sorted(ruleset.agents()):
        state = ruleset.new(config, 7)
        watcher = simulated(ruleset).watch(state)
        seats = {seat: ruleset.agents()[agent]() for seat in ruleset.seats(state)}
        play_out(ruleset, state, seats, 7, max_steps=_bound(name), after_step=watcher.see)
        assert ruleset.outcome(state) is not None
        row = watcher.row()
        assert list(row) == list(spec.columns)
        assert all(isinstance(value, int | float | bool | str | Share)
                   for value in row.values())
        assert all(0 <= value.hits <= value.of for value in row.values()
                   if isinstance(value, Share))
    named = [c for c in (spec.depth, *spec.headline, *spec.distributions) if c is not None]
    assert set(named) <= set(spec.columns)
    for prefix in (spec.causes, spec.depth_by_group, *spec.by_group):
        if prefix is not None:
            assert any(column.startswith(prefix) for column in spec.columns)


@pytest.mark.parametrize("name", names())
def test_the_same_record_replays_the_same_events(name: str) -> None:
    ruleset = get(name)
    _, record = play(ruleset, _config(name), 5, random_policy, _bound(name))
    first = [event.to_dict() for event in replay(record)[2]]
    second = [event.to_dict() for event in replay(Record.model_validate_json(
        record.model_dump_json()))[2]]
    assert first == second and first


@pytest.mark.parametrize("name", names())
@pytest.mark.parametrize("seed", [1, 2])
def test_views_leak_nothing_hidden(name: str, seed: int) -> None:
    ruleset = get(name)
    if not isinstance(ruleset, HiddenFragments):
        pytest.skip(f"{name} hides nothing (GameInfo.hidden_information)")
    found: list[str] = []
    checked = []

    def check(state: Any) -> None:
        checked.append(len(ruleset.hidden(state)))
        found.extend(leaks(ruleset, state))

    play(ruleset, _config(name), seed, random_policy, _bound(name), after=check)
    assert found == []
    assert max(checked) > 1  # there was something hidden to leak


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("name", names())
def test_every_view_fits_its_schema_at_every_step(name: str, policy: str) -> None:
    """Each seat's view and the whole truth, at the start and after every step of two
    games, validate against the schemas the ruleset's info names."""
    ruleset = get(name)
    found: list[str] = []
    checked = []

    def check(state: Any) -> None:
        checked.append(ruleset.outcome(state))
        found.extend(misfits(ruleset, state))

    for seed in (1, 2):
        check(ruleset.new(_config(name), seed))
        play(ruleset, _config(name), seed, POLICIES[policy], _bound(name), after=check)
    assert found == []
    assert len(checked) > 10 and checked[-1] is not None


@pytest.mark.parametrize("name", names())
def test_every_legal_choice_is_said_in_words_at_every_step(name: str) -> None:
    """The phones and the terminal show each choice in words (``choice_words``): one
    wording per legal choice, on one line, ending in the choice's id in brackets where
    the system words its choices, read without changing the game."""
    ruleset = get(name)
    found: list[str] = []
    checked = []

    def check(state: Any) -> None:
        checked.append(1)
        found.extend(badly_worded(ruleset, state))

    check(ruleset.new(_config(name), 1))
    play(ruleset, _config(name), 1, random_policy, _bound(name), after=check)
    assert found[:5] == []
    assert len(checked) > 10


def test_the_wording_check_catches_a_missing_or_unbracketed_wording() -> None:
    ruleset = get("labyrinth")
    state = ruleset.new(_config("labyrinth"), 1)

    class Short:
        def __getattr__(self, name: str) -> Any:
            return getattr(ruleset, name)

        def choice_words(self, state: Any, seat: str, actions: Any) -> list[Wording]:
            return [Wording(action.text) for action in actions][1:]

    class Bare(Short):
        def choice_words(self, state: Any, seat: str, actions: Any) -> list[Wording]:
            return [Wording(f"Do {action.text}") for action in actions]

    assert any("wordings for" in problem for problem in badly_worded(Short(), state))
    assert any("no id in brackets" in problem for problem in badly_worded(Bare(), state))


def test_the_schema_check_catches_a_view_that_shows_more_or_less() -> None:
    """A seat shown the whole truth (a room's stock, the seed), or a view missing a
    field, does not fit."""
    ruleset = get("cardcrawl")
    state = ruleset.new(_config("cardcrawl"), 1)
    assert misfits(ruleset, state) == []
    leaky = misfits(_Leaky(ruleset), state)
    assert [found.split(":")[0] for found in leaky] == list(ruleset.seats(state))
    assert all("Extra inputs are not permitted" in found for found in leaky)
    assert len(misfits(_Without(ruleset, "round"), state)) == len(ruleset.seats(state)) + 1


@pytest.mark.parametrize("name", names())
def test_an_illegal_choice_is_refused_and_changes_nothing(name: str) -> None:
    ruleset = get(name)
    state = ruleset.new(_config(name), 3)
    seat = sorted(ruleset.to_act(state))[0]
    before = truth_hash(ruleset, state)
    legal = {action.text for action in ruleset.legal(state, seat)}
    illegal = next(action for action in map(_parsed(ruleset), ruleset.info.illegal_samples)
                   if action is not None and action.text not in legal)
    with pytest.raises(BadInput):
        ruleset.step(state, {seat: illegal})
    with pytest.raises(BadInput):
        ruleset.step(state, {"nobody": ruleset.legal(state, seat)[0]})
    with pytest.raises(BadInput):
        ruleset.step(state, {seat: ruleset.legal(state, seat)[0],
                             sorted(ruleset.seats(state))[-1]: illegal})
    assert truth_hash(ruleset, state) == before


def _agents() -> list[tuple[str, str]]:
    return [(name, agent) for name in names() for agent in sorted(get(name).agents())]


@pytest.mark.parametrize(("name", "agent"), _agents())
@pytest.mark.parametrize("at", [0, 9, 60])
def test_a_game_read_back_from_a_snapshot_goes_on_exactly_as_the_original(
        name: str, agent: str, at: int) -> None:
    """The shared table resumes long games from snapshots (web/live.py): the state, the
    automated seats and their streams, read back, make every later choice and roll."""
    assert resumed_differs(get(name), _config(name), 4, agent, at, _bound(name)) is None


def test_a_long_default_amulet_game_resumes_from_a_snapshot_deep_in_it() -> None:
    """Default rules (Scaling, no depth limit): many levels made, rooms and walls in use."""
    amulet = get("amulet")
    config = amulet.config_model()()
    assert resumed_differs(amulet, config, 2, "sensible", 700, 1000) is None


@pytest.mark.parametrize(("size", "agent", "seed", "at"),
                         [(6, "sensible", 26, 113), (8, "random", 21, 106)])
def test_small_amulet_levels_resume_exactly_once_outlines_fit_nowhere(
        size: int, agent: str, seed: int, at: int) -> None:
    """On a crowded level the board remembers outlines that fit nowhere (compared by
    identity); a snapshot that brought them back as new objects went another way."""
    amulet = get("amulet")
    config = amulet.config_model().model_validate({"level": {"level_size": size}})
    assert resumed_differs(amulet, config, seed, agent, at, at + 40) is None


def _after(steps: int) -> Any:
    """A ``ready`` that holds from the ``steps``-th state it is shown on."""
    shown = iter(range(steps, -1, -1))
    return lambda state: next(shown, 0) == 0


@pytest.mark.parametrize("name", names())
def test_a_snapshot_read_by_a_fresh_process_goes_on_exactly(name: str, tmp_path: Any) -> None:
    """A restarted server is a new process: everything a game needs must be in what the
    snapshot holds, nothing in what the old process kept in memory."""
    agent = "sensible" if "sensible" in get(name).agents() else "random"
    assert resumed_elsewhere_differs(get(name), _config(name), 4, agent, _bound(name),
                                     tmp_path, _after(3)) is None


def test_a_snapshot_taken_on_a_mini_boss_level_is_read_by_a_fresh_process(
        tmp_path: Any) -> None:
    """The boss's numbers come from its kind's name, which the state holds: a new server
    process knows the boss of a level it never made."""
    amulet = get("amulet")
    config = amulet.config_model().model_validate({"miniboss_every": 2, "depth_limit": 3})

    def ready(state: Any) -> bool:
        return bool(state.level.kind == "mini-boss")

    assert resumed_elsewhere_differs(amulet, config, 3, "sensible", 3000, tmp_path,
                                     ready) is None


def test_the_fresh_process_check_catches_a_difference(tmp_path: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh process that plays on otherwise is found (here: with other streams)."""
    monkeypatch.setenv("UNDERCROFT_TEST_RESUME_FRESH_STREAMS", "1")
    found = resumed_elsewhere_differs(get("amulet"), _config("amulet"), 4, "random", 400,
                                      tmp_path, _after(9))
    assert found is not None and found.startswith("step 10:")


def test_every_snapshot_check_also_reads_the_snapshot_in_a_fresh_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-process snapshot checks read each snapshot back in a fresh interpreter too:
    one that plays on otherwise (here: with other streams) is found."""
    monkeypatch.setenv("UNDERCROFT_TEST_RESUME_FRESH_STREAMS", "1")
    found = resumed_differs(get("amulet"), _config("amulet"), 4, "random", 9, 400)
    assert found is not None and found.startswith("step 10:") and "fresh process" in found


def test_the_snapshot_check_catches_a_snapshot_that_forgets_the_agents_streams() -> None:
    """Random seats read back with fresh streams choose otherwise at once."""
    found = resumed_differs(get("amulet"), _config("amulet"), 4, "random", 9, 400,
                            lose="streams")
    assert found is not None and found.startswith("step 10: chose")


def _parsed(ruleset: Any) -> Any:
    """Parse with ``ruleset``; None for a text that is no action of its system."""
    def parse(text: str) -> Any:
        try:
            return ruleset.parse(text)
        except BadInput:
            return None
    return parse


def test_the_leak_check_catches_a_leaky_view() -> None:
    ruleset = get("amulet")
    state = ruleset.new(_config("amulet"), 1)
    hidden = ruleset.hidden(state)
    assert leaks(ruleset, state) == []
    assert leaks(_Leaky(ruleset), state) and hidden  # type: ignore[arg-type]


class _Leaky:
    """A ruleset whose seats are shown the whole truth (a wrapper: a compiled ruleset's
    methods cannot be replaced on the object)."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        view: dict[str, Any] = self._inner.view(state, None)
        return view


class _Without:
    """A ruleset whose views all lack one field."""

    def __init__(self, inner: Any, field: str) -> None:
        self._inner = inner
        self._field = field

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        view: dict[str, Any] = self._inner.view(state, seat)
        return {key: value for key, value in view.items() if key != self._field}


def test_replay_catches_a_changed_record() -> None:
    ruleset = get("amulet")
    _, record = play(ruleset, _config("amulet"), 4, random_policy, 30)
    record.choices[3] = {seat: "attack nobody with melee" for seat in record.choices[3]}
    with pytest.raises(BadInput, match="step 4"):
        replay(record)


def test_words_that_are_the_choice_id_are_said_once() -> None:
    from undercroft.engine.capabilities import with_choice_id

    assert with_choice_id("Wait", "wait") == "Wait"
    assert with_choice_id("Take the stair down", "1.1") == "Take the stair down (1.1)"
