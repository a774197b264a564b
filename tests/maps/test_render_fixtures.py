"""Hand-built levels for the renderer tests, and checks that they are what they claim.

Other ``test_render_*`` files import the builders from here; the checks below
make sure a fixture really has counter-clockwise rooms, 45-degree walls and exits
lying on their walls, so a renderer test never passes on a broken fixture.
"""

from __future__ import annotations

from undercroft.maps.model import Exit, LevelMap, MurderHole, Point, Room, direction_of


def square(x0: int, y0: int, w: int, h: int) -> list[Point]:
    return [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)]


def rich_level() -> LevelMap:
    """Every room shape and exit type, a twinned door, secrets found and unfound,
    an undiscovered room, contents, labels and a murder hole."""
    room1 = Room(1, square(1, 1, 4, 4), 4, "square", exits=[
        Exit("1.1", "door", "E", ((5, 2), (5, 3)), to=2, twin="2.1"),
        Exit("1.2", "stair", "S", ((2, 1), (3, 1))),
        Exit("1.3", "teleport", "S", ((3.6, 1.6), (4.2, 2.2))),
        Exit("1.4", "secret", "N", ((2, 5), (3, 5)), to=5, twin="5.1"),
    ], contents=["treasure", "treasure", "key"], labels=["swarm of demons 50% (50 hp)"],
        murder_holes=[MurderHole("W", ((1, 3), (1, 4)), to=6)])
    room2 = Room(2, square(5, 1, 6, 3), 6, "rectangle", exits=[
        Exit("2.1", "door", "W", ((5, 3), (5, 2)), to=1, twin="1.1"),
        Exit("2.2", "crumble", "S", ((7, 1), (8, 1))),
        Exit("2.3", "treasure", "N", ((8, 4), (10, 4))),
        Exit("2.4", "food", "E", ((11, 2), (11, 3)), to=4, twin="4.1"),
    ], contents=["food"], labels=["2 wraiths"])
    room3 = Room(3, [(8, 5), (11, 8), (8, 11), (5, 8)], 3, "square", exits=[
        Exit("3.1", "open", "SE", ((9, 6), (10, 7))),
        Exit("3.2", "walldoor", "NW", ((7, 10), (6, 9)), opened=True),
        Exit("3.3", "secret", "NE", ((10, 9), (9, 10)), found=False),
    ], contents=["potion"], labels=["generator (20 hp)"])
    room4 = Room(4, [(11, 1), (15, 1), (11, 5)], 4, "triangle", exits=[
        Exit("4.1", "food", "W", ((11, 3), (11, 2)), to=2, twin="2.4"),
        Exit("4.2", "treasure", "NE", ((13, 3), (12, 4)), opened=True),
    ])
    room5 = Room(5, [(2, 5), (4, 5), (5, 6), (5, 8), (4, 9), (2, 9), (1, 8), (1, 6)], 4,
                 "circle", exits=[
                     Exit("5.1", "secret", "S", ((3, 5), (2, 5)), to=1, twin="1.4"),
                     Exit("5.2", "door", "N", ((2, 9), (3, 9)), opened=True),
                 ], contents=["ale", "poison"])
    room6 = Room(6, square(0, 1, 1, 4), 4, "hallway", exits=[
        Exit("6.1", "walldoor", "N", ((0, 5), (1, 5))),
    ], contents=["trap"], labels=["mimic lurks"], discovered=False)
    return LevelMap(16, [room1, room2, room3, room4, room5, room6], title="The Sunken Vault")


def one_room(exit_: Exit, *, discovered: bool = True) -> LevelMap:
    """A 3x3 room at (2, 2) holding the one exit under test."""
    return LevelMap(8, [Room(1, square(2, 2, 3, 3), 3, "square", exits=[exit_],
                             discovered=discovered)], title="One room")


def _area2(poly: list[Point]) -> float:
    pairs = zip(poly, poly[1:] + poly[:1], strict=True)
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs)


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    in_x = min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
    in_y = min(a[1], b[1]) <= p[1] <= max(a[1], b[1])
    return abs(cross) < 1e-9 and in_x and in_y


def test_fixture_rooms_are_counter_clockwise_with_45_degree_walls() -> None:
    for room in rich_level().rooms:
        assert _area2(room.polygon) > 0, room.id
        for a, b in room.walls():
            direction_of(b[0] - a[0], b[1] - a[1])


def test_fixture_exits_lie_on_their_walls() -> None:
    for room in rich_level().rooms:
        for ex in room.exits:
            if ex.type == "teleport":
                continue
            assert any(_on_segment(ex.segment[0], a, b) and _on_segment(ex.segment[1], a, b)
                       for a, b in room.walls()), ex.id
