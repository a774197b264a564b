"""Random Dungeons, which links the plan can show: the seed's "connections that just don't fit".

The seed's GM draws the grid, keeps the main connections and "wind[s] up
dropping several connections that just don't fit anywhere". Here, with rooms
placed, the links are drawn in three passes:

1. the ways in, the mutual links (the seed's main connections) and the links
   that join a room to the rest for the first time (a spanning tree grown from
   the entrance, shortest first), each as a clear corridor (on no square of
   another and beside none) that does not wander far out of its way; one that
   cannot is put off;
2. while a group of rooms is still cut off: the put-off links that would join
   it, wherever they must wander; else a clear corridor from its nearest room
   to the joined rooms (added, unless the plan linked those two rooms); else,
   as the last resort, such a corridor meeting others, where it meets them
   being a junction that play honours;
3. every other rolled link, as a clear corridor that does not wander: drawn,
   or dropped with its reason. A link the polish added that step 2 had to
   replace is neither: it was never rolled, and its group is joined without it.

So a link is dropped only when the rooms stay joined without it, only rolled
links are dropped, and every room can be reached. With ``fit`` off every link
is drawn and corridors may share squares (a picture of the whole rolled list,
not a plan to play).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from undercroft.engine.tally import fired
from undercroft.systems.cardcrawl.dungeon.connect import DroppedLink, Groups, Link
from undercroft.systems.cardcrawl.dungeon.corridors import (
    Corridor,
    Junction,
    Mode,
    Router,
    corridor_polyline,
)
from undercroft.systems.cardcrawl.dungeon.grid import Cell, Rect
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE

DETOUR: Final = 2.0
"""A corridor that must be more than twice as long as the straight way (plus a few
squares) to stay clear of the others is one the plan cannot show well."""
CROWDED: Final = "no clear way: its corridor would cross, run beside or wind around others"
UNDRAWN: Final = "its links could not be drawn clear: joined to the nearest room"
MET: Final = "its links could not be drawn clear: joined at a junction"


@dataclass(frozen=True)
class Drawn:
    """What became of every link: a corridor, or dropped with the reason; and the
    junctions where corridors connect."""

    corridors: tuple[Corridor, ...]
    dropped: tuple[DroppedLink, ...]
    junctions: tuple[Junction, ...]


class _Drawing:
    """The links drawn so far and which rooms they join."""

    def __init__(self, links: Sequence[Link], rects: Mapping[int, Rect], width: int,
                 height: int, fit: bool, max_corridor: int | None) -> None:
        self.links = {link.pair: link for link in links}
        """The links asked for, by pair: a joining corridor between the rooms of one is it."""
        self.rects = rects
        self.router = Router(rects, width, height)
        self.mode: Mode = "clear" if fit else "shared"
        self.detour = DETOUR if fit else None
        self.max_corridor = max_corridor
        self.groups = Groups([ENTRANCE, *rects])
        self.corridors: list[Corridor] = []
        self.pairs: list[tuple[int, int]] = []
        self.junctions: list[Junction] = []

    def joins(self, link: Link) -> bool:
        return self.groups.find(link.a) != self.groups.find(link.b)

    def attempt(self, link: Link, wander: bool) -> str | None:
        """Draw the link if it fits; else the reason it does not."""
        cells = self.router.route(self.router.doors(link.b), self.router.ends(link.a),
                                  self.mode, None if wander else self.detour)
        if cells is None:
            return CROWDED
        if not wander and self.max_corridor is not None and len(cells) > self.max_corridor:
            return f"too long: {len(cells)} squares, the limit is {self.max_corridor}"
        self.draw(link, cells)
        return None

    def draw(self, link: Link, cells: list[Cell], meet: bool = False) -> None:
        """Record a corridor; with ``meet``, where it meets others are junctions."""
        met = self.router.touching(cells) if meet else {}
        self.router.use(cells)
        corridor = Corridor(link.a, link.b, link.mutual, tuple(cells),
                            corridor_polyline(cells, self.rects, link.a, link.b), link.added)
        self.corridors.append(corridor)
        self.pairs.append(link.pair)
        self.groups.join(link.a, link.b)
        for other, where in sorted(met.items()):
            fired("cardcrawl.layout.junction")
            a, b = self.pairs[other]
            self.junctions.append(Junction(tuple(sorted(where)), (link.pair, (a, b))))
            self.groups.join(link.a, a)
        fired("cardcrawl.layout.corridors")
        if link.mutual:
            fired("cardcrawl.link.mutual")

    def cut_off(self) -> list[list[int]]:
        """Groups of rooms not joined to the entrance, nearest the joined rooms first."""
        home = self.groups.find(ENTRANCE)
        joined = [n for n in self.rects if self.groups.find(n) == home]
        apart: dict[int, list[int]] = {}
        for number in self.rects:
            if self.groups.find(number) != home:
                apart.setdefault(self.groups.find(number), []).append(number)
        return sorted(apart.values(), key=lambda group: (self._gap(group, joined), group))

    def _gap(self, group: list[int], joined: list[int]) -> float:
        if not joined:
            return min(self.rects[n].x for n in group)
        return min(math.dist(self.rects[a].center, self.rects[b].center)
                   for a in group for b in joined)

    def join_group(self, group: list[int]) -> None:
        """A corridor from the group's rooms to the joined ones: clear if it can be, else
        meeting other corridors at junctions. It is added, unless it joins two rooms the
        plan linked (then it is that link, drawn where it could be)."""
        home = self.groups.find(ENTRANCE)
        joined = [n for n in self.rects if self.groups.find(n) == home]
        starts = {cell for n in group for cell in self.router.doors(n)}
        goals = ({cell for n in joined for cell in self.router.doors(n)} if joined
                 else self.router.west_edge())
        modes: tuple[Mode, ...] = ("clear", "junction") if self.mode == "clear" else (self.mode,)
        for mode in modes:
            cells = self.router.route(starts, goals, mode)
            if cells is None:
                continue
            fired("cardcrawl.layout.join")
            near = self._beside(cells[0], joined) if joined else ENTRANCE
            far = self._beside(cells[-1], group)
            pair = (min(near, far), max(near, far))
            link = self.links.get(pair) or Link(*pair, False,
                                                MET if mode == "junction" else UNDRAWN)
            self.draw(link, cells if near < far else cells[::-1], meet=mode == "junction")
            return
        raise RuntimeError(f"rooms {group} cannot be joined to the entrance")

    def _beside(self, cell: Cell, rooms: Sequence[int]) -> int:
        return min(n for n in rooms if cell in self.router.doors(n))


def draw_links(links: Sequence[Link], rects: Mapping[int, Rect], width: int, height: int,
               *, fit: bool = True, max_corridor: int | None = None) -> Drawn:
    """Corridors for the links that fit, every room joined to the entrance (see above)."""
    drawing = _Drawing(links, rects, width, height, fit, max_corridor)
    order = sorted(links, key=lambda link: (link.a != ENTRANCE, not link.mutual,
                                            _length(link, rects), link.a, link.b))
    put_off: dict[tuple[int, int], str] = {}
    for link in order:
        if link.mutual or drawing.joins(link):
            reason = drawing.attempt(link, wander=False)
            if reason is not None:
                put_off[link.pair] = reason
    for link in order:
        if link.pair in put_off and drawing.joins(link) and \
                drawing.attempt(link, wander=True) is None:
            del put_off[link.pair]
    while groups := drawing.cut_off():
        drawing.join_group(groups[0])
    dropped: list[DroppedLink] = []
    drawn = set(drawing.pairs)
    for link in order:
        if link.pair in drawn or link.added:
            continue  # an added link still undrawn was replaced by join_group's corridor
        reason = put_off.get(link.pair) or drawing.attempt(link, wander=False)
        if reason is not None:
            fired("cardcrawl.layout.drop")
            dropped.append(DroppedLink(link.a, link.b, link.mutual, reason))
    return Drawn(tuple(drawing.corridors), tuple(dropped), tuple(drawing.junctions))


def _length(link: Link, rects: Mapping[int, Rect]) -> float:
    """How far apart the link's rooms stand (for the entrance: the room from the west edge)."""
    if link.a == ENTRANCE:
        return float(rects[link.b].x)
    return math.dist(rects[link.a].center, rects[link.b].center)
