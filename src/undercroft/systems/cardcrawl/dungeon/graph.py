"""Random Dungeons, layout step 1: where each room would like to be, from the link graph.

The seed drags its boxes around until mutual links are short and the entrance
rooms sit toward one side. Here that wish is a Kamada-Kawai layout (networkx)
of the rooms and the entrance, with mutual links half as long as the others,
turned so the entrance is west and scaled to grid squares. The positions are
only targets: ``placement`` snaps real rooms near them.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import cache
from typing import Final

import networkx as nx
from threadpoolctl import ThreadpoolController

from undercroft.systems.cardcrawl.dungeon.grid import GAP, Point
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE
from undercroft.systems.cardcrawl.dungeon.plan import DungeonPlan

MUTUAL_LENGTH: Final = 0.5
"""Graph length of a mutual link (others are 1): the seed wants these rooms close."""


def graph_positions(plan: DungeonPlan, entrance_rooms: Collection[int] | None = None,
                    links: Iterable[tuple[int, int]] = ()) -> dict[int, Point]:
    """Where each room would like to be, in squares: Kamada-Kawai, entrance turned west.

    ``entrance_rooms`` (the plan's own by default) are the ones turned west; ``links``
    are the rooms' links between them (the plan's by default), for the spacing.
    """
    return to_squares(layout_graph(plan), plan,
                      plan.entrance_rooms if entrance_rooms is None else entrance_rooms,
                      list(links) or [(e.a, e.b) for e in plan.edges()])


def layout_graph(plan: DungeonPlan, added: Iterable[tuple[int, int]] = (),
                 start: Mapping[int, Point] | None = None) -> dict[int, Point]:
    """Kamada-Kawai positions of the rooms and the entrance (node 0), in graph units.

    ``added`` are links the plan did not roll (the polish's, to join rooms cut off),
    and ``start`` the positions to start from (a first layout's, say). Parts of the
    graph that nothing joins are kept one longest path apart, so the nearest rooms of
    two parts are the ones facing each other.
    """
    graph = nx.Graph()
    graph.add_nodes_from([ENTRANCE, *(room.number for room in plan.rooms)])
    for edge in plan.edges():
        graph.add_edge(edge.a, edge.b, length=MUTUAL_LENGTH if edge.mutual else 1.0)
    graph.add_edges_from(added, length=1.0)
    hops = dict(nx.shortest_path_length(graph, weight="length"))
    far = 1.0 + max((d for row in hops.values() for d in row.values()), default=0.0)
    dist = {a: {b: hops[a].get(b, far) for b in graph} for a in graph}
    count = len(plan.rooms)
    if start is None:
        start = {node: (node / max(count, 1) - 0.5, _jitter(node)) for node in graph}
        start[ENTRANCE] = (-1.0, 0.0)
    with _blas().limit(limits=1, user_api="blas"):
        raw = nx.kamada_kawai_layout(graph, dist=dist, pos=dict(start))
    return {node: (float(raw[node][0]), float(raw[node][1])) for node in graph}


def to_squares(points: Mapping[int, Point], plan: DungeonPlan, entrance_rooms: Collection[int],
               links: Sequence[tuple[int, int]]) -> dict[int, Point]:
    """Graph positions turned so ``entrance_rooms`` lie west, scaled so the average link
    between rooms is about one room and its gaps long; the entrance node left out."""
    turned = _turn_entrance_west(dict(points), plan, entrance_rooms)
    between = [(a, b) for a, b in links if a != ENTRANCE]
    mean = (sum(math.dist(turned[a], turned[b]) for a, b in between) / len(between)
            if between else 0.3)
    count = len(plan.rooms)
    spacing = math.sqrt(sum(room.size for room in plan.rooms) / count) + 2 * GAP + 1
    factor = spacing / max(mean, 1e-6)
    return {node: (x * factor, y * factor) for node, (x, y) in turned.items() if node}


@cache
def _blas() -> ThreadpoolController:
    """The BLAS libraries loaded, to hold Kamada-Kawai's solver to one thread: on a problem
    of a few dozen numbers OpenBLAS's threads only wait on each other, which made each
    layout several times slower, and a whole machine's worth of them when games run in
    parallel. Made once, after the solver's modules are loaded (scipy brings its own)."""
    import scipy.optimize  # noqa: F401

    return ThreadpoolController()


def _jitter(node: int) -> float:
    """A fixed, well-spread start height (golden ratio), so no two rooms start on one line."""
    return ((node * 0.6180339887498949) % 1.0) - 0.5


def _turn_entrance_west(points: dict[int, Point], plan: DungeonPlan,
                        entrance_rooms: Collection[int]) -> dict[int, Point]:
    """Rotate the picture so the entrance rooms lie west of the others."""
    rooms = [points[room.number] for room in plan.rooms]
    cx, cy = sum(p[0] for p in rooms) / len(rooms), sum(p[1] for p in rooms) / len(rooms)
    front = [points[n] for n in entrance_rooms] or [points[ENTRANCE]]
    fx, fy = sum(p[0] for p in front) / len(front), sum(p[1] for p in front) / len(front)
    if math.hypot(fx - cx, fy - cy) < 1e-9:
        return points
    turn = math.pi - math.atan2(fy - cy, fx - cx)
    cos, sin = math.cos(turn), math.sin(turn)
    return {n: ((x - cx) * cos - (y - cy) * sin, (x - cx) * sin + (y - cy) * cos)
            for n, (x, y) in points.items()}
