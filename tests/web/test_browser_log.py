"""In a real browser, every system: a phone plays a few steps, the table screen and the
phone are reloaded, and each gets its whole log back from the server, newest step first.

The server, the browser and the pages are test_browser.py's (skipped without Chromium,
a failure in CI).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_browser import WAIT_MS, Watched, browser, keep_screenshots, post_json, server

__all__ = ["browser", "server"]  # fixtures, used by name

STEPS = 6
"""Steps to play before reloading: enough for several steps in every system's log."""
HUMAN = {"amulet": "Warrior", "labyrinth": "Seat-1", "squad": "Guide-1", "cardcrawl": "Seat-1"}
AUTOMATED = {"amulet": {"Elf": "sensible", "Valkyrie": "sensible", "Wizard": "sensible"},
             "labyrinth": {"Seat-2": "random", "Seat-3": "random", "Seat-4": "random"},
             "squad": {"GM": "random", "Guide-2": "random"},
             "cardcrawl": {"Seat-2": "random", "Seat-3": "random"}}


def logged(page: Watched, selector: str) -> list[tuple[int, str]]:
    """The log's events as drawn, top to bottom: each one's step and words."""
    found: list[list[Any]] = page.page.eval_on_selector_all(
        f"{selector} > li.event",
        "items => items.map(item => [Number(item.dataset.step), item.innerText])")
    return [(int(step), text) for step, text in found]


def play(seat: Watched, table: Watched, steps: int) -> None:
    """Press the seat's first choice until ``steps`` more steps are taken (or it ends)."""
    goal = table.step + steps
    deadline = time.monotonic() + 4 * WAIT_MS / 1000
    while table.step < goal and time.monotonic() < deadline:
        if table.page.locator("#outcome").is_visible():
            return
        buttons = seat.page.locator("button.choice:enabled")
        if buttons.count():
            at = seat.step
            buttons.first.click()
            until(lambda at=at, buttons=buttons: seat.step > at or not buttons.count())
        time.sleep(0.1)
    assert table.step >= goal or table.page.locator("#outcome").is_visible()


def until(ready: Callable[[], bool]) -> None:
    """Wait for ``ready`` (the pages' content policy allows no script from the test)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while not ready():
        assert time.monotonic() < deadline, f"waited {WAIT_MS} ms in vain"
        time.sleep(0.05)


def settled(page: Watched, selector: str, step: int) -> list[tuple[int, str]]:
    """The log once the page stands at ``step`` and the server's log has been drawn."""
    until(lambda: page.step >= step)
    page.page.wait_for_timeout(500)  # the log's own request, made on connecting
    return logged(page, selector)


@pytest.mark.parametrize("system", sorted(HUMAN))
def test_a_reloaded_page_gets_its_whole_log_newest_first(system: str, server: str,
                                                         browser: Any, tmp_path: Path) -> None:
    made = post_json(f"{server}/api/tables", {"system": system, "config": {},
                                              "automated": AUTOMATED[system]})
    invite = next(seat["url"] for seat in made["seats"] if seat["seat"] == HUMAN[system])
    table = Watched(browser, server + made["watch_url"])
    seat = Watched(browser, server + invite, phone=True)
    play(seat, table, STEPS)
    step = table.step
    before = settled(table, "#log", step)
    mine = settled(seat, "#my-log", step)
    assert len({number for number, _ in before}) > 2, before
    steps = [number for number, _ in before]
    assert steps == sorted(steps, reverse=True), "the newest step is not first"

    for page in (table, seat):
        page.errors.clear()
        page.page.reload()
        page.page.wait_for_selector("body[data-step]", timeout=WAIT_MS)
    after = settled(table, "#log", step)
    assert after == before  # all of it, in the same order
    assert settled(seat, "#my-log", step) == mine
    # The table asks for the taken seat's invite code again and is refused (the console
    # says so without the address); a refused log would be named by its address.
    assert [error for error in table.errors + seat.errors
            if "qr.svg" not in error and "status of 403" not in error] == []
    table.page.screenshot(path=str(tmp_path / f"log-{system}-table.png"), full_page=True)
    seat.page.screenshot(path=str(tmp_path / f"log-{system}-seat.png"), full_page=True)
    keep_screenshots(tmp_path, f"log-{system}-table.png", f"log-{system}-seat.png")
