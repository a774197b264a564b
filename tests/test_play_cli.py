"""`undercroft play amulet`: hot-seat play with scripted input, agents, records and scores."""

from __future__ import annotations

import importlib
import io
import json
import shlex
from pathlib import Path

import pytest
from rich.console import Console

from cli_helpers import Result, assert_bad_input, run
from undercroft.cli import play_choices, play_commands, play_seats
from undercroft.cli.play_turns import PlainFront
from undercroft.engine.capabilities import ChoiceWords, Wording
from undercroft.engine.record import load_record, replay
from undercroft.engine.registry import RULESETS, get
from undercroft.engine.table import Table
from undercroft.errors import BadInput
from undercroft.store.highscores import top_scores
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.room.actions import Action

SMALL = ("--party", "warrior,elf", "--depth-limit", "1")
"""Two heroes and one level: a whole game in a fraction of a second."""
CONTRACT_KEYS = {"depth_reached", "treasure", "rounds", "alive", "state_hash", "outcome",
                 "seed", "system", "steps"}


@pytest.fixture(autouse=True)
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test plays in its own folder and keeps its scores there."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("UNDERCROFT_DATA", str(tmp_path / "data"))
    return tmp_path


def typed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """What the people at the table will type, then end of input."""
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def play(capsys: pytest.CaptureFixture[str], *args: str) -> Result:
    return run(capsys, "play", "amulet", *args)


def test_contract_auto_all_records_a_game_that_replays_the_same(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    documents = []
    for _ in range(2):
        played = play(capsys, "--auto", "all", "--seed", "7", "--record", "F")
        assert played.code == 0, played.err
        assert (tmp_path / "F").is_file()
        replayed = run(capsys, "replay", "F", "--json")
        assert replayed.code == 0, replayed.err
        documents.append(json.loads(replayed.out))
    first, second = documents
    assert set(first) >= CONTRACT_KEYS
    assert first == second
    assert first["system"] == "amulet" and first["seed"] == 7
    assert first["outcome"] is not None
    assert set(first["treasure"]) == {"Warrior", "Elf", "Valkyrie", "Wizard"}
    assert first["steps"] == len(load_record(tmp_path / "F").choices)


def test_auto_all_needs_no_input_and_keeps_the_score(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    typed(monkeypatch, "")
    for _ in range(2):
        result = play(capsys, *SMALL, "--auto", "all", "--agent", "random", "--seed", "5")
        assert result.code == 0, result.err
        assert "The game is over" in result.out
        assert "Top scores at this table" in result.out
    rows = top_scores(tmp_path / "data" / "scores.sqlite3", system="amulet",
                      players=["Warrior (random)", "Elf (random)"])
    assert len(rows) == 2 and {row.seed for row in rows} == {5}
    assert not list(tmp_path.glob("amulet-*.json")), "a finished game writes no record unasked"


def test_hot_seat_end_of_input_saves_a_record_that_replays(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    typed(monkeypatch, "1\n1\n1\n1\n1\n1\n")
    result = play(capsys, *SMALL, "--seed", "3")
    assert result.code == 0, result.err
    saved = tmp_path / "amulet-3.json"
    assert f"Game saved to {saved.name}" in result.out
    assert "Warrior chooses:" in result.out and "Elf chooses:" in result.out
    record = load_record(saved)
    assert len(record.choices) == 3
    assert all(set(step) == {"Warrior", "Elf"} for step in record.choices)
    ruleset, state, _ = replay(record, str(saved))
    assert ruleset.view(state, None)["step"] == 3
    again = run(capsys, "replay", str(saved), "--json")
    assert again.code == 0 and json.loads(again.out)["steps"] == 3


def test_leaving_never_replaces_another_saved_game(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    (tmp_path / "amulet-3.json").write_text("someone else's game", encoding="utf-8")
    typed(monkeypatch, "1\n")
    result = play(capsys, *SMALL, "--seed", "3")
    assert result.code == 0, result.err
    assert (tmp_path / "amulet-3.json").read_text(encoding="utf-8") == "someone else's game"
    assert load_record(tmp_path / "amulet-3-2.json").choices == []


def test_bad_choices_ask_again_and_help_is_shown(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    typed(monkeypatch, "?\n99\nzz\n\nsearch\n!1\n1\nsearch n\n")
    result = play(capsys, *SMALL, "--seed", "3", "--record", "game.json")
    assert result.code == 0, result.err
    assert "Traceback" not in result.out + result.err
    assert "this help" in result.out
    assert "no action 99: choose 1 to" in result.out
    assert "'zz' is not one of the actions" in result.out
    assert "'search' fits 4 actions" in result.out
    assert "nothing to claim now" in result.out
    assert load_record(tmp_path / "game.json").choices == [
        {"Warrior": "wait", "Elf": "search north"}]


def test_record_is_written_after_every_step(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    seen: list[int] = []
    real = play_commands.keep_record

    def spy(record: object, path: Path) -> None:
        real(record, path)  # type: ignore[arg-type]
        seen.append(len(load_record(path).choices))

    monkeypatch.setattr(play_commands, "keep_record", spy)
    typed(monkeypatch, "1\n1\n1\n1\n")
    result = play(capsys, *SMALL, "--seed", "3", "--record", "game.json", "--auto", "elf")
    assert result.code == 0, result.err
    assert seen[:5] == [0, 1, 2, 3, 4]


def test_ctrl_c_saves_the_game(capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            if self.tell() >= len(self.getvalue()):
                raise KeyboardInterrupt
            return super().readline()

    monkeypatch.setattr("sys.stdin", Interrupted("1\n1\n"))
    result = play(capsys, *SMALL, "--seed", "3", "--record", "game.json")
    assert result.code == 0, result.err
    assert "Game saved to game.json after step 1" in result.out
    assert len(load_record(tmp_path / "game.json").choices) == 1


def test_resume_goes_on_in_the_same_file(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    typed(monkeypatch, "1\n1\n")
    assert play(capsys, *SMALL, "--seed", "3", "--record", "game.json").code == 0
    first = load_record(tmp_path / "game.json").choices
    typed(monkeypatch, "2\n1\n")
    result = play(capsys, "--resume", "game.json")
    assert result.code == 0, result.err
    choices = load_record(tmp_path / "game.json").choices
    assert len(choices) == 2 and choices[0] == first[0]
    assert run(capsys, "replay", "game.json", "--json").code == 0


def test_resume_refuses_a_different_seed_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    typed(monkeypatch, "1\n1\n")
    play(capsys, *SMALL, "--seed", "3", "--record", "game.json")
    before = (tmp_path / "game.json").read_bytes()
    assert_bad_input(play(capsys, "--resume", "game.json", "--seed", "4"), "seed 3")
    assert_bad_input(play(capsys, "--resume", "game.json", "--party", "wizard"), "party")
    assert (tmp_path / "game.json").read_bytes() == before


def test_resume_of_a_broken_record_is_bad_input(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    typed(monkeypatch, "1\n1\n")
    play(capsys, *SMALL, "--seed", "3", "--record", "game.json")
    data = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    data["choices"][0]["Warrior"] = "open 9.9"
    broken = json.dumps(data)
    (tmp_path / "game.json").write_text(broken, encoding="utf-8")
    assert_bad_input(play(capsys, "--resume", "game.json"), "step 1")
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == broken
    assert_bad_input(play(capsys, "--resume", "missing.json"), "missing.json")


@pytest.mark.parametrize(("args", "fragment"), [
    (("--auto", "bob"), "--auto 'bob'"),
    (("--party", "warrior,orc"), "unknown class 'orc'"),
    (("--party", ""), "--party"),
    (("--depth-limit", "-1"), "--depth-limit -1"),
    (("--agent", "clever"), "--agent 'clever'"),
    (("--seed", "-5"), "--seed -5"),
])
def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                  fragment: str) -> None:
    assert_bad_input(play(capsys, *args), fragment)


def test_record_never_replaces_a_file_that_is_not_a_record(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("my notes", encoding="utf-8")
    assert_bad_input(play(capsys, "--record", "notes.txt", "--seed", "1"), "not overwritten")
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "my notes"


def test_missing_seed_is_drawn_and_shown(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    typed(monkeypatch, "")
    result = play(capsys, *SMALL)
    assert result.code == 0, result.err
    line = result.out.splitlines()[0]
    assert line.startswith("Seed ")
    seed = int(line.split()[1])
    assert load_record(tmp_path / f"amulet-{seed}.json").seed == seed


def test_claims_with_a_leading_bang(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Two humans answer "!1" then "1" in turn: a claim is taken whenever one is allowed."""
    typed(monkeypatch, "!1\n1\n" * 200)
    result = play(capsys, "--party", "warrior,elf", "--seed", "5", "--record", "game.json")
    assert result.code == 0, result.err
    claimed = [text for step in load_record(tmp_path / "game.json").choices
               for text in step.values() if text.endswith(", and announce")]
    assert claimed
    assert "Announcement!" in result.out and "claimable" in result.out


def test_speak_says_each_announcement(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []

    class FakeSpeaker:
        def say(self, text: str) -> None:
            said.append(text)

    monkeypatch.setattr(play_commands, "speaker_for",
                        lambda speak, console: FakeSpeaker() if speak else None)
    result = play(capsys, "--party", "warrior,elf", "--seed", "5", "--auto", "all",
                  "--agent", "random", "--speak")
    assert result.code == 0, result.err
    assert said and "Remember, don't shoot food!" in said


def test_speak_without_espeak_says_so_and_plays_on(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")
    result = play(capsys, *SMALL, "--seed", "5", "--auto", "all", "--agent", "random",
                  "--speak")
    assert result.code == 0, result.err
    assert "speech: off" in result.out


def test_auto_takes_seat_and_class_names() -> None:
    config = GameConfig(party=("warrior", "elf", "warrior"))
    assert play_seats.auto_seats("all", config) == ["Warrior-1", "Elf", "Warrior-2"]
    assert play_seats.auto_seats("warrior", config) == ["Warrior-1", "Warrior-2"]
    assert play_seats.auto_seats("Warrior-2, elf", config) == ["Elf", "Warrior-2"]
    assert play_seats.auto_seats(None, config) == []


LEGAL = [Action("wait"), Action("attack", "swarm-1", "melee"), Action("attack", "swarm-1", "shot"),
         Action("pick up", "c1"), Action("search", "north"), Action("search", "south")]


@pytest.mark.parametrize(("typed_text", "expected"), [
    ("1", "wait"),
    ("3", "attack swarm-1 with shot"),
    ("pick", "pick up c1"),
    ("  Search   NORTH ", "search north"),
    ("attack swarm-1 with shot, take half", "attack swarm-1 with shot, take half"),
    ("!1", "wait, and announce"),
    ("! pick", "pick up c1, and announce"),
    ("wait, and announce", "wait, and announce"),
])
def test_read_choice(typed_text: str, expected: str) -> None:
    assert play_choices.read_choice(typed_text, LEGAL, can_claim=True).text == expected


@pytest.mark.parametrize(("typed_text", "can_claim", "fragment"), [
    ("7", True, "choose 1 to 6"),
    ("0", True, "choose 1 to 6"),
    ("attack", True, "fits 2 actions"),
    ("open e1", True, "not one of the actions"),
    ("!1", False, "nothing to claim"),
    ("wait, and announce", False, "nothing to claim"),
    ("", True, "type the number"),
])
def test_read_choice_refuses(typed_text: str, can_claim: bool, fragment: str) -> None:
    with pytest.raises(BadInput, match=fragment):
        play_choices.read_choice(typed_text, LEGAL, can_claim)


def test_agent_lookup_gives_amulets_agents_and_names_them_when_refused() -> None:
    assert play_seats.make_agent(" Sensible ").name == "sensible"
    with pytest.raises(BadInput, match="known: random, sensible"):
        play_seats.make_agent("clever")


def test_typed_text_finds_a_choice_whatever_its_case() -> None:
    from dataclasses import dataclass

    from undercroft.cli.play_turns import matching

    @dataclass(frozen=True)
    class Choice:
        text: str

    legal = [Choice("Mage-1 attacks Goblin-1"), Choice("Mage-1 attacks Goblin-10"),
             Choice("Warrior-2 waits")]
    assert matching("warrior", legal) == [legal[2]]
    assert matching("MAGE-1 ATTACKS GOBLIN-1", legal) == [legal[0]]
    assert matching("mage-1 attacks goblin", legal) == legal[:2]
    assert matching("", legal) == []


# --- every system at the terminal: leave and go on, sheets, choices in words -------------------

class Interrupted(io.StringIO):
    """Typed lines, then Ctrl-C where the next line would be read."""

    def readline(self, size: int | None = -1) -> str:
        if self.tell() >= len(self.getvalue()):
            raise KeyboardInterrupt
        return super().readline()


TURN_BASED = {
    "labyrinth": ("--players", "2", "--auto", "Seat-2", "--agent", "random"),
    "squad": ("--players", "2", "--auto", "Guide-2,GM", "--agent", "random"),
    "cardcrawl": ("--players", "2", "--rooms", "6", "--auto", "Seat-2", "--agent", "random"),
}
"""Each turn-based system with one person and an automated player whose own stream of
the seed decides its choices: a resumed game that lost the stream's place would differ."""


def go_on_with(out: str) -> list[str]:
    """The command the hint to go on gives, as arguments to `undercroft`."""
    line = next(line for line in out.splitlines() if "Go on with: " in line)
    words = shlex.split(line.split("Go on with: ", 1)[1])
    assert words[0] == "undercroft"
    return words[1:]


@pytest.mark.parametrize("system", [*sorted(TURN_BASED), "amulet"])
def test_ctrl_c_saves_and_resume_goes_on_as_if_never_stopped(
        system: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    lines, stop = "1\n" * 40, 3
    options = (*TURN_BASED.get(system, (*SMALL, "--auto", "elf", "--agent", "random")),
               "--seed", "12")
    typed(monkeypatch, lines)
    straight = run(capsys, "play", system, *options, "--record", "straight.json")
    assert straight.code == 0, straight.err
    whole = load_record(tmp_path / "straight.json").choices

    monkeypatch.setattr("sys.stdin", Interrupted("1\n" * stop))
    stopped = run(capsys, "play", system, *options)
    assert stopped.code == 0, stopped.err
    saved = tmp_path / f"{system}-12.json"
    steps = len(load_record(saved).choices)
    assert f"Game saved to {saved.name} after step {steps}." in stopped.out
    assert 0 < steps < len(whole)
    again = go_on_with(stopped.out)
    assert again[:4] == ["play", system, "--resume", saved.name]

    typed(monkeypatch, "1\n" * (40 - stop))
    resumed = run(capsys, *again)
    assert resumed.code == 0, resumed.err
    if system != "amulet":
        assert f"resumed after step {steps}" in resumed.out
    assert load_record(saved).choices == whole
    automated = {"labyrinth": "Seat-2", "squad": "Guide-2", "cardcrawl": "Seat-2",
                 "amulet": "Elf"}[system]
    assert any(automated in step for step in whole[steps:]), "the agent chose after resuming"
    first = json.loads(run(capsys, "replay", "straight.json", "--json").out)
    second = json.loads(run(capsys, "replay", saved.name, "--json").out)
    assert first["state_hash"] == second["state_hash"]


@pytest.mark.parametrize(("system", "args", "fragment"), [
    ("cardcrawl", ("--rooms", "7"), "--rooms: the record game.json was played with rooms 6"),
    ("cardcrawl", ("--seed", "12"), "--seed 12: the record game.json was played with seed 11"),
    ("labyrinth", ("--players", "3"), "--players: the record game.json was played with players 2"),
    ("squad", ("--example",), "--example: the record game.json was played with party random"),
    ("squad", ("--heroes", "1"),
     "--heroes: the record game.json was played with heroes per player 2"),
    ("amulet", (), "a cardcrawl record; `play amulet` goes on with amulet games"),
    ("squad", (), "a cardcrawl record; `play squad` goes on with squad games"),
])
def test_resume_never_changes_the_records_game(
        system: str, args: tuple[str, ...], fragment: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    typed(monkeypatch, "1\n")
    assert run(capsys, "play", "cardcrawl", "--seed", "11", "--players", "2", "--rooms", "6",
               "--record", "game.json").code == 0
    if system == "labyrinth":
        typed(monkeypatch, "1\n")
        assert run(capsys, "play", "labyrinth", "--seed", "11", "--players", "2",
                   "--record", "game.json").code == 0
    if system == "squad" and args:
        typed(monkeypatch, "1\n")
        assert run(capsys, "play", "squad", "--seed", "11", "--record", "game.json").code == 0
    before = (tmp_path / "game.json").read_bytes()
    result = run(capsys, "play", system, "--resume", "game.json", *args)
    assert_bad_input(result, fragment)
    assert (tmp_path / "game.json").read_bytes() == before


@pytest.mark.parametrize("system", ["amulet", "labyrinth", "squad", "cardcrawl"])
def test_the_hint_to_go_on_is_one_unbroken_line(
        system: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """A path longer than the terminal is wide, with a space in it, comes out whole and
    quoted for the shell: the command copied from it goes on with the game."""
    folder = tmp_path / ("a long folder name " * 4).strip() / ("b" * 70)
    path = folder / "game record.json"
    assert len(str(path)) > 160
    typed(monkeypatch, "quit\n")
    options = SMALL if system == "amulet" else ()
    result = run(capsys, "play", system, *options, "--seed", "5", "--record", str(path))
    assert result.code == 0, result.err
    hint = next(line for line in result.out.splitlines() if "Go on with" in line)
    assert hint.startswith(f"Game saved to {path} after step ")
    again = go_on_with(result.out)
    assert again[:4] == ["play", system, "--resume", str(path)]
    typed(monkeypatch, "")
    assert run(capsys, *again).code == 0


SHEETS = {
    "amulet": (SMALL, "Elf", ["Warrior, warrior: health 100, 3 tokens",
                              "melee d10, speed 3, shot d8, armor 3, magic d6"],
               ["Elf, elf: health 100", "melee d6, speed 4"]),
    "labyrinth": (("--players", "2"), "seat-2", ["Seat-1, ", "(modifier ", "attack "],
                  ["Seat-2, "]),
    "squad": (("--players", "2", "--heroes", "1"), "guide-2",
              ["Abilities: ", "Stuff: ", "Special: "], ["Abilities: "]),
    "cardcrawl": (("--players", "2"), "SEAT-2", ["Seat-1, The ", "skills: ", "Tap: "],
                  ["Seat-2, The "]),
}


def typed_extra(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                system: str, options: tuple[str, ...], text: str) -> str:
    """What typing ``text`` at the first prompt prints, beyond the table and its choices
    (the same game played with only "quit" typed gives everything else)."""
    outs = []
    for lines in ("quit\n", f"{text}\nquit\n"):
        typed(monkeypatch, lines)
        result = run(capsys, "play", system, *options, "--seed", "2", "--record", "game.json")
        assert result.code == 0, result.err
        outs.append(result.out)
    base, more = outs
    start = _common(base, more)
    end = _common(base[start:][::-1], more[start:][::-1])
    return more[start:len(more) - end]


def _common(one: str, other: str) -> int:
    """How many characters the two begin with alike."""
    return next((at for at, (a, b) in enumerate(zip(one, other, strict=False)) if a != b),
                min(len(one), len(other)))


@pytest.mark.parametrize("system", sorted(SHEETS))
def test_sheet_shows_a_seats_sheet_and_help_lists_it(
        system: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    options, other, own, others = SHEETS[system]
    assert "sheet [NAME]" in typed_extra(capsys, monkeypatch, system, options, "?")
    mine = typed_extra(capsys, monkeypatch, system, options, "sheet")
    for fragment in own:
        assert fragment in mine, (fragment, mine)
    theirs = typed_extra(capsys, monkeypatch, system, options, f"sheet {other}")
    for fragment in others:
        assert fragment in theirs, (fragment, theirs)
    assert theirs != mine
    assert "sheet nobody: no such" in typed_extra(capsys, monkeypatch, system, options,
                                                  "sheet nobody")
    people = {"Warrior", "Seat-1", "Guide-1"}  # the first to choose (the GM plays itself)
    assert not [step for step in load_record(tmp_path / "game.json").choices
                if people & set(step)], "a sheet is no choice"


def say_in_words(monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    """For this test, ``system``'s ruleset says its choices in words: "Please <TEXT> (n)",
    the second choice futile and the third pointless. (A subclass, so that no other test
    sees the capability: protocol checks are cached per class.)"""
    real = get(system)

    class Worded(type(real)):  # type: ignore[misc]
        def choice_words(self, state: object, seat: str, actions: list[Action]
                         ) -> list[Wording]:
            return [Wording(f"Please {action.text.upper()} ({number})",
                            futile="it cannot hurt" if number == 2 else None,
                            pointless=number == 3)
                    for number, action in enumerate(actions, start=1)]

    monkeypatch.setattr(importlib.import_module(RULESETS[system]), "RULESET", Worded())


@pytest.mark.parametrize(("system", "options", "typed_text", "chosen"), [
    ("cardcrawl", ("--players", "2", "--rooms", "6"), "please move to room 2 (6)",
     "move to room 2"),
    ("cardcrawl", ("--players", "2", "--rooms", "6"), "PLEASE TAP ROPE", "tap Rope"),
    ("cardcrawl", ("--players", "2", "--rooms", "6"), "please move to room 1", "move to room 1"),
    ("amulet", SMALL, "please search n", "search north"),
])
def test_menus_list_choices_in_words_and_typed_words_pick_them(
        system: str, options: tuple[str, ...], typed_text: str, chosen: str,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    say_in_words(monkeypatch, system)
    typed(monkeypatch, f"{typed_text}\n" + ("wait\n" if system == "amulet" else "") + "quit\n")
    result = run(capsys, "play", system, *options, "--seed", "4", "--record", "game.json")
    assert result.code == 0, result.err
    assert "1  Please " in result.out and " (1)\n" in result.out
    assert " (2) (futile: it cannot hurt)" in result.out
    assert " (3) (of no use now)" in result.out
    first = load_record(tmp_path / "game.json").choices[0]
    assert chosen in first.values(), first


def test_a_system_without_wordings_lists_its_choices_text() -> None:
    out = io.StringIO()
    front = PlainFront(Console(file=out, width=200), io.StringIO("2\n"),
                       lambda console, view, seat, legal: None)
    cardcrawl = get("cardcrawl")

    class Unworded(type(cardcrawl)):  # type: ignore[misc]
        choice_words = None  # a protocol member set to None is not offered

    table = Table.start(Unworded(), cardcrawl.config_model()(rooms=6), 4)
    assert not isinstance(table.ruleset, ChoiceWords)
    picked = front.ask(table, "Seat-1")
    legal = table.legal("Seat-1")
    assert picked == legal[1]
    assert out.getvalue().splitlines()[:2] == [f"   1  {legal[0].text}", f"   2  {legal[1].text}"]


def test_typed_words_find_a_choice_whatever_their_case() -> None:
    from dataclasses import dataclass

    from undercroft.cli.play_turns import matching, pick

    @dataclass(frozen=True)
    class Choice:
        text: str

    legal = [Choice("open c1"), Choice("open c10"), Choice("descend by 1.1")]
    words = ["Open the door north (c1)", "Open the chest (c10)", "Take the stair down (1.1)"]
    assert matching("open the door", legal, words) == [legal[0]]
    assert matching("TAKE THE STAIR DOWN", legal, words) == [legal[2]]
    assert matching("open the door north (C1)", legal, words) == [legal[0]]
    assert matching("open c1", legal, words) == [legal[0]]
    assert matching("open", legal, words) == legal[:2]
    assert pick("open the", legal, words) is None
    assert pick("3", legal, words) == legal[2]
    assert play_choices.read_choice("PLEASE WAIT", LEGAL, True,
                                    [f"Please {a.text}" for a in LEGAL]).text == "wait"
