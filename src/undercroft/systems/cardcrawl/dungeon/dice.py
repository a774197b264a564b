"""Random Dungeons, the dice: every roll logged, and which die each room rolls.

Every die of a Random Dungeon goes through a :class:`DiceLog`, which records
what was rolled, for which table and room, and what came up, so the JSON can
show the whole plan. The log reads its faces from a plain function (a stream's
``die``), so a test can force the rolls of the seed's worked examples with scripted
faces (``undercroft.dice.roll_log.LoggedStream``) and check the bookkeeping exactly.

The die plan is the seed's first step: a main die chosen from the room count
("subtract four and choose the next highest die size"), optionally one step
smaller for the first third of the rooms and one larger for the last. A room's
size is two of its die, keep the smaller (:func:`roll_size`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.rng import Stream

DIE_SIZES: Final = (4, 6, 8, 10, 12, 20)
"""The seed's die ladder ("the next highest die size"); d20 follows d12."""
MAX_ROOMS: Final = 60
"""A sane upper bound: a 60-room complex already fills several printed pages."""
STREAM: Final = "cardcrawl/dungeon"

Face = Callable[[int], int]
"""Where dice come from: sides -> a face 1..sides (a game stream, or a test's script)."""


@dataclass(frozen=True)
class DieRoll:
    """One die as rolled: for which room and table, how many sides, what came up."""

    room: int
    table: str
    what: str
    sides: int
    result: int

    def to_dict(self) -> dict[str, Any]:
        return {"room": self.room, "table": self.table, "what": self.what,
                "die": f"d{self.sides}", "result": self.result}


class DiceLog:
    """Rolls dice from a face source and keeps every roll, in order."""

    def __init__(self, face: Face) -> None:
        self._face = face
        self.rolls: list[DieRoll] = []

    @classmethod
    def from_seed(cls, seed: int) -> DiceLog:
        """The generator's own stream, so other rolls of a game never shift a dungeon."""
        return cls(Stream(seed, STREAM).die)

    def roll(self, sides: int, room: int, table: str, what: str) -> int:
        result = self._face(sides)
        if not 1 <= result <= sides:
            raise ValueError(f"a d{sides} cannot show {result!r} ({what})")
        self.rolls.append(DieRoll(room, table, what, sides, result))
        return result


# --- die plan ---------------------------------------------------------------------------

def main_die(rooms: int) -> int:
    """The smallest die with at least ``rooms - 4`` faces; d4 below, d20 at most.

    "Subtract four and choose the next highest die size": 11 rooms -> 7 -> d8
    (the seed's rule text) and 14 rooms -> 10 -> d10 (its second example). Its
    first example's 10 rooms would give d6; there the author took a d8 by
    choice ("which is a little high, but not much"): ``PlanConfig.die``.
    """
    fired("cardcrawl.plan.main-die")
    need = rooms - 4
    if need < DIE_SIZES[0] or need > DIE_SIZES[-1]:
        fired("cardcrawl.plan.ladder-ends")
    return next((sides for sides in DIE_SIZES if sides >= need), DIE_SIZES[-1])


def step_die(sides: int, steps: int) -> int:
    """The die ``steps`` places up (or down) the ladder, stopping at d4 and d20."""
    index = DIE_SIZES.index(sides) + steps
    return DIE_SIZES[min(max(index, 0), len(DIE_SIZES) - 1)]


@dataclass(frozen=True)
class DiePlan:
    """Which die each room rolls for its size; ``main`` is the dungeon's (connection) die."""

    main: int
    vary: bool
    first: int
    """How many rooms at the front take the smaller die (0 without ``vary``)."""
    last: int
    dice: tuple[int, ...]
    """The size die of rooms 1..N, in order."""

    def die_for(self, room: int) -> int:
        return self.dice[room - 1]

    def bands(self) -> list[tuple[int, int, int]]:
        """(first room, last room, die) for each run of rooms sharing a die."""
        runs: list[tuple[int, int, int]] = []
        for number, sides in enumerate(self.dice, start=1):
            if runs and runs[-1][2] == sides:
                runs[-1] = (runs[-1][0], number, sides)
            else:
                runs.append((number, number, sides))
        return runs

    def counts(self) -> list[tuple[int, int]]:
        """(die, number of rooms) per band, front to back: the seed's "d6 x3, d8 x4, d10 x3"."""
        return [(sides, end - start + 1) for start, end, sides in self.bands()]

    def to_dict(self) -> dict[str, Any]:
        return {"main": f"d{self.main}", "vary": self.vary, "first_third": self.first,
                "last_third": self.last,
                "bands": [{"rooms": [start, end], "die": f"d{sides}"}
                          for start, end, sides in self.bands()],
                "per_room": [f"d{sides}" for sides in self.dice]}


def die_plan(rooms: int, *, vary: bool = False, die: int | None = None) -> DiePlan:
    """The die of every room: the main die, or with ``vary`` thirds one step down and up.

    "The first rough 1/3" is ``rooms // 3``: 10 rooms -> 3 and 3, 14 rooms -> 4
    and 4, as in the seed's two examples.
    """
    if not 1 <= rooms <= MAX_ROOMS:
        raise BadInput(f"rooms {rooms}: a dungeon has 1 to {MAX_ROOMS} rooms")
    fired("cardcrawl.plan.rooms")
    main = main_die(rooms) if die is None else die
    if vary:
        fired("cardcrawl.plan.vary")
    third = rooms // 3 if vary else 0
    dice = ((step_die(main, -1),) * third + (main,) * (rooms - 2 * third)
            + (step_die(main, +1),) * third)
    return DiePlan(main, vary, third, third, dice)


# --- room sizes ----------------------------------------------------------------------------

def roll_size(dice: DiceLog, room: int, sides: int) -> tuple[int, int]:
    """Two of the room's die; the room's size is the smaller (``min`` of the pair).

    Both faces are kept so the JSON shows the roll, as a player would write it.
    """
    fired("cardcrawl.room.size")
    return (dice.roll(sides, room, "size", f"room {room} size, first d{sides}"),
            dice.roll(sides, room, "size", f"room {room} size, second d{sides}"))
