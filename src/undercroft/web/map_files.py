"""The table's current level as files to take away: a Universal VTT file and a PDF.

The table screen's menu offers both (docs/web-api.md): the players' version only, as the
table has mapped it, since the screen is shared. Drawing a file takes a second or more
of a core, so one file is drawn at a time, and the last few are kept: a table asking
again for the same level at the same step gets the same bytes at once.
"""

from __future__ import annotations

import copy
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from undercroft.maps.model import LevelMap

KEPT: Final = 16
"""Files kept for asking again (a file is tens of kilobytes to a few megabytes)."""


@dataclass(frozen=True)
class MapFile:
    """A file to download: its bytes, media type and name."""

    content: bytes
    media_type: str
    filename: str


class MapFiles:
    """Draws the table's level as a file, one at a time, keeping the last few."""

    def __init__(self) -> None:
        self._drawing = threading.Lock()
        self._kept: OrderedDict[tuple[object, ...], MapFile] = OrderedDict()

    def uvtt(self, table: int, step: int, level: LevelMap) -> MapFile:
        """The players' version of ``level`` as a Universal VTT file."""
        def draw() -> MapFile:
            from undercroft.maps.uvtt_level import level_uvtt

            document = level_uvtt(level, player_view=True)
            return MapFile(json.dumps(document).encode("utf-8"), "application/json",
                           f"{file_stem(level)}-step-{step}.uvtt")

        return self._file(("uvtt", table, step), draw)

    def pdf(self, table: int, step: int, level: LevelMap, paper: str,
            scale_mm: float) -> MapFile:
        """The players' version of ``level`` as a PDF on ``paper`` at ``scale_mm`` a square."""
        def draw() -> MapFile:
            from undercroft.maps.pdf import level_pdf

            content = level_pdf(level, player_view=True, paper=paper, scale_mm=scale_mm)
            return MapFile(content, "application/pdf",
                           f"{file_stem(level)}-step-{step}-{paper}.pdf")

        return self._file(("pdf", table, step, paper, scale_mm), draw)

    def _file(self, key: tuple[object, ...], draw: Callable[[], MapFile]) -> MapFile:
        with self._drawing:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
            made = draw()
            self._kept[key] = made
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
            return made


def snapshot(level: LevelMap) -> LevelMap:
    """A copy of the level to draw outside the table's lock, while play goes on."""
    return copy.deepcopy(level)


def file_stem(level: LevelMap) -> str:
    """A file name from the level's title: ``Amulet - level 3`` -> ``amulet-level-3``
    (the routes add the step, so each download of a level keeps its own name)."""
    words = re.sub(r"[^a-z0-9]+", "-", level.title.lower()).strip("-")
    return words or "level"
