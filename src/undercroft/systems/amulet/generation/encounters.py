"""Contents and encounters of a new room (seed 001 CONTENTS, seed 000 Encounters and Swarms)."""

from __future__ import annotations

from typing import Any, Final

from undercroft.engine.tally import fired
from undercroft.systems.amulet.generation.rolls import TableRoller
from undercroft.systems.amulet.generation.tables import monsters

CAPACITY_PER_UNIT: Final = 20
"""Seed 000, Swarms, SIZE: "Each unit of size supports 20 health of swarm"."""

_SWARM_FRACTION: Final = {"25%": (1, 4), "50%": (1, 2), "75%": (3, 4), "100%": (1, 1)}
_EXTRA_ROLLS: Final = {"roll 2": 2, "roll 3": 3}


def swarm_health(swarm_size: str, room_size: int, monster: str) -> int:
    """Health of a swarm filling ``swarm_size`` of a room; "1" is one lone monster."""
    if swarm_size == "1":
        return monsters()[monster].health
    fired("amulet.encounter.swarm-capacity")
    fired("amulet.create.size-capacity")
    numerator, denominator = _SWARM_FRACTION[swarm_size]
    return CAPACITY_PER_UNIT * room_size * numerator // denominator


class Encounter:
    """One encounter as rolled: its kind, the monster kind, how big a swarm.

    A plain class with read-only properties rather than a frozen dataclass:
    compiled, a frozen dataclass builds through generic attribute setting.
    """

    __slots__ = ("_kind", "_monster", "_swarm_size")

    def __init__(self, kind: str, monster: str | None, swarm_size: str | None) -> None:
        self._kind = kind
        self._monster = monster
        self._swarm_size = swarm_size

    @property
    def kind(self) -> str:
        return self._kind

    @property
    def monster(self) -> str | None:
        return self._monster

    @property
    def swarm_size(self) -> str | None:
        return self._swarm_size

    def _fields(self) -> tuple[str, str | None, str | None]:
        return self.kind, self.monster, self.swarm_size

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Encounter) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[type[Encounter], tuple[str, str | None, str | None]]:
        """How copy, deepcopy and pickle rebuild it (compiled classes need telling)."""
        return Encounter, self._fields()

    def __repr__(self) -> str:
        return (f"Encounter(kind={self.kind!r}, monster={self.monster!r}, "
                f"swarm_size={self.swarm_size!r})")

    def health(self, room_size: int) -> int:
        """The swarm's (or lone monster's) health in a room of this size; 0 for none."""
        if self.monster is None or self.swarm_size is None:
            return 0
        return swarm_health(self.swarm_size, room_size, self.monster)

    def to_dict(self, room_size: int) -> dict[str, Any]:
        return {"kind": self.kind, "monster": self.monster, "swarm_size": self.swarm_size,
                "swarm_health": self.health(room_size)}

    def label(self, room_size: int) -> str:
        """A short line for a printed map."""
        if self.kind == "none":
            return "no encounter"
        health = self.health(room_size)
        if self.kind in ("wraith", "mimic"):
            return f"{self.kind} ({health})"
        size = "lone" if self.swarm_size == "1" else self.swarm_size
        return f"{self.kind}: {self.monster} {size} ({health})"


def roll_contents(roller: TableRoller, room: int, specials: bool, limit: int) -> list[str]:
    """Contents of a room: Roll 2 means two rolls in its place, Roll 3 three.

    "Special" becomes a Roll 2 when the table plays without specials. "None"
    is only kept when nothing else was found.
    """
    fired("amulet.create.contents")
    found: list[str] = []
    pending = 1
    while pending > 0 and len(found) < limit:
        result = roller.roll("contents", room)
        pending -= 1
        if result == "special":
            fired("amulet.create.special")
            if not specials:
                result = "roll 2"
        if result in _EXTRA_ROLLS:
            fired("amulet.create.roll-more")
            pending += _EXTRA_ROLLS[result]
        else:
            found.append(result)
    real = [item for item in found if item != "none"]
    return real or ["none"]


def roll_encounters(roller: TableRoller, room: int, limit: int,
                    note: str | None = None) -> list[Encounter]:
    """The room's encounters: one, or more through Roll 2 (which means two rolls)."""
    fired("amulet.encounter.table")
    kinds: list[str] = []
    pending = 1
    while pending > 0 and len(kinds) < limit:
        result = roller.roll("encounter", room, note)
        pending -= 1
        if result in _EXTRA_ROLLS:
            pending += _EXTRA_ROLLS[result]
        else:
            kinds.append(result)
    encounters: list[Encounter] = []
    for kind in kinds:
        if kind in ("wraith", "mimic"):
            encounters.append(Encounter(kind, kind, "1"))
        elif kind in ("generator", "swarm"):
            monster = roller.roll("monster", room, note)
            fired("amulet.encounter.monster-table")
            size = roller.roll("swarm_size", room, note)
            encounters.append(Encounter(kind, monster, size))
        else:
            encounters.append(Encounter(kind, None, None))
    return encounters
