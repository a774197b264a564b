"""`simulate --compare`: paired games until the question is answered, a big effect decided
quickly, a null effect run to --max-games, the --json answer, bad input in one line."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from cli_helpers import assert_bad_input, run
from undercroft.engine.figures import Figure
from undercroft.sim.compare import (
    MIN_PAIRS,
    PAIR_BATCH,
    Answer,
    Finding,
    Question,
    compare,
    decimals,
)
from undercroft.sim.settings import Arm

SHORT = ("--set", "depth_limit=2", "--seed", "1", "--workers", "1")
"""Amulet games that end at depth 2: whole games, quickly."""


class _Config(BaseModel):
    k: int = 0


def _question(**options: Any) -> Question:
    arms = (Arm(0, {"k": "0"}, _Config()), Arm(1, {"k": "1"}, _Config(k=1)))
    return Question("k", arms, ("score",), **options)


def _batches(effect: float, pairs: int, seed: int = 4) -> Iterator[list[dict[str, Figure]]]:
    """Arm A's batch then arm B's: the same game's noise in both, plus ``effect`` in B."""
    rng = random.Random(seed)
    for _ in range(0, pairs, PAIR_BATCH):
        games = [rng.gauss(10.0, 3.0) for _ in range(PAIR_BATCH)]
        yield [{"score": g + rng.gauss(0, 1)} for g in games]
        yield [{"score": g + effect + rng.gauss(0, 1)} for g in games]


def test_a_big_effect_is_decided_at_the_first_look() -> None:
    answer = compare(_batches(2.0, 10_000), _question())
    assert (answer.stopped_by, answer.games) == ("decided", MIN_PAIRS)
    found = answer.findings[0]
    assert found.verdict == "raises" and found.interval[0] > 0
    assert found.interval[0] < found.difference < found.interval[1]


def test_a_null_effect_runs_to_max_games_unless_a_tolerance_settles_it() -> None:
    answer = compare(_batches(0.0, 2000), _question(max_games=2000))
    assert (answer.stopped_by, answer.games) == ("max-games", 2000)
    assert answer.findings[0].verdict == "open"
    assert "not decided after 2,000 paired games" in answer.sentences()[0]
    settled = compare(_batches(0.0, 2000), _question(tolerance=0.5, max_games=2000))
    assert settled.stopped_by == "decided" and settled.findings[0].verdict == "within"
    assert settled.games < 2000


def test_precise_waits_for_an_interval_narrower_than_the_tolerance() -> None:
    looks: list[float] = []
    answer = compare(_batches(2.0, 10_000), _question(until="precise", tolerance=0.3),
                     lambda games, found: looks.append(found[0].width))
    assert answer.stopped_by == "precise" and answer.findings[0].width < 0.3
    assert answer.games > MIN_PAIRS and looks[-2] >= 0.3


def test_the_cli_answers_a_big_effect_in_one_sentence(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    result = run(capsys, "simulate", "amulet", "--compare", "countdown_every=1,6",
                 "--metric", "rounds", *SHORT)
    assert result.code == 0, result.err
    assert result.out.strip().splitlines() == [result.out.strip()]
    assert result.out.startswith("countdown_every=6 raises mean rounds by ")
    assert result.out.strip().endswith("over 1; decided after 100 paired games")


def test_the_json_answer(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "simulate", "amulet", "--compare", "countdown_every=1,6",
                 "--metric", "depth_reached", "--metric", "result=depth limit",
                 "--max-games", "100", "--json", *SHORT)
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert {"system", "seed", "agents", "config", "key", "arms", "until", "tolerance",
            "games", "stopped_by", "method", "metrics", "answer"} <= set(document)
    assert (document["key"], document["arms"]) == ("countdown_every", ["1", "6"])
    assert (document["games"], document["stopped_by"]) == (100, "max-games")
    assert [m["metric"] for m in document["metrics"]] == ["depth_reached",
                                                          "result=depth limit"]
    depth = document["metrics"][0]
    assert set(depth) == {"metric", "difference", "interval", "means", "verdict"}
    assert depth["means"] == {"1": 2.0, "6": 2.0} and depth["interval"] == [0.0, 0.0]
    assert len(document["answer"]) == 2


@pytest.mark.parametrize(("args", "fragment"), [
    (("--compare", "nosuch=1,2"), "--compare nosuch: unknown setting"),
    (("--compare", "countdown_every=2"), "expected two different values"),
    (("--compare", "countdown_every=2,2"), "expected two different values"),
    (("--compare", "countdown_every=x,2"), "--compare countdown_every=x"),
    (("--compare", "countdown_every=2,3", "--metric", "nosuch"),
     "--metric nosuch: unknown figure"),
    (("--compare", "countdown_every=2,3", "--tolerance", "0"), "--tolerance 0"),
    (("--compare", "countdown_every=2,3", "--tolerance", "-1"), "--tolerance -1"),
    (("--compare", "countdown_every=2,3", "--until", "soon"), "--until soon"),
    (("--compare", "countdown_every=2,3", "--until", "precise"), "needs --tolerance"),
    (("--compare", "countdown_every=2,3", "--max-games", "10"), "--max-games 10"),
    (("--compare", "countdown_every=2,3", "--games", "10"), "--compare: stops by itself"),
    (("--compare", "countdown_every=2,3", "--set", "tokens=1,2"), "--set tokens"),
    (("--games", "5", "--metric", "rounds"), "--metric: only with --compare"),
])
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                               fragment: str) -> None:
    assert_bad_input(run(capsys, "simulate", "amulet", *args, "--workers", "1"), fragment)


def test_the_sentence_gives_every_figure_to_the_same_places() -> None:
    arms = _question().arms
    found = Finding("score", 0.3, (0.122, 0.478), (1.0, 1.3), "raises")
    answer = Answer(Question("k", arms, ("score",)), 100, "decided", (found,))
    assert "raises mean score by 0.30 (0.12 to 0.48) over 0;" in answer.sentences()[0]
    wide = Finding("score", 2.1, (1.4, 2.8), (1.0, 3.1), "raises")
    assert decimals(wide) == 2 and decimals(Finding("s", 40, (10, 70), (0, 40), "raises")) == 0


def test_a_word_figure_without_its_word_is_refused_before_the_comparison(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "simulate", "amulet", "--compare", "countdown_every=1,6",
                 "--metric", "result", *SHORT)
    assert_bad_input(result, "--metric result: a word figure")
    assert "paired games" not in result.out


def test_the_json_config_leaves_out_only_the_compared_setting_of_a_group(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "simulate", "amulet", "--compare", "play.armor=per_attack,none",
                 "--metric", "rounds", "--max-games", "100", "--json", *SHORT)
    assert result.code == 0, result.err
    play = json.loads(result.out)["config"]["play"]
    assert "armor" not in play and "actions_per_round" in play


def test_two_sets_of_players_are_compared_on_the_same_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "simulate", "cardcrawl", "--compare", "agents=mixed,cautious",
                 "--metric", "result=cleared", "--set", "rooms=3", "--max-games", "100",
                 "--json", "--seed", "1", "--workers", "1")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert (document["key"], document["arms"]) == ("agents", ["mixed", "cautious"])
    assert document["agents"] == [["mixed"], ["cautious"]]
    assert document["answer"][0].startswith("agents=cautious ")
    assert document["config"]["rooms"] == 3


@pytest.mark.parametrize(("args", "fragment"), [
    (("--compare", "agents=mixed,cautious", "--agents", "mixed"), "--agents: --compare agents"),
    (("--compare", "agents=mixed,nosuch"), "nosuch"),
])
def test_players_compared_are_checked(capsys: pytest.CaptureFixture[str],
                                      args: tuple[str, ...], fragment: str) -> None:
    assert_bad_input(run(capsys, "simulate", "cardcrawl", *args, "--workers", "1"), fragment)
