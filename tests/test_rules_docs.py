"""docs/rules/*.md name the test behind every implemented rule: those tests exist, and each
system's main page points to its companion pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_docs import defined_tests

ROOT = Path(__file__).parents[1]
RULES = ROOT / "docs" / "rules"
PAGES = sorted(RULES.glob("*.md"))


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_test_a_rules_page_names_exists(page: Path) -> None:
    named = set(re.findall(r"`(test_\w+)`", page.read_text()))
    assert named, f"{page.name} names no tests"
    assert sorted(named - defined_tests()) == []


def test_each_main_page_points_to_its_companions() -> None:
    for page in PAGES:
        system = page.stem.split("-")[0]
        if page.stem != system:
            assert f"docs/rules/{page.name}" in (RULES / f"{system}.md").read_text(), page.name
