"""Take the screenshots of the shared table that docs/web-table.md shows: for each system,
the TV screen (1920x1080) and a phone (390x844) a few steps into a game.

Run it after changing the pages, so the pictures stay current:

    .venv/bin/python tools/table_screenshots.py [--out docs/images/table] [--steps 6]

It serves the real app on loopback only (a database in a temporary folder), makes a
table per system with the first seat for a person and the others played by the system's
default agent, opens the TV page, follows the invite link the TV shows to open the
phone, taps worded choices for a few steps, and saves both screens. It needs Chromium
and Playwright, as the browser tests do (UNDERCROFT_CHROMIUM names another Chromium).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from undercroft.web.local_server import get_json, post_json

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path(os.environ.get("UNDERCROFT_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
SEEDS = {"amulet": 3, "labyrinth": 2, "squad": 2, "cardcrawl": 5}
"""A seed per system whose first steps show something worth seeing (Amulet: foes in the
first room)."""
WAIT_MS = 20_000
PREFERRED = ("attack", "open", "leave", "go", "fight", "explore", "enter", "move", "buy")
"""Choices tapped first when a phone offers them, by their text: they make the game move."""


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "table")
    options.add_argument("--steps", type=int, default=6, help="choices tapped per system")
    options.add_argument("--systems", default="amulet,labyrinth,squad,cardcrawl")
    args = options.parse_args()
    if not CHROMIUM.exists():
        print(f"no Chromium at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from undercroft.web.app import create_app
    from undercroft.web.local_server import served

    args.out.mkdir(parents=True, exist_ok=True)
    systems = [name.strip() for name in args.systems.split(",") if name.strip()]
    with tempfile.TemporaryDirectory() as folder:
        for system in systems:
            seed = SEEDS.get(system, 1)
            app = create_app(f"sqlite:///{Path(folder) / f'{system}.sqlite3'}",
                             seeds=fixed(seed))
            with served(app) as base, sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                     args=CHROMIUM_ARGS)
                try:
                    tv, phone = play(browser, base, system, args.steps)
                    tv.screenshot(path=str(args.out / f"{system}-tv.png"))
                    phone.screenshot(path=str(args.out / f"{system}-phone.png"), full_page=True)
                finally:
                    browser.close()
            print(f"{system}: {args.out / f'{system}-tv.png'}, {args.out / f'{system}-phone.png'}")
    return 0


def fixed(seed: int) -> Callable[[], int]:
    return lambda: seed


def play(browser: Any, base: str, system: str, steps: int) -> tuple[Any, Any]:
    """A table of ``system`` with one person's seat, its TV and phone pages, after up to
    ``steps`` tapped choices."""
    entry = next(item for item in get_json(f"{base}/api/systems") if item["name"] == system)
    _person, *others = entry["seats_hint"]
    agent = entry["default_agent"]
    made = post_json(f"{base}/api/tables", {"system": system, "config": {},
                                            "automated": {seat: agent for seat in others}})
    tv = browser.new_context(viewport=TV).new_page()
    tv.goto(base + made["watch_url"])
    tv.wait_for_selector("body[data-step]", timeout=WAIT_MS)
    link = tv.locator("#invites a").first
    url = link.get_attribute("href") if link.count() else None
    url = url or base + next(seat["url"] for seat in made["seats"] if seat["token"])
    phone = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    phone.goto(url if "://" in url else base + url)
    phone.wait_for_selector("body[data-step]", timeout=WAIT_MS)
    for _ in range(steps):
        buttons = phone.locator("#choices button.choice:enabled")
        if not buttons.count() or tv.locator("#outcome").is_visible():
            break
        before = phone.get_attribute("body", "data-step")
        buttons.nth(preferred(buttons.all_inner_texts())).click()
        phone.wait_for_selector(f"body:not([data-step='{before}'])", timeout=WAIT_MS)
        time.sleep(0.3)
    time.sleep(1.0)  # the map and the log draw after the state arrives
    return tv, phone


def preferred(labels: list[str]) -> int:
    for word in PREFERRED:
        for index, label in enumerate(labels):
            if label.lower().startswith(word):
                return index
    return 0


if __name__ == "__main__":
    sys.exit(main())
