"""Draw a Universal VTT file's walls and doors over its own image, to see that they match.

A virtual tabletop reads only the file's lines, never the picture: this tool shows both
at once, the way a game master would see them in Foundry's wall layer. Walls are drawn
in one colour, closed doors in another and open doors in a third, thin enough that the
map's own wall ink shows on either side of them when they lie where the map draws them.

    .venv/bin/undercroft amulet generate --seed 9 --uvtt level.uvtt
    .venv/bin/python tools/uvtt_overlay.py level.uvtt docs/images/uvtt_overlay.png

README.md shows the picture made this way (docs/uvtt.md says which level).
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import sys
from pathlib import Path
from typing import Any, Final

WALL: Final = (0, 170, 255)
"""Walls: a bright blue that no map ink uses."""
CLOSED: Final = (230, 30, 40)
OPEN: Final = (40, 190, 60)
WIDTH: Final = 0.05
"""Line width in grid squares (half the map's wall ink, which is 0.1)."""
END: Final = 0.09
"""Radius of the dot at each end of a door, in grid squares."""


def overlay(document: dict[str, Any]) -> bytes:
    """The file's image with its walls and doors drawn over it, as PNG bytes."""
    from PIL import Image, ImageDraw

    image = Image.open(io.BytesIO(base64.b64decode(document["image"]))).convert("RGB")
    scale = float(document["resolution"]["pixels_per_grid"])
    width = max(1, round(WIDTH * scale))
    pen = ImageDraw.Draw(image)

    def pixels(point: dict[str, float]) -> tuple[float, float]:
        return point["x"] * scale, point["y"] * scale

    for wall in document["line_of_sight"]:
        pen.line([pixels(p) for p in wall], fill=WALL, width=width, joint="curve")
    for portal in document["portals"]:
        colour = CLOSED if portal["closed"] else OPEN
        ends = [pixels(p) for p in portal["bounds"]]
        pen.line(ends, fill=colour, width=width * 2)
        radius = END * scale
        for x, y in ends:
            pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("uvtt", type=Path, help="a .uvtt or .dd2vtt file")
    parser.add_argument("png", type=Path, help="the picture to write")
    args = parser.parse_args(argv)
    try:
        document = json.loads(args.uvtt.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"uvtt_overlay: error: {args.uvtt}: cannot read: {error}", file=sys.stderr)
        return 2
    args.png.write_bytes(overlay(document))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
