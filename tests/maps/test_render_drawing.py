"""The composed drawing: what is visible, where walls open, how text fits, the legend."""

from __future__ import annotations

import pytest
from test_render_fixtures import one_room, rich_level, square

from undercroft.maps import marks
from undercroft.maps.drawing import compose, shown_exits, span_at
from undercroft.maps.exit_marks import cut
from undercroft.maps.model import Exit, LevelMap, Point, Room
from undercroft.maps.primitives import Circle, Line, Polyline, Text


def texts(level: LevelMap, **kw: object) -> list[Text]:
    return [i for i in compose(level, **kw).items if isinstance(i, Text)]  # type: ignore[arg-type]


def covers(line: Line, p: Point) -> bool:
    """Whether point p lies on the segment of ``line``."""
    (x0, y0), (x1, y1) = line.a, line.b
    cross = (x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)
    return abs(cross) < 1e-9 and min(x0, x1) <= p[0] <= max(x0, x1) and \
        min(y0, y1) <= p[1] <= max(y0, y1)


def walls(level: LevelMap, **kw: object) -> list[Line]:
    return [i for i in compose(level, **kw).items  # type: ignore[arg-type]
            if isinstance(i, Line) and i.cls == "wall"]


def test_cut_takes_a_gap_out_of_a_wall_either_way_round() -> None:
    assert cut(((0, 0), (4, 0)), [((3, 0), (2, 0))]) == [((0, 0), (2, 0)), ((3, 0), (4, 0))]
    assert cut(((0, 0), (3, 3)), [((1, 1), (2, 2))]) == [((0, 0), (1, 1)), ((2, 2), (3, 3))]
    assert cut(((0, 0), (4, 0)), [((1, 1), (2, 1))]) == [((0, 0), (4, 0))]  # not collinear


@pytest.mark.parametrize(("exit_", "open_"), [
    (Exit("1.1", "open", "S", ((3, 2), (4, 2))), True),
    (Exit("1.1", "crumble", "S", ((3, 2), (4, 2))), True),
    (Exit("1.1", "door", "S", ((3, 2), (4, 2)), opened=True), True),
    (Exit("1.1", "door", "S", ((3, 2), (4, 2))), False),
    (Exit("1.1", "food", "S", ((3, 2), (4, 2))), False),
])
def test_wall_is_open_only_where_the_exit_is_open(exit_: Exit, open_: bool) -> None:
    mid = (3.5, 2.0)
    assert any(covers(w, mid) for w in walls(one_room(exit_))) is not open_


def test_twinned_opening_is_open_in_both_rooms_walls() -> None:
    level = rich_level()
    level.room(2).exits[0].type = level.room(1).exits[0].type = "open"
    assert not any(covers(w, (5.0, 2.5)) for w in walls(level))


def test_a_twin_is_drawn_once_from_the_side_the_players_see() -> None:
    level = rich_level()
    ids = [ex.id for _, ex in shown_exits(level, player_view=False)]
    assert ("1.1" in ids) != ("2.1" in ids)
    assert ("2.4" in ids) != ("4.1" in ids)
    level.room(1).discovered = False
    ids = [ex.id for _, ex in shown_exits(level, player_view=True)]
    assert "2.1" in ids and "1.1" not in ids


def test_found_side_of_a_twin_wins() -> None:
    level = rich_level()
    level.room(1).exit("1.4").found = False
    ids = [ex.id for _, ex in shown_exits(level, player_view=False)]
    assert "5.1" in ids and "1.4" not in ids


def test_player_view_hides_undiscovered_rooms_and_unfound_secrets() -> None:
    gm = {t.text for t in texts(rich_level())}
    player = {t.text for t in texts(rich_level(), player_view=True)}
    assert "6" in gm and "6" not in player
    assert any("mimic" in t for t in gm) and not any("mimic" in t for t in player)
    ids = [ex.id for _, ex in shown_exits(rich_level(), player_view=True)]
    assert "3.3" not in ids and "6.1" not in ids


def test_smooth_circle_is_a_true_circle_broken_at_its_opened_door() -> None:
    items = compose(rich_level(), circle_style="smooth").items
    circles = [i for i in items if isinstance(i, Circle)]
    assert [(c.center, c.radius) for c in circles] == [((3.0, 7.0), 2.0)]
    arcs = [i for i in items if isinstance(i, Polyline) and i.cls == "wall"]
    assert len(arcs) == 1  # one arc: the circle with one gap (door 5.2 is opened)
    assert not [i for i in compose(rich_level()).items if isinstance(i, Circle)]


def test_unknown_circle_style_is_refused() -> None:
    with pytest.raises(ValueError, match="circle_style"):
        compose(rich_level(), circle_style="round")


def test_span_at_measures_a_diamond() -> None:
    diamond: list[Point] = [(2, 0), (4, 2), (2, 4), (0, 2)]
    assert span_at(diamond, 2.0, 2.0) == pytest.approx(4.0)
    assert span_at(diamond, 3.0, 2.0) == pytest.approx(2.0)
    assert span_at(diamond, 5.0, 2.0) == 0.0


def test_long_labels_leave_a_tiny_room_for_the_notes() -> None:
    room = Room(1, square(1, 1, 1, 1), 1, "square", contents=["treasure", "key", "food"],
                labels=["swarm of demons 50% (50 hp)"])
    items = texts(LevelMap(4, [room]))
    inside = [t.text for t in items if 1 <= t.pos[0] <= 2 and 1 <= t.pos[1] <= 2]
    assert inside == ["1"]
    notes = [t.text for t in items if t.cls == "note"]
    assert notes and all(t.pos[1] < 0 for t in items if t.cls == "note")  # under the map
    assert "1: Tz Ke Fo; swarm of demons 50% (50 hp)" in " ".join(notes)


def test_a_roomy_room_keeps_its_labels_inside() -> None:
    room = Room(1, square(0, 0, 8, 6), 8, "rectangle", contents=["treasure", "treasure"],
                labels=["swarm of demons 50% (50 hp)"])
    in_room = ("room-number", "contents", "label")
    inside = [t.text for t in texts(LevelMap(8, [room])) if t.cls in in_room and t.pos[0] < 8]
    assert inside == ["1", "2Tz", "swarm of demons 50% (50 hp)"]


def test_legend_names_every_mark_beside_the_map() -> None:
    level = rich_level()
    gm, player = texts(level), texts(level, player_view=True)
    for sample in marks.LEGEND_SAMPLES:
        assert sample.text in [t.text for t in gm]
        assert (sample.text in [t.text for t in player]) is not sample.gm_only
    legend = [t for t in gm if t.cls.startswith("legend")]
    assert legend and all(t.pos[0] > level.level_size for t in legend)
    assert any("Tz" in t.text and "treasure" in t.text for t in legend)


def test_drawing_bounds_hold_everything() -> None:
    drawing = compose(rich_level())
    xmin, ymin, xmax, ymax = drawing.bounds
    for item in drawing.items:
        points = [item.pos] if isinstance(item, Text) else (
            [item.a, item.b] if isinstance(item, Line) else [])
        assert all(xmin <= x <= xmax and ymin <= y <= ymax for x, y in points)


def test_without_the_legend_the_drawing_is_the_level_square_and_its_rooms() -> None:
    level = rich_level()
    full = compose(level)
    bare = compose(level, legend=False)
    assert bare.bounds == (0.0, 0.0, float(level.level_size), float(level.level_size))
    assert level.title not in [t.text for t in bare.items if isinstance(t, Text)]
    assert level.title in [t.text for t in full.items if isinstance(t, Text)]
    bare_walls = [i for i in bare.items if isinstance(i, Line) and i.cls == "wall"]
    full_walls = [i for i in full.items if isinstance(i, Line) and i.cls == "wall"]
    assert bare_walls and full_walls[:len(bare_walls)] == bare_walls  # the key's come after
