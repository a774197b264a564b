"""The progress bar the balance lab's commands show while games are played."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class SpeedColumn(ProgressColumn):
    """Games per second so far."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s")


def progress_bar(what: str) -> Progress:
    """A bar on stderr: games done, games per second, time left (stdout stays clean)."""
    return Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), SpeedColumn(),
                    TextColumn("left"), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=True)
