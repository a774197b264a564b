"""Room geometry through shapely: the independent check of what the lattice placed.

Placement works on the exact quarter-cell lattice (``maps.lattice``) because it
must be fast; this module looks at the finished map with ordinary computational
geometry, so a mistake in the lattice code cannot hide behind itself. Anything
that receives a map from outside (a file, a content pack) can check it the same
way.
"""

from __future__ import annotations

from shapely.geometry import LineString, box
from shapely.geometry import Polygon as ShapelyPolygon

from undercroft.maps.model import LevelMap, Room, Segment

TOLERANCE = 1e-7


def outline(room: Room) -> ShapelyPolygon:
    """The room's floor as a shapely polygon."""
    return ShapelyPolygon(room.polygon)


def shared_wall_length(first: Room, second: Room) -> float:
    """How much wall two rooms share (0 when they only touch at a corner or not at all)."""
    return float(outline(first).boundary.intersection(outline(second).boundary).length)


def on_wall(room: Room, segment: Segment) -> bool:
    """Whether a segment of positive length lies along the room's walls."""
    line = LineString(segment)
    return bool(line.length > 0 and
                line.difference(outline(room).boundary.buffer(TOLERANCE)).length < 1e-9)


def level_problems(level: LevelMap) -> list[str]:
    """Every way the map breaks the rules of a level's geometry, one sentence each.

    Rooms must be valid polygons inside the level square that do not overlap;
    exits on walls must lie along their room's walls; an exit that leads to
    another room must share a wall with it.
    """
    problems: list[str] = []
    bounds = box(0, 0, level.level_size, level.level_size)
    shapes = {room.id: outline(room) for room in level.rooms}
    for room in level.rooms:
        shape = shapes[room.id]
        if not shape.is_valid or shape.area <= 0:
            problems.append(f"room {room.id}: its outline is not a valid polygon")
        elif not bounds.covers(shape):
            problems.append(f"room {room.id}: it reaches outside the level")
        for other in level.rooms:
            if other.id > room.id and shape.intersection(shapes[other.id]).area > TOLERANCE:
                problems.append(f"rooms {room.id} and {other.id} overlap")
        problems += _exit_problems(level, room)
    return problems


def _exit_problems(level: LevelMap, room: Room) -> list[str]:
    problems: list[str] = []
    for exit_ in room.exits:
        if exit_.details.get("on_wall", True) and not on_wall(room, exit_.segment):
            problems.append(f"exit {exit_.id}: it is not on a wall of room {room.id}")
        if exit_.type == "teleport":
            continue
        targets = [exit_.to] if isinstance(exit_.to, int) else exit_.to or []
        for target in targets:
            if shared_wall_length(room, level.room(target)) <= 0:
                problems.append(f"exit {exit_.id}: room {room.id} shares no wall with room "
                                f"{target}")
    return problems
