"""Build Undercroft with its hot modules compiled by mypyc, as black does.

The project's metadata is in pyproject.toml; this file only adds the compiled modules.
Level generation and whole games run about three times as fast compiled, so the
compiled build is what ``pip install .`` and ``make install`` give. It falls back to
plain Python, with one warning line, where mypyc or a C compiler is missing or the
compile fails; ``UNDERCROFT_PURE=1`` asks for plain Python. ``undercroft --version``
says which build runs.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"

AMULET = "undercroft/systems/amulet"
AMULET_FOLDERS = ("generation", "characters", "room", "game")
"""Amulet's folders compiled whole: the generator and the game's hot paths.

Amulet's encounter/ (the encounter ruleset) and its top (ruleset.py) stay plain.
"""
AMULET_PLAIN = tuple(
    f"{AMULET}/{name}"
    for name in (
        "generation/config.py", "generation/tables.py", "characters/heroes.py",
        "characters/creatures.py", "characters/modos.py", "room/house_rules.py",
        "room/view_schema.py", "game/config.py", "game/view_schema.py",
        "game/scaling_odds.py",
    )
)
"""Modules of those folders kept plain: mypyc cannot compile a pydantic model, and none
of these models is on a hot path (the monster lookups asked for all game long are in
characters/monster_numbers.py); game/scaling_odds.py is a script (``python -m`` cannot
run a compiled module) on no game's path."""
SINGLE_MODULES = (
    "undercroft/rng.py", "undercroft/values.py", "undercroft/maps/model.py",
    "undercroft/maps/lattice.py", "undercroft/maps/shapes.py",
    "undercroft/maps/placement.py", "undercroft/dice/roll_log.py",
    "undercroft/engine/runner.py", "undercroft/engine/agents.py",
    "undercroft/engine/tally.py",
)
"""Hot modules outside those folders: the random streams, the maps and the game loop."""

PURE_VARIABLE = "UNDERCROFT_PURE"

MYPY_CONFIG = """\
[mypy]
plugins = pydantic.mypy
ignore_missing_imports = True
"""
"""What mypyc type-checks the build with. pydantic's plugin (pydantic is a build
requirement) gives the models' constructors. numpy is a build requirement too: without
it its array types are unknown, the check fails and the build would stay plain. The
other libraries need not be there."""

BUILD_COMMANDS = frozenset({"build", "build_ext", "bdist_wheel", "editable_wheel",
                            "install", "develop"})
"""setup.py commands that build the package. pip also runs setup.py to ask for
requirements and metadata (``egg_info``, ``dist_info``); those need no compile, and
skipping it there keeps the fallback warning to one line."""


def hot_modules(src: Path = SRC) -> list[str]:
    """The modules to compile, as paths relative to ``src``, sorted."""
    found = set(SINGLE_MODULES)
    for folder in AMULET_FOLDERS:
        for path in (src / AMULET / folder).glob("*.py"):
            relative = path.relative_to(src).as_posix()
            if path.name != "__init__.py" and relative not in AMULET_PLAIN:
                found.add(relative)
    return sorted(found)


def warn(message: str) -> None:
    """One line on stderr that the build is plain Python, and why."""
    sys.stderr.write(f"WARNING: undercroft builds as plain Python: {message}\n")


def compiler_found() -> bool:
    """Whether the C compiler that Python's build uses is on PATH."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(command.split()[0]) is not None


def compiled_extensions() -> list[Any]:
    """mypyc's extensions for the hot modules, or none (plain Python) with a warning."""
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        warn(f"{PURE_VARIABLE} is set")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        warn("mypyc (it ships with mypy) is not installed")
        return []
    if not compiler_found():
        warn("no C compiler found")
        return []
    try:
        with tempfile.TemporaryDirectory() as folder:
            config = Path(folder) / "mypy.ini"
            config.write_text(MYPY_CONFIG)
            return list(mypycify(
                ["--config-file", str(config),
                 *(f"src/{module}" for module in hot_modules())],
                opt_level="3", group_name="undercroft_hot",
            ))
    except (Exception, SystemExit) as error:  # any failure means plain Python
        warn(f"mypyc failed ({type(error).__name__}: {error})")
        return []


class OptionalBuildExt(build_ext):
    """Compile the hot modules; on a compiler failure, warn and stay plain Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any failure means plain Python
            warn(f"the C compile failed ({type(error).__name__}: {error})")
            # A compiled module without the shared library it needs would not import.
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)


class BuildPyWithRules(build_py):
    """Ship docs/rules inside the package as ``undercroft/rules_docs``.

    ``undercroft audit`` reads its rule ids from these pages (sim/rule_ids.py), whether
    it runs from a checkout or was installed.
    """

    def run(self) -> None:
        super().run()
        rules = ROOT / "docs" / "rules"
        if rules.is_dir() and not self.editable_mode:
            target = Path(self.build_lib) / "undercroft" / "rules_docs"
            shutil.copytree(rules, target, dirs_exist_ok=True)


def building(arguments: list[str]) -> bool:
    """Whether this run of setup.py builds the package (not only its metadata)."""
    return any(argument in BUILD_COMMANDS for argument in arguments[1:])


if __name__ == "__main__":
    setup(
        ext_modules=compiled_extensions() if building(sys.argv) else [],
        cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithRules},
    )
