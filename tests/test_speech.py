"""Spoken announcements: low and loud when asked for, silent otherwise, never a crash."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field

import pytest

from undercroft.cli.speech import Speaker, start_in_background


def on_path(*names: str) -> dict[str, str]:
    return {name: f"/opt/bin/{name}" for name in names}


@dataclass
class FakeRun:
    """Records each command instead of running it; can fail to start or report an exit status."""

    status: int | None = None
    error: Exception | None = None
    commands: list[list[str]] = field(default_factory=list)

    def __call__(self, command: list[str]) -> object:
        self.commands.append(command)
        if self.error is not None:
            raise self.error
        return FakeProcess(self.status)


@dataclass
class FakeProcess:
    status: int | None

    def poll(self) -> int | None:
        return self.status


def test_speech_is_off_unless_asked_for_even_with_espeak_installed() -> None:
    run = FakeRun()
    speaker = Speaker.detect(False, run=run, which=on_path("espeak-ng").get)
    speaker.say("The amulet is found!")
    assert not speaker.available
    assert run.commands == []
    assert speaker.problem is None
    assert speaker.describe() == "speech: off"


def test_speaks_the_text_as_one_argument_at_the_lowest_pitch_and_loudly() -> None:
    run = FakeRun()
    speaker = Speaker.detect(True, run=run, which=on_path("espeak-ng", "espeak").get)
    text = "-v Level 3; echo 'ghosts' & \"swarm\" $HOME"
    speaker.say(text)
    assert speaker.available
    assert run.commands == [["/opt/bin/espeak-ng", "-p", "0", "-a", "200", "--", text]]
    assert speaker.describe() == "speech: espeak-ng, lowest pitch"


def test_falls_back_to_espeak_when_espeak_ng_is_missing() -> None:
    run = FakeRun()
    speaker = Speaker.detect(True, run=run, which=on_path("espeak").get)
    speaker.say("Swarm!")
    assert run.commands[0][0] == "/opt/bin/espeak"
    assert speaker.describe() == "speech: espeak, lowest pitch"


def test_without_a_program_it_says_why_and_stays_quiet() -> None:
    run = FakeRun()
    speaker = Speaker.detect(True, run=run, which=on_path().get)
    speaker.say("Swarm!")
    assert not speaker.available
    assert run.commands == []
    assert speaker.problem == "espeak-ng not found"
    assert speaker.describe() == "speech: off (espeak-ng not found)"


def test_blank_text_is_not_spoken() -> None:
    run = FakeRun()
    speaker = Speaker.detect(True, run=run, which=on_path("espeak-ng").get)
    speaker.say("  \n")
    assert run.commands == []
    assert speaker.available


def test_a_program_that_cannot_start_turns_speech_off_once_without_raising() -> None:
    run = FakeRun(error=FileNotFoundError(2, "No such file or directory"))
    speaker = Speaker.detect(True, run=run, which=on_path("espeak-ng").get)
    speaker.say("first")
    speaker.say("second")
    assert len(run.commands) == 1
    assert not speaker.available
    assert speaker.problem is not None
    assert speaker.problem.startswith("espeak-ng could not be started")
    assert "No such file" in speaker.problem
    assert "\n" not in speaker.describe()
    assert speaker.describe().startswith("speech: off (espeak-ng could not be started")


def test_an_announcement_that_failed_turns_speech_off_before_the_next() -> None:
    run = FakeRun()
    speaker = Speaker.detect(True, run=run, which=on_path("espeak-ng").get)
    speaker.say("still running")
    assert speaker.available
    run.status = 1
    speaker.say("this one exits with 1")
    speaker.say("never spoken")
    assert len(run.commands) == 2
    assert speaker.problem == "espeak-ng failed (exit status 1)"


def test_a_finished_good_announcement_leaves_speech_on() -> None:
    run = FakeRun(status=0)
    speaker = Speaker.detect(True, run=run, which=on_path("espeak-ng").get)
    for word in ("one", "two", "three"):
        speaker.say(word)
    assert len(run.commands) == 3
    assert speaker.available


def test_the_default_runner_starts_without_waiting_and_without_a_shell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: dict[str, object] = {}

    class NoPopen:
        def __init__(self, command: list[str], **options: object) -> None:
            seen["command"] = command
            seen.update(options)

    monkeypatch.setattr(subprocess, "Popen", NoPopen)
    start_in_background(["espeak-ng", "--", "hello; echo hi"])
    assert seen["command"] == ["espeak-ng", "--", "hello; echo hi"]
    assert seen.get("shell", False) is False
    assert seen["stdout"] is subprocess.DEVNULL
    assert seen["stderr"] is subprocess.DEVNULL


def test_a_missing_program_through_the_real_runner_is_swallowed() -> None:
    """The default runner really raises for a missing program; the speaker keeps it."""
    speaker = Speaker.detect(True, which=lambda name: "/nonexistent/espeak-ng")
    speaker.say("The ghosts come.")
    assert not speaker.available
    assert speaker.problem is not None
    assert "could not be started" in speaker.problem
