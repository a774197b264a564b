"""Card Crawl's automated players (cautious, aggressive, mixed) and `undercroft play cardcrawl`
with its record replayed exactly."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest
from play_table import fighter, table
from rich.console import Console

from cli_helpers import assert_bad_input, run
from undercroft.cli.play_cardcrawl import play_cardcrawl, show_table
from undercroft.engine import registry
from undercroft.engine.registry import DEFAULT_AGENTS
from undercroft.engine.runner import play_out
from undercroft.rng import Stream
from undercroft.sim.audit_game import audit_game
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.agents import AGENTS
from undercroft.systems.cardcrawl.play.checks import success_chance
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.rules import legal
from undercroft.systems.cardcrawl.play.state import Card
from undercroft.systems.cardcrawl.play.view import view

RULESET = registry.get("cardcrawl")


def _first_attack(agent: str, seed: int) -> list[str]:
    """The stances an agent rolled with over a game."""
    state = RULESET.new(CardCrawlConfig(players=2, rooms=8), seed)
    stances: list[str] = []

    class Watching:
        name = agent

        def __init__(self) -> None:
            self.inner = AGENTS[agent]()

        def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
            choice = self.inner.choose(view, legal, rng)
            if choice.verb == "attack":
                stances.append(choice.stance)
                me = next(f for f in view["party"] if f["seat"] == view["turn"])
                attack = next(a for a in me["attacks"] if a["name"] == choice.card)
                foe = next(g for g in view["foes"] if g["id"] == choice.target)
                skill = max((value for name, value in me["skills"].items()
                             if name in attack["skills"]), default=0)
                bonus = attack["bonus"] + skill + me["combo"].get(choice.card, 0) + me["focus"]
                difficulty = 6 + foe["defence"] + attack["difficulty"] - 9
                other = "cautious" if choice.stance == "aggressive" else "aggressive"
                if agent == "mixed":
                    assert success_chance(choice.stance, bonus, difficulty) >= \
                        success_chance(other, bonus, difficulty)
            return choice

    play_out(RULESET, state, {seat: Watching() for seat in RULESET.seats(state)}, seed)
    return stances


@pytest.mark.parametrize("agent", ["cautious", "aggressive", "mixed"])
def test_each_player_rolls_its_stance(agent: str) -> None:
    stances = [s for seed in range(4) for s in _first_attack(agent, seed)]
    assert stances
    if agent != "mixed":
        assert set(stances) == {agent}


def test_sensible_players_explore_further_than_random_ones() -> None:
    def rooms(agent: str) -> int:
        total = 0
        for seed in range(12):
            state = RULESET.new(CardCrawlConfig(), seed)
            play_out(RULESET, state, {s: RULESET.agents()[agent]() for s in RULESET.seats(state)},
                     seed)
            total += sum(1 for room in state.rooms.values() if room.visited)
        return total
    assert rooms("mixed") > rooms("random")


def test_hot_seat_play_reads_choices_and_keeps_a_record_that_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    record = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nzzz\nwait\nwait\nquit\n"))
    result = run(capsys, "play", "cardcrawl", "--seed", "4", "--rooms", "6", "--players", "2",
                 "--record", str(record))
    assert result.code == 0, result.err
    assert "Seat-1 to act" in result.out and "after step 3. Go on with" in result.out
    assert "Type the number of an action" in result.out  # "zzz" is asked again
    saved = json.loads(record.read_text())
    assert saved["system"] == "cardcrawl" and len(saved["choices"]) == 3
    replayed = run(capsys, "replay", str(record), "--json")
    assert json.loads(replayed.out)["steps"] == 3


def test_automated_play_runs_to_the_end_and_replays_to_the_same_state(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "auto.json"
    result = run(capsys, "play", "cardcrawl", "--seed", "2", "--auto", "all", "--record",
                 str(record))
    assert result.code == 0 and "The game is over:" in result.out
    first = json.loads(run(capsys, "replay", str(record), "--json").out)
    again = json.loads(run(capsys, "replay", str(record), "--json").out)
    assert first == again and first["outcome"] in ("cleared", "defeated", "time up")


@pytest.mark.parametrize(("args", "fragment"), [
    (("--players", "9"), "--players 9"),
    (("--agent", "brave"), "--agent 'brave'"),
    (("--auto", "Seat-7"), "--auto 'Seat-7'"),
])
def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                  fragment: str) -> None:
    assert_bad_input(run(capsys, "play", "cardcrawl", *args), fragment)


def test_the_balance_lab_plays_card_crawl(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "simulate", "cardcrawl", "--games", "4", "--seed", "1", "--workers",
                 "1", "--agents", "cautious,aggressive", "--json")
    document = json.loads(result.out)
    assert document["system"] == "cardcrawl"
    assert document["metrics"]["rooms_visited"]["n"] == 4
    assert "downed_by.goblin" in document["metrics"]


def test_every_seed_the_balance_lab_reports_plays_again_at_the_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The lab's game seeds are 63-bit: the largest of them plays, and its record replays
    to the game the lab played (the same outcome and rounds)."""
    from undercroft.sim.games import game_seed

    seed = max(game_seed(1, index) for index in range(64))
    assert seed >= 2**62
    record = tmp_path / "lab.json"
    result = run(capsys, "play", "cardcrawl", "--seed", str(seed), "--rooms", "6", "--auto",
                 "all", "--record", str(record))
    assert result.code == 0, result.err
    assert f"seed {seed}" in result.out
    state = RULESET.new(CardCrawlConfig(rooms=6), seed)
    play_out(RULESET, state, {s: AGENTS["sensible"]() for s in RULESET.seats(state)}, seed)
    replayed = json.loads(run(capsys, "replay", str(record), "--json").out)
    assert (replayed["outcome"], replayed["rounds"]) == (state.ended, state.round - 1)
    assert_bad_input(run(capsys, "play", "cardcrawl", "--seed", str(2**63)), f"--seed {2**63}")


# --- the automated players play (issue 22, 5) ----------------------------------------------

def test_no_seat_is_offered_a_tap_that_leaves_it_no_ready_defence_card() -> None:
    me = fighter()
    me.defence[1].state = me.defence[2].state = "discarded"  # Parry is the last ready card
    state = table(me, foes=[[6]])
    assert Play("tap", card="Parry") not in legal(state, "Seat-1")
    me.defence[1].state = "ready"
    assert Play("tap", card="Parry") in legal(state, "Seat-1")
    skin = Card("Stoneskin", "defence", 5, "untap", 2, "")
    last = fighter(cards=[skin, Card("Dodge", "defence", 2, "none", 0, "", state="tapped")])
    assert Play("tap", card="Stoneskin") in legal(table(last), "Seat-1")  # Dodge comes back


def test_the_sensible_player_wards_only_with_foes_present_when_it_is_the_target() -> None:
    sensible = AGENTS["sensible"]()
    quiet = table(fighter(), fighter("Seat-2"))
    quiet.fighters[0].defence[2].state = "discarded"
    choice = sensible.choose(view(quiet, "Seat-1"), legal(quiet, "Seat-1"), Stream(1))
    assert choice != Play("tap", card="Parry")
    fight = table(fighter(), fighter("Seat-2"), foes=[[6]])
    fight.fighters[0].defence[2].state = "discarded"  # two ready: the goblin's target
    choice = sensible.choose(view(fight, "Seat-1"), legal(fight, "Seat-1"), Stream(1))
    assert choice == Play("tap", card="Parry")
    fight.fighters[1].defence[2].state = fight.fighters[1].defence[1].state = "discarded"
    choice = sensible.choose(view(fight, "Seat-1"), legal(fight, "Seat-1"), Stream(1))
    assert choice.verb == "attack"  # Seat-2, on one card, is the one the goblin goes for


def test_the_sensible_player_brings_the_fallen_back_and_equips_the_better_gear() -> None:
    sensible = AGENTS["sensible"]()
    down = fighter("Seat-2")
    for card in down.defence:
        card.state = "discarded"
    kit = Card("Kit", "gear", 0, "heal", 2, "", target="any")
    fight = table(fighter(cards=[*fighter().cards[:3], kit]), down, foes=[[6]])
    choice = sensible.choose(view(fight, "Seat-1"), legal(fight, "Seat-1"), Stream(1))
    assert choice == Play("tap", "Seat-2", "Kit")
    me = fighter(cards=[*fighter().cards[:3], Card("Crowbar", "gear", 0, "none", 0, "")])
    me.pack.append(Card("Healing Potion", "gear", 0, "heal", 3, ""))
    quiet = table(me)
    choice = sensible.choose(view(quiet, "Seat-1"), legal(quiet, "Seat-1"), Stream(1))
    assert choice == Play("swap", card="Crowbar", using="Healing Potion")


def test_the_default_players_are_the_ones_help_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert inspect.signature(play_cardcrawl).parameters["agent"].default == "sensible"
    assert "[default: sensible]" in run(capsys, "play", "cardcrawl", "--help").out
    assert next(name for name in DEFAULT_AGENTS if name in AGENTS) == "sensible"
    assert "sensible" in run(capsys, "simulate", "--help").out


@pytest.mark.parametrize("agent", ["sensible", "random"])
def test_no_automated_player_knocks_itself_out_over_whole_games(agent: str) -> None:
    kinds = [anomaly.kind for seed in range(30)
             for anomaly in audit_game(RULESET, CardCrawlConfig(), [agent], seed).anomalies]
    assert "cardcrawl.self-incapacitated" not in kinds
    if agent == "sensible":
        assert "cardcrawl.wasted-tap" not in kinds


def test_the_table_shows_skills_attacks_the_number_to_beat_and_what_waits() -> None:
    me = fighter()
    me.boosts = {"athletics": 2}
    state = table(me, foes=[[5], [6]])
    console = Console(record=True, width=200)
    show_table(console, view(state, "Seat-1"), "Seat-1", legal(state, "Seat-1"))
    text = console.export_text()
    assert "goblin-1: 2 standing (hit dice 5, 6); attacks at +2, wards off at +1; Cowardly" \
        in text
    assert "skills: melee +2; attacks: Slash +1 with melee (to beat 7 against goblin-1)" in text
    assert "+2 on the next athletics roll" in text
