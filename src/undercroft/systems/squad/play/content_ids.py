"""The ids under which a game reports its content to the audit's tally (``engine.tally``).

``squad.<kind>.<name>``: ``monster``, ``trap``, ``boss``, ``character`` and ``stage`` by
their ids in the data files; ``spell`` and ``special`` by their ids; ``loot`` by the
Loot Type (``squad.loot.hp``); ``stuff`` by the Stuff's name made an id
(``squad.stuff.lightning-arc``). A piece of content is *drawn* when it comes into the
game (a hero holds it, the GM brings it, a stage opens) and *used* when it is put to
use (cast, attacked with, spent, activated, an attack made).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from undercroft.engine.tally import counting, drawn

if TYPE_CHECKING:
    from undercroft.systems.squad.heroes.hero import Hero


def slug(name: str) -> str:
    """A name as an id part: "Brand of Embers" -> ``brand-of-embers``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "unnamed"


@cache
def stuff_id(name: str) -> str:
    return f"squad.stuff.{slug(name)}"


def loot_id(kind: str) -> str:
    """A Loot Type's id: ``1HP`` or ``HP`` -> ``squad.loot.hp``."""
    key = kind.upper()
    return f"squad.loot.{(key[1:] if key.startswith('1') else key).lower()}"


def deal(hero: Hero) -> None:
    """A hero comes into the game: its Stuff, the spells they work as, its Special."""
    if not counting():
        return
    for item in hero.stuff:
        drawn(stuff_id(item.name))
        if item.spell is not None:
            drawn(f"squad.spell.{item.spell}")
    drawn(f"squad.special.{hero.special}")
