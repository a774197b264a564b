"""A person joins a table as the issue's users do, in every system: the TV shows an invite
code and its link, a phone at phone size opens the link, plays a few steps by tapping
choices said in words, and reloads without losing its log.

Served on loopback only (web.local_server); the invite link carries the address the
request came to, 127.0.0.1 here (which address a real server prints and encodes is
tests/web/test_serving.py's). Skipped without Chromium and Playwright, as the other
browser tests are, and failed for that in CI.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from test_browser import browser, keep_screenshots, server  # noqa: F401  (fixtures)

from undercroft.engine.capabilities import ChoiceWords
from undercroft.engine.registry import get, names
from undercroft.web.local_server import get_json, post_json

WAIT_MS = 20_000
STEPS = 4
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}


def page(chromium: Any, size: dict[str, int], url: str) -> tuple[Any, list[str]]:
    """A page in a context of its own (its own device), with its script errors kept."""
    opened = chromium.new_context(viewport=size, has_touch=size is PHONE).new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("console", lambda message: errors.append(message.text)
              if message.type == "error" else None)
    opened.goto(url)
    opened.wait_for_selector("body[data-step]", timeout=WAIT_MS)
    return opened, errors


def log_texts(phone: Any) -> list[str]:
    return [" ".join(text.split()) for text in phone.locator("#my-log li.event").all_inner_texts()]


@pytest.mark.parametrize("system", names())
def test_a_phone_joins_by_the_invite_plays_in_words_and_reloads_its_log(
        system: str, server: str, browser: Any, tmp_path: Path) -> None:  # noqa: F811
    from undercroft.web.app import qr_svg

    entry = next(item for item in get_json(f"{server}/api/systems")
                 if item["name"] == system)
    person, *others = entry["seats_hint"]
    made = post_json(f"{server}/api/tables", {
        "system": system, "config": {}, "automated": {seat: "random" for seat in others}})
    tv, tv_errors = page(browser, TV, server + made["watch_url"])

    # The TV shows the seat's code and its link; the code encodes that very link.
    link = tv.locator(f"#invites figure[data-seat='{person}'] a.invite-link")
    link.wait_for(timeout=WAIT_MS)
    url = link.get_attribute("href") or ""
    assert url.startswith(server + "/seat?t=")
    invites = get_json(f"{server}/api/table/invites?t={made['table_token']}")
    assert [invite["qr"] for invite in invites if invite["seat"] == person] == [qr_svg(url)]

    phone, phone_errors = page(browser, PHONE, url)
    assert phone.text_content("#title") == person
    # Once the seat is taken, its code leaves the TV.
    tv.locator(f"#invites figure[data-seat='{person}']").wait_for(state="detached",
                                                                  timeout=WAIT_MS)
    worded = isinstance(get(system), ChoiceWords)
    tapped = 0
    for _ in range(STEPS):
        buttons = phone.locator("#choices button.choice:enabled")
        if not buttons.count() or phone.locator("#outcome").is_visible():
            break
        labels = buttons.all_inner_texts()
        if worded:  # the id in brackets at the end, or words that are the id ("Wait")
            choices = buttons.evaluate_all("nodes => nodes.map(node => node.dataset.choice)")
            assert all(label.rstrip().endswith(")") or label.split("\n")[0].strip().lower()
                       == choice.lower() for label, choice in zip(labels, choices, strict=True)
                       ), labels
        before = phone.get_attribute("body", "data-step")
        buttons.first.click()
        phone.wait_for_selector(f"body:not([data-step='{before}'])", timeout=WAIT_MS)
        tapped += 1
    assert tapped, f"{system}: the phone was never offered a choice"
    deadline = time.monotonic() + WAIT_MS / 1000
    while not log_texts(phone) and time.monotonic() < deadline:
        time.sleep(0.1)
    before_reload = log_texts(phone)
    assert before_reload, f"{system}: nothing reached the phone's log"

    phone.reload()
    phone.wait_for_selector("body[data-step]", timeout=WAIT_MS)
    deadline = time.monotonic() + WAIT_MS / 1000
    while len(log_texts(phone)) < len(before_reload) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert log_texts(phone)[:len(before_reload)] == before_reload  # all of it, same order
    phone.screenshot(path=str(tmp_path / f"{system}-joined.png"), full_page=True)
    keep_screenshots(tmp_path, f"{system}-joined.png")
    assert not tv_errors and not phone_errors, (tv_errors, phone_errors)
