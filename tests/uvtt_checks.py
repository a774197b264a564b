"""Checks of an exported Universal VTT file's walls and doors, for every system's tests.

The file is read back as a virtual tabletop reads it: walls (``line_of_sight``) and
doors (``portals``) as segments in grid squares. Together with the map's border they cut
the map into regions (shapely's polygonize); a flood fill from inside a room, stopped by
walls and doors, fills exactly the region that contains that point.
"""

from __future__ import annotations

from typing import Any

from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import polygonize, unary_union

TOLERANCE = 1e-6


def wall_lines(document: dict[str, Any]) -> list[LineString]:
    """Every wall polyline of the file."""
    return [LineString([(p["x"], p["y"]) for p in wall])
            for wall in document["line_of_sight"]]


def portal_lines(document: dict[str, Any]) -> list[LineString]:
    """Every door as the segment between its two ends."""
    return [LineString([(p["x"], p["y"]) for p in portal["bounds"]])
            for portal in document["portals"]]


def border(document: dict[str, Any]) -> Polygon:
    size = document["resolution"]["map_size"]
    return box(0, 0, size["x"], size["y"])


def regions(document: dict[str, Any]) -> list[Polygon]:
    """The pieces the walls, the doors and the border cut the map into."""
    lines = [*wall_lines(document), *portal_lines(document), border(document).exterior]
    return list(polygonize(unary_union(lines)))


def flood(document: dict[str, Any], inside: tuple[float, float]) -> Polygon | None:
    """What a flood fill from ``inside`` reaches, stopped by walls and doors (None when
    the point is on a line or outside every region)."""
    point = Point(inside)
    for region in regions(document):
        if region.contains(point):
            return region
    return None


def portals_without_walls(document: dict[str, Any]) -> list[int]:
    """Indexes of doors with an end that meets no wall: a door must hang in a wall."""
    walls = unary_union(wall_lines(document)).buffer(TOLERANCE)
    lonely = []
    for index, door in enumerate(portal_lines(document)):
        ends = [Point(xy) for xy in door.coords]
        if not all(walls.contains(end) for end in ends):
            lonely.append(index)
    return lonely


def off_lines(lines: list[LineString], drawn: Any) -> list[LineString]:
    """Lines (walls or doors) not lying along ``drawn`` (a shapely geometry of the
    drawn walls, in the same units)."""
    near = drawn.buffer(TOLERANCE)
    return [line for line in lines if line.difference(near).length > TOLERANCE]


def doors_not_hung(document: dict[str, Any]) -> list[int]:
    """Indexes of doors not hung in a wall, where doors may hold one another: each end
    meets a wall or another door, and every run of doors that meet meets a wall somewhere.
    A small room whose every wall is a way out has corners where only doors meet, or a
    door ending on a wider one; ``portals_without_walls`` counts those, this does not."""
    walls = unary_union(wall_lines(document)).buffer(TOLERANCE)
    doors = portal_lines(document)
    ends = [[Point(xy) for xy in door.coords] for door in doors]
    group = list(range(len(doors)))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    held = [all(walls.contains(end) or any(
        j != i and doors[j].distance(end) <= TOLERANCE for j in range(len(doors)))
        for end in ends[i]) for i in range(len(doors))]
    for i in range(len(doors)):
        for j in range(i):
            if doors[i].distance(doors[j]) <= TOLERANCE:
                group[root(i)] = root(j)
    on_wall = {root(i) for i in range(len(doors)) if any(walls.contains(e) for e in ends[i])}
    return [i for i in range(len(doors)) if not held[i] or root(i) not in on_wall]
