"""Card Crawl's Random Dungeons, the rules: the whole plan, as the seed's numbered list.

Seed 004 ("Random Dungeons") builds a dungeon as a numbered list before anyone
draws a box: a die chosen from the room count, each room's size (two of its
die, keep the smaller), its type (size + d6 on a table) and its connections
(two dice, one positive and one negative, added to the room number, once per
unit of size). This module puts that list together from its parts:
``dice`` (the dice log, the die plan and sizes), ``room_types``
(the type table and roll) and ``links`` (connection rolls). Geometry
lives in ``layout`` and pictures in ``drawing``, so the rules can
be read, tested and reproduced without either.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from undercroft.systems.cardcrawl.dungeon.dice import (
    DIE_SIZES,
    MAX_ROOMS,
    DiceLog,
    DiePlan,
    DieRoll,
    die_plan,
    roll_size,
)
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE, LinkRoll, roll_links
from undercroft.systems.cardcrawl.dungeon.room_types import (
    Repeats,
    RoomTypes,
    TypeRoll,
    load_room_types,
    roll_type,
)


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
