"""Roll tables: a die expression and a result for every total it can show.

Seed 001's generation tables are 2d8 tables with a row for each total 2-16;
other systems' tables fit the same shape, so the loader is shared here and
each system names the results it accepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from undercroft.content.loading import read_toml, validate
from undercroft.dice import Dice, Sum, parse
from undercroft.errors import BadInput


def _plain_dice(text: str, where: str) -> tuple[int, int]:
    """(count, sides) of a table's dice: one plain ``NdM`` term, read by the dice parser."""
    try:
        expression = parse(text)
    except BadInput as error:
        raise BadInput(f"{where}, field dice: {error}") from None
    terms = expression.terms if isinstance(expression, Sum) else ()
    item = terms[0].item if len(terms) == 1 and not terms[0].negative else None
    if not isinstance(item, Dice) or item.keep is not None:
        raise BadInput(f"{where}, field dice: {text!r} is not one plain NdM roll (like 2d8)")
    return item.count, item.sides


class _TableModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dice: str
    results: dict[int, str]


@dataclass(frozen=True)
class RollTable:
    """One table: roll ``count`` dice of ``sides`` faces, read the row of the total."""

    name: str
    dice: str
    count: int
    sides: int
    results: Mapping[int, str]

    @property
    def low(self) -> int:
        return self.count

    @property
    def high(self) -> int:
        return self.count * self.sides

    def lookup(self, total: int) -> str:
        return self.results[total]

    @cached_property
    def by_total(self) -> tuple[str, ...]:
        """Results indexed by total ("" below the lowest total): a roll reads one item."""
        return tuple(self.results.get(total, "") for total in range(self.high + 1))

    def options(self) -> list[str]:
        """The distinct results, in table order (what a GM may choose from)."""
        seen: list[str] = []
        for total in range(self.low, self.high + 1):
            if self.results[total] not in seen:
                seen.append(self.results[total])
        return seen


def load_tables(path: Path, allowed: Mapping[str, set[str]]) -> dict[str, RollTable]:
    """Every table of ``allowed`` from ``path``, checked row by row."""
    document = read_toml(path)
    missing = sorted(set(allowed) - set(document))
    if missing:
        raise BadInput(f"{path}: table {missing[0]!r} is missing")
    unknown = sorted(set(document) - set(allowed))
    if unknown:
        raise BadInput(f"{path}: table {unknown[0]!r} is not a known table "
                       f"(known: {', '.join(sorted(allowed))})")
    tables: dict[str, RollTable] = {}
    for name, values in allowed.items():
        model = validate(_TableModel, document[name], f"{path}: table {name!r}")
        count, sides = _plain_dice(model.dice, f"{path}: table {name!r}")
        for total in range(count, count * sides + 1):
            if total not in model.results:
                raise BadInput(f"{path}: table {name!r}, row {total}: missing")
            result = model.results[total]
            if result not in values:
                raise BadInput(f"{path}: table {name!r}, row {total}: {result!r} is not one of "
                               f"{', '.join(sorted(values))}")
        extra = sorted(set(model.results) - set(range(count, count * sides + 1)))
        if extra:
            raise BadInput(f"{path}: table {name!r}, row {extra[0]}: {model.dice} cannot roll it")
        tables[name] = RollTable(name, model.dice, count, sides, dict(model.results))
    return tables
