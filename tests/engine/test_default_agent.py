"""One default automated player per system: `play`, `simulate`, `audit` and the help agree.

``engine.registry.default_agent`` is the one source; the commands take it from there.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from typing import Any

import pytest

from cli_helpers import run
from undercroft.cli.play_cardcrawl import play_cardcrawl
from undercroft.cli.play_commands import PlayOptions, play_amulet
from undercroft.cli.play_labyrinth import play_labyrinth
from undercroft.cli.play_squad import play_squad
from undercroft.engine import registry

PLAY: dict[str, Callable[..., Any]] = {"amulet": play_amulet, "cardcrawl": play_cardcrawl,
                                       "labyrinth": play_labyrinth, "squad": play_squad}


def test_each_system_defaults_to_its_most_sensible_player() -> None:
    defaults = {name: registry.default_agent(name) for name in registry.names()}
    assert defaults == {"amulet": "sensible", "amulet-encounter": "scenario",
                        "cardcrawl": "sensible", "labyrinth": "careful", "squad": "sensible"}
    for name, agent in defaults.items():
        assert agent in registry.get(name).agents()


@pytest.mark.parametrize("system", list(PLAY))
def test_play_defaults_to_the_systems_agent_and_its_help_says_which(
        system: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    agent = registry.default_agent(system)
    assert inspect.signature(PLAY[system]).parameters["agent"].default == agent
    monkeypatch.setenv("COLUMNS", "200")
    assert f"[default: {agent}]" in run(capsys, "play", system, "--help").out


def test_amulets_play_options_default_to_the_same_agent() -> None:
    assert PlayOptions().agent == registry.default_agent("amulet")


@pytest.mark.parametrize("system", ["cardcrawl", "labyrinth"])
def test_simulate_and_audit_default_to_the_same_agent(
        system: str, capsys: pytest.CaptureFixture[str]) -> None:
    agent = registry.default_agent(system)
    simulated = run(capsys, "simulate", system, "--games", "1", "--seed", "1", "--workers",
                    "1", "--json")
    assert simulated.code == 0, simulated.err
    assert json.loads(simulated.out)["agents"] == [agent]
    audited = run(capsys, "audit", system, "--games", "1", "--seed", "1", "--workers", "1",
                  "--json")
    assert audited.code == 0, audited.err
    assert json.loads(audited.out)["agents"] == [agent]
