"""Reference figure for the Amulet generator: python-tcod BSP room-and-corridor maps, 80x50.

Usage: python bench/tcod_bsp.py [--seconds S] [--json]   (needs `pip install tcod`)

Follows tcod's BSP sample: split the map recursively (depth 8, leaves at least
4 by 4), dig a random room in each leaf, join sibling leaves with an L-shaped
corridor. The issue asks the Amulet generator for at least this many levels per
second on the same machine; tcod is not a dependency of Undercroft, only of
this measurement.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np

try:
    import tcod.bsp
    import tcod.random
except ImportError:  # pragma: no cover - the message is the point
    raise SystemExit("bench/tcod_bsp.py needs python-tcod: .venv/bin/pip install tcod") from None

WIDTH, HEIGHT, DEPTH, MIN_SIZE = 80, 50, 8, 4


def make_map(rng: random.Random) -> np.ndarray:
    tiles = np.zeros((WIDTH, HEIGHT), dtype=bool)
    root = tcod.bsp.BSP(x=0, y=0, width=WIDTH, height=HEIGHT)
    root.split_recursive(depth=DEPTH, min_width=MIN_SIZE + 1, min_height=MIN_SIZE + 1,
                         max_horizontal_ratio=1.5, max_vertical_ratio=1.5,
                         seed=tcod.random.Random(tcod.random.MERSENNE_TWISTER, rng.getrandbits(31)))
    for node in root.post_order():
        if not node.children:
            w = rng.randint(MIN_SIZE, max(MIN_SIZE, node.width - 1))
            h = rng.randint(MIN_SIZE, max(MIN_SIZE, node.height - 1))
            x = rng.randint(node.x, node.x + node.width - w)
            y = rng.randint(node.y, node.y + node.height - h)
            tiles[x:x + w - 1, y:y + h - 1] = True
            continue
        left, right = node.children
        x1, y1 = left.x + left.width // 2, left.y + left.height // 2
        x2, y2 = right.x + right.width // 2, right.y + right.height // 2
        tiles[min(x1, x2):max(x1, x2) + 1, y1] = True
        tiles[x2, min(y1, y2):max(y1, y2) + 1] = True
    return tiles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(1)
    for _ in range(20):
        make_map(rng)
    maps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        make_map(rng)
        maps += 1
    rate = round(maps / (time.perf_counter() - started), 1)
    print(f"maps_per_second: {rate}")
    if args.json:
        print(json.dumps({"maps_per_second": rate}))


if __name__ == "__main__":
    main()
