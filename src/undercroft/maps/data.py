"""A players' map as plain data, for a client that draws it itself (the web table's TV).

The SVG and PNG maps are pictures at print scale; a screen across the room wants the
map drawn at its own size, with the game's pieces (heroes, foes) on it, so the web
table sends the map as data and draws it in the page (``web/static/map.js``). This
module decides only *what* the players may see, by the same rule the printed player's
map follows (``drawing.shown_rooms``, and of their exits the ones found): rooms not yet
discovered and exits not yet found are left out, and an exit says where it leads only
when it is open onto a room on the map. Coordinates stay in level units, y north.
"""

from __future__ import annotations

from typing import Any

from undercroft.maps.drawing import shown_rooms
from undercroft.maps.model import Exit, LevelMap, Point, Room


def players_map_data(level: LevelMap) -> dict[str, Any]:
    """The players' map of ``level`` as JSON-ready data (docs/web-api.md, the map's
    route): ``title``, ``size``, ``bounds`` [xmin, ymin, xmax, ymax] of what is drawn,
    ``rooms`` [{id, shape, outline}], ``exits`` [{id, room, kind, wall, open, segment,
    to, twin}] and ``passages`` [{points, rooms}]. An opening between two rooms on the
    map is listed from each side, by each side's name (a phone names an exit from its
    hero's room), each naming the other as its ``twin``."""
    rooms = shown_rooms(level, player_view=True)
    on_map = {room.id for room in rooms}
    found = [(room, exit_) for room in rooms for exit_ in room.exits if exit_.found]
    named = {exit_.id for _, exit_ in found}
    exits = [_exit(room, exit_, on_map, named) for room, exit_ in found]
    passages = [{"points": [_point(p) for p in passage.points],
                 "rooms": [passage.start, passage.end]} for passage in level.passages]
    points = [p for room in rooms for p in room.polygon]
    points += [p for passage in level.passages for p in passage.points]
    return {"title": level.title, "size": level.level_size, "bounds": _bounds(points),
            "rooms": [_room(room) for room in rooms], "exits": exits,
            "passages": passages}


def _room(room: Room) -> dict[str, Any]:
    return {"id": room.id, "shape": room.shape, "outline": [_point(p) for p in room.polygon]}


def _exit(room: Room, exit_: Exit, on_map: set[int], named: set[str]) -> dict[str, Any]:
    """One opening, named as the players name it. It is open when its ``details`` say
    so (a system that knows which ways stand open from the start puts ``"open"`` there),
    else when it was opened; ``to`` only when it is open onto a room on the map (what
    lies behind a shut door is not the players' to know)."""
    is_open = bool(exit_.details.get("open", exit_.opened))
    targets = exit_.to if isinstance(exit_.to, list) else [] if exit_.to is None else [exit_.to]
    shown = [target for target in targets if target in on_map] if is_open else []
    to: int | list[int] | None = None
    if shown:
        to = shown if isinstance(exit_.to, list) else shown[0]
    return {"id": exit_.id, "room": room.id, "kind": exit_.type, "wall": exit_.wall,
            "open": is_open, "segment": [_point(exit_.segment[0]), _point(exit_.segment[1])],
            "to": to, "twin": exit_.twin if exit_.twin in named else None}


def _point(p: Point) -> list[float]:
    return [round(float(p[0]), 3), round(float(p[1]), 3)]


def _bounds(points: list[Point]) -> list[float]:
    if not points:
        return [0.0, 0.0, 1.0, 1.0]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return [float(min(xs)), float(min(ys)), float(max(xs)), float(max(ys))]
