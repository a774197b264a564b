"""docs/web-table.md shows the TV and a phone for every system the screenshot script
takes, and the script takes every registered system but the one-room encounter."""

from __future__ import annotations

import ast
from pathlib import Path

from undercroft.engine.registry import names

ROOT = Path(__file__).parents[1]
SCRIPT = ROOT / "tools" / "table_screenshots.py"


def script_systems() -> set[str]:
    """The systems the script's ``--systems`` default names."""
    tree = ast.parse(SCRIPT.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == "--systems"):
            default = next(k.value for k in node.keywords if k.arg == "default")
            assert isinstance(default, ast.Constant)
            return set(str(default.value).split(","))
    raise AssertionError("the script has no --systems option")


def test_the_script_takes_every_system_but_the_encounter() -> None:
    assert script_systems() == set(names()) - {"amulet-encounter"}


def test_every_system_has_its_tv_and_phone_shown_in_the_docs() -> None:
    page = (ROOT / "docs" / "web-table.md").read_text(encoding="utf-8")
    for system in sorted(script_systems()):
        for screen in ("tv", "phone"):
            image = f"images/table/{system}-{screen}.png"
            assert f"({image})" in page, image
            assert (ROOT / "docs" / image).read_bytes().startswith(b"\x89PNG"), image
