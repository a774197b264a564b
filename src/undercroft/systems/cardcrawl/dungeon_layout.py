"""Random Dungeons, the layout: the seed's "move the boxes until the connections are simple".

The seed lays the numbered list out as boxes, drags them around until mutual
links are short and entrance rooms sit toward one side, then draws the result
on a 10-ft grid. Here that is three steps, each replaceable on its own:

1. a Kamada-Kawai graph layout (networkx) of the rooms and the entrance, with
   mutual links half as long as the others, turned so the entrance is west;
2. snapping to the grid: each room a rectangle of exactly ``size`` squares
   (:func:`room_shape`), placed nearest its target with one empty square to
   every other room, entrance rooms first along the west side (the facade);
3. corridors: A* over free squares from a door of one room to a door of the
   other (or to the west edge for the entrance), bends costing extra so
   corridors come out simple. A corridor that cannot be drawn is dropped and
   reported; shapely then checks the finished map independently.

Everything is a function of the plan, so a seed gives the same map every run.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field
from shapely import STRtree
from shapely.geometry import LineString, box
from shapely.geometry import Point as ShapelyPoint

from undercroft.systems.cardcrawl.dungeon_plan import ENTRANCE, DungeonPlan, Edge

GAP: Final = 1
"""Empty squares kept between any two rooms, so a corridor can pass every wall."""
MARGIN: Final = 2
"""Free squares between the rooms and the edge of the map, for corridors around the outside."""
ENTRANCE_SIDE: Final = "west"
MUTUAL_LENGTH: Final = 0.5
"""Graph length of a mutual link (others are 1): the seed wants these rooms close."""
STEP, BEND, SHARED = 2, 1, 1
"""Corridor costs: a square, a bend, a square another corridor already uses."""

Cell = tuple[int, int]
Point = tuple[float, float]
_DIRECTIONS: Final = ((1, 0), (0, 1), (-1, 0), (0, -1))


class LayoutConfig(BaseModel):
    """Options of the drawing step; none of them is in the seed, which leaves layout to taste."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    max_corridor: int | None = Field(default=None, ge=1)
    """Drop links whose corridor would be longer than this many squares (None: no limit)."""


def room_shape(size: int) -> tuple[int, int]:
    """(width, height) of the most square rectangle of exactly ``size`` squares, wide side first.

    Rooms stay rectangles (area = size, no empty corner): primes become 1 x p halls.
    """
    height = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    return size // height, height


@dataclass(frozen=True)
class Rect:
    """A room on the grid: squares x..x+w-1 by y..y+h-1, x east, y north."""

    x: int
    y: int
    w: int
    h: int

    @property
    def area(self) -> int:
        return self.w * self.h

    @property
    def center(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def cells(self) -> Iterable[Cell]:
        return ((x, y) for x in range(self.x, self.x + self.w)
                for y in range(self.y, self.y + self.h))

    def contains(self, cell: Cell) -> bool:
        return self.x <= cell[0] < self.x + self.w and self.y <= cell[1] < self.y + self.h

    def apart(self, other: Rect) -> bool:
        """At least ``GAP`` empty squares between the two along one axis."""
        return (self.x >= other.x + other.w + GAP or other.x >= self.x + self.w + GAP
                or self.y >= other.y + other.h + GAP or other.y >= self.y + self.h + GAP)

    def rows_overlap(self, other: Rect) -> bool:
        return self.y < other.y + other.h and other.y < self.y + self.h

    def to_dict(self) -> dict[str, int]:
        return {"x": self.x, "y": self.y, "w": self.w, "h": self.h}


@dataclass(frozen=True)
class Corridor:
    """A drawn link: the squares it runs through and its polyline, door to door."""

    a: int
    """The first room, or 0 for the entrance (then the corridor ends on the west edge)."""
    b: int
    mutual: bool
    cells: tuple[Cell, ...]
    points: tuple[Point, ...]

    @property
    def kind(self) -> str:
        return "entrance" if self.a == ENTRANCE else "mutual" if self.mutual else "link"

    def to_dict(self) -> dict[str, Any]:
        return {"from": "entrance" if self.a == ENTRANCE else self.a, "to": self.b,
                "kind": self.kind, "squares": len(self.cells),
                "path": [list(point) for point in self.points]}


@dataclass(frozen=True)
class DroppedLink:
    """A link the map could not draw, and why."""

    a: int
    b: int
    mutual: bool
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"from": "entrance" if self.a == ENTRANCE else self.a, "to": self.b,
                "mutual": self.mutual, "reason": self.reason}


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
    targets = graph_positions(plan)
    rects = _normalise(_place(plan, targets))
    width = max(r.x + r.w for r in rects.values()) + MARGIN
    height = max(r.y + r.h for r in rects.values()) + MARGIN
    router = _Router(rects, width, height)
    corridors: list[Corridor] = []
    dropped: list[DroppedLink] = []
    for edge in plan.edges():
        cells = router.route(edge.a, edge.b)
        if cells is None:
            dropped.append(DroppedLink(edge.a, edge.b, edge.mutual, "no route between the rooms"))
        elif config.max_corridor is not None and len(cells) > config.max_corridor:
            dropped.append(DroppedLink(edge.a, edge.b, edge.mutual,
                                       f"too long: {len(cells)} squares, the limit is "
                                       f"{config.max_corridor}"))
        else:
            router.use(cells)
            corridors.append(Corridor(edge.a, edge.b, edge.mutual, tuple(cells),
                                      _polyline(cells, rects, edge)))
    return Layout(width, height, rects, tuple(corridors), tuple(dropped))


# --- 1. graph layout ----------------------------------------------------------------------

def graph_positions(plan: DungeonPlan) -> dict[int, Point]:
    """Where each room would like to be, in squares: Kamada-Kawai, entrance turned west."""
    graph = nx.Graph()
    graph.add_nodes_from([ENTRANCE, *(room.number for room in plan.rooms)])
    for edge in plan.edges():
        graph.add_edge(edge.a, edge.b, length=MUTUAL_LENGTH if edge.mutual else 1.0)
    hops = dict(nx.shortest_path_length(graph, weight="length"))
    far = 1.0 + max((d for row in hops.values() for d in row.values()), default=0.0)
    dist = {a: {b: hops[a].get(b, far) for b in graph} for a in graph}
    count = len(plan.rooms)
    start = {node: (node / max(count, 1) - 0.5, _jitter(node)) for node in graph}
    start[ENTRANCE] = (-1.0, 0.0)
    raw = nx.kamada_kawai_layout(graph, dist=dist, pos=start)
    points = {node: (float(raw[node][0]), float(raw[node][1])) for node in graph}
    points = _turn_entrance_west(points, plan)
    links = [e for e in plan.edges() if e.a != ENTRANCE]
    mean = (sum(math.dist(points[e.a], points[e.b]) for e in links) / len(links)
            if links else 0.3)
    spacing = math.sqrt(sum(room.size for room in plan.rooms) / count) + 2 * GAP + 1
    factor = spacing / max(mean, 1e-6)
    return {node: (x * factor, y * factor) for node, (x, y) in points.items() if node}


def _jitter(node: int) -> float:
    """A fixed, well-spread start height (golden ratio), so no two rooms start on one line."""
    return ((node * 0.6180339887498949) % 1.0) - 0.5


def _turn_entrance_west(points: dict[int, Point], plan: DungeonPlan) -> dict[int, Point]:
    """Rotate the picture so the entrance rooms lie west of the others."""
    rooms = [points[room.number] for room in plan.rooms]
    cx, cy = sum(p[0] for p in rooms) / len(rooms), sum(p[1] for p in rooms) / len(rooms)
    front = [points[n] for n in plan.entrance_rooms] or [points[ENTRANCE]]
    fx, fy = sum(p[0] for p in front) / len(front), sum(p[1] for p in front) / len(front)
    if math.hypot(fx - cx, fy - cy) < 1e-9:
        return points
    turn = math.pi - math.atan2(fy - cy, fx - cx)
    cos, sin = math.cos(turn), math.sin(turn)
    return {n: ((x - cx) * cos - (y - cy) * sin, (x - cx) * sin + (y - cy) * cos)
            for n, (x, y) in points.items()}


# --- 2. snapping to the grid --------------------------------------------------------------

@dataclass
class _Board:
    """Rooms placed so far, and the rules a new room must keep."""

    rects: dict[int, Rect] = field(default_factory=dict)
    blocked: set[Cell] = field(default_factory=set)
    """Squares of placed rooms and the empty ring they keep around them."""
    front: list[Rect] = field(default_factory=list)
    """Placed entrance rooms: nothing may stand west of them in their rows."""

    def fits(self, rect: Rect, entrance: bool) -> bool:
        if any(cell in self.blocked for cell in rect.cells()):
            return False
        if entrance:
            return not any(rect.rows_overlap(other) for other in self.front)
        if self.front and rect.x < min(other.x for other in self.front):
            return False
        return not any(rect.rows_overlap(other) and rect.x < other.x for other in self.front)

    def put(self, number: int, rect: Rect, entrance: bool) -> None:
        self.rects[number] = rect
        self.blocked.update((x, y) for x in range(rect.x - GAP, rect.x + rect.w + GAP)
                            for y in range(rect.y - GAP, rect.y + rect.h + GAP))
        if entrance:
            self.front.append(rect)


def _place(plan: DungeonPlan, targets: Mapping[int, Point]) -> dict[int, Rect]:
    """Entrance rooms first (north to south), then each room most tied to those placed."""
    board = _Board()
    entrance = set(plan.entrance_rooms)
    weights: dict[int, dict[int, float]] = {room.number: {} for room in plan.rooms}
    for edge in plan.edges():
        if edge.a != ENTRANCE:
            weight = 3.0 if edge.mutual else 1.0
            weights[edge.a][edge.b] = weights[edge.b][edge.a] = weight
    west = min(x for x, _ in targets.values())
    for number in sorted(entrance, key=lambda n: (-targets[n][1], n)):
        # The facade: every entrance room aims at the west-most column, at its own height.
        target = (west, targets[number][1])
        board.put(number, _spot(plan.room(number).size, target, board, True), True)
    while len(board.rects) < len(plan.rooms):
        number = max((n for n in weights if n not in board.rects),
                     key=lambda n: (sum(w for m, w in weights[n].items() if m in board.rects),
                                    plan.room(n).size, -n))
        target = _pull(targets[number], weights[number], board.rects)
        board.put(number, _spot(plan.room(number).size, target, board, False), False)
    return board.rects


def _pull(target: Point, weights: Mapping[int, float], placed: Mapping[int, Rect]) -> Point:
    """Halfway between the graph's wish and the weighted centre of placed neighbours."""
    near = [(w, placed[m].center) for m, w in weights.items() if m in placed]
    if not near:
        if not placed:
            return target
        # A room nothing placed links to: the graph layout puts unconnected parts
        # far off, so keep it within the rooms already placed instead.
        xs = [r.center[0] for r in placed.values()]
        ys = [r.center[1] for r in placed.values()]
        return (min(max(target[0], min(xs)), max(xs)), min(max(target[1], min(ys)), max(ys)))
    total = sum(w for w, _ in near)
    mx = sum(w * c[0] for w, c in near) / total
    my = sum(w * c[1] for w, c in near) / total
    return ((target[0] + mx) / 2, (target[1] + my) / 2)


def _spot(size: int, target: Point, board: _Board, entrance: bool) -> Rect:
    """The free rectangle of ``size`` squares whose centre is nearest ``target``.

    Searches square rings outward; once one ring has a fit, the next is checked
    too (a ring's corner is farther than the next ring's side), then the nearest wins.
    """
    wide, tall = room_shape(size)
    shapes = [(wide, tall)] if wide == tall else [(wide, tall), (tall, wide)]
    cx, cy = round(target[0]), round(target[1])
    best: tuple[float, int, int, int, Rect] | None = None
    found_at: int | None = None
    radius = 0
    while found_at is None or radius <= found_at + 1:
        for dx, dy in _ring(radius):
            for index, (w, h) in enumerate(shapes):
                rect = Rect(cx + dx - w // 2, cy + dy - h // 2, w, h)
                if board.fits(rect, entrance):
                    distance = math.dist(rect.center, target)
                    key = (distance, index, rect.y, rect.x, rect)
                    if best is None or key[:4] < best[:4]:
                        best = key
                        found_at = radius if found_at is None else found_at
        radius += 1
    assert best is not None
    return best[4]


def _ring(radius: int) -> list[Cell]:
    """Offsets at exactly ``radius`` squares (Chebyshev) from the centre."""
    if radius == 0:
        return [(0, 0)]
    return [(dx, dy) for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1)
            if max(abs(dx), abs(dy)) == radius]


def _normalise(rects: Mapping[int, Rect]) -> dict[int, Rect]:
    """Shift the map so the rooms start ``MARGIN`` squares from the west and south edges."""
    dx = MARGIN - min(r.x for r in rects.values())
    dy = MARGIN - min(r.y for r in rects.values())
    return {n: Rect(r.x + dx, r.y + dy, r.w, r.h) for n, r in sorted(rects.items())}


# --- 3. corridors -------------------------------------------------------------------------

class _Router:
    """A* over the squares no room covers; bends and shared squares cost extra."""

    def __init__(self, rects: Mapping[int, Rect], width: int, height: int) -> None:
        self.rects = rects
        self.width, self.height = width, height
        self.room_at = {cell: n for n, r in rects.items() for cell in r.cells()}
        self.used: set[Cell] = set()

    def free(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height and cell not in self.room_at

    def doors(self, number: int) -> set[Cell]:
        """Free squares touching a wall of the room: where a corridor may leave it."""
        rect = self.rects[number]
        return {(x + dx, y + dy) for x, y in rect.cells() for dx, dy in _DIRECTIONS
                if not rect.contains((x + dx, y + dy)) and self.free((x + dx, y + dy))}

    def use(self, cells: Iterable[Cell]) -> None:
        self.used.update(cells)

    def route(self, a: int, b: int) -> list[Cell] | None:
        """Squares from a door of ``b`` to a door of ``a`` (or the west edge for the entrance)."""
        goals = {(0, y) for y in range(self.height)} if a == ENTRANCE else self.doors(a)
        goals = {cell for cell in goals if self.free(cell)}
        if not goals:
            return None
        gx0 = min(c[0] for c in goals)
        gx1 = max(c[0] for c in goals)
        gy0 = min(c[1] for c in goals)
        gy1 = max(c[1] for c in goals)

        def guess(cell: Cell) -> int:
            x, y = cell
            return STEP * (max(gx0 - x, 0, x - gx1) + max(gy0 - y, 0, y - gy1))

        State = tuple[Cell, int]
        queue: list[tuple[int, int, State]] = []
        cost: dict[State, int] = {}
        back: dict[State, State | None] = {}
        for cell in sorted(self.doors(b)):
            state = (cell, -1)
            cost[state], back[state] = self._price(cell), None
            heapq.heappush(queue, (cost[state] + guess(cell), cost[state], state))
        while queue:
            _, spent, state = heapq.heappop(queue)
            if spent > cost[state]:
                continue
            cell, heading = state
            if cell in goals:
                return self._trace(state, back)
            for index, (dx, dy) in enumerate(_DIRECTIONS):
                step = (cell[0] + dx, cell[1] + dy)
                if not self.free(step):
                    continue
                bend = BEND if heading not in (-1, index) else 0
                total = spent + self._price(step) + bend
                following = (step, index)
                if total < cost.get(following, total + 1):
                    cost[following], back[following] = total, state
                    heapq.heappush(queue, (total + guess(step), total, following))
        return None

    def _price(self, cell: Cell) -> int:
        return STEP + (SHARED if cell in self.used else 0)

    @staticmethod
    def _trace(state: tuple[Cell, int], back: Mapping[tuple[Cell, int],
                                                   tuple[Cell, int] | None]) -> list[Cell]:
        cells: list[Cell] = []
        current: tuple[Cell, int] | None = state
        while current is not None:
            cells.append(current[0])
            current = back[current]
        return cells  # from a's side to b's side


def _door_point(cell: Cell, rect: Rect) -> Point:
    """Middle of the wall between a door square and the room it touches."""
    for dx, dy in _DIRECTIONS:
        if rect.contains((cell[0] + dx, cell[1] + dy)):
            return (cell[0] + 0.5 + dx / 2, cell[1] + 0.5 + dy / 2)
    raise ValueError(f"square {cell} does not touch the room at {rect}")


def _polyline(cells: list[Cell], rects: Mapping[int, Rect], edge: Edge) -> tuple[Point, ...]:
    """Door of a (or the west edge), the squares' centres, door of b; straight runs merged."""
    first, last = cells[0], cells[-1]
    start = (0.0, first[1] + 0.5) if edge.a == ENTRANCE else _door_point(first, rects[edge.a])
    points = [start, *((x + 0.5, y + 0.5) for x, y in cells), _door_point(last, rects[edge.b])]
    simple = [points[0]]
    for here, after in itertools.pairwise(points[1:]):
        before = simple[-1]
        if not (before[0] == here[0] == after[0] or before[1] == here[1] == after[1]):
            simple.append(here)
    simple.append(points[-1])
    return tuple(simple)


# --- the independent check ----------------------------------------------------------------

def layout_problems(plan: DungeonPlan, layout: Layout) -> list[str]:
    """Every broken promise of a layout, one sentence each, found with shapely.

    Rooms inside the map, area equal to size, no two overlapping or touching;
    every corridor orthogonal, ending on its rooms' walls (or the west edge) and
    crossing no room; every link of the plan drawn or dropped with a reason;
    nothing between an entrance room and the west edge.
    """
    problems: list[str] = []
    frame = box(0, 0, layout.width, layout.height)
    shapes = {n: box(r.x, r.y, r.x + r.w, r.y + r.h) for n, r in layout.rects.items()}
    for number, shape in shapes.items():
        size = plan.room(number).size
        if shape.area != size:
            problems.append(f"room {number}: area {shape.area:g} but size {size}")
        if not frame.contains(shape):
            problems.append(f"room {number}: outside the map")
        for other, second in shapes.items():
            if other > number and shape.distance(second) < GAP:
                problems.append(f"rooms {number} and {other}: less than {GAP} square apart")
    numbers = list(shapes)
    inner = STRtree([shapes[n].buffer(-1e-6) for n in numbers])
    for corridor in layout.corridors:
        problems += _corridor_problems(corridor, shapes)
        crossed = inner.query(LineString(corridor.points), predicate="intersects")
        problems += [f"corridor {corridor.a}-{corridor.b}: crosses room {numbers[int(i)]}"
                     for i in sorted(crossed)]
    drawn = {(c.a, c.b) for c in layout.corridors} | {(d.a, d.b) for d in layout.dropped}
    problems += [f"link {e.a}-{e.b}: neither drawn nor dropped" for e in plan.edges()
                 if (e.a, e.b) not in drawn]
    for number in plan.entrance_rooms:
        rect = layout.rects[number]
        strip = box(0, rect.y, rect.x, rect.y + rect.h)
        problems += [f"room {other} stands between entrance room {number} and the west edge"
                     for other, shape in shapes.items()
                     if other != number and shape.intersection(strip).area > 0]
    return problems


def _corridor_problems(corridor: Corridor, shapes: Mapping[int, Any]) -> list[str]:
    name = f"corridor {corridor.a}-{corridor.b}"
    problems = [f"{name}: not orthogonal" for p, q in itertools.pairwise(corridor.points)
                if p[0] != q[0] and p[1] != q[1]]
    ends = [corridor.b] if corridor.a == ENTRANCE else [corridor.a, corridor.b]
    if corridor.a == ENTRANCE and corridor.points[0][0] != 0:
        problems.append(f"{name}: does not reach the west edge")
    for end, point in zip(ends, (corridor.points[0], corridor.points[-1])
                          if corridor.a != ENTRANCE else (corridor.points[-1],), strict=True):
        if shapes[end].boundary.distance(ShapelyPoint(point)) > 1e-9:
            problems.append(f"{name}: does not end on a wall of room {end}")
    return problems
