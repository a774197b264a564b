"""The ids under which a game of Amulet reports its content to the audit (``engine.tally``).

Content is ``amulet.<kind>.<name>``: monsters (``amulet.monster.ghost``, one
``amulet.monster.mini-boss`` for every boss), generators by the monster they make, the
room contents of seed 001's table (``amulet.content.murder-hole``), exit types
(``amulet.exit-type.walldoor``), Specials, room shapes and level kinds. The ids are made
once here, so that reporting one in play is a lookup and a call.
"""

from __future__ import annotations

from typing import Final

from undercroft.maps.shapes import SHAPES
from undercroft.systems.amulet.generation.special_levels import LEVEL_KINDS
from undercroft.systems.amulet.generation.tables import CONTENTS, EXIT_TYPES, MONSTERS, SPECIALS

LONE_MONSTERS: Final = ("wraith", "mimic")
"""Monsters the Encounter table names itself, not through the Monstr table."""
EXTRA_ROLLS: Final = ("roll 2", "roll 3", "none")
"""Contents-table results that are no content."""


def _id(kind: str, name: str) -> str:
    return f"amulet.{kind}.{name.replace(' ', '-')}"


GENERATOR_IDS: Final = {name: _id("generator", name) for name in MONSTERS}
CONTENT_IDS: Final = {name: _id("content", name) for name in CONTENTS
                      if name not in EXTRA_ROLLS}
EXIT_IDS: Final = {name: _id("exit-type", name) for name in EXIT_TYPES}
SPECIAL_IDS: Final = {name: _id("special", name) for name in SPECIALS}
SHAPE_IDS: Final = {name: _id("shape", name) for name in SHAPES}
LEVEL_KIND_IDS: Final = {name: _id("level-kind", name) for name in LEVEL_KINDS}


def content_id(kind: str) -> str:
    """A room content's id (a content no table names, such as a dropped key, by its kind)."""
    return CONTENT_IDS.get(kind) or _id("content", kind)


def exit_id(kind: str) -> str:
    return EXIT_IDS.get(kind) or _id("exit-type", kind)


def special_id(name: str) -> str:
    """A Special's id (the group may add Specials of its own: ``PlayRules.specials``)."""
    return SPECIAL_IDS.get(name) or _id("special", name)
