"""In a real browser: the table screen's invitations and the lobby's list of open tables.

The screen shows each untaken seat's QR code with its link as text; a phone that opens
the link takes the seat, and its code leaves the screen without a step being taken. A
seat the server no longer invites is never drawn as a broken image. The lobby lists the
open table with the link to its screen. (Chromium and the server: ``test_browser``.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import test_browser
from test_browser import WAIT_MS, Watched, keep_screenshots, post_json

server = test_browser.server
"""The real app served on a free loopback port (a fixture of ``test_browser``)."""
browser = test_browser.browser
"""Debian's Chromium (a fixture of ``test_browser``)."""


def shown_invites(table: Watched) -> dict[str, str]:
    """Each seat whose code is on the screen, with the link written under it."""
    found: dict[str, str] = table.page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#qr figure')].map((figure) =>
            [figure.dataset.seat, figure.querySelector('a.invite-link').textContent]))""")
    return found


def broken_images(page: Any) -> int:
    count: int = page.evaluate("""() => [...document.querySelectorAll('img.qr')]
        .filter((img) => !img.complete || img.naturalWidth === 0).length""")
    return count


def test_a_phone_joins_through_the_screens_invite_link_and_its_code_goes(
        server: str, browser: Any, tmp_path: Path) -> None:
    made = post_json(server + "/api/tables", {
        "system": "amulet", "config": {"max_rounds": 40},
        "automated": {"Valkyrie": "sensible", "Wizard": "sensible"}})
    table = Watched(browser, server + made["watch_url"])
    table.page.wait_for_selector("#qr figure[data-seat=Elf] img.qr", timeout=WAIT_MS)
    links = shown_invites(table)
    assert set(links) == {"Warrior", "Elf"}
    tokens = {seat["seat"]: seat["token"] for seat in made["seats"] if seat["token"]}
    assert all(links[seat] == f"{server}/seat?t={tokens[seat]}" for seat in links)
    assert broken_images(table.page) == 0
    table.page.screenshot(path=str(tmp_path / "invites.png"), full_page=True)

    phone = Watched(browser, links["Warrior"], phone=True)  # the link under the code
    assert phone.page.locator("#choices button").count() > 0
    table.page.wait_for_function(
        "() => !document.querySelector('#qr figure[data-seat=Warrior]')", timeout=WAIT_MS)
    assert set(shown_invites(table)) == {"Elf"} and table.step == 0
    assert broken_images(table.page) == 0

    lobby = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    lobby.goto(server + "/")
    lobby.wait_for_selector(f"#open-tables li[data-table='{made['table']}'] a.watch-link",
                            timeout=WAIT_MS)
    watch = lobby.get_attribute(f"#open-tables li[data-table='{made['table']}'] a.watch-link",
                                "href")
    assert watch == server + made["watch_url"]
    assert "1 seat free (Elf)" in lobby.inner_text("#open-tables")
    lobby.screenshot(path=str(tmp_path / "lobby.png"), full_page=True)
    keep_screenshots(tmp_path, "invites.png", "lobby.png")
    assert not table.errors and not phone.errors, (table.errors, phone.errors)
