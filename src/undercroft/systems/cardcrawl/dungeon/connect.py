"""Random Dungeons, the GM's polish of the links: a way in, a few ways in, every room joined.

The seed's list can leave a dungeon with no connection to the entrance, or with
rooms no chain of links joins to it, and it often rolls more ways in than a
table wants ("giving them too many ways in would add hours to dithering"). The
seed's GM "polish[es] out the connections" and "streamline[s] the number of
access points"; here that is done before anything is placed, so the rooms are
laid out around the links that will be drawn:

* at most ``max_entrances`` entrance links are kept, one for each separate
  group of rooms first (the lowest-numbered room of the largest group first),
  then the lowest-numbered others; the rest are dropped with their reason;
* every group of rooms still cut off from the entrance gets one added link,
  from its room nearest the rooms already joined (in the graph layout) to that
  room, the nearest group first; with no way in at all, the room nearest the
  entrance gets one. One link per cut-off group is the fewest that can join it.

The rolled list is untouched: added and dropped links are recorded apart.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from undercroft.engine.tally import fired
from undercroft.systems.cardcrawl.dungeon.grid import Point
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan

MAX_ENTRANCES: Final = 3
"""Ways in a plan keeps by default: a few, on one side (the seed's streamlined facade)."""
NO_WAY_IN: Final = "no way in was rolled: the room nearest the entrance opens to it"
CUT_OFF: Final = "cut off from the entrance: joined to the nearest room"


@dataclass(frozen=True)
class Link:
    """A link the map is asked to draw: one of the plan's, or one the polish added."""

    a: int
    """The first room, or 0 for the entrance."""
    b: int
    mutual: bool
    added: str = ""
    """Why the link was added; empty for a link the plan rolled."""

    @property
    def pair(self) -> tuple[int, int]:
        return (self.a, self.b)


@dataclass(frozen=True)
class DroppedLink:
    """A rolled link the map does not draw, and why."""

    a: int
    b: int
    mutual: bool
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"from": "entrance" if self.a == ENTRANCE else self.a, "to": self.b,
                "mutual": self.mutual, "reason": self.reason}


@dataclass(frozen=True)
class Polished:
    """The links to draw (rolled ones first, then added ones) and the entrances dropped."""

    links: tuple[Link, ...]
    dropped: tuple[DroppedLink, ...]

    @property
    def entrance_rooms(self) -> tuple[int, ...]:
        return tuple(sorted(link.b for link in self.links if link.a == ENTRANCE))


class Groups:
    """Union-find over the entrance and the rooms."""

    def __init__(self, nodes: list[int]) -> None:
        self.parent = {node: node for node in nodes}

    def find(self, node: int) -> int:
        while self.parent[node] != node:
            self.parent[node] = self.parent[self.parent[node]]
            node = self.parent[node]
        return node

    def join(self, a: int, b: int) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self.parent[max(ra, rb)] = min(ra, rb)
        return True


def polish(plan: DungeonPlan, points: Mapping[int, Point],
           max_entrances: int | None = MAX_ENTRANCES) -> Polished:
    """The plan's links with the ways in cut to ``max_entrances`` (None: all kept) and the
    fewest links added, nearest first by ``points`` (the graph layout, entrance at 0),
    that join every room to the entrance."""
    rooms = [room.number for room in plan.rooms]
    between = [edge for edge in plan.edges() if edge.a != ENTRANCE]
    groups = Groups(rooms)
    for edge in between:
        groups.join(edge.a, edge.b)
    kept = _ways_in(plan.entrance_rooms, groups, max_entrances)
    dropped = tuple(DroppedLink(ENTRANCE, number, False,
                                f"more ways in than the {max_entrances} the plan keeps")
                    for number in plan.entrance_rooms if number not in kept)
    if dropped:
        fired("cardcrawl.layout.entrances")
    links = [Link(ENTRANCE, number, False) for number in kept]
    links += [Link(edge.a, edge.b, edge.mutual) for edge in between]
    joined = Groups([ENTRANCE, *rooms])
    for link in links:
        joined.join(link.a, link.b)
    links += _joining_links(rooms, points, joined)
    return Polished(tuple(links), dropped)


def _ways_in(entrance_rooms: tuple[int, ...], groups: Groups,
             most: int | None) -> tuple[int, ...]:
    """The entrance rooms kept: all of them, or one per group of rooms first (largest
    group first), then the lowest-numbered, up to ``most``."""
    if most is None or len(entrance_rooms) <= most:
        return entrance_rooms
    size: dict[int, int] = {}
    for number in groups.parent:
        size[groups.find(number)] = size.get(groups.find(number), 0) + 1
    firsts: dict[int, int] = {}
    for number in entrance_rooms:
        firsts.setdefault(groups.find(number), number)
    chosen = sorted(firsts.values(), key=lambda n: (-size[groups.find(n)], n))[:most]
    chosen += [n for n in entrance_rooms if n not in chosen][:most - len(chosen)]
    return tuple(sorted(chosen))


def _joining_links(rooms: list[int], points: Mapping[int, Point],
                   joined: Groups) -> list[Link]:
    """One added link per group cut off from the entrance, nearest group first."""
    added: list[Link] = []
    while True:
        inside = [n for n in [ENTRANCE, *rooms] if joined.find(n) == joined.find(ENTRANCE)]
        outside = [n for n in rooms if joined.find(n) != joined.find(ENTRANCE)]
        if not outside:
            return added
        targets = [n for n in inside if n != ENTRANCE] or [ENTRANCE]
        _, a, b = min((math.dist(points[a], points[b]), a, b) for a in targets for b in outside)
        fired("cardcrawl.layout.join")
        added.append(Link(min(a, b), max(a, b), False, NO_WAY_IN if a == ENTRANCE else CUT_OFF))
        joined.join(a, b)
