"""Random Dungeons, the layout: the seed's "move the boxes until the connections are simple".

The seed lays the numbered list out as boxes, drags them around until mutual
links are short and entrance rooms sit toward one side, then draws the result
on a 10-ft grid, keeping a few ways in, dropping the links that do not fit and
polishing the rest into a dungeon the party can walk. Here that is four steps,
each replaceable on its own and each in its own module:

1. ``graph``: a Kamada-Kawai graph layout (networkx) of the rooms and
   the entrance, with mutual links half as long as the others;
2. ``connect``: the GM's polish: the ways in cut to a few, and the
   fewest links added (between the rooms nearest in that layout) that join
   every room to the entrance; then the graph is laid out again with them and
   turned so the entrance is west;
3. ``placement``: snapping to the grid: each room exactly ``size``
   squares (``grid.room_shape``: a rectangle or an L), placed nearest
   its target with one empty square to every other room, entrance rooms first
   along the west side (the facade);
4. ``fit``: which links the plan can show, as corridors routed by
   ``corridors`` (A* over free squares, bends costing extra); a link
   whose corridor would cross or run beside others is dropped with its reason,
   unless a room needs it, so every room stays reachable.

This module runs the steps in order and holds their result; ``layout_checks``
checks a finished map independently, with shapely. Everything is a function
of the plan, so a seed gives the same map every run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from undercroft.engine.tally import fired
from undercroft.systems.cardcrawl.dungeon.connect import MAX_ENTRANCES, DroppedLink, polish
from undercroft.systems.cardcrawl.dungeon.corridors import Corridor, Junction
from undercroft.systems.cardcrawl.dungeon.fit import draw_links
from undercroft.systems.cardcrawl.dungeon.graph import layout_graph, to_squares
from undercroft.systems.cardcrawl.dungeon.grid import Rect
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE
from undercroft.systems.cardcrawl.dungeon.placement import MARGIN, normalise, place_rooms
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan

ENTRANCE_SIDE: Final = "west"


class LayoutConfig(BaseModel):
    """Options of the drawing step; none of them is in the seed, which leaves layout to taste."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    fit: bool = True
    """Drop the links the plan cannot show clearly and keep ``max_entrances`` ways in (the
    seed's GM does both); off, every rolled link is drawn and corridors may share squares."""
    max_entrances: int = Field(default=MAX_ENTRANCES, ge=1)
    """Ways in kept when ``fit`` is on."""
    max_corridor: int | None = Field(default=None, ge=1)
    """Drop links whose corridor would be longer than this many squares (None: no limit),
    unless a room would be cut off without it."""


@dataclass(frozen=True)
class Layout:
    """The dungeon on the grid: a map of ``width`` by ``height`` squares, the entrance west."""

    width: int
    height: int
    rects: Mapping[int, Rect]
    corridors: tuple[Corridor, ...]
    dropped: tuple[DroppedLink, ...]
    junctions: tuple[Junction, ...] = ()

    @property
    def added(self) -> tuple[Corridor, ...]:
        """The corridors of links the plan did not roll, added so every room is reached."""
        return tuple(corridor for corridor in self.corridors if corridor.added)

    @property
    def entrance_rooms(self) -> tuple[int, ...]:
        """Rooms with a corridor to the west edge."""
        return tuple(sorted(c.b for c in self.corridors if c.a == ENTRANCE))

    def passages(self) -> dict[int, set[int]]:
        """Room -> the rooms (0: the entrance) one can walk to from it: along a corridor,
        or along corridors that meet at a junction."""
        links: dict[int, set[int]] = {number: set() for number in self.rects}
        links[ENTRANCE] = set()
        for corridor in self.corridors:
            links[corridor.a].add(corridor.b)
            links[corridor.b].add(corridor.a)
        for junction in self.junctions:
            ends = {end for pair in junction.corridors for end in pair}
            for end in ends:
                links[end] |= ends - {end}
        del links[ENTRANCE]
        return links

    def reachable(self) -> set[int]:
        """Rooms the party can walk to from the entrance."""
        links = self.passages()
        seen = {ENTRANCE}
        frontier = [n for n, near in links.items() if ENTRANCE in near]
        seen.update(frontier)
        while frontier:
            for near in links[frontier.pop()]:
                if near not in seen:
                    seen.add(near)
                    frontier.append(near)
        return seen - {ENTRANCE}

    def to_dict(self) -> dict[str, Any]:
        return {"unit_feet": 10, "width": self.width, "height": self.height,
                "entrance_side": ENTRANCE_SIDE,
                "rooms": {str(number): rect.to_dict() for number, rect in self.rects.items()},
                "corridors": [corridor.to_dict() for corridor in self.corridors],
                "added": [{"from": "entrance" if c.a == ENTRANCE else c.a, "to": c.b,
                           "reason": c.added} for c in self.added],
                "dropped": [link.to_dict() for link in self.dropped],
                "junctions": [junction.to_dict() for junction in self.junctions]}


def layout_dungeon(plan: DungeonPlan, config: LayoutConfig | None = None) -> Layout:
    """Place every room and draw the links that fit, every room joined to the entrance."""
    config = config or LayoutConfig()
    fired("cardcrawl.layout.boxes")
    graph = layout_graph(plan)
    polished = polish(plan, graph, config.max_entrances if config.fit else None)
    added = [link.pair for link in polished.links if link.added]
    if added:
        # Again with the added links, so a room joined by one stands near its new
        # neighbour instead of where the first layout parked a part nothing joined.
        graph = layout_graph(plan, added, graph)
    targets = to_squares(graph, plan, polished.entrance_rooms,
                         [link.pair for link in polished.links])
    rects = normalise(place_rooms(plan, targets, polished.links))
    width = max(r.x + r.w for r in rects.values()) + MARGIN
    height = max(r.y + r.h for r in rects.values()) + MARGIN
    drawn = draw_links(polished.links, rects, width, height, fit=config.fit,
                       max_corridor=config.max_corridor)
    layout = Layout(width, height, rects, drawn.corridors, polished.dropped + drawn.dropped,
                    drawn.junctions)
    cut_off = set(rects) - layout.reachable()
    if cut_off:
        raise RuntimeError(f"rooms {sorted(cut_off)} of the layout cannot be reached")
    return layout
