"""docs/rules/amulet.md names the test behind every implemented rule: those tests exist."""

from __future__ import annotations

import re
from pathlib import Path

from rules_docs import defined_tests

ROOT = Path(__file__).parents[2]
RULES = ROOT / "docs" / "rules" / "amulet.md"



def test_every_test_the_rules_doc_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", RULES.read_text()))
    assert named, "the rules doc names no tests"
    assert sorted(named - defined_tests()) == []
