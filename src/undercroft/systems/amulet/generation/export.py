"""The JSON form of a generated Amulet level (a contract: scripts read it)."""

from __future__ import annotations

from typing import Any

from undercroft.maps.model import Exit, Point, Room
from undercroft.systems.amulet.generation.generator import LevelGenerator


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def _point(point: Point) -> list[float | int]:
    return [_number(point[0]), _number(point[1])]


def exit_dict(exit_: Exit) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": exit_.id,
        "type": exit_.type,
        "wall": exit_.wall,
        "segment": [_point(exit_.segment[0]), _point(exit_.segment[1])],
        "to": exit_.to,
    }
    if exit_.twin:
        data["twin"] = exit_.twin
    if exit_.type == "secret":
        data["found"] = exit_.found
    if "was" in exit_.details:
        data["was"] = exit_.details["was"]
    if exit_.details.get("on_wall") is False:
        data["in_floor"] = True
    return data


def room_dict(room: Room) -> dict[str, Any]:
    return {
        "id": room.id,
        "from": room.from_room,
        "via": room.via,
        "size": room.size,
        "shape": room.shape,
        "polygon": [_point(p) for p in room.polygon],
        "exits": [exit_dict(e) for e in room.exits],
        "contents": list(room.contents),
        "encounter": room.details.get("encounter"),
        "encounters": room.details.get("encounters", []),
        "murder_holes": [
            {"wall": h.wall, "segment": [_point(h.segment[0]), _point(h.segment[1])], "to": h.to}
            for h in room.murder_holes
        ],
    }


def level_dict(generator: LevelGenerator) -> dict[str, Any]:
    """The whole level: rooms, every roll, the GM's choices and the settings used."""
    return {
        "system": "amulet",
        "seed": generator.seed,
        "depth": generator.depth,
        "level_size": generator.level.level_size,
        "config": generator.config.model_dump(),
        "rooms": [room_dict(room) for room in generator.level.rooms],
        "rolls": [roll.to_dict() for roll in generator.roller.rolls],
        "choices": [choice.to_dict() for choice in generator.roller.choices],
    }
