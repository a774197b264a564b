"""Card Crawl's Random Dungeons, the rules: die plan, room sizes, room types, connections.

Seed 004 ("Random Dungeons") builds a dungeon as a numbered list before anyone
draws a box: a die chosen from the room count, each room's size (two of its
die, keep the smaller), its type (size + d6 on a table) and its connections
(two dice, one positive and one negative, added to the room number, once per
unit of size). This module is only that list. Geometry lives in
``dungeon_layout`` and pictures in ``dungeon_draw``, so the rules can be read,
tested and reproduced without either.

Every die goes through a :class:`DiceLog`, which records what was rolled, for
which table and room, and what came up, so the JSON can show the whole plan.
The log reads its faces from a plain function, so a test can force the rolls
of the seed's worked examples and check the bookkeeping exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from undercroft.content.loading import read_toml, validate
from undercroft.errors import BadInput
from undercroft.rng import Stream

DIE_SIZES: Final = (4, 6, 8, 10, 12, 20)
"""The seed's die ladder ("the next highest die size"); d20 follows d12."""
MAX_ROOMS: Final = 60
"""A sane upper bound: a 60-room complex already fills several printed pages."""
TYPE_DIE: Final = 6
ENTRANCE: Final = 0
"""The entrance/outside, as a link target: the seed's "0 or less"."""
STREAM: Final = "cardcrawl/dungeon"
TYPES_FILE: Final = Path(__file__).parent / "data" / "room_types.toml"

Face = Callable[[int], int]
"""Where dice come from: sides -> a face 1..sides (a game stream, or a test's script)."""
Repeats = Literal["keep", "reroll", "adjacent"]


class PlanConfig(BaseModel):
    """The generator's settings; the defaults are the seed's rules, each field a house rule."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    rooms: int = Field(ge=1, le=MAX_ROOMS)
    vary: bool = False
    """The seed's "more variation": first third one die smaller, last third one larger."""
    die: int | None = None
    """Main die chosen by hand (the seed: "you can vary the size of the die")."""
    repeats: Repeats = "keep"
    """What to do when a room type comes up again: keep it, roll again, or move to a neighbour."""
    max_repeats: int = Field(default=2, ge=1)
    """How many rooms may share a type before ``reroll``/``adjacent`` step in."""
    rerolls: int = Field(default=3, ge=0, le=20)
    """At most this many d6 rerolls per room under ``repeats = "reroll"``; then the last stands."""
    lower_level: bool = False
    """Links past the last room lead to a lower level instead of being dropped."""

    @field_validator("die")
    @classmethod
    def _known_die(cls, value: int | None) -> int | None:
        if value is not None and value not in DIE_SIZES:
            raise ValueError(f"a die of {', '.join(f'd{s}' for s in DIE_SIZES)}")
        return value


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


def scripted(faces: Iterable[int]) -> Face:
    """A face source that shows the given faces in order (for forcing a worked example)."""
    queue = list(faces)
    queue.reverse()

    def face(sides: int) -> int:
        if not queue:
            raise ValueError(f"the script ran out of faces (a d{sides} was wanted)")
        return queue.pop()

    return face


# --- die plan ---------------------------------------------------------------------------

def main_die(rooms: int) -> int:
    """The smallest die with at least ``rooms - 4`` faces; d4 below, d20 at most.

    "Subtract four and choose the next highest die size": 11 rooms -> 7 -> d8
    (the seed's rule text) and 14 rooms -> 10 -> d10 (its second example). Its
    first example's 10 rooms would give d6; there the author took a d8 by
    choice ("which is a little high, but not much"): :attr:`PlanConfig.die`.
    """
    need = rooms - 4
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
    main = main_die(rooms) if die is None else die
    third = rooms // 3 if vary else 0
    dice = ((step_die(main, -1),) * third + (main,) * (rooms - 2 * third)
            + (step_die(main, +1),) * third)
    return DiePlan(main, vary, third, third, dice)


# --- room sizes ----------------------------------------------------------------------------

def roll_size(dice: DiceLog, room: int, sides: int) -> tuple[int, int]:
    """Two of the room's die; the room's size is the smaller (``min`` of the pair).

    Both faces are kept so the JSON shows the roll, as a player would write it.
    """
    return (dice.roll(sides, room, "size", f"room {room} size, first d{sides}"),
            dice.roll(sides, room, "size", f"room {room} size, second d{sides}"))


# --- room types --------------------------------------------------------------------------

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


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
              config: PlanConfig) -> TypeRoll:
    """Size + d6 on the table, with the seed's "reroll or pick something adjacent" option."""
    def one(attempt: int) -> tuple[int, int]:
        label = "" if attempt == 0 else f" (reroll {attempt})"
        face = dice.roll(TYPE_DIE, room, "type", f"room {room} type d6{label}")
        return face, table.clamp(size + face)

    face, total = one(0)
    faces = [face]
    crowded = seen[table.lookup(total)] >= config.max_repeats
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


# --- connections -------------------------------------------------------------------------

Reason = Literal["self", "over max", "duplicate"]
Target = int | Literal["entrance", "lower level"]
"""A kept link leads to a room, the entrance, or (as a house rule) a lower level."""


@dataclass(frozen=True)
class LinkRoll:
    """One connection roll: positive die minus negative die, added to the room number."""

    positive: int
    negative: int
    target: int
    """``room + positive - negative``, before any reading."""
    link: Target | None
    """What it connects to; None when dropped for being the room itself or past the end."""
    reason: Reason | None = None

    @property
    def kept(self) -> bool:
        return self.reason is None

    @property
    def label(self) -> str:
        """The seed's own notation: a room number, "entrance", "self", "over max"."""
        if self.reason in ("self", "over max"):
            return self.reason
        return str(self.link)

    def to_dict(self) -> dict[str, Any]:
        return {"positive": self.positive, "negative": self.negative, "target": self.target,
                "label": self.label, "link": self.link, "kept": self.kept,
                "reason": self.reason}


def read_link(room: int, target: int, rooms: int, earlier: Iterable[LinkRoll],
              lower_level: bool) -> tuple[Target | None, Reason | None]:
    """What one connection result means, and why it is dropped if it is.

    Order of reading: 0 or less is the entrance; the room itself is "self";
    past the last room is "over max" (or a link to a lower level); a link this
    room already has is a "duplicate".
    """
    link: Target
    if target <= 0:
        link = "entrance"
    elif target == room:
        return None, "self"
    elif target > rooms:
        if not lower_level:
            return None, "over max"
        link = "lower level"
    else:
        link = target
    if any(roll.kept and roll.link == link for roll in earlier):
        return link, "duplicate"
    return link, None


def roll_links(dice: DiceLog, room: int, size: int, rooms: int, sides: int,
               lower_level: bool = False) -> tuple[LinkRoll, ...]:
    """One positive and one negative die of the dungeon's size per unit of the room's size."""
    links: list[LinkRoll] = []
    for index in range(1, size + 1):
        positive = dice.roll(sides, room, "link", f"room {room} link {index} positive")
        negative = dice.roll(sides, room, "link", f"room {room} link {index} negative")
        target = room + positive - negative
        link, reason = read_link(room, target, rooms, links, lower_level)
        links.append(LinkRoll(positive, negative, target, link, reason))
    return tuple(links)


# --- the whole plan -----------------------------------------------------------------------

@dataclass(frozen=True)
class PlannedRoom:
    """One line of the seed's list: number, size, type, connections as rolled."""

    number: int
    die: int
    size: int
    size_faces: tuple[int, int]
    type: TypeRoll
    links: tuple[LinkRoll, ...]

    @property
    def connections(self) -> tuple[int, ...]:
        """The rooms this room's kept rolls link to, in rolled order."""
        return tuple(link.link for link in self.links if link.kept and isinstance(link.link, int))

    @property
    def entrance(self) -> bool:
        return any(link.kept and link.link == "entrance" for link in self.links)

    @property
    def lower_level(self) -> bool:
        return any(link.kept and link.link == "lower level" for link in self.links)

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "die": f"d{self.die}", "size": self.size,
                "size_roll": list(self.size_faces), "square_feet": self.size * 100,
                "type": self.type.name, "type_roll": self.type.to_dict(),
                "links": [link.to_dict() for link in self.links],
                "connections": list(self.connections), "entrance": self.entrance,
                "lower_level": self.lower_level,
                "dropped": [{"label": link.label, "reason": link.reason}
                            for link in self.links if not link.kept]}


@dataclass(frozen=True)
class Edge:
    """A connection between two rooms (``a`` is 0 for the entrance), once per pair."""

    a: int
    b: int
    mutual: bool


@dataclass(frozen=True)
class DungeonPlan:
    """The seed's finished list, before layout."""

    config: PlanConfig
    dice: DiePlan
    rooms: tuple[PlannedRoom, ...]
    rolls: tuple[DieRoll, ...]

    def room(self, number: int) -> PlannedRoom:
        return self.rooms[number - 1]

    @property
    def mutual(self) -> tuple[tuple[int, int], ...]:
        """Pairs that each rolled the other: the seed's circled "major room relationships"."""
        return tuple((room.number, other) for room in self.rooms for other in room.connections
                     if other > room.number and room.number in self.room(other).connections)

    @property
    def entrance_rooms(self) -> tuple[int, ...]:
        return tuple(room.number for room in self.rooms if room.entrance)

    def edges(self) -> tuple[Edge, ...]:
        """Every link to draw once: entrance links, then mutual pairs, then the rest."""
        mutual = set(self.mutual)
        pairs = sorted({(min(room.number, other), max(room.number, other))
                        for room in self.rooms for other in room.connections})
        return (tuple(Edge(ENTRANCE, number, False) for number in self.entrance_rooms)
                + tuple(Edge(a, b, True) for a, b in pairs if (a, b) in mutual)
                + tuple(Edge(a, b, False) for a, b in pairs if (a, b) not in mutual))

    def to_dict(self) -> dict[str, Any]:
        return {"die_plan": self.dice.to_dict(),
                "rooms": [room.to_dict() for room in self.rooms],
                "mutual": [list(pair) for pair in self.mutual],
                "entrance_rooms": list(self.entrance_rooms),
                "lower_level_rooms": [room.number for room in self.rooms if room.lower_level],
                "rolls": [roll.to_dict() for roll in self.rolls]}


def plan_dungeon(config: PlanConfig, dice: DiceLog, table: RoomTypes | None = None) -> DungeonPlan:
    """The seed's three passes, in its order: every size, then every type, then connections."""
    table = table or load_room_types()
    plan = die_plan(config.rooms, vary=config.vary, die=config.die)
    sizes = [roll_size(dice, number, plan.die_for(number))
             for number in range(1, config.rooms + 1)]
    seen: Counter[str] = Counter()
    types: list[TypeRoll] = []
    for number, faces in enumerate(sizes, start=1):
        types.append(roll_type(dice, number, min(faces), table, seen, config))
        seen[types[-1].name] += 1
    rooms = tuple(
        PlannedRoom(number, plan.die_for(number), min(faces), faces, types[number - 1],
                    roll_links(dice, number, min(faces), config.rooms, plan.main,
                               config.lower_level))
        for number, faces in enumerate(sizes, start=1))
    return DungeonPlan(config, plan, rooms, tuple(dice.rolls))


def generate_plan(config: PlanConfig, seed: int) -> DungeonPlan:
    """The plan for a seed: same config and seed, same dungeon, in any process."""
    return plan_dungeon(config, DiceLog.from_seed(seed))
