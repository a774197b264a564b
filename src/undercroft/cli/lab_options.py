"""The options the balance lab's commands share (`simulate` and `audit`): one place for
their names and help, so the two commands read the same way."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from functools import wraps
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer

from undercroft.engine import registry
from undercroft.errors import flag

P = ParamSpec("P")
R = TypeVar("R")

System = Annotated[str, typer.Argument(help="The ruleset: " + ", ".join(registry.names()),
                                       show_default=False)]
Seed = Annotated[int | None, typer.Option(
    "--seed", help="Run seed: game i plays on a seed derived from it and i.")]
ConfigFile = Annotated[Path | None, typer.Option(
    "--config", help="Rule settings from a TOML or JSON file.")]
Agents = Annotated[str | None, typer.Option(
    "--agents", help="Automated players, one per seat, cycled (default: the first of "
    + ", ".join(registry.DEFAULT_AGENTS) + " the system has).")]
WorkerCount = Annotated[int | None, typer.Option(
    "--workers", help="Local processes (default: one per core).")]
Scheduler = Annotated[str | None, typer.Option(
    "--scheduler", help="A Dask scheduler's address (tcp://host:8786).")]
JsonOutput = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]


def lab_flags(command: Callable[P, R]) -> Callable[P, R]:
    """``command`` with the lab's bad input naming the options a person typed: the
    settings, the config file, the rows file, the scheduler and the agents, which the
    lab's modules name in their own words (``setting 'x'``, ``config file F``, ...)."""

    @wraps(command)
    def named(*args: P.args, **kwargs: P.kwargs) -> R:
        with ExitStack() as options:
            for option, words in (("--set", "setting"), ("--config", "config file"),
                                  ("--out", "rows file"), ("--scheduler", "scheduler"),
                                  ("--agents", "agent")):
                options.enter_context(flag(option, words))
            return command(*args, **kwargs)

    return named
