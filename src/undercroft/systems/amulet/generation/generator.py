"""Amulet's level generator: seed 001's Creation section, one room at a time.

Play drives it incrementally (``open`` an exit, get the room or rooms behind
it); printing drives it to the end (``generate_all`` opens every exit until
nothing is left to open). Both use the same rules and the same two streams of
the game's seed: ``tables`` for the 2d8 rolls the seed prescribes (all logged)
and ``mapper`` for the mapper's own choices (orientation, exact placement).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from undercroft.content.tables import RollTable
from undercroft.engine.tally import drawn, fired
from undercroft.errors import BadInput
from undercroft.maps.model import Exit, LevelMap, MurderHole, Room, Segment
from undercroft.maps.placement import Board, Placement, opposite
from undercroft.maps.shapes import outlines, smallest_outlines
from undercroft.rng import Stream
from undercroft.systems.amulet.generation import walls
from undercroft.systems.amulet.generation.config import LevelConfig
from undercroft.systems.amulet.generation.content_ids import SHAPE_IDS
from undercroft.systems.amulet.generation.encounters import (
    Encounter,
    roll_contents,
    roll_encounters,
)
from undercroft.systems.amulet.generation.rolls import Ask, TableRoller
from undercroft.systems.amulet.generation.tables import amulet_tables

WALL_EXITS: Final = frozenset(
    ("crumble", "secret", "walldoor", "door", "open", "food", "treasure"))
"""Exit types that open onto the room behind a wall (Stairs lead down, Teleports away)."""
MOST_EXITS: Final = 4
"""Seed 001 EXITS: "a room can have 1-4 exits"; a later room gives none a fifth."""


@dataclass(frozen=True)
class Preroll:
    """Seed 001 Open: the next room's Size and Encounter, rolled when the exit is made."""

    size: int
    encounters: list[Encounter]


def _any_side(far: int) -> bool:
    return True


def _open_ground(far: int) -> bool:
    return far == walls.FREE


class LevelGenerator:
    """Builds one level of an Amulet dungeon from the seed's tables."""

    def __init__(self, config: LevelConfig | None = None, seed: int = 0, depth: int = 1,
                 ask: Ask | None = None, tables: dict[str, RollTable] | None = None) -> None:
        self.config = config or LevelConfig()
        if depth < 1:
            raise BadInput(f"depth {depth}: a dungeon level is 1 or deeper")
        self.seed = seed
        self.depth = depth
        # The rules' numbers, read once: a validated config's fields cost a generic
        # attribute lookup each time, and the generator asks for them per room.
        self._specials = self.config.specials
        self._max_contents = self.config.max_contents
        self._max_encounters = self.config.max_encounters
        self._longest_open = min(self.config.level_size, self.config.max_exit_width)
        self._teleport_to_existing = self.config.teleport_to_existing
        self.board = Board(self.config.level_size)
        self.level = LevelMap(self.config.level_size,
                              title=f"Amulet - level {depth} - seed {seed}")
        self.roller = TableRoller(tables or amulet_tables(),
                                  Stream(seed, f"amulet/level-{depth}/tables"),
                                  self.config.gm_choice, ask)
        self.mapper = Stream(seed, f"amulet/level-{depth}/mapper")
        self.pending: list[str] = []
        self.last_room: int | None = None
        self._lone_teleporter: dict[int, str] = {}
        """Per room, the teleporter its first impossible exit became (a second makes a Stair)."""
        self._opened: set[str] = set()
        self._exits: dict[str, tuple[Room, Exit]] = {}
        self._footprints = walls.Footprints()
        self._walls: dict[int, walls.RoomWalls] = {}
        self._exit_numbers: list[int] = [0]
        """Per room id, how many exits it has been given (ids stay unique after removals)."""

    # ----------------------------------------------------------------- driving
    def start(self) -> Room:
        """The first room, where the heroes wake: any size that fits the level."""
        if self.level.rooms:
            raise BadInput("the level has already started")
        next_id = 1
        size = min(int(self.roller.roll("size", next_id)), self.config.level_size)
        shape = self.roller.roll("shape", next_id)
        placement = None
        while placement is None and size >= 1:
            placement = self.board.anywhere(outlines(shape, size), self.mapper, centre=True)
            size -= 1 if placement is None else 0
        assert placement is not None, "an empty level always holds a one-unit room"
        fired("amulet.create.room-size")
        room = self._new_room(placement, shape, from_room=None, via=None)
        self._settle()
        return room

    def start_two_rooms(self, min_size: int, encounter: dict[str, Any]) -> Room:
        """Seed 001, Mini-boss levels: "This level has two rooms. The first room, where
        the characters begin, is a randomly rolled room with a minimum size of 2,
        which has no contents and only one encounter ... Behind the mini-boss is a
        Door, leading to a room with Stairs." Nothing else is rolled for either room
        (house rule: the second room holds only the Stairs)."""
        if self.level.rooms:
            raise BadInput("the level has already started")
        rolled = max(min_size, min(int(self.roller.roll("size", 1)), self.config.level_size))
        shape = self.roller.roll("shape", 1)
        placement = None
        for size in range(rolled, 0, -1):
            placement = self.board.anywhere(outlines(shape, size), self.mapper, centre=True)
            if placement is not None:
                break
        assert placement is not None, "an empty level always holds a one-unit room"
        first = self._bare_room(placement, shape, None, None)
        first.details["encounter"] = dict(encounter)
        first.details["encounters"] = [dict(encounter)]
        first.labels = [str(encounter.get("monster", "mini-boss"))]
        door = self._free_door(first)
        if door is None:
            self._add_stair(first, "N")
            return first
        self.pending.append(door.id)
        placed = self._place_behind(door.segment, door.wall, None)
        if placed is None:
            self._add_stair(first, "N")
        else:
            second = self._bare_room(placed[0], placed[1], first.id, door.id)
            self._connect_neighbours(second, door, placed[0])
            second.details["encounters"] = []
            second.details["encounter"] = {"kind": "none", "monster": None,
                                           "swarm_size": None, "swarm_health": 0}
            self._add_stair(second, "N")
        self._opened.add(door.id)
        self.pending = [e for e in self.pending if e != door.id]
        return first

    def _free_door(self, room: Room) -> Exit | None:
        """A one-unit Door on a wall with open ground behind it."""
        for direction in self.mapper.shuffled(["N", "E", "S", "W"]):
            room_walls = self._walls[room.id]
            chosen = walls.pick_spot(walls.spots(room_walls, direction, 1), self.board,
                                     room_walls, self.mapper, _open_ground)
            if chosen is not None:
                return self._exit_at(room, "door", chosen[0])
        return None

    def openable(self) -> list[str]:
        """Exits that can still be opened to generate what lies behind them."""
        return list(self.pending)

    def open(self, exit_id: str) -> list[Room]:
        """Open an exit: generate the room (or rooms) behind it."""
        if exit_id not in self.pending:
            raise BadInput(f"exit {exit_id!r} cannot be opened: it is not an unopened exit "
                           f"of this level (openable: {', '.join(self.pending) or 'none'})")
        room, exit_ = self._exits[exit_id]
        created: list[Room] = []
        self._opened.add(exit_id)
        if exit_.type != "teleport":
            created = self._open_wall_exit(room, exit_)
            if not created and exit_.to is None:
                self._make_teleporter(room, exit_)
        if exit_.type == "teleport":
            created = self._open_teleporter(room, exit_)
        self._settle()
        return created

    def generate_all(self) -> LevelMap:
        """Open every exit, breadth first, until the level is full."""
        if not self.level.rooms:
            self.start()
        while self.pending:
            self.open(self.pending[0])
        return self.level

    # ----------------------------------------------------------------- rooms
    def _bare_room(self, placement: Placement, shape: str, from_room: int | None,
                   via: str | None) -> Room:
        """A room on the board with its walls and nothing rolled for it yet."""
        room_id = len(self.level.rooms) + 1
        self.board.claim(room_id, placement)
        room = Room(room_id, placement.polygon, placement.shape.size, shape, from_room, via)
        self.level.rooms.append(room)
        fired("amulet.create.mapper")
        _shape_fired(shape)
        drawn(SHAPE_IDS.get(shape) or shape)
        dx, dy = placement.offset
        self._walls[room_id] = walls.RoomWalls(placement.shape, dx, dy)
        self._exit_numbers.append(0)
        self.last_room = room_id
        return room

    def _new_room(self, placement: Placement, shape: str, from_room: int | None, via: str | None,
                  entry: Exit | None = None, encounters: list[Encounter] | None = None) -> Room:
        room = self._bare_room(placement, shape, from_room, via)
        room_id = room.id
        if entry is not None and entry.type == "teleport":
            self._arrive_by_teleport(room, entry)
        self._connect_neighbours(room, entry, placement)
        wanted = int(self.roller.roll("exit_number", room_id))
        fired("amulet.create.exit-number")
        for _ in range(max(0, wanted - len(room.exits))):
            self._add_rolled_exit(room)
        entered_by_secret = entry is not None and entry.type == "secret"
        if entered_by_secret and len(room.exits) == 1:
            fired("amulet.create.secret-treasure-room")
            room.contents = ["treasure"] * room.size
        else:
            room.contents = roll_contents(self.roller, room_id, self._specials,
                                          self._max_contents)
        for _ in range(room.contents.count("murder hole")):
            self._add_murder_hole(room)
        encounters = encounters or roll_encounters(self.roller, room_id,
                                                   self._max_encounters)
        fired("amulet.encounter.every-room")
        described = [e.to_dict(room.size) for e in encounters]
        room.details["encounter"] = dict(described[0])
        room.details["encounters"] = described
        room.labels = [e.label(room.size) for e in encounters if e.kind != "none"]
        self.last_room = room_id
        return room

    def _room_behind(self, segment: Segment, facing: str, from_room: int, via: str,
                     entry: Exit | None, preroll: Preroll | None) -> Room | None:
        """Seed 001 ROOM SIZE: roll the size, reduce it until the room fits behind ``segment``."""
        placed = self._place_behind(segment, facing, preroll.size if preroll else None)
        if placed is None:
            return None
        placement, shape = placed
        return self._new_room(placement, shape, from_room, via, entry,
                              preroll.encounters if preroll else None)

    def _place_behind(self, segment: Segment, facing: str,
                      rolled: int | None) -> tuple[Placement, str] | None:
        """Where the next room goes behind ``segment``, and its shape; None if none fits."""
        smallest = smallest_outlines()
        if not self.board.fits_behind(segment, facing, smallest):
            return None
        next_id = len(self.level.rooms) + 1
        if rolled is None:
            rolled = int(self.roller.roll("size", next_id))
        shape = self.roller.roll("shape", next_id)
        placement = None
        for size in range(rolled, 0, -1):
            placement = self.board.behind(segment, facing, outlines(shape, size), self.mapper)
            if placement is not None:
                break
        if placement is None:
            placement = self.board.behind(segment, facing, smallest, self.mapper)
            assert placement is not None
            shape = placement.shape.name
        fired("amulet.create.room-size")
        fired("amulet.create.room-shape")
        return placement, shape

    # ----------------------------------------------------------------- exits
    def _new_exit(self, room: Room, type_: str, wall: str, segment: Segment,
                  on_wall: bool = True, spot: walls.Spot | None = None) -> Exit:
        """A new exit; ``spot`` (where on the walls it is) saves searching for its steps."""
        number = self._exit_numbers[room.id] + 1
        self._exit_numbers[room.id] = number
        exit_ = Exit(f"{room.id}.{number}", type_, wall, segment)
        if not on_wall:
            exit_.details["on_wall"] = False
        if type_ == "secret":
            exit_.found = False
        room.exits.append(exit_)
        self._exits[exit_.id] = (room, exit_)
        if spot is not None:
            self._walls[room.id].mark_spot(spot)
        elif on_wall:
            self._walls[room.id].mark_segment(segment, wall)
        return exit_

    def _exit_at(self, room: Room, type_: str, spot: walls.Spot) -> Exit:
        return self._new_exit(room, type_, spot.wall, self._walls[room.id].segment(spot),
                              spot=spot)

    def _marker(self, room: Room, direction: str) -> Segment:
        """A place in the room's floor near its ``direction`` wall (teleporters, floor stairs)."""
        return walls.floor_marker(room, self._walls[room.id], direction, self.mapper)

    def _footprint(self, exit_: Exit) -> walls.Footprint:
        return self._footprints.of(self.board, exit_)

    def _link(self, a: Room, a_exit: Exit, b: Room, b_exit: Exit) -> None:
        """a_exit of room a opens onto room b through b_exit (its twin)."""
        if a_exit.to is None:
            a_exit.to = b.id
        elif isinstance(a_exit.to, int):
            a_exit.to = [a_exit.to, b.id]
        else:
            a_exit.to.append(b.id)
        a_exit.twin = a_exit.twin or b_exit.id
        b_exit.to = a.id
        b_exit.twin = a_exit.id

    def _connect_neighbours(self, room: Room, entry: Exit | None, placed: Placement) -> None:
        """Seed 001: where a new room meets an earlier room's exit, that exit is one of its own."""
        first = entry.id if entry is not None and entry.id in self.pending else ""
        if first:
            self._join_if_behind(room, first, placed)
        for exit_id in self.pending:
            if exit_id != first:
                self._join_if_behind(room, exit_id, placed)

    def _join_if_behind(self, room: Room, exit_id: str, placed: Placement) -> None:
        """If the new room lies behind a waiting exit, give it the exit's twin."""
        other, exit_ = self._exits[exit_id]
        if exit_.type not in WALL_EXITS or other.id == room.id:
            return
        part = self._footprint(exit_).covered_part(self.board, room.id, placed)
        if part is None:
            return
        fired("amulet.create.shared-exit")
        twin = self._new_exit(room, exit_.type, opposite(exit_.wall), (part[1], part[0]))
        twin.found = exit_.found
        self._link(other, exit_, room, twin)

    def _add_rolled_exit(self, room: Room) -> None:
        """Seed 001 EXITS: roll a location and a type, then find the exit its place."""
        direction = walls.CARDINAL[self.roller.roll("exit_location", room.id)]
        type_ = self.roller.roll("exit_type", room.id)
        fired("amulet.create.exit-location")
        if type_ == "teleport":
            self._add_teleporter(room, direction)
            return
        accept = _any_side if type_ == "stair" else self._not_blocked
        chosen = None
        for width in self._widths(type_):
            room_walls = self._walls[room.id]
            options = walls.spots(room_walls, direction, width)
            chosen = walls.pick_spot(options, self.board, room_walls, self.mapper, accept)
            if chosen is not None:
                break
        if chosen is None:
            self._impossible_exit(room, direction)
            return
        spot, far = chosen
        exit_ = self._exit_at(room, type_, spot)
        _exit_type_fired(type_)
        if len(spot.wall) == 2:
            fired("amulet.create.diagonal-wall")
        if type_ == "stair" or far == walls.FREE:
            if type_ != "stair":
                self.pending.append(exit_.id)
                if type_ == "open":
                    self._preroll(room, exit_)
            return
        # Behind this wall is an earlier room whose wall had no exit here: a secret exit.
        fired("amulet.create.secret-on-shared-wall")
        exit_.type = "secret"
        exit_.found = False
        other = self.level.room(far)
        twin = self._new_exit(other, "secret", opposite(spot.wall),
                              (exit_.segment[1], exit_.segment[0]))
        self._link(room, exit_, other, twin)

    def _not_blocked(self, far: int) -> bool:
        """Open ground, or one earlier room that can take one more exit (the secret exit's
        other side); not the level's edge, not two rooms, not a room with four exits."""
        return far == walls.FREE or (far > 0
                                     and len(self.level.room(far).exits) < MOST_EXITS)

    def _widths(self, type_: str) -> list[int]:
        """How wide an exit of this type may be, widest first (seed 001, Type of exits)."""
        if type_ == "walldoor":
            return list(range(self.mapper.randint(2, 5), 1, -1))
        if type_ == "treasure":
            return list(range(self.mapper.randint(1, 5), 0, -1))
        if type_ == "open":
            return list(range(self.mapper.randint(1, self._longest_open), 0, -1))
        return [1]

    def _preroll(self, room: Room, exit_: Exit) -> None:
        """Seed 001 Open: the next room's Size and Encounter are rolled straight away."""
        fired("amulet.create.open")
        note = f"pre-rolled for the room behind open exit {exit_.id}"
        size = self.roller.roll("size", room.id, note)
        encounters = roll_encounters(self.roller, room.id, self._max_encounters, note)
        exit_.details["preroll"] = Preroll(int(size), encounters)

    def _add_teleporter(self, room: Room, direction: str) -> Exit:
        segment = self._marker(room, direction)
        exit_ = self._new_exit(room, "teleport", direction, segment, on_wall=False)
        self.pending.append(exit_.id)
        return exit_

    def _impossible_exit(self, room: Room, direction: str) -> None:
        """An impossible exit becomes a teleporter; two of them become a Stair instead."""
        fired("amulet.create.exits-do-not-fit")
        fired("amulet.create.impossible-exit")
        earlier = self._lone_teleporter.pop(room.id, None)
        if earlier is None:
            self._lone_teleporter[room.id] = self._add_teleporter(room, direction).id
            return
        first = room.exit(earlier)
        room.exits.remove(first)
        del self._exits[first.id]
        self.pending.remove(first.id)
        self._add_stair(room, direction)

    def _add_stair(self, room: Room, direction: str) -> None:
        for compass in (direction, "N", "E", "S", "W"):
            options = walls.spots(self._walls[room.id], compass, 1)
            if options:
                spot = self.mapper.choice(options)
                self._exit_at(room, "stair", spot)
                return
        self._new_exit(room, "stair", direction, self._marker(room, direction),
                       on_wall=False)

    def _make_teleporter(self, room: Room, exit_: Exit) -> None:
        """An exit that leads nowhere after all becomes a teleporter in the room."""
        fired("amulet.create.impossible-exit")
        exit_.details.pop("preroll", None)
        exit_.details["was"] = exit_.type
        exit_.type = "teleport"
        exit_.details["on_wall"] = False
        exit_.segment = self._marker(room, exit_.wall)
        self._footprints.forget(exit_.id)

    # ----------------------------------------------------------------- opening
    def _open_wall_exit(self, room: Room, exit_: Exit) -> list[Room]:
        """Rooms behind a wall exit; a walldoor wider than the room behind opens onto more."""
        created: list[Room] = []
        preroll = exit_.details.pop("preroll", None)
        while True:
            runs = self._footprint(exit_).free_runs(self.board)
            if not runs:
                break
            new = self._room_behind(runs[0], exit_.wall, room.id, exit_.id, exit_, preroll)
            if new is None:
                break
            preroll = None
            created.append(new)
        return created

    def _open_teleporter(self, room: Room, exit_: Exit) -> list[Room]:
        """Seed 001 Teleport: an unused teleporter elsewhere, or a new room in empty space."""
        fired("amulet.create.teleport")
        unused = [e for e in self.pending
                  if self._exits[e][0].id != room.id and self._exits[e][1].type == "teleport"]
        if unused and self.mapper.chance(self._teleport_to_existing):
            self._pair_teleporters(room, exit_, self.mapper.choice(unused))
            return []
        next_id = len(self.level.rooms) + 1
        size = int(self.roller.roll("size", next_id))
        shape = self.roller.roll("shape", next_id)
        placement = None
        for tried in range(size, 0, -1):
            placement = self.board.anywhere(outlines(shape, tried), self.mapper)
            if placement is not None:
                break
        if placement is not None:
            return [self._new_room(placement, shape, room.id, "teleport", exit_)]
        if unused:
            self._pair_teleporters(room, exit_, self.mapper.choice(unused))
            return []
        # The level is full and no teleporter is free: it leads to a teleporter added to
        # another room's floor, in a room with fewer than four exits; if no room can take
        # one more, it leads back into its own room.
        others = [r for r in self.level.rooms
                  if r.id != room.id and len(r.exits) < MOST_EXITS]
        if not others:
            exit_.to = room.id
            return []
        target = self.mapper.choice(others)
        arrival = self._new_exit(target, "teleport", "N",
                                 self._marker(target, "N"), on_wall=False)
        self._link(room, exit_, target, arrival)
        return []

    def _pair_teleporters(self, room: Room, exit_: Exit, other_id: str) -> None:
        other_room, other = self._exits[other_id]
        self._link(room, exit_, other_room, other)
        self.pending.remove(other_id)

    def _arrive_by_teleport(self, room: Room, source: Exit) -> None:
        source_room = self._exits[source.id][0]
        direction = self.mapper.choice(["N", "E", "S", "W"])
        arrival = self._new_exit(room, "teleport", direction,
                                 self._marker(room, direction), on_wall=False)
        self._link(source_room, source, room, arrival)

    def _add_murder_hole(self, room: Room) -> None:
        """Seed 001 Murder Hole: a window on a wall no discovered room shares; map what it sees."""
        fired("amulet.create.murder-hole")
        direction = walls.CARDINAL[self.roller.roll("exit_location", room.id, "murder hole")]
        room_walls = self._walls[room.id]
        options = [s for s in walls.spots(room_walls, direction, 1)
                   if walls.beyond(self.board, room_walls, s) == walls.FREE]
        for spot in self.mapper.shuffled(options):
            hole = MurderHole(spot.wall, room_walls.segment(spot))
            room.murder_holes.append(hole)
            room_walls.mark_spot(spot)
            seen = self._room_behind(hole.segment, spot.wall, room.id, "murder hole", None, None)
            if seen is not None:
                hole.to = seen.id
                return
            room.murder_holes.remove(hole)
            room_walls.mark_spot(spot, taken=False)
        room.details.setdefault("notes", []).append("a murder hole with no room behind it")

    # ----------------------------------------------------------------- upkeep
    def _settle(self) -> None:
        """Drop finished exits from the frontier; when none is left, make sure of a Stair.

        A wide exit whose first room is made stays on the frontier while the rest of it
        opens onto space where a room can still be made (opening it makes that room,
        ``_open_wall_exit``); an exit with no room behind it stays until opened (it
        becomes a teleporter then, or meets a room made meanwhile)."""
        still: list[str] = []
        for exit_id in self.pending:
            _, exit_ = self._exits[exit_id]
            if exit_.type == "teleport":
                if exit_.to is None:
                    still.append(exit_id)
            elif exit_.to is None or (exit_id not in self._opened
                                      and self._room_fits_further(exit_)):
                still.append(exit_id)
        self.pending = still
        if not self.pending and self.last_room is not None and not self._has_stair():
            fired("amulet.create.final-stair")
            self._add_stair(self.level.room(self.last_room), "N")

    def room_fits_behind(self, exit_id: str) -> bool:
        """Whether opening this exit (now) would make a room behind it, rather than a
        teleporter or nothing (play asks before a hero slips through its wall)."""
        return self._room_fits_further(self._exits[exit_id][1])

    def _room_fits_further(self, exit_: Exit) -> bool:
        """Whether opening a wide exit again would make a room behind the part of it no
        room covers yet (its first free run, as ``_open_wall_exit`` tries)."""
        runs = self._footprint(exit_).free_runs(self.board)
        return bool(runs) and self.board.fits_behind(runs[0], exit_.wall, smallest_outlines())

    def add_stair(self, room_id: int) -> None:
        """A Stair in a room already made (on a free unit of wall, else in its floor):
        play's final-room Stair, in the last room the party can reach (``way_down``)."""
        self._add_stair(self.level.room(room_id), "N")

    def _has_stair(self) -> bool:
        return any(e.type == "stair" for r in self.level.rooms for e in r.exits)


def _shape_fired(shape: str) -> None:
    """Seed 001 ROOM SHAPE: the rule of the shape the mapper drew."""
    if shape == "square":
        fired("amulet.create.square")
    elif shape == "rectangle":
        fired("amulet.create.rectangle")
    elif shape == "hallway":
        fired("amulet.create.hallway")
    elif shape == "triangle":
        fired("amulet.create.triangle")
    elif shape == "circle":
        fired("amulet.create.circle")


def _exit_type_fired(type_: str) -> None:
    """Seed 001 Type of exits: the rule of the exit type rolled and placed (Open exits
    fire where their next room is pre-rolled, teleporters where they are opened)."""
    if type_ == "stair":
        fired("amulet.create.stair")
    elif type_ == "crumble":
        fired("amulet.create.crumble")
    elif type_ == "secret":
        fired("amulet.create.secret")
    elif type_ == "walldoor":
        fired("amulet.create.walldoor")
    elif type_ == "door":
        fired("amulet.create.door")
    elif type_ == "food":
        fired("amulet.create.food")
    elif type_ == "treasure":
        fired("amulet.create.treasure-wall")
