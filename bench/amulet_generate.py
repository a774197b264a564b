"""Whole-level generation speed of Amulet levels at the default size, in one process.

Usage: python bench/amulet_generate.py [--seconds S] [--size X] [--json]
(`make bench` compiles the hot path with mypyc first, then runs this.)

Prints levels per second, rooms per level, milliseconds per level and whether
the generator ran compiled; with --json the last line is {"levels_per_second": X}.
Seeds run 1000, 1001, ... so two runs generate the same levels; the first 20
levels (seeds 0-19) warm the caches and are not counted.
"""

from __future__ import annotations

import argparse
import json
import time

from undercroft.systems.amulet.generation import generator as generator_module
from undercroft.systems.amulet.generation.config import DEFAULT_LEVEL_SIZE, LevelConfig
from undercroft.systems.amulet.generation.generator import LevelGenerator


def compiled() -> bool:
    """Whether `make fast` compiled the generator (mypyc) or it runs as plain Python."""
    return not str(generator_module.__file__).endswith(".py")


def measure(seconds: float, size: int) -> dict[str, float]:
    config = LevelConfig(level_size=size)
    for seed in range(20):
        LevelGenerator(config, seed=seed).generate_all()
    levels = rooms = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        generator = LevelGenerator(config, seed=1000 + levels)
        generator.generate_all()
        levels += 1
        rooms += len(generator.level.rooms)
    elapsed = time.perf_counter() - started
    return {
        "levels_per_second": round(levels / elapsed, 1),
        "rooms_per_level": round(rooms / levels, 2),
        "ms_per_level": round(1000 * elapsed / levels, 3),
        "levels": levels,
        "level_size": size,
        "compiled": compiled(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--size", type=int, default=DEFAULT_LEVEL_SIZE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.seconds, args.size)
    for name, value in figures.items():
        print(f"{name}: {value}")
    if args.json:
        print(json.dumps({"levels_per_second": figures["levels_per_second"]}))


if __name__ == "__main__":
    main()
