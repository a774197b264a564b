"""Shared helpers for the Amulet level tests: generate, and look at levels with shapely."""

from __future__ import annotations

from functools import cache

from shapely.geometry import LineString, Polygon

from undercroft.maps.model import LevelMap, Room
from undercroft.systems.amulet.config import LevelConfig
from undercroft.systems.amulet.generator import LevelGenerator


@cache
def generated(seed: int, size: int = 16) -> LevelGenerator:
    generator = LevelGenerator(LevelConfig(level_size=size), seed=seed)
    generator.generate_all()
    return generator


def polygon(room: Room) -> Polygon:
    return Polygon(room.polygon)


def shared_wall_length(level: LevelMap, a: int, b: int) -> float:
    first, second = polygon(level.room(a)), polygon(level.room(b))
    return float(first.boundary.intersection(second.boundary).length)


def on_boundary(room: Room, segment: tuple[tuple[float, float], tuple[float, float]]) -> bool:
    line = LineString(segment)
    return bool(line.length > 0 and line.difference(polygon(room).boundary.buffer(1e-7)).length
                < 1e-9)
