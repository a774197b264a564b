"""The TV's map in a real browser at 1920x1080 (web/static/map.js): it fills most of the
screen's width, and a person can tell from it where every hero is: a token per living
hero, in the room the view says, and a key of names beside."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from test_browser import (  # noqa: F401  (the fixtures, used by name)
    WAIT_MS,
    Watched,
    browser,
    get_json,
    keep_screenshots,
    post_json,
    server,
)

TV = {"width": 1920, "height": 1080}


def _choose(base: str, token: str, pick: Any) -> bool:
    """One choice for a human seat when it has one to make; whether it made one."""
    state = get_json(f"{base}/api/seat?t={token}")
    if state["outcome"] or not state["legal"]:
        return False
    choice = pick(state["legal"])
    body = json.dumps({"choice": choice, "step": state["step"]}).encode()
    request = urllib.request.Request(f"{base}/api/seat/choose?t={token}", data=body,
                                     method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30):
        return True


def _tv(browser: Any, url: str) -> Watched:  # noqa: F811
    watched = Watched(browser, url)
    watched.page.set_viewport_size(TV)
    watched.page.wait_for_selector("svg.tv-map .hero-token", state="attached", timeout=WAIT_MS)
    return watched


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _inside(point: tuple[float, float], box: dict[str, float]) -> bool:
    x, y = point
    return box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]


def _box(locator: Any) -> dict[str, float] | None:
    """The element's box. The map is drawn again on every new state (the automated seats
    play on in the background), so one look may fall between the old drawing and the
    new one: look again, a bounded number of times."""
    for _ in range(50):
        box: dict[str, float] | None = locator.bounding_box(timeout=WAIT_MS)
        if box is not None:
            return box
        locator.page.wait_for_timeout(100)
    return None


def _assert_map_fills_the_screen(tv: Watched) -> None:
    drawn = _box(tv.page.locator("svg.tv-map"))
    assert drawn is not None
    assert drawn["width"] >= 0.6 * TV["width"], drawn
    assert drawn["y"] + drawn["height"] <= TV["height"]  # whole on the screen
    assert tv.page.locator("#map-legend").get_attribute("open") is None  # folded away
    banner = tv.page.locator("#announcement")
    if banner.is_visible():  # beside the map, never over it
        box = banner.bounding_box()
        assert box is not None and box["x"] >= drawn["x"] + drawn["width"], (box, drawn)


def test_the_tv_map_shows_each_amulet_hero_in_the_room_the_view_says(
        server: str, browser: Any, tmp_path: Path) -> None:  # noqa: F811
    made = post_json(f"{server}/api/tables", {
        "system": "amulet", "config": {},
        "automated": {"Elf": "sensible", "Valkyrie": "sensible", "Wizard": "sensible"}})
    warrior = next(seat["token"] for seat in made["seats"] if seat["token"])
    for number in range(24):
        _choose(server, warrior, lambda legal, n=number: next(
            (c for c in legal if c.startswith(("go ", "open"))), legal[n % len(legal)]))
    tv = _tv(browser, server + made["watch_url"])
    view = get_json(f"{server}/api/table?t={made['table_token']}")["view"]
    tv.page.wait_for_selector(f"body[data-step='{view['step']}']", timeout=WAIT_MS)
    _assert_map_fills_the_screen(tv)
    alive = [hero for hero in view["heroes"] if hero["status"] != "dead"]
    assert alive
    for hero in alive:
        token = tv.page.locator(f'.hero-token[data-hero="{hero["name"]}"]')
        assert token.count() == 1, hero["name"]
        assert token.get_attribute("data-room") == str(hero["room"])
        room = tv.page.locator(f'svg.tv-map polygon.room[data-room="{hero["room"]}"]')
        disc, box = token.locator("circle").bounding_box(), room.bounding_box()
        assert disc is not None and box is not None
        assert _inside(_centre(disc), box), (hero["name"], disc, box)
        key = tv.page.locator(f'.hero-key li[data-hero="{hero["name"]}"]').text_content()
        assert key is not None and f"room {hero['room']}" in key
    assert tv.page.locator(".hero-token").count() == len(alive)
    shown = {room["id"] for room in view["rooms"]}
    drawn = {int(n) for n in tv.page.locator("svg.tv-map polygon.room").evaluate_all(
        "nodes => nodes.map(node => node.dataset.room)")}
    assert drawn == shown
    exits = {exit_["id"] for room in view["rooms"] for exit_ in room["exits"] if exit_["id"]}
    labels = set(tv.page.locator("svg.tv-map .exit-label text").all_text_contents())
    assert exits <= labels
    tv.page.screenshot(path=str(tmp_path / "tv-amulet.png"))
    keep_screenshots(tmp_path, "tv-amulet.png")
    assert not [e for e in tv.errors if "qr.svg" not in e and "403" not in e], tv.errors


@pytest.mark.parametrize("moves", [0, 3])
def test_the_tv_map_shows_card_crawls_party_where_it_stands(
        server: str, browser: Any, tmp_path: Path, moves: int) -> None:  # noqa: F811
    systems = {entry["name"]: entry for entry in get_json(f"{server}/api/systems")}
    _person, *others = systems["cardcrawl"]["seats_hint"]
    made = post_json(f"{server}/api/tables", {
        "system": "cardcrawl", "config": {}, "automated": {seat: "random" for seat in others}})
    person = next(seat["token"] for seat in made["seats"] if seat["token"])
    for _ in range(moves):
        _choose(server, person, lambda legal: next(
            (c for c in legal if c.startswith("move to room")), legal[0]))
    tv = _tv(browser, server + made["watch_url"])
    view = get_json(f"{server}/api/table?t={made['table_token']}")["view"]
    tv.page.wait_for_selector(f"body[data-step='{view['step']}']", timeout=WAIT_MS)
    _assert_map_fills_the_screen(tv)
    standing = [f for f in view["party"] if not f["incapacitated"]]
    tokens = tv.page.locator(".hero-token")
    assert tokens.count() == len(standing)
    assert set(tokens.evaluate_all("nodes => nodes.map(node => node.dataset.room)")) == {
        str(view["where"])}
    if view["where"]:
        room = tv.page.locator(f'svg.tv-map polygon.room[data-room="{view["where"]}"]')
        box = _box(room)
        assert box is not None
        for index in range(tokens.count()):
            disc = tokens.nth(index).locator("circle").bounding_box()
            assert disc is not None and _inside(_centre(disc), box)
    else:
        assert tv.page.locator("svg.tv-map .entrance-label").count() >= 1
    tv.page.screenshot(path=str(tmp_path / f"tv-cardcrawl-{moves}.png"))
    keep_screenshots(tmp_path, f"tv-cardcrawl-{moves}.png")
    assert not [e for e in tv.errors if "qr.svg" not in e and "403" not in e], tv.errors
