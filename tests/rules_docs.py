"""What the rules docs' checks share: every test function defined under tests/."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]


def defined_tests() -> set[str]:
    """The names of every ``def test_...`` in the test files."""
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(), re.MULTILINE))
    return names
