"""Spoken announcements: Amulet's seed wants them "made loudly and in the lowest pitch possible".

We speak through the ``espeak-ng`` program (or the older ``espeak``) rather than a Python
library, so nothing is installed for players who never turn speech on. Speech is a garnish:
a game must never stop because it failed. The first failure turns the speaker off and is
kept in :attr:`Speaker.problem` so the command line can say so in one line; later ones are
never raised.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Final

PROGRAMS: Final = ("espeak-ng", "espeak")
"""Tried in this order; espeak-ng is the maintained one, espeak takes the same options."""

LOWEST_PITCH: Final = "0"
"""espeak's pitch runs from 0 to 99 (50 by default): 0 is the lowest it can speak."""

LOUDEST: Final = "200"
"""espeak's amplitude runs from 0 to 200 (100 by default): 200 is as loud as it goes."""

Runner = Callable[[list[str]], object]
"""Starts a command given as a list of arguments; tests pass a fake to see the command."""


def start_in_background(command: list[str]) -> subprocess.Popen[bytes]:
    """Start ``command`` and return at once: the game goes on while the words are spoken.

    No shell (the text is one argument, whatever it holds) and no output on our terminal.
    """
    return subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


class Speaker:
    """Says announcements aloud when asked to and able to; otherwise quietly does nothing."""

    def __init__(
        self,
        program: str | None,
        *,
        run: Runner | None = None,
        problem: str | None = None,
    ) -> None:
        """``program`` is the path of espeak-ng or espeak, or None for no speech."""
        self._program = program
        self._run: Runner = run if run is not None else start_in_background
        self._last: object = None
        self.problem: str | None = problem
        """Why speech is off although it was asked for (one line), or None."""

    @classmethod
    def detect(
        cls,
        enabled: bool,
        run: Runner | None = None,
        which: Callable[[str], str | None] = shutil.which,
    ) -> Speaker:
        """A speaker that talks if ``enabled`` and espeak-ng (else espeak) is on PATH.

        ``which`` is injected so tests need no espeak installed.
        """
        if not enabled:
            return cls(None, run=run)
        for name in PROGRAMS:
            found = which(name)
            if found:
                return cls(found, run=run)
        return cls(None, run=run, problem=f"{PROGRAMS[0]} not found")

    @property
    def available(self) -> bool:
        """Whether :meth:`say` will try to speak."""
        return self._program is not None and self.problem is None

    @property
    def program_name(self) -> str | None:
        """The name of the program that speaks ("espeak-ng"), without its folder."""
        return Path(self._program).name if self._program is not None else None

    def command(self, text: str) -> list[str]:
        """The command that says ``text``: lowest pitch, loudest, text after ``--``.

        ``--`` ends the options, so an announcement that starts with "-" is spoken, not
        read as an option; NUL characters, which no argument can hold, are dropped.
        """
        if self._program is None:
            raise RuntimeError("no speech program: check Speaker.available first")
        return [self._program, "-p", LOWEST_PITCH, "-a", LOUDEST, "--", text.replace("\0", "")]

    def say(self, text: str) -> None:
        """Start saying ``text`` and return without waiting; never raises.

        A program that could not start, or whose previous announcement ended in failure,
        turns speech off for the rest of the game and leaves the reason in :attr:`problem`.
        """
        if not self.available or not text.strip():
            return
        self._notice_failure(self._last)
        if not self.available:
            return
        try:
            self._last = self._run(self.command(text))
        except Exception as error:  # speech must never end a game; the reason is kept
            reason = " ".join(str(error).split()) or type(error).__name__
            self.problem = f"{self.program_name} could not be started ({reason})"
            self._last = None
            return
        self._notice_failure(self._last)

    def describe(self) -> str:
        """One line of status for the command line to print."""
        if self.available:
            return f"speech: {self.program_name}, lowest pitch"
        if self.problem is not None:
            return f"speech: off ({self.problem})"
        return "speech: off"

    def _notice_failure(self, started: object) -> None:
        """Turn speech off if an earlier announcement's program has ended with an error.

        A running Popen reports None from ``poll()``; a finished one its exit status. Runners
        that return something else (tests, ``subprocess.run``) are read by ``returncode``.
        """
        if started is None:
            return
        poll = getattr(started, "poll", None)
        try:
            status = poll() if callable(poll) else getattr(started, "returncode", None)
        except Exception:  # a broken handle tells us nothing; speaking goes on
            return
        if isinstance(status, int) and status != 0:
            self.problem = f"{self.program_name} failed (exit status {status})"
