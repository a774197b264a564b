"""Card Crawl's Random Dungeons (seed 004): die plan, sizes, types, connections, layout.

The seed's two worked examples are reproduced from forced rolls; everything
else is checked as properties over many seeds and room counts.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare
from shapely.geometry import Polygon

from scripted_dice import Faces
from undercroft.dice import distribution
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.dungeon.connect import (
    CUT_OFF,
    MAX_ENTRANCES,
    NO_WAY_IN,
    DroppedLink,
    polish,
)
from undercroft.systems.cardcrawl.dungeon.dice import (
    DIE_SIZES,
    MAX_ROOMS,
    DiceLog,
    die_plan,
    main_die,
    roll_size,
)
from undercroft.systems.cardcrawl.dungeon.fit import CROWDED, UNDRAWN
from undercroft.systems.cardcrawl.dungeon.graph import graph_positions, layout_graph
from undercroft.systems.cardcrawl.dungeon.grid import Rect, room_shape
from undercroft.systems.cardcrawl.dungeon.layout import Layout, LayoutConfig, layout_dungeon
from undercroft.systems.cardcrawl.dungeon.layout_checks import crowding_problems, layout_problems
from undercroft.systems.cardcrawl.dungeon.links import ENTRANCE, read_link
from undercroft.systems.cardcrawl.dungeon.plan import (
    DungeonPlan,
    Edge,
    PlanConfig,
    PlannedRoom,
    generate_plan,
    plan_dungeon,
)
from undercroft.systems.cardcrawl.dungeon.room_types import load_room_types, roll_type

ROOT = Path(__file__).parents[2]
RULES = ROOT / "docs" / "rules" / "cardcrawl-dungeons.md"
seeds = st.integers(min_value=0, max_value=2**32 - 1)
room_counts = st.integers(min_value=1, max_value=MAX_ROOMS)
configs = st.builds(PlanConfig, rooms=room_counts, vary=st.booleans(),
                    die=st.none() | st.sampled_from(DIE_SIZES),
                    repeats=st.sampled_from(["keep", "reroll", "adjacent"]),
                    max_repeats=st.integers(1, 3), lower_level=st.booleans())

SEED_TABLE = {
    2: "Anteroom/Storage", 3: "Guardroom", 4: "Bedroom", 5: "Latrine/Trash", 6: "Crafting",
    7: "Gathering/Kitchen", 8: "Office/Private", 9: "Practice/Cells", 10: "Barracks",
    11: "Chapel", 12: "Audience Room", 13: "Assembly Room", 14: "Warehouse", 15: "Gym",
    16: "Kitchens", 17: "Barracks", 18: "Prison", 19: "Throne Room", 20: "Temple",
    21: "Fortification", 22: "Farm/Ranch", 23: "Gym", 24: "Throne Room", 25: "Temple",
    26: "Warehouse",
}


# --- die plan ---------------------------------------------------------------------------

def test_main_die_is_the_smallest_die_with_at_least_rooms_minus_four() -> None:
    assert main_die(11) == 8  # the rule text: "an 11 room complex gives you a d8"
    assert main_die(14) == 10  # second example: 14 rooms and d10s
    assert main_die(10) == 6  # first example takes a d8 by choice: "a little high"
    assert [main_die(n) for n in (1, 8, 9, 12, 13, 16, 17, 24, 25, 60)] == \
        [4, 4, 6, 8, 10, 12, 20, 20, 20, 20]


def test_die_plan_for_every_room_count_with_and_without_vary() -> None:
    for rooms in range(1, MAX_ROOMS + 1):
        main = main_die(rooms)
        assert main >= min(max(rooms - 4, 4), 20)
        smaller = [s for s in DIE_SIZES if s < main]
        assert not smaller or smaller[-1] < rooms - 4 or main == 4
        plain = die_plan(rooms)
        assert plain.dice == (main,) * rooms and plain.first == plain.last == 0
        varied = die_plan(rooms, vary=True)
        third = rooms // 3
        assert varied.first == varied.last == third
        index = DIE_SIZES.index(main)
        down, up = DIE_SIZES[max(index - 1, 0)], DIE_SIZES[min(index + 1, len(DIE_SIZES) - 1)]
        assert varied.dice == (down,) * third + (main,) * (rooms - 2 * third) + (up,) * third
        assert varied.main == main and len(varied.dice) == rooms


def test_seed_examples_die_plans() -> None:
    first = die_plan(10, vary=True, die=8)  # "I decide to make 10 rooms and use a d8"
    assert first.counts() == [(6, 3), (8, 4), (10, 3)]
    second = die_plan(14, vary=True)  # 14 rooms, d10s: d8s for the first 4, d12s for the last
    assert second.main == 10
    assert second.counts() == [(8, 4), (10, 6), (12, 4)]


def test_room_counts_outside_1_to_60_are_refused() -> None:
    for rooms in (0, -3, MAX_ROOMS + 1):
        with pytest.raises(BadInput, match="1 to 60 rooms"):
            die_plan(rooms)


# --- sizes ------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds)
def test_size_is_the_smaller_of_two_of_the_rooms_die(config: PlanConfig, seed: int) -> None:
    plan = generate_plan(config, seed)
    for room in plan.rooms:
        assert room.die == plan.dice.die_for(room.number)
        assert all(1 <= face <= room.die for face in room.size_faces)
        assert room.size == min(room.size_faces)
        logged = [r.result for r in plan.rolls if r.room == room.number and r.table == "size"]
        assert tuple(logged) == room.size_faces
    assert all(1 <= roll.result <= roll.sides for roll in plan.rolls)


@pytest.mark.parametrize("sides", [6, 8, 20])
def test_size_distribution_matches_exact_odds_of_keeping_the_smaller(sides: int) -> None:
    exact = distribution(f"2d{sides}kl1")
    for size in range(1, sides + 1):  # the closed form: (2(n - k) + 1) / n^2
        assert exact[size] * sides * sides == 2 * (sides - size) + 1
    dice = DiceLog(Stream(2024, "test/sizes").die)
    count = 40_000
    seen = Counter(min(roll_size(dice, 1, sides)) for _ in range(count))
    observed = [seen[size] for size in range(1, sides + 1)]
    expected = [float(exact[size]) * count for size in range(1, sides + 1)]
    assert chisquare(observed, expected).pvalue > 1e-3


# --- types ------------------------------------------------------------------------------

def test_type_table_is_the_seeds_table() -> None:
    table = load_room_types()
    assert dict(table.names) == SEED_TABLE
    assert (table.low, table.high) == (2, 26)  # size 20 (a d20) + 6 is the table's end


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds)
def test_type_is_size_plus_d6_on_the_table(config: PlanConfig, seed: int) -> None:
    plan = generate_plan(config, seed)
    for room in plan.rooms:
        faces = [r.result for r in plan.rolls if r.room == room.number and r.table == "type"]
        assert tuple(faces) == room.type.faces and all(1 <= f <= 6 for f in faces)
        assert 2 <= room.type.total <= 26
        assert room.type.name == SEED_TABLE[room.type.total]
        if config.repeats == "keep":
            assert len(faces) == 1 and room.type.total == room.size + faces[0]
        if config.repeats == "reroll":
            assert room.type.total == min(room.size + faces[-1], 26)


def test_totals_past_the_table_read_its_last_row() -> None:
    table = load_room_types()
    assert table.lookup(26) == table.lookup(30) == "Warehouse"
    assert table.lookup(1) == "Anteroom/Storage"


def test_repeated_types_are_kept_rerolled_or_moved_to_a_neighbour() -> None:
    table = load_room_types()
    seen = Counter({"Barracks": 2})  # two Barracks already
    keep = roll_type(DiceLog(Faces(6).die), 3, 4, table, seen, PlanConfig(rooms=5))
    assert (keep.total, keep.name, keep.note) == (10, "Barracks", "")
    config = PlanConfig(rooms=5, repeats="reroll", max_repeats=2)
    dice = DiceLog(Faces(6, 6, 2).die)
    again = roll_type(dice, 3, 4, table, seen, config)
    assert again.faces == (6, 6, 2) and (again.total, again.name) == (6, "Crafting")
    assert "rerolled" in again.note
    assert [r.what for r in dice.rolls] == ["room 3 type d6", "room 3 type d6 (reroll 1)",
                                            "room 3 type d6 (reroll 2)"]
    limited = roll_type(DiceLog(Faces(6, 6).die), 3, 4, table, seen,
                        replace_config(config, rerolls=1))
    assert limited.name == "Barracks" and limited.faces == (6, 6)  # out of rerolls: it stands
    moved = roll_type(DiceLog(Faces(6).die), 3, 4, table, seen,
                      PlanConfig(rooms=5, repeats="adjacent"))
    assert (moved.total, moved.name) == (9, "Practice/Cells") and "adjacent" in moved.note


def replace_config(config: PlanConfig, **changes: object) -> PlanConfig:
    return PlanConfig.model_validate({**config.model_dump(), **changes})


def write_table(tmp_path: Path, entries: dict[int, str], extra: str = "") -> Path:
    path = tmp_path / "types.toml"
    path.write_text("".join(f'[[room_type]]\ntotal = {total}\nname = "{name}"\n\n'
                            for total, name in entries.items()) + extra)
    return path


def test_a_broken_type_table_names_file_entry_and_field(tmp_path: Path) -> None:
    empty = write_table(tmp_path, {**SEED_TABLE, 4: " "})
    with pytest.raises(BadInput, match=r"types\.toml: room_type entry 3, field name"):
        load_room_types(empty)
    twice = write_table(tmp_path, SEED_TABLE, '[[room_type]]\ntotal = 9\nname = "Pit"\n')
    with pytest.raises(BadInput, match=r"room_type entry 26, field total: 9 is already entry 8"):
        load_room_types(twice)
    missing = write_table(tmp_path, {t: n for t, n in SEED_TABLE.items() if t != 17})
    with pytest.raises(BadInput, match="room_type total 17 is missing"):
        load_room_types(missing)
    wrong = write_table(tmp_path, SEED_TABLE, '[[room_type]]\ntotal = "x"\nname = "Pit"\n')
    with pytest.raises(BadInput, match="room_type entry 26, field total"):
        load_room_types(wrong)
    (tmp_path / "bad.toml").write_text("[[room_type]\n")
    with pytest.raises(BadInput, match="not valid TOML"):
        load_room_types(tmp_path / "bad.toml")


# --- connections ------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(config=configs, seed=seeds)
def test_connections_are_filtered_and_every_drop_has_its_reason(config: PlanConfig,
                                                                seed: int) -> None:
    plan = generate_plan(config, seed)
    rooms = config.rooms
    for room in plan.rooms:
        assert len(room.links) == room.size  # one roll per unit of size
        kept: list[object] = []
        for link in room.links:
            assert 1 <= link.positive <= plan.dice.main and 1 <= link.negative <= plan.dice.main
            assert link.target == room.number + link.positive - link.negative
            if link.kept:
                assert link.link not in kept  # no duplicate survives
                kept.append(link.link)
            else:
                assert link.reason in ("self", "over max", "duplicate")
            if link.target <= 0:
                assert link.link == "entrance" and link.reason in (None, "duplicate")
            elif link.target == room.number:
                assert link.reason == "self" and link.label == "self"
            elif link.target > rooms:
                if config.lower_level:
                    assert link.link == "lower level"
                else:
                    assert link.reason == "over max" and link.label == "over max"
            else:
                assert link.link == link.target
        assert all(isinstance(n, int) and 1 <= n <= rooms and n != room.number
                   for n in room.connections)
        assert len(set(room.connections)) == len(room.connections)
    mutual = set(plan.mutual)
    for room in plan.rooms:
        for other in room.connections:
            both = room.number in plan.room(other).connections
            assert ((min(room.number, other), max(room.number, other)) in mutual) == both
    assert all(a < b for a, b in mutual)
    assert set(plan.entrance_rooms) == {r.number for r in plan.rooms if r.entrance}


def test_reading_order_entrance_self_over_max_duplicate() -> None:
    assert read_link(5, 0, 10, [], False) == ("entrance", None)
    assert read_link(5, -3, 10, [], False) == ("entrance", None)
    assert read_link(5, 5, 10, [], False) == (None, "self")
    assert read_link(5, 11, 10, [], False) == (None, "over max")
    assert read_link(5, 11, 10, [], True) == ("lower level", None)
    plan = plan_from_labels(FIRST_EXAMPLE, 8, vary=True)
    assert read_link(5, 9, 10, plan.room(5).links, False) == (9, "duplicate")


# The seed's first example: size, type and connections as printed (die d8, vary).
FIRST_EXAMPLE = [
    (1, "Latrine/Trash", ["3"]),
    (4, "Practice/Cells", ["4", "3", "entrance", "6"]),
    (2, "Bedroom", ["entrance", "1"]),
    (2, "Bedroom", ["5", "6"]),
    (5, "Crafting", ["entrance", "1", "9", "2", "self"]),
    (2, "Gathering/Kitchen", ["9", "over max"]),
    (3, "Practice/Cells", ["6", "over max", "10"]),
    (1, "Guardroom", ["9"]),
    (4, "Barracks", ["self", "over max", "8", "over max"]),
    (8, "Warehouse", ["self", "self", "over max", "over max", "over max", "4", "7",
                      "over max"]),
]
# The second example (14 rooms, d10, vary), with "Kitchen" and "Assembly" read as the
# table's "Gathering/Kitchen" and "Assembly Room".
SECOND_EXAMPLE = [
    (1, "Gathering/Kitchen", ["entrance"]),
    (7, "Barracks", ["3", "entrance", "entrance", "self", "3", "4", "1"]),
    (2, "Latrine/Trash", ["5", "2"]),
    (4, "Office/Private", ["self", "5", "self", "9"]),
    (4, "Barracks", ["2", "entrance", "entrance", "8"]),
    (5, "Practice/Cells", ["entrance", "4", "1", "entrance", "12"]),
    (7, "Audience Room", ["10", "self", "6", "4", "4", "10", "entrance"]),
    (2, "Bedroom", ["9", "2"]),
    (4, "Latrine/Trash", ["6", "1", "5", "over max"]),
    (9, "Chapel", ["12", "4", "6", "13", "4", "6", "12", "8", "over max"]),
    (4, "Gathering/Kitchen", ["3", "13", "10", "14"]),
    (7, "Office/Private", ["over max", "over max", "10", "14", "over max", "self", "13"]),
    (3, "Practice/Cells", ["11", "self", "over max"]),
    (8, "Assembly Room", ["12", "self", "self", "13", "12", "over max", "8", "over max"]),
]


def link_faces(room: int, label: str, rooms: int) -> tuple[int, int]:
    """Positive and negative faces that give ``label`` for ``room`` (smallest such pair)."""
    target = {"entrance": 0, "self": room, "over max": rooms + 1}.get(label)
    difference = (int(label) if target is None else target) - room
    return (1 + difference, 1) if difference >= 0 else (1, 1 - difference)


def plan_from_labels(example: list[tuple[int, str, list[str]]], die: int,
                     vary: bool) -> DungeonPlan:
    """Force the rolls that make the seed's list: sizes, then types, then connections."""
    table = load_room_types()
    totals = {name: total for total, name in sorted(table.names.items(), reverse=True)}
    faces: list[int] = []
    for size, _, _ in example:
        faces += [size, size]
    faces += [totals[name] - size for size, name, _ in example]
    for number, (_, _, labels) in enumerate(example, start=1):
        for label in labels:
            faces += link_faces(number, label, len(example))
    config = PlanConfig(rooms=len(example), vary=vary, die=die)
    return plan_dungeon(config, DiceLog(Faces(*faces).die), table)


def labels_of(room: PlannedRoom) -> list[str]:
    return [link.label for link in room.links]


def test_first_example_bookkeeping_from_forced_rolls() -> None:
    # Room 5 by hand, as the seed lists it: "5 - Crafting - entrance, 1, 9, 2, self".
    table = load_room_types()
    faces = [1, 4, 4, 6, 2, 2, 2, 5, 5, 8, 3, 2, 3, 7, 1, 1, 9, 4, 8, 10]  # sizes
    faces += [4, 5, 2, 2, 1, 5, 6, 2, 6, 6]  # types: size + d6
    faces += [3, 1]  # room 1: 3
    faces += [3, 1, 2, 1, 1, 4, 5, 1]  # room 2: 4, 3, entrance, 6
    faces += [1, 5, 1, 3]  # room 3: entrance, 1
    faces += [2, 1, 3, 1]  # room 4: 5, 6
    faces += [1, 6, 1, 5, 5, 1, 1, 4, 3, 3]  # room 5: entrance, 1, 9, 2, self
    faces += [4, 1, 7, 1]  # room 6: 9, over max
    faces += [1, 2, 5, 1, 4, 1]  # room 7: 6, over max, 10
    faces += [2, 1]  # room 8: 9
    faces += [2, 2, 3, 1, 1, 2, 8, 1]  # room 9: self, over max, 8, over max
    faces += [1, 1, 8, 8, 2, 1, 3, 1, 8, 7, 1, 7, 1, 4, 5, 1]  # room 10
    plan = plan_dungeon(PlanConfig(rooms=10, vary=True, die=8), DiceLog(Faces(*faces).die), table)
    assert plan.dice.counts() == [(6, 3), (8, 4), (10, 3)]
    five = plan.room(5)
    assert (five.size, five.type.name) == (5, "Crafting")
    assert [(link.positive, link.negative) for link in five.links] == \
        [(1, 6), (1, 5), (5, 1), (1, 4), (3, 3)]
    assert [link.label for link in five.links] == ["entrance", "1", "9", "2", "self"]
    assert [link.reason for link in five.links] == [None, None, None, None, "self"]
    assert five.connections == (1, 9, 2) and five.entrance
    for room, (size, name, labels) in zip(plan.rooms, FIRST_EXAMPLE, strict=True):
        assert (room.size, room.type.name, labels_of(room)) == (size, name, labels)
    ten = plan.room(10)
    assert [link.reason for link in ten.links] == ["self", "self", "over max", "over max",
                                              "over max", None, None, "over max"]
    assert plan.mutual == ((1, 3), (7, 10), (8, 9))
    assert plan.entrance_rooms == (2, 3, 5)
    assert len(plan.rolls) == 20 + 10 + 2 * sum(size for size, _, _ in FIRST_EXAMPLE)
    assert plan.rolls[0].table == "size" and plan.rolls[20].table == "type"
    assert plan.rolls[30].what == "room 1 link 1 positive"


def test_second_example_bookkeeping_from_forced_rolls() -> None:
    plan = plan_from_labels(SECOND_EXAMPLE, 10, vary=True)
    assert plan.dice.counts() == [(8, 4), (10, 6), (12, 4)]
    for room, (size, name, labels) in zip(plan.rooms, SECOND_EXAMPLE, strict=True):
        assert (room.size, room.type.name, labels_of(room)) == (size, name, labels)
    two = plan.room(2)  # "3, entrance, entrance, self, 3, 4, 1": repeats are duplicates
    assert [link.reason for link in two.links] == [None, None, "duplicate", "self", "duplicate",
                                             None, None]
    assert two.connections == (3, 4, 1)
    assert plan.mutual == ((2, 3), (10, 12), (11, 13), (12, 14))
    assert plan.entrance_rooms == (1, 2, 5, 6, 7)


def test_lower_level_links_replace_over_max_once_per_room() -> None:
    sizes, types = [3, 3, 1, 1], [1, 1]  # room 1 has size 3, room 2 size 1
    faces = [*sizes, *types, 4, 1, 3, 1, 2, 1, 1, 1]
    plan = plan_dungeon(PlanConfig(rooms=2, lower_level=True), DiceLog(Faces(*faces).die))
    one = plan.room(1)
    assert [link.label for link in one.links] == ["lower level", "lower level", "2"]
    assert [link.reason for link in one.links] == [None, "duplicate", None]
    assert one.lower_level and not plan.room(2).lower_level


def test_same_seed_same_plan_and_rolls_go_through_the_generators_stream() -> None:
    config = PlanConfig(rooms=14, vary=True)
    assert generate_plan(config, 99).to_dict() == generate_plan(config, 99).to_dict()
    assert generate_plan(config, 99).to_dict() != generate_plan(config, 100).to_dict()
    stream = Stream(99, "cardcrawl/dungeon")
    first = generate_plan(config, 99).rolls[:6]
    assert [r.result for r in first] == [stream.die(r.sides) for r in first]


# --- layout -----------------------------------------------------------------------------

def test_room_shapes_are_squarish_rectangles_or_ls_of_exactly_the_size() -> None:
    for size in range(1, MAX_ROOMS):
        w, h, cut = room_shape(size)
        assert w * h - cut == size and w >= h and w <= 2 * h and 0 <= cut < h
        rect = Rect(0, 0, w, h, cut)
        assert len(list(rect.cells())) == size == rect.area
        assert Polygon(rect.outline()).area == size
        if cut:  # an L only when no rectangle of the area is at most twice as long as wide
            assert not any(size % d == 0 and size // d <= 2 * d for d in range(1, size + 1)
                           if d <= size // d)
    assert [room_shape(s) for s in (1, 2, 3, 4, 6, 7, 10, 12, 13, 20)] == \
        [(1, 1, 0), (2, 1, 0), (2, 2, 1), (2, 2, 0), (3, 2, 0), (4, 2, 1), (4, 3, 2),
         (4, 3, 0), (5, 3, 2), (5, 4, 0)]


def test_an_l_room_is_its_box_less_the_north_east_corner() -> None:
    wide = Rect(2, 3, 4, 3, 2)  # 10 squares: the east column keeps only its south square
    assert not wide.contains((5, 4)) and not wide.contains((5, 5)) and wide.contains((5, 3))
    assert wide.outline() == ((2, 3), (6, 3), (6, 4), (5, 4), (5, 6), (2, 6))
    tall = Rect(0, 0, 2, 3, 1)  # stood on end: the north row loses its east square
    assert not tall.contains((1, 2)) and tall.contains((0, 2)) and tall.area == 5
    assert wide.to_dict() == {"x": 2, "y": 3, "w": 4, "h": 3, "cut": 2}
    assert Rect(0, 0, 2, 2).to_dict() == {"x": 0, "y": 0, "w": 2, "h": 2}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=seeds)
@example(config=PlanConfig(rooms=16), seed=16)  # an added link redrawn elsewhere
@example(config=PlanConfig(rooms=59, vary=True, die=6), seed=417)  # two, met at a junction
def test_layout_keeps_every_promise(config: PlanConfig, seed: int) -> None:
    plan = generate_plan(config, seed)
    layout = layout_dungeon(plan)
    assert layout_problems(plan, layout) == []
    assert crowding_problems(layout) == []
    assert set(layout.rects) == {room.number for room in plan.rooms}
    shapes = {}
    for number, rect in layout.rects.items():
        assert all(isinstance(v, int) for v in (rect.x, rect.y, rect.w, rect.h, rect.cut))
        assert rect.area == plan.room(number).size
        assert rect.x >= 0 and rect.y >= 0
        assert rect.x + rect.w <= layout.width and rect.y + rect.h <= layout.height
        shapes[number] = Polygon(rect.outline())
    for a in shapes:
        for b in shapes:
            if a < b:
                assert shapes[a].intersection(shapes[b]).area == 0
    rolled = {(e.a, e.b): e for e in plan.edges()}
    drawn = {(c.a, c.b): c for c in layout.corridors}
    dropped = {(d.a, d.b): d for d in layout.dropped}
    # every rolled link is drawn or dropped with its reason, and only rolled links are dropped
    assert set(rolled) == (set(drawn) - {(c.a, c.b) for c in layout.added}) | set(dropped)
    assert not set(drawn) & set(dropped) and set(dropped) <= set(rolled)
    assert all(d.reason in (CROWDED, f"more ways in than the {MAX_ENTRANCES} the plan keeps")
               for d in layout.dropped)
    for (a, b), corridor in drawn.items():
        assert corridor.mutual == ((a, b) in plan.mutual)
        assert bool(corridor.added) == ((a, b) not in rolled)
        for cell in corridor.cells:
            assert not any(rect.contains(cell) for rect in layout.rects.values())
    assert 1 <= len(layout.entrance_rooms) <= MAX_ENTRANCES
    for number in layout.entrance_rooms:
        assert drawn[(ENTRANCE, number)].points[0][0] == 0  # reaches the entrance side
    assert layout.reachable() == set(layout.rects)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rooms=st.integers(min_value=2, max_value=MAX_ROOMS), vary=st.booleans(), seed=seeds)
def test_every_dungeon_can_be_entered_and_every_room_reached(rooms: int, vary: bool,
                                                             seed: int) -> None:
    """The whole-game check of issue 22: over many seeds and sizes 2 to 60, a way in,
    every room reached, corridors on no room and on no other corridor but at a junction."""
    plan = generate_plan(PlanConfig(rooms=rooms, vary=vary), seed)
    layout = layout_dungeon(plan)
    assert layout.entrance_rooms
    assert layout.reachable() == set(layout.rects)
    assert layout_problems(plan, layout) == []  # shapely: no corridor crosses a room
    assert crowding_problems(layout) == []


def test_the_crowding_check_finds_corridors_that_touch_without_a_junction() -> None:
    plan = generate_plan(PlanConfig(rooms=20), 1)
    assert crowding_problems(layout_dungeon(plan)) == []
    assert crowding_problems(layout_dungeon(plan, LayoutConfig(fit=False)))
    met = layout_dungeon(generate_plan(PlanConfig(rooms=20), 0))
    assert met.junctions and crowding_problems(met) == []
    assert crowding_problems(replace(met, junctions=()))


@settings(max_examples=10, deadline=None)
@given(config=configs, seed=seeds)
def test_layout_is_the_same_for_the_same_seed(config: PlanConfig, seed: int) -> None:
    first = layout_dungeon(generate_plan(config, seed)).to_dict()
    assert layout_dungeon(generate_plan(config, seed)).to_dict() == first


def components(nodes: list[int], pairs: list[tuple[int, int]]) -> list[set[int]]:
    """The groups the pairs join (a plain flood fill, apart from the code's union-find)."""
    near: dict[int, set[int]] = {node: set() for node in nodes}
    for a, b in pairs:
        near[a].add(b)
        near[b].add(a)
    groups: list[set[int]] = []
    for node in nodes:
        if any(node in group for group in groups):
            continue
        group, frontier = {node}, [node]
        while frontier:
            for other in near[frontier.pop()] - group:
                group.add(other)
                frontier.append(other)
        groups.append(group)
    return groups


def test_a_dungeon_with_no_way_in_gets_one_at_the_room_nearest_the_entrance() -> None:
    """Seed 2's default play dungeon rolled no entrance link (issue 22): the room the
    graph layout puts nearest the entrance opens to it, marked as added; the rolled
    list is left as it was."""
    plan = generate_plan(PlanConfig(rooms=10, vary=True), 2)
    rolled = plan.to_dict()
    assert plan.entrance_rooms == ()
    points = layout_graph(plan)
    nearest = min((r.number for r in plan.rooms),
                  key=lambda n: math.dist(points[n], points[ENTRANCE]))
    layout = layout_dungeon(plan)
    way_in = [c for c in layout.added if c.a == ENTRANCE]
    assert [(c.b, c.added) for c in way_in] == [(nearest, NO_WAY_IN)]
    assert layout.entrance_rooms == (nearest,) and layout.reachable() == set(layout.rects)
    assert plan.to_dict() == rolled
    document = layout.to_dict()
    assert {"from": "entrance", "to": nearest, "reason": NO_WAY_IN} in document["added"]
    assert any(c["from"] == "entrance" and c.get("added") == NO_WAY_IN
               for c in document["corridors"])


def test_an_added_link_the_map_cannot_draw_is_replaced_not_dropped() -> None:
    """16 rooms, seed 16: the polish joins room 16 by an added link to room 1, which no
    clear corridor can draw; the drawing joins room 16 to room 3 instead, marked added.
    The link to room 1 was never rolled, so it is not listed as dropped either."""
    plan = generate_plan(PlanConfig(rooms=16), 16)
    polished = polish(plan, layout_graph(plan))
    assert [(link.pair, link.added) for link in polished.links if link.added] == \
        [((1, 16), CUT_OFF)]
    layout = layout_dungeon(plan)
    assert [(c.a, c.b, c.added) for c in layout.added] == [(3, 16, UNDRAWN)]
    assert (1, 16) not in {(c.a, c.b) for c in layout.corridors}
    assert (1, 16) not in {(d.a, d.b) for d in layout.dropped}
    assert layout_problems(plan, layout) == []
    assert 16 in layout.reachable()


@pytest.mark.parametrize("rooms", [3, 6, 10, 14])
def test_the_polish_adds_one_link_per_cut_off_group_to_its_nearest_room(rooms: int) -> None:
    seen_added = 0
    for seed in range(30):
        plan = generate_plan(PlanConfig(rooms=rooms, vary=True), seed)
        points = layout_graph(plan)
        polished = polish(plan, points)
        rolled = [link.pair for link in polished.links if not link.added]
        added = [link for link in polished.links if link.added]
        numbers = [ENTRANCE, *(room.number for room in plan.rooms)]
        assert len(added) == len(components(numbers, rolled)) - 1  # the fewest
        seen_added += len(added)
        joined = next(g for g in components(numbers, rolled) if ENTRANCE in g)
        for link in added:  # each from the joined rooms to the nearest cut-off room
            inside = sorted(joined - {ENTRANCE}) or [ENTRANCE]
            outside = [n for n in numbers if n not in joined]
            best = min(math.dist(points[a], points[b]) for a in inside for b in outside)
            assert math.dist(points[link.a], points[link.b]) == pytest.approx(best)
            joined = next(g for g in components(numbers, [*rolled, link.pair])
                          if ENTRANCE in g)
            rolled.append(link.pair)
        assert joined == set(numbers)
    assert seen_added > 0


def test_ways_in_are_cut_to_a_few_one_per_group_first() -> None:
    cut = 0
    for seed in range(30):
        plan = generate_plan(PlanConfig(rooms=(10, 14, 20)[seed % 3], vary=True), seed)
        polished = polish(plan, layout_graph(plan))
        kept = polished.entrance_rooms
        assert set(kept) <= set(plan.entrance_rooms) or not plan.entrance_rooms
        assert len(kept) == min(len(plan.entrance_rooms), MAX_ENTRANCES) or \
            not plan.entrance_rooms
        assert [(d.a, d.b) for d in polished.dropped] == \
            [(ENTRANCE, n) for n in plan.entrance_rooms if n not in kept]
        cut += len(polished.dropped)
        groups = components([r.number for r in plan.rooms],
                            [(e.a, e.b) for e in plan.edges() if e.a != ENTRANCE])
        with_way_in = [g for g in groups if g & set(plan.entrance_rooms)]
        assert sum(bool(g & set(kept)) for g in with_way_in) == \
            min(len(with_way_in), MAX_ENTRANCES)
    assert cut > 0
    # 14 rooms, seed 46: ways in at 1, 2, 3, 5, 6, 8 and 9; room 5 and the others are apart
    plan = generate_plan(PlanConfig(rooms=14, vary=True), 46)
    assert plan.entrance_rooms == (1, 2, 3, 5, 6, 8, 9)
    assert polish(plan, layout_graph(plan)).entrance_rooms == (1, 2, 5)
    plan = generate_plan(PlanConfig(rooms=20, vary=True), 0)
    every = layout_dungeon(plan, LayoutConfig(fit=False))
    assert every.entrance_rooms == plan.entrance_rooms and every.dropped == ()
    assert len(layout_dungeon(plan, LayoutConfig(max_entrances=1)).entrance_rooms) == 1


def test_a_junction_joins_every_room_its_corridors_lead_to() -> None:
    layout = layout_dungeon(generate_plan(PlanConfig(rooms=20), 0))
    [junction] = layout.junctions
    ends = {end for pair in junction.corridors for end in pair}
    passages = layout.passages()
    for end in ends - {ENTRANCE}:
        assert ends - {end} <= passages[end]
    without = replace(layout, junctions=())
    assert without.passages() != passages


def test_mutual_links_are_pulled_closer_than_other_links() -> None:
    closer = 0
    for seed in range(12):
        plan = generate_plan(PlanConfig(rooms=14, vary=True), seed)
        spots = graph_positions(plan)
        mutual = [e for e in plan.edges() if e.mutual]
        single = [e for e in plan.edges() if not e.mutual and e.a != ENTRANCE]
        if mutual and single:
            closer += mean_length(mutual, spots) < mean_length(single, spots)
    assert closer >= 9


def mean_length(edges: list[Edge], spots: dict[int, tuple[float, float]]) -> float:
    return sum(math.dist(spots[e.a], spots[e.b]) for e in edges) / len(edges)


def test_a_corridor_length_limit_drops_links_with_the_reason() -> None:
    plan = generate_plan(PlanConfig(rooms=20), 5)
    layout = layout_dungeon(plan, LayoutConfig(max_corridor=2))
    assert any(d.reason == "too long: 3 squares, the limit is 2" for d in layout.dropped)
    assert all((d.reason.startswith("too long:") and "the limit is 2" in d.reason)
               or d.reason == CROWDED or d.reason.startswith("more ways in")
               for d in layout.dropped)
    assert layout_problems(plan, layout) == []  # dropped links are accounted for
    # a longer corridor is drawn only where the short ones leave its rooms apart
    groups = {number: {number} for number in [ENTRANCE, *layout.rects]}
    for corridor in layout.corridors:
        if len(corridor.cells) <= 2:
            joined = groups[corridor.a] | groups[corridor.b]
            for number in joined:
                groups[number] = joined
    long = [c for c in layout.corridors if len(c.cells) > 2]
    assert long and all(c.b not in groups[c.a] for c in long)


def test_layout_check_finds_overlaps_bad_areas_and_missing_links() -> None:
    plan = generate_plan(PlanConfig(rooms=6), 3)
    layout = layout_dungeon(plan)
    first, second = sorted(layout.rects)[:2]
    moved = dict(layout.rects)
    moved[second] = layout.rects[first]
    assert any("less than 1 square apart" in p
               for p in layout_problems(plan, replace(layout, rects=moved)))
    grown = dict(layout.rects)
    rect = layout.rects[first]
    grown[first] = Rect(rect.x, rect.y, rect.w + 1, rect.h)
    assert any(f"room {first}: area" in p
               for p in layout_problems(plan, replace(layout, rects=grown)))
    assert layout.corridors
    assert any("neither drawn nor dropped" in p
               for p in layout_problems(plan, replace(layout, corridors=())))
    rolled = {(e.a, e.b) for e in plan.edges()}
    a, b = min((a, b) for a in layout.rects for b in layout.rects
               if a < b and (a, b) not in rolled)
    never = DroppedLink(a, b, False, CROWDED)
    assert f"link {a}-{b}: dropped, but the plan never rolled it" in \
        layout_problems(plan, replace(layout, dropped=(*layout.dropped, never)))
    unmarked = replace(layout.corridors[0], a=a, b=b, added="")
    assert f"corridor {a}-{b}: the plan never rolled it, yet it is not marked added" in \
        layout_problems(plan, replace(layout, corridors=(unmarked, *layout.corridors[1:])))
    rect = layout.rects[second]
    through = replace(layout.corridors[0],
                      points=((rect.x - 0.5, rect.y + 0.5), (rect.x + rect.w + 0.5, rect.y + 0.5)))
    assert any(f"crosses room {second}" in p for p in layout_problems(
        plan, replace(layout, corridors=(through, *layout.corridors[1:]))))


def test_sixty_rooms_lay_out_cleanly() -> None:
    plan = generate_plan(PlanConfig(rooms=60, vary=True, lower_level=True), 8)
    layout = layout_dungeon(plan)
    assert layout_problems(plan, layout) == []
    assert isinstance(layout, Layout) and len(layout.rects) == 60


def test_a_plan_drawn_without_its_legend_is_the_grid_alone() -> None:
    from undercroft.maps.primitives import Text
    from undercroft.systems.cardcrawl.dungeon.drawing import compose
    from undercroft.systems.cardcrawl.dungeon.plan import PlanConfig, generate_plan

    plan = generate_plan(PlanConfig(rooms=8), 3)
    layout = layout_dungeon(plan)
    bare = compose(plan, layout, "A plan", legend=False)
    assert bare.bounds == (0.0, 0.0, float(layout.width), float(layout.height))
    words = [item.text for item in bare.items if isinstance(item, Text)]
    assert "A plan" not in words and "Rooms" not in words and "1" in words
    assert "A plan" in [item.text for item in compose(plan, layout, "A plan").items
                        if isinstance(item, Text)]
