"""The rule ids of docs/rules, and which of them the code can fire.

docs/rules/<system>.md and its companion pages list every rule of a seed with its
status; each row starts with its stable id in backticks (`` `amulet.exit.walldoor` ``).
The audit reports, for every id, how often it fired in whole games. An id is counted only
if the code can fire it: the code passes it, as a literal, to ``engine.tally.fired``
(rules that hold by construction, such as "north is up", fire at no moment and are listed
as such). The pages ship inside the package (``rules_docs``) so that an installed
Undercroft audits as a checkout does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

PACKAGE: Final = Path(__file__).resolve().parents[1]
CELL: Final = r"((?:`[^`]*`|[^|`])*?)"
"""A table cell's text: a pipe inside backticks (``--auto SEATS|all``) stays in the cell."""
ROW: Final = re.compile(rf"^\|\s*`([a-z]+(?:\.[a-z0-9-]+)+)`\s*{CELL}\s*\|\s*{CELL}\s*\|\s*$")
FIRED: Final = re.compile(r"""\bfired\(\s*["']([a-z]+(?:\.[a-z0-9-]+)+)["']\s*\)""")
STATUS: Final = re.compile(r"[*_ ]*([A-Za-z][A-Za-z -]*?)\s*(?:[*_]|[:.;,(]|$)")
"""A row's status: the words its status cell starts with, up to the first punctuation
("implemented", "house rule", "not yet", "partly", "house content", ...)."""


@dataclass(frozen=True)
class RuleRow:
    """One rule row of a rules page."""

    id: str
    page: str
    rule: str
    """The row's first cell after the id (the seed's words, shortened)."""
    status: str
    """The status word the row starts with (implemented, house rule, not yet, ...)."""


def docs_folder() -> Path:
    """docs/rules: inside the installed package, or beside it in a checkout."""
    shipped = PACKAGE / "rules_docs"
    return shipped if shipped.is_dir() else PACKAGE.parents[1] / "docs" / "rules"


@cache
def rule_rows(system: str) -> dict[str, RuleRow]:
    """Every rule row of ``system``'s pages, by id, in the order of the pages."""
    rows: dict[str, RuleRow] = {}
    folder = docs_folder()
    for page in sorted(folder.glob(f"{system}*.md")):
        if page.stem != system and not page.stem.startswith(f"{system}-"):
            continue
        for line in page.read_text(encoding="utf-8").splitlines():
            found = ROW.match(line)
            if found is None or not found[1].startswith(f"{system}."):
                continue
            status = STATUS.match(found[3])
            rows[found[1]] = RuleRow(found[1], page.name, _short(found[2]),
                                     status[1].lower() if status else "")
    return rows


@cache
def fireable(system: str) -> frozenset[str]:
    """The ids of ``system`` that its code passes to ``fired``."""
    found: set[str] = set()
    for path in (PACKAGE / "systems" / system).rglob("*.py"):
        found.update(rule for rule in FIRED.findall(path.read_text(encoding="utf-8"))
                     if rule.startswith(f"{system}."))
    return frozenset(found)


def _short(text: str, limit: int = 90) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[:limit - 3].rstrip() + "..."
