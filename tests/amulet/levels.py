"""Shared helpers for the Amulet level tests."""

from __future__ import annotations

from functools import cache

from undercroft.systems.amulet.generation.config import LevelConfig
from undercroft.systems.amulet.generation.generator import LevelGenerator


@cache
def generated(seed: int, size: int = 16) -> LevelGenerator:
    generator = LevelGenerator(LevelConfig(level_size=size), seed=seed)
    generator.generate_all()
    return generator
