"""The SVG map: valid XML, the seed's marks for each exit, and the player's fog of war."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from test_render_fixtures import one_room, rich_level

from undercroft.maps.model import Exit, LevelMap
from undercroft.maps.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode())


def texts(svg: str, cls: str | None = None) -> list[str]:
    """Text contents of the SVG's <text> elements, optionally of one class only."""
    return [el.text or "" for el in parse(svg).iter(f"{NS}text")
            if cls is None or el.get("class") == cls]


def elements(svg: str, tag: str, cls: str) -> list[ET.Element]:
    return [el for el in parse(svg).iter(f"{NS}{tag}") if el.get("class") == cls]


def map_letters(svg: str, level_size: int = 8) -> list[str]:
    """Letters written across exits on the map; the legend, right of the map, is left out."""
    right_edge = (level_size + 1 + 0.5) * 36  # one unit of margin, half a unit of slack
    return [el.text or "" for el in parse(svg).iter(f"{NS}text")
            if el.get("class") in ("letter", "letter-faint")
            and float(el.get("x", 0)) < right_edge]


def test_svg_is_a_standalone_document_with_size_and_style() -> None:
    root = parse(render_svg(rich_level()))
    assert root.tag == f"{NS}svg"
    assert float(root.get("width", 0)) > 16 * 36
    assert root.find(f"{NS}style") is not None
    assert "serif" in (root.find(f"{NS}style").text or "")  # type: ignore[union-attr]


@pytest.mark.parametrize(("exit_", "letter"), [
    (Exit("1.1", "door", "S", ((3, 2), (4, 2))), "C"),
    (Exit("1.1", "walldoor", "S", ((2, 2), (4, 2))), "C"),
    (Exit("1.1", "door", "S", ((3, 2), (4, 2)), opened=True), "O"),
    (Exit("1.1", "walldoor", "S", ((2, 2), (4, 2)), opened=True), "O"),
    (Exit("1.1", "open", "S", ((3, 2), (4, 2))), "O"),
    (Exit("1.1", "secret", "S", ((3, 2), (4, 2))), "S"),
    (Exit("1.1", "food", "S", ((3, 2), (4, 2)), opened=True), "O"),
    (Exit("1.1", "treasure", "S", ((3, 2), (4, 2)), opened=True), "O"),
])
def test_lettered_exits_write_their_letter_once(exit_: Exit, letter: str) -> None:
    assert map_letters(render_svg(one_room(exit_))) == [letter]


@pytest.mark.parametrize(("exit_", "tag", "cls", "count"), [
    (Exit("1.1", "crumble", "S", ((3, 2), (4, 2))), "polyline", "crumble", 1),
    (Exit("1.1", "food", "S", ((3, 2), (4, 2))), "polyline", "tick", 2),
    (Exit("1.1", "treasure", "S", ((2, 2), (5, 2))), "polyline", "tick", 3),
    (Exit("1.1", "teleport", "S", ((3.2, 3.2), (3.7, 3.7))), "polygon", "teleport", 1),
    (Exit("1.1", "stair", "S", ((3, 2), (4, 2))), "polygon", "arrow", 1),
])
def test_drawn_exits_have_their_mark_and_no_letter(exit_: Exit, tag: str, cls: str,
                                                   count: int) -> None:
    svg = render_svg(one_room(exit_))
    legend = render_svg(LevelMap(8, [], title="empty"))
    assert len(elements(svg, tag, cls)) - len(elements(legend, tag, cls)) == count
    assert map_letters(svg) == []


def test_unfound_secret_is_grey_for_the_gm_and_absent_for_players() -> None:
    level = one_room(Exit("1.1", "secret", "S", ((3, 2), (4, 2)), found=False))
    gm = render_svg(level)
    assert [t for t in texts(gm, "letter-faint") if t == "S"] == ["S", "S"]  # map and legend
    assert map_letters(render_svg(level, player_view=True)) == []


def test_twinned_door_is_drawn_once() -> None:
    letters = map_letters(render_svg(rich_level(), player_view=True), 16)
    assert letters.count("C") == 1  # door 1.1 = 2.1; walldoor 3.2 is opened
    assert letters.count("S") == 1  # secret 1.4 = 5.1; 3.3 is not found


def test_undiscovered_room_and_its_text_only_on_the_gm_map() -> None:
    gm, player = render_svg(rich_level()), render_svg(rich_level(), player_view=True)
    assert "6" in texts(gm, "room-number-hidden")
    assert "6" not in texts(player, "room-number-hidden") + texts(player, "room-number")
    assert "mimic" in gm and "mimic" not in player
    assert "1" in texts(player, "room-number")


def test_north_is_up() -> None:
    root = parse(render_svg(rich_level()))
    y = {el.text: float(el.get("y", 0)) for el in root.iter(f"{NS}text")
         if el.get("class") == "room-number"}
    assert y["3"] < y["1"]  # room 3 lies north of room 1


def test_murder_holes_only_for_the_gm() -> None:
    gm, player = render_svg(rich_level()), render_svg(rich_level(), player_view=True)
    assert len(elements(gm, "line", "murder-hole")) == 2  # the map's and the legend's
    assert elements(player, "line", "murder-hole") == []


def test_text_is_escaped() -> None:
    level = rich_level()
    level.title = "Vault <of> & Doom"
    assert "Vault <of> & Doom" in texts(render_svg(level), "title")


def test_bad_scale_is_refused() -> None:
    with pytest.raises(ValueError, match="scale"):
        render_svg(rich_level(), scale=0)
