"""The options the balance lab's commands share (`simulate` and `audit`): one place for
their names and help, so the two commands read the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from undercroft.engine import registry

System = Annotated[str, typer.Argument(help="The ruleset: " + ", ".join(registry.names()),
                                       show_default=False)]
Seed = Annotated[int | None, typer.Option(
    "--seed", help="Run seed: game i plays on a seed derived from it and i.")]
ConfigFile = Annotated[Path | None, typer.Option(
    "--config", help="Rule settings from a TOML or JSON file.")]
Agents = Annotated[str | None, typer.Option(
    "--agents", help="Automated players, one per seat, cycled (default: the system's most "
    "sensible: sensible, else careful).")]
WorkerCount = Annotated[int | None, typer.Option(
    "--workers", help="Local processes (default: one per core).")]
Scheduler = Annotated[str | None, typer.Option(
    "--scheduler", help="A Dask scheduler's address (tcp://host:8786).")]
JsonOutput = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
