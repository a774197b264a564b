"""docs/rules/*.md name the test behind every implemented rule: those tests exist; each
system's main page points to its companion pages; every rule row has a unique id, and
every id the code reports to the audit is documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_docs import defined_tests
from undercroft.engine import registry
from undercroft.sim.rule_ids import fireable, rule_rows

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


RULE_TABLES = ("| Rule | Status |", "| Seed text | Status |")
"""The headers of the ledger's rule-status tables, every row of which has a rule id."""
ID = re.compile(r"^\| `([a-z]+(?:\.[a-z0-9-]+)+)` ")


def _rule_table_rows(page: Path) -> list[str]:
    rows, inside = [], False
    for line in page.read_text().splitlines():
        if line.strip() in RULE_TABLES:
            inside = True
        elif not line.startswith("|"):
            inside = False
        elif inside and not line.startswith("|---"):
            rows.append(line)
    return rows


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_rule_row_starts_with_its_own_systems_id(page: Path) -> None:
    system = page.stem.split("-")[0]
    rows = _rule_table_rows(page)
    assert rows, f"{page.name} has no rule table"
    for row in rows:
        found = ID.match(row)
        assert found, f"{page.name}: a rule row without an id: {row[:80]}"
        assert found[1].startswith(f"{system}."), f"{page.name}: {found[1]}"


FAMILIES = sorted({name.split("-")[0] for name in registry.names()})
"""The systems with rules pages: a variant (``amulet-encounter``) plays its family's rules."""


@pytest.mark.parametrize("system", FAMILIES)
def test_rule_ids_are_unique_and_every_id_the_code_fires_is_documented(system: str) -> None:
    ids = [found[1] for page in PAGES if page.stem.split("-")[0] == system
           for line in page.read_text().splitlines() if (found := ID.match(line))]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    assert set(rule_rows(system)) == set(ids)
    assert sorted(fireable(system) - set(ids)) == []
    assert fireable(system), f"{system}'s code fires no rule id"
