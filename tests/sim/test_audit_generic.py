"""The audit's generic checks, each shown firing on a game made to have its fault and
silent on a clean one; what a game's audit counts; how a run is summed up."""

from __future__ import annotations

import pytest
from toy_game import ToyConfig, ToyRuleset

from undercroft.engine.audit import Anomaly
from undercroft.sim import audit_game as audit_module
from undercroft.sim.audit_game import GENERIC, GameAudit, audit_game
from undercroft.sim.audit_summary import AuditSummary, replay_command, to_dict


def _audit(fault: str = "", agents: tuple[str, ...] = ("climber",), goal: int = 20,
           ruleset: ToyRuleset | None = None, until: int | None = None) -> GameAudit:
    return audit_game(ruleset or ToyRuleset(), ToyConfig(goal=goal, fault=fault), agents,
                      seed=1, until=until)


def _kinds(game: GameAudit) -> set[str]:
    return {anomaly.kind for anomaly in game.anomalies}


def test_a_clean_game_shows_only_the_systems_own_finding() -> None:
    game = _audit()
    assert game.result == "victory"
    assert _kinds(game) == {"toy.high"}
    assert game.steps == 20


def test_a_clean_game_counts_rules_content_and_where_the_steps_go() -> None:
    game = _audit(goal=12)
    assert game.fired == {"toy.climb": 12}
    assert game.drawn == {"toy.rope.long": 1, "toy.rope.short": 1}
    assert game.used == {"toy.rope.long": 12}
    assert game.where == {"rungs 0+": 9, "rungs 10+": 3}
    assert game.doing == {"climbing": 12}


def test_an_exception_is_a_finding_with_its_step() -> None:
    game = _audit("raise")
    [found] = [a for a in game.anomalies if a.kind == "game.exception"]
    assert found.step == 5
    assert "RuntimeError: the ladder broke" in found.detail
    assert game.result is None


def test_an_end_by_the_limit_is_time_up() -> None:
    game = _audit("time-up")
    assert "game.time-up" in _kinds(game)
    assert game.result == "time up"


def test_a_game_that_never_ends_is_unbounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audit_module, "MAX_STEPS", 300)
    game = _audit("endless")
    assert "game.unbounded" in _kinds(game)
    assert game.steps == 300


def test_steps_that_change_nothing_are_a_stall_found_once() -> None:
    game = _audit("stall", goal=10_000, until=400)
    stalls = [a for a in game.anomalies if a.kind == "game.stalled"]
    assert stalls == [Anomaly("game.stalled", 3, "steps 4-53 changed nothing")]
    assert "game.stalled" not in _kinds(_audit(goal=400))


def test_a_choice_that_changes_nothing_is_idle_unless_the_rules_allow_it() -> None:
    idle = [a for a in _audit(agents=("climber", "waiter")).anomalies
            if a.kind == "game.idle-choice"]
    assert idle == [Anomaly("game.idle-choice", 2, "south: wait")]
    allowed = _audit(agents=("climber", "waiter"), ruleset=ToyRuleset(waiting_is_a_rule=True))
    assert "game.idle-choice" not in _kinds(allowed)
    assert "game.idle-choice" not in _kinds(_audit(agents=("climber", "gambler")))


def test_a_seat_left_with_one_choice_is_only_waiting() -> None:
    game = _audit("lonely", goal=200, agents=("climber", "waiter"),
                  ruleset=ToyRuleset(waiting_is_a_rule=True))
    [waiting] = [a for a in game.anomalies if a.kind == "game.only-waiting"]
    assert waiting.detail.startswith("south had one thing to choose from step 2 ")
    assert "game.only-waiting" not in _kinds(_audit(goal=200))


def test_the_generic_kinds_are_declared_once_each() -> None:
    names = [kind.kind for kind in GENERIC]
    assert len(names) == len(set(names)) == 6
    assert all(name.startswith("game.") for name in names)


def _game(index: int, *kinds: str, steps: int = 10) -> GameAudit:
    return GameAudit(index, 100 + index, steps, "victory", fired={"toy.climb": steps},
                     drawn={"toy.rope.long": 1}, used={"toy.rope.long": 2} if index else {},
                     anomalies=[Anomaly(kind, 3, f"{kind} in {index}") for kind in kinds],
                     where={"rungs 0+": steps}, doing={"climbing": steps})


def test_a_summary_counts_games_and_times_and_keeps_examples() -> None:
    summary = AuditSummary("toy", ToyRuleset().audit_kinds())
    for game in (_game(0, "toy.high", "toy.high"), _game(1),
                 _game(2, "game.only-waiting", steps=30), _game(3, "toy.odd")):
        summary.add(game)
    assert summary.games == 4
    assert summary.broken == 2, "toy.high and the undeclared toy.odd; not only-waiting"
    assert (summary.kinds["toy.high"].counted.games,
            summary.kinds["toy.high"].counted.times) == (1, 2)
    assert summary.kinds["toy.odd"].kind.meaning == "(undeclared)"
    assert summary.found_kinds() == ["toy.high", "toy.odd"]
    assert summary.found_kinds(must_be_zero=False) == ["game.only-waiting", "toy.high",
                                                       "toy.odd"]
    assert summary.fired["toy.climb"].games == 4
    assert summary.used["toy.rope.long"].games == 3
    assert summary.where["rungs 0+"] == 60
    assert summary.steps == [10, 10, 30, 10]


def test_a_replay_command_names_the_run_the_game_and_the_step() -> None:
    command = replay_command("squad", 7, 3, 41, ["stages=intro+boss"], ["random"])
    assert command == ("undercroft audit squad --seed 7 --game 3 --until 41 "
                       "--set stages=intro+boss --agents random")


def test_content_drawn_and_never_used_is_listed_by_the_kinds_there_to_be_used() -> None:
    toy = ToyRuleset()
    summary = AuditSummary("toy", toy.audit_kinds())
    summary.add(_game(1))
    stray = _game(2)
    stray.drawn["toy.rope.golden"] = 1
    summary.add(stray)
    content = to_dict(summary, 1, [], ["climber"], toy.catalogue(None),
                      toy.usable_kinds())["content"]
    assert content["never_drawn"] == ["toy.rope.frayed", "toy.rope.short"]
    assert content["drawn_never_used"] == []
    assert content["not_in_catalogue"] == ["toy.rope.golden"]
    game = _audit(goal=3)
    summary.add(game)
    content = to_dict(summary, 1, [], ["climber"], toy.catalogue(None), frozenset({"rope"})
                      )["content"]
    assert content["drawn_never_used"] == ["toy.rope.short"]
    assert to_dict(summary, 1, [], ["climber"], toy.catalogue(None), frozenset()
                   )["content"]["drawn_never_used"] == []
