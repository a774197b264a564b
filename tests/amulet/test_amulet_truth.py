"""Truth only in the state: each opening's state is held once for all its sides; what an
Amulet game's queries work out is kept in its cache (``game_state.StepCache``), which a
snapshot writes empty; and reading a game (views, legal lists, scenes, the seats to act)
never changes what a snapshot of it holds."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import pytest
from laid_out import WALL, door, in_play, lay_out, room

from undercroft.engine import snapshot
from undercroft.engine.agents import agent_stream
from undercroft.engine.registry import default_agent
from undercroft.maps.model import Exit
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.level_play import build_scene, name_found_exits
from undercroft.systems.amulet.game.meta_dungeon import new_game
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.ruleset import RULESET

SEEDS = range(4)
STEPS = 150
EVERY = 5


def truth(state: GameState) -> str:
    """A hash of everything a snapshot of the game holds."""
    return hashlib.sha256(snapshot.dumps(state).encode()).hexdigest()


def read_everything(state: GameState) -> None:
    """Every query a player, a table or a test makes of a game between steps."""
    RULESET.to_act(state)
    for seat in RULESET.seats(state):
        RULESET.view(state, seat)
        RULESET.legal(state, seat)
    RULESET.view(state, None)
    RULESET.outcome(state)
    RULESET.hidden(state)
    RULESET.fingerprint(state)
    RULESET.watch(state)
    for room_id in list(state.level.scenes):
        state.scene(room_id)


def played(seed: int, steps: int = STEPS) -> Iterator[GameState]:
    """A game of the default rules and players, stopping after each step (the first time
    before the first step), before anything has read the state since."""
    state = RULESET.new(GameConfig(), seed)
    make = RULESET.agents()[default_agent("amulet")]
    agents = {seat: make() for seat in RULESET.seats(state)}
    streams = {seat: agent_stream(seed, seat) for seat in agents}
    for _ in range(steps):
        yield state
        if RULESET.outcome(state) is not None:
            return
        choices = {seat: agents[seat].choose(RULESET.view(state, seat),
                                             RULESET.legal(state, seat), streams[seat])
                   for seat in sorted(RULESET.to_act(state))}
        RULESET.step(state, choices)


@pytest.mark.parametrize("seed", SEEDS)
def test_reading_a_game_never_changes_its_truth(seed: int) -> None:
    checked = 0
    for number, state in enumerate(played(seed)):
        if number % EVERY:
            continue
        before = truth(state)
        read_everything(state)
        assert truth(state) == before, f"seed {seed}, step {number}: reading changed it"
        read_everything(state)  # asked again, from what the cache holds
        assert truth(state) == before, f"seed {seed}, step {number}: reading changed it"
        checked += 1
    assert checked >= 5


def _empty(cache: Any) -> bool:
    return (not cache.legal and not cache.attacks and not cache.wide and cache.view is None
            and cache.acting is None and not cache.placed and not cache.room_views
            and not cache.room_kept and not cache.hero_views and cache.room_views_of is None)


def test_a_snapshot_holds_no_cache_and_a_game_read_back_plays_on_the_same() -> None:
    """The original goes on with everything its queries kept; the copy read back from a
    snapshot starts with an empty cache. Both show the same views and legal lists and
    step the same way."""
    game = None
    for number, state in enumerate(played(3, 60)):
        read_everything(state)
        game = state
        if number == 59:
            break
    assert game is not None and not _empty(game.cache)
    copy = snapshot.loads(snapshot.dumps(game))
    assert _empty(copy.cache) and copy.cache is not game.cache
    make = RULESET.agents()[default_agent("amulet")]
    agents = {seat: make() for seat in RULESET.seats(game)}
    for _ in range(60):
        if RULESET.outcome(game) is not None:
            break
        for seat in RULESET.seats(game):
            assert RULESET.view(copy, seat) == RULESET.view(game, seat)
            assert RULESET.legal(copy, seat) == RULESET.legal(game, seat)
        assert RULESET.to_act(copy) == RULESET.to_act(game)
        choices = {seat: agents[seat].choose(RULESET.view(game, seat),
                                             RULESET.legal(game, seat),
                                             agent_stream(game.steps, seat))
                   for seat in sorted(RULESET.to_act(game))}
        events = RULESET.step(game, choices)
        assert [e.to_dict() for e in RULESET.step(copy, choices)] == [
            e.to_dict() for e in events]
        assert truth(copy) == truth(game)


def test_an_opening_is_held_once_for_all_its_sides() -> None:
    """Opening, finding or hitting an exit is seen from its other side at once (no step
    passes the change on), and the players' map draws it so."""
    state = lay_out(new_game(GameConfig(), 1),
                    room(1, door("1.1", "secret", to=2, found=False)),
                    room(2, Exit("2.1", "secret", "S", WALL, to=1, twin="1.1", found=False)))
    level = state.level
    level.generator.level.rooms[0].exits[0].twin = "2.1"
    in_play(state)
    build_scene(level, 2, state.config.play, state.table, state.dice, state.events)
    near, far = level.exits["1.1"], level.exits["2.1"]
    assert near.opening is far.opening and not far.found
    near.found, near.open, near.hits = True, True, 2
    assert (far.found, far.open, far.hits) == (True, True, 2)
    drawn = {e.id: (e.found, e.opened) for r in level.players_map().rooms for e in r.exits}
    assert drawn == {"1.1": (True, True), "2.1": (True, True)}
    assert not level.generator.level.room(2).exits[0].found  # what the generator made
    assert name_found_exits(level) == set() and far.id == "2.1"


@pytest.mark.parametrize("seed", SEEDS)
def test_both_sides_of_every_opening_agree_after_every_step(seed: int) -> None:
    for state in played(seed, 100):
        level = state.level
        for room_ in level.generator.level.rooms:
            for exit_ in room_.exits:
                twin = exit_.twin
                if twin is None or exit_.id not in level.exits or twin not in level.exits:
                    continue
                assert level.exits[exit_.id].opening is level.exits[twin].opening
                _, other = level.generator.level.find_exit(twin)
                assert (level.is_open(exit_), level.is_found(exit_)) == (
                    level.is_open(other), level.is_found(other))
