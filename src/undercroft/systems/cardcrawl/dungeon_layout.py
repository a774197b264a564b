"""Random Dungeons, the layout: the seed's "move the boxes until the connections are simple".

The seed lays the numbered list out as boxes, drags them around until mutual
links are short and entrance rooms sit toward one side, then draws the result
on a 10-ft grid. Here that is three steps, each replaceable on its own and each
in its own module:

1. ``dungeon_graph``: a Kamada-Kawai graph layout (networkx) of the rooms and
   the entrance, with mutual links half as long as the others, turned so the
   entrance is west;
2. ``dungeon_placement``: snapping to the grid: each room a rectangle of
   exactly ``size`` squares (``dungeon_grid.room_shape``), placed nearest its
   target with one empty square to every other room, entrance rooms first
   along the west side (the facade);
3. ``dungeon_corridors``: A* over free squares from a door of one room to a
   door of the other (or to the west edge for the entrance), bends costing
   extra so corridors come out simple. A corridor that cannot be drawn is
   dropped and reported; ``dungeon_checks`` then checks the finished map
   independently, with shapely.

This module runs the three steps in order and holds their result. Everything
is a function of the plan, so a seed gives the same map every run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from undercroft.engine.tally import fired
from undercroft.systems.cardcrawl.dungeon_corridors import (
    Corridor,
    DroppedLink,
    Router,
    corridor_polyline,
)
from undercroft.systems.cardcrawl.dungeon_graph import graph_positions
from undercroft.systems.cardcrawl.dungeon_grid import Rect
from undercroft.systems.cardcrawl.dungeon_placement import MARGIN, normalise, place_rooms
from undercroft.systems.cardcrawl.dungeon_plan import DungeonPlan

ENTRANCE_SIDE: Final = "west"


class LayoutConfig(BaseModel):
    """Options of the drawing step; none of them is in the seed, which leaves layout to taste."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    max_corridor: int | None = Field(default=None, ge=1)
    """Drop links whose corridor would be longer than this many squares (None: no limit)."""


@dataclass(frozen=True)
class Layout:
    """The dungeon on the grid: a map of ``width`` by ``height`` squares, the entrance west."""

    width: int
    height: int
    rects: Mapping[int, Rect]
    corridors: tuple[Corridor, ...]
    dropped: tuple[DroppedLink, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"unit_feet": 10, "width": self.width, "height": self.height,
                "entrance_side": ENTRANCE_SIDE,
                "rooms": {str(number): rect.to_dict() for number, rect in self.rects.items()},
                "corridors": [corridor.to_dict() for corridor in self.corridors],
                "dropped": [link.to_dict() for link in self.dropped]}


def layout_dungeon(plan: DungeonPlan, config: LayoutConfig | None = None) -> Layout:
    """Place every room and draw every link the grid allows."""
    config = config or LayoutConfig()
    fired("cardcrawl.layout.boxes")
    targets = graph_positions(plan)
    rects = normalise(place_rooms(plan, targets))
    width = max(r.x + r.w for r in rects.values()) + MARGIN
    height = max(r.y + r.h for r in rects.values()) + MARGIN
    router = Router(rects, width, height)
    corridors: list[Corridor] = []
    dropped: list[DroppedLink] = []
    for edge in plan.edges():
        cells = router.route(edge.a, edge.b)
        if cells is None:
            fired("cardcrawl.layout.drop")
            dropped.append(DroppedLink(edge.a, edge.b, edge.mutual, "no route between the rooms"))
        elif config.max_corridor is not None and len(cells) > config.max_corridor:
            fired("cardcrawl.layout.drop")
            dropped.append(DroppedLink(edge.a, edge.b, edge.mutual,
                                       f"too long: {len(cells)} squares, the limit is "
                                       f"{config.max_corridor}"))
        else:
            fired("cardcrawl.layout.corridors")
            if edge.mutual:
                fired("cardcrawl.link.mutual")
            router.use(cells)
            corridors.append(Corridor(edge.a, edge.b, edge.mutual, tuple(cells),
                                      corridor_polyline(cells, rects, edge)))
    return Layout(width, height, rects, tuple(corridors), tuple(dropped))
