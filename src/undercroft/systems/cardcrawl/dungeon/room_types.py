"""Random Dungeons, room types: the size + d6 table, loaded and checked, and the type roll.

The table is rule data (``data/room_types.toml``), so a designer edits it
without touching Python, and a mistake in it is refused naming the file, the
entry and the field. The roll is the seed's "size + d6 on a table", with its
"reroll or pick something adjacent" option for types that come up too often.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Final, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from undercroft.content.loading import read_toml, validate
from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.systems.cardcrawl.dungeon.dice import DIE_SIZES, DiceLog

TYPE_DIE: Final = 6
TYPES_FILE: Final = Path(__file__).parent / "data" / "room_types.toml"

Repeats = Literal["keep", "reroll", "adjacent"]
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


class RepeatRule(Protocol):
    """The settings :func:`roll_type` reads; ``PlanConfig`` has them all.

    A protocol rather than ``PlanConfig`` itself, so this module need not
    import the plan that imports it.
    """

    @property
    def repeats(self) -> Repeats: ...

    @property
    def max_repeats(self) -> int: ...

    @property
    def rerolls(self) -> int: ...


class _TypeEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    total: int = Field(ge=2)
    name: Name


@dataclass(frozen=True)
class RoomTypes:
    """The size + d6 table: a name for every total from ``low`` to ``high``."""

    source: str
    names: Mapping[int, str]

    @property
    def low(self) -> int:
        return min(self.names)

    @property
    def high(self) -> int:
        return max(self.names)

    def clamp(self, total: int) -> int:
        """Totals past the table's end read its last row (d20 + d6 reaches 26, the last)."""
        return min(max(total, self.low), self.high)

    def lookup(self, total: int) -> str:
        return self.names[self.clamp(total)]


def load_room_types(path: Path | None = None) -> RoomTypes:
    """The room-type table (the shipped file unless ``path`` names another), checked."""
    return _load_types(path or TYPES_FILE)


@cache
def _load_types(path: Path) -> RoomTypes:
    document = read_toml(path)
    unknown = sorted(set(document) - {"room_type"})
    if unknown:
        raise BadInput(f"{path}: {unknown[0]!r} is not known here (expected [[room_type]])")
    raw = document.get("room_type")
    if not isinstance(raw, list) or not raw:
        raise BadInput(f"{path}: no [[room_type]] entries")
    names: dict[int, str] = {}
    for index, item in enumerate(raw, start=1):
        where = f"{path}: room_type entry {index}"
        entry = validate(_TypeEntry, item, where)
        if entry.total in names:
            raise BadInput(f"{where}, field total: {entry.total} is already entry "
                           f"{list(names).index(entry.total) + 1}")
        names[entry.total] = entry.name
    needed = range(2, DIE_SIZES[-1] + TYPE_DIE + 1)
    missing = [total for total in needed if total not in names]
    gaps = [total for total in range(min(names), max(names)) if total not in names]
    if missing or gaps:
        raise BadInput(f"{path}: room_type total {(missing or gaps)[0]} is missing (every total "
                       f"from 2 to {needed[-1]} needs an entry)")
    return RoomTypes(str(path), dict(sorted(names.items())))


@dataclass(frozen=True)
class TypeRoll:
    """How a room got its type: the d6 faces rolled, the total read, and why it moved."""

    faces: tuple[int, ...]
    total: int
    name: str
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"d6": list(self.faces), "total": self.total, "name": self.name,
                "note": self.note or None}


def roll_type(dice: DiceLog, room: int, size: int, table: RoomTypes, seen: Counter[str],
              config: RepeatRule) -> TypeRoll:
    """Size + d6 on the table, with the seed's "reroll or pick something adjacent" option."""
    def one(attempt: int) -> tuple[int, int]:
        label = "" if attempt == 0 else f" (reroll {attempt})"
        face = dice.roll(TYPE_DIE, room, "type", f"room {room} type d6{label}")
        return face, table.clamp(size + face)

    fired("cardcrawl.room.type-table")
    face, total = one(0)
    faces = [face]
    crowded = seen[table.lookup(total)] >= config.max_repeats
    if crowded:
        fired("cardcrawl.room.repeats")
    if not crowded or config.repeats == "keep":
        return TypeRoll(tuple(faces), total, table.lookup(total))
    first = table.lookup(total)
    if config.repeats == "reroll":
        for attempt in range(1, config.rerolls + 1):
            face, total = one(attempt)
            faces.append(face)
            if seen[table.lookup(total)] < config.max_repeats:
                break
        note = f"rerolled: {first} already in {config.max_repeats} rooms"
        return TypeRoll(tuple(faces), total, table.lookup(total), note)
    for distance in range(1, table.high - table.low + 1):
        for near in (total - distance, total + distance):
            if table.low <= near <= table.high and seen[table.names[near]] < config.max_repeats:
                note = f"adjacent: {first} (total {total}) already in {config.max_repeats} rooms"
                return TypeRoll(tuple(faces), near, table.names[near], note)
    return TypeRoll(tuple(faces), total, first, "every type is crowded: kept")
