"""The terminal map: north at the top, exits by their letter, fog of war for the players."""

from __future__ import annotations

import pytest
from test_render_fixtures import one_room, rich_level, square

from undercroft.maps.ascii import render_ascii
from undercroft.maps.model import Exit, LevelMap, Room


def map_part(text: str) -> str:
    """The drawn map only: between the title block and the key."""
    lines = text.splitlines()
    return "\n".join(lines[2:next(i for i, ln in enumerate(lines) if ln.startswith("Key:"))])


def row_of(lines: list[str], needle: str) -> int:
    return next(i for i, line in enumerate(lines) if needle in line)


def test_north_is_at_the_top() -> None:
    level = LevelMap(10, [Room(1, square(1, 1, 2, 2), 2, "square"),
                          Room(2, square(5, 6, 2, 2), 2, "square")])
    lines = map_part(render_ascii(level)).splitlines()
    assert row_of(lines, "2") < row_of(lines, "1")


def test_rich_level_room_north_of_another_is_above_it() -> None:
    lines = map_part(render_ascii(rich_level())).splitlines()
    assert row_of(lines, "3") < row_of(lines, "5") < row_of(lines, "1")


@pytest.mark.parametrize(("exit_", "char"), [
    (Exit("1.1", "door", "S", ((3, 2), (4, 2))), "C"),
    (Exit("1.1", "walldoor", "S", ((2, 2), (4, 2))), "C"),
    (Exit("1.1", "door", "S", ((3, 2), (4, 2)), opened=True), "O"),
    (Exit("1.1", "open", "S", ((3, 2), (4, 2))), "O"),
    (Exit("1.1", "secret", "S", ((3, 2), (4, 2))), "S"),
    (Exit("1.1", "crumble", "S", ((3, 2), (4, 2))), "~"),
    (Exit("1.1", "food", "S", ((3, 2), (4, 2))), "F"),
    (Exit("1.1", "treasure", "S", ((3, 2), (4, 2))), "t"),
    (Exit("1.1", "teleport", "S", ((3.2, 3.2), (3.7, 3.7))), "*"),
    (Exit("1.1", "stair", "S", ((3, 2), (4, 2))), ">"),
])
def test_each_exit_has_its_character(exit_: Exit, char: str) -> None:
    drawn = map_part(render_ascii(one_room(exit_)))
    assert char in drawn
    others = set("CSOF~t*>") - {char}
    assert not others & set(drawn)


def test_treasure_wall_has_a_tick_per_unit() -> None:
    drawn = map_part(render_ascii(one_room(Exit("1.1", "treasure", "S", ((2, 2), (5, 2))))))
    assert drawn.count("t") == 3


def test_rich_level_shows_every_exit_letter_and_diagonal_walls() -> None:
    drawn = map_part(render_ascii(rich_level()))
    for char in "CSO~Ft*>/\\s":
        assert char in drawn, char
    assert drawn.count("C") == 2  # door 1.1/2.1 once, walldoor 6.1


def test_player_view_hides_the_undiscovered_room_and_unfound_secret() -> None:
    gm, player = render_ascii(rich_level()), render_ascii(rich_level(), player_view=True)
    assert "6" in map_part(gm) and ":" in map_part(gm) and "s" in map_part(gm)
    assert "6" not in map_part(player) and ":" not in map_part(player)
    assert "s" not in map_part(player)
    assert "mimic" in gm and "mimic" not in player


def test_opening_between_rooms_is_floor_in_both() -> None:
    left = Room(1, square(1, 1, 2, 2), 2, "square",
                exits=[Exit("1.1", "open", "E", ((3, 1), (3, 3)), to=2, twin="2.1")])
    right = Room(2, square(3, 1, 2, 2), 2, "square",
                 exits=[Exit("2.1", "open", "W", ((3, 3), (3, 1)), to=1, twin="1.1")])
    lines = map_part(render_ascii(LevelMap(6, [left, right]))).splitlines()
    column = [line[12] if len(line) > 12 else " " for line in lines]
    assert "|" not in column and "O" in column


def test_key_lists_the_marks_and_room_notes() -> None:
    text = render_ascii(rich_level())
    assert "C closed door" in text and "> stair down" in text
    assert "2Tz Ke; swarm of demons 50% (50 hp)" in text


def test_key_names_the_room_number_floor_and_walls() -> None:
    key = render_ascii(rich_level()).split("Key:")[1]
    assert "12 room number" in key and ". floor" in key and "+ - | / \\ walls" in key


def test_key_spells_out_every_content_code_the_rooms_use() -> None:
    text = render_ascii(rich_level())
    rooms_key = text[text.index("Rooms:"):].split("\n  1  ")[0]
    assert "Tz treasure" in rooms_key and "Ke key" in rooms_key and "Fo food" in rooms_key
    assert "Po potion" in rooms_key and "2Tz 2 × treasure" in rooms_key
    assert "Pa " not in rooms_key  # no room holds a password
    assert all(len(line) <= 78 for line in text.splitlines()[text.count("\n", 0,
               text.index("Key:")):])


def test_a_level_without_contents_has_no_contents_key() -> None:
    level = LevelMap(6, [Room(1, square(1, 1, 2, 2), 2, "square")])
    assert "Rooms:" not in render_ascii(level)
