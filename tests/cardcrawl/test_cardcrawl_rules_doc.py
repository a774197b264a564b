"""docs/rules/cardcrawl*.md name the test behind every implemented rule: those tests exist,
and the main page points to its companions."""

from __future__ import annotations

import re
from pathlib import Path

from rules_docs import defined_tests

ROOT = Path(__file__).parents[2]
PAGES = sorted((ROOT / "docs" / "rules").glob("cardcrawl*.md"))



def test_every_test_the_rules_pages_name_exists() -> None:
    defined = defined_tests()
    for page in PAGES:
        named = set(re.findall(r"`(test_\w+)`", page.read_text()))
        assert named, f"{page.name} names no tests"
        assert sorted(named - defined) == [], page.name


def test_the_main_page_points_to_every_companion() -> None:
    main = (ROOT / "docs" / "rules" / "cardcrawl.md").read_text()
    for page in PAGES:
        if page.name != "cardcrawl.md":
            assert f"docs/rules/{page.name}" in main
