"""Universal VTT files: a map image with its grid, walls and doors, for virtual tabletops.

Dungeondraft writes the format (``.dd2vtt``; ``.uvtt`` is the same file) and Foundry VTT,
Roll20 and Fantasy Grounds import it, so a dungeon exported here runs with dynamic
lighting and fog of war at once. docs/uvtt.md describes every field; :class:`UvttFile`
is that description as a pydantic model, which every export is checked against.

Coordinates are in grid squares from the image's top-left corner, x to the east and y
to the south (an image's axes), whatever the source map's own axes. A system turns its
map into a :class:`VttMap` (walls and portals in those units); :func:`uvtt_document`
adds the image and the grid.
"""

from __future__ import annotations

import base64
import math
from dataclasses import dataclass, field
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

FORMAT: Final = 0.3
"""The format version written (Dungeondraft's current export)."""
PIXELS_PER_GRID: Final = 70
"""Image pixels per grid square: a common VTT grid, sharp enough to print."""
VttPoint = tuple[float, float]


class Point(BaseModel):
    """A position in grid squares from the image's top-left corner."""

    model_config = ConfigDict(extra="forbid")
    x: float
    y: float


class Resolution(BaseModel):
    """Where the map lies and how big a grid square is in the image."""

    model_config = ConfigDict(extra="forbid")
    map_origin: Point
    map_size: Point
    """Width and height in grid squares (whole squares)."""
    pixels_per_grid: int = Field(gt=0)


class Portal(BaseModel):
    """A door in a wall: it blocks sight while closed."""

    model_config = ConfigDict(extra="forbid")
    position: Point
    """The door's centre."""
    bounds: list[Point] = Field(min_length=2, max_length=2)
    """The door's two ends, on the wall line."""
    rotation: float
    """The door's angle in radians, clockwise from east (y runs south)."""
    closed: bool
    freestanding: bool


class Light(BaseModel):
    model_config = ConfigDict(extra="forbid")
    position: Point
    range: float = Field(ge=0)
    intensity: float = Field(ge=0)
    color: str = Field(pattern=r"^[0-9a-fA-F]{8}$")
    shadows: bool


class Environment(BaseModel):
    model_config = ConfigDict(extra="forbid")
    baked_lighting: bool
    ambient_light: str = Field(pattern=r"^[0-9a-fA-F]{8}$")
    """ARGB, as hex digits."""


class UvttFile(BaseModel):
    """A Universal VTT file, as docs/uvtt.md describes it."""

    model_config = ConfigDict(extra="forbid")
    format: float
    resolution: Resolution
    line_of_sight: list[list[Point]]
    """Walls: each a polyline of two or more points."""
    objects_line_of_sight: list[list[Point]]
    portals: list[Portal]
    environment: Environment
    lights: list[Light]
    image: str = Field(min_length=1)
    """The map as a base64 PNG."""
    software: str
    creator: str
    notes: str = ""
    """Not read by importers: what the format cannot carry (teleporters, stairs)."""


@dataclass(frozen=True)
class VttPortal:
    """A door from ``a`` to ``b`` (grid squares, y south), closed or open."""

    a: VttPoint
    b: VttPoint
    closed: bool


@dataclass
class VttMap:
    """What a system's map gives the format: its size, walls, doors and notes."""

    width: int
    height: int
    """In grid squares: the image is this many squares across and down."""
    walls: list[list[VttPoint]] = field(default_factory=list)
    portals: list[VttPortal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def portal(door: VttPortal) -> Portal:
    """The format's portal for a door: its centre, ends and angle."""
    (ax, ay), (bx, by) = door.a, door.b
    return Portal(position=Point(x=(ax + bx) / 2, y=(ay + by) / 2),
                  bounds=[Point(x=ax, y=ay), Point(x=bx, y=by)],
                  rotation=math.atan2(by - ay, bx - ax), closed=door.closed,
                  freestanding=False)


def uvtt_document(vtt: VttMap, png: bytes,
                  pixels_per_grid: int = PIXELS_PER_GRID) -> dict[str, Any]:
    """The file's JSON for ``vtt`` drawn as ``png`` (``width`` by ``height`` squares of
    ``pixels_per_grid`` pixels), checked against :class:`UvttFile`."""
    expected = (vtt.width * pixels_per_grid, vtt.height * pixels_per_grid)
    if png_size(png) != expected:
        raise ValueError(f"the image is {png_size(png)} pixels; the grid needs {expected}")
    document = UvttFile(
        format=FORMAT,
        resolution=Resolution(map_origin=Point(x=0, y=0),
                              map_size=Point(x=vtt.width, y=vtt.height),
                              pixels_per_grid=pixels_per_grid),
        line_of_sight=[[Point(x=x, y=y) for x, y in wall] for wall in vtt.walls],
        objects_line_of_sight=[],
        portals=[portal(door) for door in vtt.portals],
        environment=Environment(baked_lighting=True, ambient_light="ffffffff"),
        lights=[],
        image=base64.b64encode(png).decode("ascii"),
        software="undercroft",
        creator="undercroft",
        notes="\n".join(vtt.notes),
    )
    return document.model_dump(mode="json")


def png_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height in pixels, read from its header."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
