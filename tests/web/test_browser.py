"""End to end in a real browser: the server, the table screen and two phones play Amulet.

The real app (``create_app`` on SQLite in tmp_path) is served by uvicorn in a thread;
Chromium opens the table page and two seat pages, each in its own browser context (its
own device), and the seats play by pressing choice buttons until a room beyond the first
has been revealed and a fight event is in the table's log. A screenshot of the table is
saved (``UNDERCROFT_SCREENSHOTS=folder`` keeps copies to look at).

Playwright cannot download its browsers here, so Debian's Chromium is launched. Without
Chromium or Playwright the test is skipped, but it fails when ``CI`` is "true": CI must
run it (the Makefile installs both).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from undercroft.web.local_server import get_json, post_json

CHROMIUM = Path(os.environ.get("UNDERCROFT_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SEED = 3
"""A seed whose first room holds foes, so a fight comes early."""
HUMANS = ("Warrior", "Elf")
MAX_ROUNDS = 40
FIGHT_KINDS = {"damage", "hurt", "defended", "destroyed", "flank", "flank failed", "swarmed",
               "caught", "maneuver"}
"""Event kinds that only a fight makes (amulet.events: attacks, monsters' blows, swarms)."""
WAIT_MS = 20_000
PNG = b"\x89PNG\r\n\x1a\n"


def need(ready: bool, reason: str) -> None:
    """Skip when something the browser test needs is missing; in CI that is a failure."""
    if ready:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}: CI must run the browser test")
    pytest.skip(reason)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The real app on a free loopback port; its base address."""
    try:
        from undercroft.web.app import create_app
        from undercroft.web.local_server import served
    except ModuleNotFoundError as missing:
        need(False, f"the web server cannot start: {missing.name} is not installed")
        raise
    with served(create_app(f"sqlite:///{tmp_path / 'tables.sqlite3'}", seeds=lambda: SEED)
                ) as base:
        yield base


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright."""
    try:
        from playwright.sync_api import sync_playwright
    except ModuleNotFoundError:
        need(False, "Playwright for Python is not installed (pip install playwright)")
        raise
    need(CHROMIUM.exists(), f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def keep_screenshots(folder: Path, *names: str) -> None:
    """Copies screenshots to $UNDERCROFT_SCREENSHOTS, when set, for a person to look at."""
    keep = os.environ.get("UNDERCROFT_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copy(folder / name, Path(keep) / name)


class Watched:
    """A page in its own browser context, with every script error and console error kept."""

    def __init__(self, browser: Any, url: str, phone: bool = False,
                 size: dict[str, int] | None = None) -> None:
        size = size or ({"width": 412, "height": 915} if phone else
                        {"width": 1600, "height": 1000})
        self.context = browser.new_context(viewport=size, has_touch=phone)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: self.errors.append(message.text)
                     if message.type == "error" else None)
        # A refused request, by path only: its query holds a token.
        self.page.on("response", lambda answer: self.errors.append(
            f"{answer.status} {answer.url.split('?')[0]}") if answer.status >= 400 else None)
        self.page.goto(url)
        self.page.wait_for_selector("body[data-step]", timeout=WAIT_MS)

    @property
    def step(self) -> int:
        return int(self.page.get_attribute("body", "data-step") or -1)


def pick(labels: list[str], fought: bool) -> int:
    """Which button to press: attack until a fight is seen, then go through exits to see
    more rooms; otherwise the first choice."""
    wanted = ("attack",) if not fought else ("leave by", "teleport by", "open", "search")
    for prefix in wanted:
        for index, label in enumerate(labels):
            if label.startswith(prefix):
                return index
    return 0


def table_news(table: Watched) -> tuple[int, bool]:
    """Rooms drawn on the table screen, and whether its log holds a fight event."""
    rooms = table.page.locator("#rooms li.room").count()
    kinds = table.page.eval_on_selector_all("#log li.event",
                                            "items => items.map(item => item.dataset.kind)")
    return rooms, bool(FIGHT_KINDS.intersection(kinds))


def play_round(seats: list[Watched], table: Watched, fought: bool) -> bool:
    """Every seat with a choice presses a button; True once the table has moved on."""
    before = table.step
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        if table.page.locator("#outcome").is_visible():
            return False
        for seat in seats:
            buttons = seat.page.locator("button.choice:enabled:visible")
            if buttons.count():
                labels = [buttons.nth(index).get_attribute("data-choice") or ""
                          for index in range(buttons.count())]
                buttons.nth(pick(labels, fought)).click()
        if table.step > before:
            return True
        time.sleep(0.1)
    raise AssertionError(f"the table stayed at step {before} for {WAIT_MS} ms")


def test_two_phones_and_the_table_screen_play_amulet(server: str, browser: Any,
                                                      tmp_path: Path) -> None:
    made = post_json(f"{server}/api/tables", {
        "system": "amulet", "config": {},
        "automated": {"Valkyrie": "sensible", "Wizard": "sensible"}})
    invites = {seat["seat"]: seat["url"] for seat in made["seats"] if seat["token"]}
    assert sorted(invites) == sorted(HUMANS)

    table = Watched(browser, server + made["watch_url"])
    seats = [Watched(browser, server + invites[name], phone=True) for name in HUMANS]
    for seat, name in zip(seats, HUMANS, strict=True):
        assert seat.page.text_content("#title") == name
    table.page.wait_for_selector("#map svg.tv-map .hero-token", state="attached",
                                 timeout=WAIT_MS)
    assert table.page.locator("#heroes .hero").count() == 4
    table.page.click("#sound")  # speech is unlocked by a click; headless has no voice
    assert table.page.text_content("#sound") in {"Sound is on", "No speech in this browser"}

    most_rooms, fought = table_news(table)
    for _ in range(MAX_ROUNDS):
        if most_rooms > 1 and fought:
            break
        if not play_round(seats, table, fought):
            break
        rooms, fight = table_news(table)
        most_rooms, fought = max(most_rooms, rooms), fought or fight
    assert most_rooms > 1, "no room beyond the first was revealed on the table screen"
    assert fought, "no fight event reached the table's log"

    # The log explains the dice; the phones show the dice that touched their heroes.
    assert table.page.locator("#log .dice li").count() > 0
    assert any(seat.page.locator("#my-log li.event").count() for seat in seats)
    shot = tmp_path / "table.png"
    table.page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes().startswith(PNG)
    seats[0].page.screenshot(path=str(tmp_path / "seat.png"), full_page=True)
    keep_screenshots(tmp_path, "table.png", "seat.png")
    for page in (table, *seats):
        assert not page.errors, page.errors


def test_a_phone_takes_half_instead_of_rolling(server: str, browser: Any) -> None:
    """Modos "take half": the toggle shows when a choice rolls (a demon waits in the first
    room), marks those choices, and sends the choice's half form."""
    made = post_json(f"{server}/api/tables", {
        "system": "amulet", "config": {},
        "automated": {"Elf": "sensible", "Valkyrie": "sensible", "Wizard": "sensible"}})
    phone = Watched(browser, server + made["seats"][0]["url"], phone=True)
    phone.page.wait_for_selector("#half-panel:not([hidden])", timeout=WAIT_MS)
    attack = phone.page.locator("button.choice[data-choice='attack demon-1 with melee']")
    assert "halves" in (attack.get_attribute("class") or "")  # marked with a ½
    assert "halves" not in (phone.page.locator("button.choice[data-choice='wait']")
                            .get_attribute("class") or "")
    phone.page.check("#half")
    attack.click()
    # The other seats are automated: the step is taken at once, and the phone's log shows
    # the Warrior's action as sent.
    phone.page.wait_for_selector("#my-log li.event:has-text('attack demon-1 with melee, "
                                 "take half')", timeout=WAIT_MS)
    assert not phone.page.is_checked("#half")
    assert not phone.errors, phone.errors


def test_the_lobby_sets_a_table_from_the_house_rules_form(server: str, browser: Any) -> None:
    lobby = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    errors: list[str] = []
    lobby.on("pageerror", lambda error: errors.append(str(error)))
    lobby.goto(server + "/")
    lobby.wait_for_selector("input[name=system][value=amulet]", timeout=WAIT_MS)
    lobby.check("input[name=system][value=amulet]")
    # A nested model's defaults come from its parent: a whole game turns scaling on.
    assert lobby.is_checked("#rule-play-scaling")
    assert lobby.input_value("#rule-party") == "warrior, elf, valkyrie, wizard"
    lobby.fill("#rule-tokens", "5")
    for chip in ("Valkyrie", "Wizard"):
        lobby.get_by_role("button", name=f"{chip} (person)").click()
    assert lobby.input_value("#automated") == "Valkyrie, Wizard"
    lobby.click("#create-button")
    lobby.wait_for_selector("#created:not([hidden])", timeout=WAIT_MS)
    assert lobby.locator("#invites a.seat-link").count() == 2
    assert lobby.locator("#invites li.automated").count() == 2
    assert "/table?t=" in (lobby.get_attribute("#watch", "href") or "")
    assert not errors, errors


@pytest.mark.parametrize("system", ["cardcrawl", "labyrinth", "squad"])
def test_the_other_systems_are_drawn_and_played_from_a_phone(
        server: str, browser: Any, tmp_path: Path, system: str) -> None:
    systems = {entry["name"]: entry for entry in get_json(f"{server}/api/systems")}
    _person, *others = systems[system]["seats_hint"]
    made = post_json(f"{server}/api/tables", {
        "system": system, "config": {}, "automated": {seat: "random" for seat in others}})
    table = Watched(browser, server + made["watch_url"])
    seat = Watched(browser, server + next(s["url"] for s in made["seats"] if s["token"]),
                   phone=True)
    assert table.page.locator("#heroes .hero").count() > 0
    assert table.page.locator("#facts dt").count() > 0
    assert table.page.locator("#map-panel").is_hidden() == (system != "cardcrawl")
    for _ in range(6):
        buttons = seat.page.locator("button.choice:enabled:visible")
        if table.page.locator("#outcome").is_visible() or not buttons.count():
            break
        before = seat.step
        buttons.first.click()
        # A selector, not a script: the page's content policy refuses evaluated strings.
        seat.page.wait_for_selector(f"body:not([data-step='{before}'])", timeout=WAIT_MS)
    assert table.page.locator("#log li.event").count() > 0
    table.page.screenshot(path=str(tmp_path / f"{system}.png"), full_page=True)
    keep_screenshots(tmp_path, f"{system}.png")
    for page in (table, seat):
        assert not page.errors, page.errors


PHONE = {"width": 390, "height": 844}


def test_a_phone_shows_choices_in_words_and_its_room_and_a_tap_plays_a_step(
        server: str, browser: Any, tmp_path: Path) -> None:
    """Amulet on seed 3 at phone size: the Warrior wakes in a hallway with a stair, a
    teleporter, a food ward and demons. The buttons say what each choice does, id
    second; the sketch labels the exits as the choices name them; a tap plays a step."""
    made = post_json(f"{server}/api/tables", {
        "system": "amulet", "config": {},
        "automated": {"Elf": "sensible", "Valkyrie": "sensible", "Wizard": "sensible"}})
    phone = Watched(browser, server + made["seats"][0]["url"], phone=True, size=PHONE)
    page = phone.page
    page.wait_for_selector("button.choice[data-choice='descend by 1.1']", timeout=WAIT_MS)
    said = {page.locator("button.choice").nth(index).get_attribute("data-choice"):
            page.locator("button.choice .words").nth(index).inner_text()
            for index in range(page.locator("button.choice").count())}
    assert said["descend by 1.1"] == "Take the stair down (1.1)"
    assert said["attack demon-1 with shot"] == "Attack the demon with a shot (demon-1)"
    assert said["pick up 1.3"] == "Eat the food ward east: it opens the way (1.3)"
    assert all(words.endswith(")") or words.lower() == choice.lower()  # "Wait" stands alone
               for choice, words in said.items())
    sketch = page.locator("#room-sketch svg")
    assert sketch.is_visible()
    exits = page.locator("#room-sketch .sketch-exit").all_text_contents()
    assert any("1.1" in text and "stair" in text for text in exits)
    assert page.locator("#room-sketch .sketch-mark.foe").count() == 4  # 3 demons, 1 generator
    assert page.locator("#room-sketch .sketch-mark.me").count() == 1
    page.screenshot(path=str(tmp_path / "phone-amulet.png"), full_page=False)
    before = phone.step
    page.locator("button.choice[data-choice='attack demon-1 with melee']").click()
    page.wait_for_selector(f"body:not([data-step='{before}'])", timeout=WAIT_MS)
    page.wait_for_selector("#my-log li.event:has-text('Warrior: attack demon-1 with melee')",
                           timeout=WAIT_MS)
    page.screenshot(path=str(tmp_path / "phone-amulet-full.png"), full_page=True)
    keep_screenshots(tmp_path, "phone-amulet.png", "phone-amulet-full.png")
    assert not phone.errors, phone.errors


def test_a_phone_mutes_a_futile_attack_and_folds_away_a_pointless_one(
        server: str, browser: Any, tmp_path: Path) -> None:
    """An encounter with a slime swarm and food on the floor: a weapon on the slimes is
    muted with the rule's reason; shooting the food is folded under "more choices"."""
    config = {"name": "Slimes and food", "room": {"size": 3, "contents": ["food"]},
              "heroes": [{"hero_class": "warrior", "potions": 1},
                         {"hero_class": "elf", "agent": "wait"}],
              "swarms": [{"monster": "slime", "size": "50%"}], "exits": [
                  {"kind": "door", "wall": "north"}]}
    made = post_json(f"{server}/api/tables", {"system": "amulet-encounter", "config": config,
                                              "automated": {"Elf": "wait"}})
    phone = Watched(browser, server + made["seats"][0]["url"], phone=True, size=PHONE)
    page = phone.page
    melee = page.locator("button.choice[data-choice='attack swarm-1 with melee']")
    melee.wait_for(timeout=WAIT_MS)
    assert "futile" in (melee.get_attribute("class") or "")
    assert "Cannot help: only potions hurt slimes" in melee.inner_text()
    potion = page.locator("button.choice[data-choice='use potion']")
    assert "futile" not in (potion.get_attribute("class") or "")
    shoot_food = page.locator("button.choice[data-choice='attack c1 with shot']")
    assert shoot_food.count() == 1 and not shoot_food.is_visible()
    page.click("#more-count")
    assert shoot_food.is_visible()
    assert shoot_food.inner_text() == "Shoot the food to destroy it (c1)"
    page.screenshot(path=str(tmp_path / "phone-futile.png"), full_page=True)
    keep_screenshots(tmp_path, "phone-futile.png")
    before = phone.step
    potion.click()
    page.wait_for_selector(f"body:not([data-step='{before}'])", timeout=WAIT_MS)
    assert page.locator("#more-choices").get_attribute("open") is not None  # stays open
    assert not phone.errors, phone.errors


def test_a_fallen_heros_phone_says_what_a_token_does_and_can_stay_down(
        server: str, browser: Any, tmp_path: Path) -> None:
    """A countdown that drains 100 health a round fells the party at the end of the first
    round. The Warrior's phone then says what a token does, and once "stay down" is
    ticked it answers "wait" by itself: the table goes on without a tap."""
    made = post_json(f"{server}/api/tables", {
        "system": "amulet", "config": {"countdown_every": 1, "countdown_drain": 100},
        "automated": {"Elf": "sensible", "Valkyrie": "sensible", "Wizard": "sensible"}})
    phone = Watched(browser, server + made["seats"][0]["url"], phone=True, size=PHONE)
    page = phone.page
    for _ in range(10):
        if page.locator("#fallen").is_visible():
            break
        wait = page.locator("button.choice[data-choice='wait']:enabled")
        wait.wait_for(timeout=WAIT_MS)
        before = phone.step
        wait.click()
        page.wait_for_selector(f"body:not([data-step='{before}'])", timeout=WAIT_MS)
    page.wait_for_selector("#fallen:not([hidden])", timeout=WAIT_MS)
    page.wait_for_selector("button.choice[data-choice='spend a token']", timeout=WAIT_MS)
    text = page.text_content("#fallen-text") or ""
    assert "You have 3 tokens" in text
    assert "back in the game with 100 health beside the party" in text
    assert page.locator("button.choice[data-choice='wait'] .words").inner_text() == \
        "Stay down for now (wait)"
    page.screenshot(path=str(tmp_path / "phone-fallen.png"), full_page=False)
    keep_screenshots(tmp_path, "phone-fallen.png")
    before = phone.step
    page.check("#stay-down")
    page.wait_for_selector(f"body:not([data-step='{before}'])", timeout=WAIT_MS)
    later = phone.step
    page.wait_for_selector(f"body:not([data-step='{later}'])", timeout=WAIT_MS)
    assert not phone.errors, phone.errors
