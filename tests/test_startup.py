"""The command starts quickly: `--help` and a roll load no library only some commands need.

Start-up is guarded by the modules a fresh process has loaded, not by timing it
(bench/startup.py measures the seconds). Each command's module is imported when the
command is used, so the top-level help lists summaries kept in ``undercroft.cli``;
they are checked here against each command's own help, and every command's help is
checked for on/off flags shown as if they took a value.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Final

import pytest
from typer.core import TyperCommand, TyperGroup

from cli_helpers import run
from undercroft.cli import COMMANDS, load_command

HEAVY: Final = ("scipy", "matplotlib", "pandas", "fastapi", "sqlalchemy", "uvicorn",
                "starlette", "icepool")

PROBE: Final = """
import json, sys
from undercroft.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def loaded_by(*args: str) -> set[str]:
    """The modules a fresh process holds after running ``undercroft ARGS``."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True,
                          text=True, timeout=120, check=False)
    modules: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return set(modules)


@pytest.mark.parametrize("args", [("--help",), ("roll", "d6", "--seed", "1")])
def test_help_and_a_roll_load_no_heavy_library(args: tuple[str, ...]) -> None:
    modules = loaded_by(*args)
    assert "undercroft.cli" in modules
    heavy = sorted(name for name in modules if name.split(".")[0] in HEAVY)
    assert heavy == [], f"undercroft {' '.join(args)} loaded {heavy[:5]}"


def test_help_imports_no_command_module() -> None:
    modules = loaded_by("--help")
    commands = {f"undercroft.cli.{module}" for module, _ in COMMANDS.values()}
    assert commands.isdisjoint(modules), sorted(commands & modules)


def test_a_roll_imports_only_its_own_command_module() -> None:
    modules = loaded_by("roll", "d6", "--seed", "1")
    others = {f"undercroft.cli.{module}" for module, _ in COMMANDS.values()}
    others.discard("undercroft.cli.dice_commands")
    assert "undercroft.cli.dice_commands" in modules
    assert others.isdisjoint(modules), sorted(others & modules)


def test_the_odds_still_load_icepool_when_asked_for() -> None:
    assert "icepool" in loaded_by("odds", "2d6")


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_summary_in_the_top_level_help_is_the_commands_own(name: str) -> None:
    command = load_command(name)
    assert command.name == name
    own = " ".join((command.help or "").split("\n\n")[0].split())
    assert COMMANDS[name][1] == own


def every_command_path() -> list[tuple[str, ...]]:
    """Every command and subcommand, as the words that name it."""
    paths: list[tuple[str, ...]] = [()]

    def walk(path: tuple[str, ...], command: TyperCommand | TyperGroup) -> None:
        paths.append(path)
        if isinstance(command, TyperGroup):
            for sub_name, sub in command.commands.items():
                assert isinstance(sub, TyperCommand | TyperGroup)
                walk((*path, sub_name), sub)

    for name in COMMANDS:
        walk((name,), load_command(name))
    return paths


@pytest.mark.parametrize("path", every_command_path(), ids=lambda path: " ".join(path))
def test_no_help_shows_a_value_for_an_on_off_flag(
        path: tuple[str, ...], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    result = run(capsys, *path, "--help")
    assert result.code == 0, result.err
    assert "--help" in result.out
    assert "<bool>" not in result.out
