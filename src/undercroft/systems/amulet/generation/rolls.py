"""Rolling on the generation tables, with every roll logged and GM results resolved.

The log is the mapper's working shown to the table: which table, which dice,
the total and the result, and for which room. A "GM" result has no game master
to decide it, so a policy does: roll again (the default) or ask the person.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from undercroft.content.tables import RollTable
from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.amulet.generation.tables import GM

Ask = Callable[[str, list[str]], str]
"""Asks a person to choose: (table name, options) -> one of the options."""

MAX_GM_REROLLS: Final = 100


class RollRecord:
    """One logged roll on a table.

    A plain class rather than a dataclass or named tuple: hundreds are made per
    level, and `make fast` compiles a plain class into a cheap native one.
    """

    __slots__ = ("dice", "note", "result", "room", "table", "total")

    def __init__(self, table: str, dice: str, total: int, result: str, room: int | None,
                 note: str | None = None) -> None:
        self.table = table
        self.dice = dice
        self.total = total
        self.result = result
        self.room = room
        self.note = note

    def __repr__(self) -> str:
        return f"RollRecord({self.to_dict()!r})"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"table": self.table, "dice": self.dice, "total": self.total,
                                "result": self.result, "room": self.room}
        if self.note:
            data["note"] = self.note
        return data


@dataclass(frozen=True)
class ChoiceRecord:
    """A GM's choice made by a person instead of a roll."""

    table: str
    result: str
    room: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "result": self.result, "room": self.room, "by": "gm"}


class PlainTable:
    """A table as plain values the rolling loop reads: dice, count, sides, result by total.

    (Compiled, a plain class's fields are read directly; a RollTable's are not.)
    """

    __slots__ = ("count", "dice", "results", "sides")

    def __init__(self, table: RollTable) -> None:
        self.dice = table.dice
        self.count = table.count
        self.sides = table.sides
        self.results = table.by_total


class TableRoller:
    """Rolls tables on one stream, logs each roll, resolves GM results by policy."""

    def __init__(self, tables: dict[str, RollTable], stream: Stream, gm_choice: str = "reroll",
                 ask: Ask | None = None) -> None:
        if gm_choice not in ("reroll", "ask"):
            raise BadInput(f"GM's choice {gm_choice!r}: expected 'reroll' or 'ask'")
        if gm_choice == "ask" and ask is None:
            raise BadInput("GM's choice 'ask': needs a person at a terminal to ask")
        self.tables = tables
        self.stream = stream
        self.gm_choice = gm_choice
        self.ask = ask
        self._log: list[tuple[str, int, int | None, str | None]] = []
        """Each roll as (table, total, room, note): the dice and the result follow from the
        table, so records are only made when someone reads ``rolls``."""
        self._records: list[RollRecord] = []
        self.choices: list[ChoiceRecord] = []
        self._fast = {name: PlainTable(table) for name, table in tables.items()}

    def __reduce__(self) -> tuple[type[TableRoller], tuple[Any, ...], dict[str, Any]]:
        """How copy and snapshots (engine/snapshot.py) rebuild it (compiled classes need
        telling): its tables and stream, and the rolls made so far."""
        return (TableRoller, (self.tables, self.stream, self.gm_choice, self.ask),
                {"_log": self._log, "_records": self._records, "choices": self.choices})

    @property
    def rolls(self) -> list[RollRecord]:
        """Every roll so far, in order (records made on first reading, then kept)."""
        for name, total, room, note in self._log[len(self._records):]:
            table = self._fast[name]
            self._records.append(
                RollRecord(name, table.dice, total, table.results[total], room, note))
        return self._records

    def raw(self, name: str, room: int | None, note: str | None = None) -> str:
        """One roll on table ``name``, logged, GM results left as they are."""
        table = self._fast[name]
        sides = table.sides
        if table.count == 2:
            # One uniform draw picks one of the sides x sides ordered pairs of dice.
            pair = int(self.stream.random() * sides * sides)
            total = pair // sides + pair % sides + 2
        else:
            total = 0
            for _ in range(table.count):
                total += int(self.stream.random() * sides) + 1
        self._log.append((name, total, room, note))
        return table.results[total]

    def roll(self, name: str, room: int | None, note: str | None = None) -> str:
        """One result of table ``name`` with any GM result resolved by the policy."""
        result = self.raw(name, room, note)
        if result != GM:
            return result
        fired("amulet.create.gm-choice")
        if self.gm_choice == "ask" and self.ask is not None:
            options = [o for o in self.tables[name].options() if o != GM]
            chosen = self.ask(name, options)
            if chosen not in options:
                raise BadInput(f"GM's choice for table {name!r}: {chosen!r} is not one of "
                               f"{', '.join(options)}")
            self.choices.append(ChoiceRecord(name, chosen, room))
            return chosen
        again = f"{note}; gm: roll again" if note else "gm: roll again"
        for _ in range(MAX_GM_REROLLS):
            result = self.raw(name, room, again)
            if result != GM:
                return result
        raise RuntimeError(f"table {name!r} gave GM {MAX_GM_REROLLS} times running")
