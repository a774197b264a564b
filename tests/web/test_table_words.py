"""The table screen and the lobby speak words, not fields.

In a real browser (as test_browser.py drives it): every system's view fields are listed
in facts.js, said or hidden on purpose; what the table screen's panels make of views
from whole games holds no raw `true`, `false`, `null` or `field_name`, and no health
above its top unless the system's rules allow it; the TV page of every system, a few
choices in, shows none either; the lobby names each system in words, labels its house
rules in words, names the seats the rules will make and preselects the agent the
command line uses. The systems list itself is checked without a browser too.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from test_browser import (  # noqa: F401  (fixtures)
    WAIT_MS,
    browser,
    get_json,
    keep_screenshots,
    post_json,
    server,
)

from undercroft.engine import registry
from undercroft.engine.registry import default_agent

RAW = re.compile(r"\b(true|false|null|undefined|NaN)\b|\w_\w|\[object")
"""What a person should never read on the table screen: JSON words and field names."""
SYSTEMS = registry.names()
TV = {"width": 1920, "height": 1080}


def views_of_games(system: str, games: int = 3, every: int = 7) -> list[dict[str, Any]]:
    """The table screen's view (the first seat's) every few steps of a few quick games,
    each choice the first, the middle or the last legal one in turn."""
    ruleset = registry.get(system)
    config = ruleset.config_model().model_validate(dict(ruleset.info.quick_config))
    views = []
    for seed in range(1, games + 1):
        state = ruleset.new(config, seed)
        for step in range(ruleset.info.step_bound):
            if step % every == 0:
                views.append(json.loads(json.dumps(
                    ruleset.view(state, ruleset.seats(state)[0]), default=str)))
            if ruleset.outcome(state) is not None:
                break
            seats = [seat for seat in ruleset.to_act(state) if ruleset.legal(state, seat)]
            if not seats:
                break
            choices = {}
            for seat in seats:
                legal = ruleset.legal(state, seat)
                choices[seat] = legal[(step + seed) % 3 * (len(legal) - 1) // 2]
            ruleset.step(state, choices)
        views.append(json.loads(json.dumps(ruleset.view(state, ruleset.seats(state)[0]),
                                           default=str)))
    return views


@pytest.fixture
def module_page(server: str, browser: Any) -> Any:  # noqa: F811
    """A page of the app where the static modules can be imported and run."""
    page = browser.new_context(bypass_csp=True).new_page()
    page.goto(server + "/")
    page.wait_for_selector("input[name=system]", timeout=WAIT_MS)
    return page


def test_every_view_field_of_every_system_is_said_or_hidden(module_page: Any) -> None:
    listed = module_page.evaluate("""async () => {
        const {FACTS} = await import("/static/facts.js");
        return Object.fromEntries(Object.entries(FACTS)
            .map(([name, table]) => [name, Object.keys(table)]));
    }""")
    for system in SYSTEMS:
        fields = set(registry.get(system).info.view_schema.model_fields)
        assert system in listed, f"facts.js has no table for {system}"
        assert fields <= set(listed[system]), (system, sorted(fields - set(listed[system])))


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_panels_say_whole_games_in_words(module_page: Any, system: str) -> None:
    said = module_page.evaluate("""async (views) => {
        const {details, factsOf, heroesOf, foesOf} = await import("/static/views.js");
        const {coinLines, healthWords} = await import("/static/facts.js");
        const words = (node) => {
            const found = [];
            const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) found.push(walker.currentNode.data);
            return found;
        };
        return views.map((view) => ({
            facts: factsOf(view).flat(),
            coins: coinLines(view).flat(),
            heroes: heroesOf(view).map((hero) => ({
                words: [hero.name, hero.title, hero.status, ...hero.counters,
                        healthWords(hero.health, hero.max, hero.over)],
                health: hero.health, max: hero.max, over: hero.over})),
            foes: foesOf(view).map((foe) => [foe.kind, foe.health, foe.where]).flat(),
            // What a phone shows of everything its seat knows, and of its hero in full.
            details: [...words(details(view, 3)),
                      ...heroesOf(view).flatMap((hero) => words(details(hero.raw)))],
        }));
    }""", views_of_games(system))
    over_allowed = system.startswith("amulet")
    saw_over = False
    for index, panels in enumerate(said):
        texts = [*panels["facts"], *panels["coins"], *panels["foes"], *panels["details"]]
        for hero in panels["heroes"]:
            texts.extend(hero["words"])
            top = hero["max"]
            if hero["health"] is not None and top is not None and hero["health"] > top:
                assert over_allowed, (system, index, hero)
                assert "over the top by" in hero["words"][-1], hero
                saw_over = True
        for text in texts:
            assert not RAW.search(str(text)), (system, index, text)
        if system == "squad":
            assert panels["coins"][0] == "The GM's Pool", panels["coins"]
    if system == "amulet":
        assert saw_over, "no Amulet hero was seen above 100 health: the wording went untested"


@pytest.mark.parametrize("system", ["amulet", "cardcrawl", "labyrinth", "squad"])
def test_the_tv_shows_no_raw_field(server: str, browser: Any, tmp_path: Path,  # noqa: F811
                                   system: str) -> None:
    entry = next(item for item in get_json(f"{server}/api/systems") if item["name"] == system)
    _person, *others = entry["seats_hint"]
    made = post_json(f"{server}/api/tables", {
        "system": system, "config": {},
        "automated": {seat: entry["default_agent"] for seat in others}})
    token = next(seat["url"] for seat in made["seats"] if seat["token"]).split("t=")[1]
    for _ in range(8):
        state = get_json(f"{server}/api/seat?t={token}")
        if state["outcome"] or not state["legal"]:
            break
        post_json(f"{server}/api/seat/choose?t={token}",
                  {"choice": state["legal"][-1], "step": state["step"]})
    tv = browser.new_context(viewport=TV).new_page()
    errors: list[str] = []
    tv.on("pageerror", lambda error: errors.append(str(error)))
    tv.goto(server + made["watch_url"])
    tv.wait_for_selector("body[data-step]", timeout=WAIT_MS)
    time.sleep(0.5)
    shown = [tv.inner_text(selector) for selector in ("#heroes", "#foes", "#outcome")]
    if tv.locator("#facts-panel").is_visible():
        shown.append(tv.inner_text("#facts"))
    for text in shown:
        assert not RAW.search(text), (system, RAW.search(text), text)
    if system == "amulet":  # a hero named after its class is not titled with it again
        assert tv.locator("#heroes .hero header .muted").count() == 0
    if system == "squad":
        coins = tv.inner_text("#facts .coins")
        for name in ("The GM's Pool", "Stage's Value", "pennies"):
            assert name in coins, coins
    tv.screenshot(path=str(tmp_path / f"{system}-tv-words.png"))
    keep_screenshots(tmp_path, f"{system}-tv-words.png")
    assert not errors, errors


def test_the_lobby_speaks_words_and_preselects_the_usual_agent(
        server: str, browser: Any) -> None:  # noqa: F811
    lobby = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    errors: list[str] = []
    lobby.on("pageerror", lambda error: errors.append(str(error)))
    lobby.goto(server + "/")
    lobby.wait_for_selector("input[name=system][value=squad]", timeout=WAIT_MS)
    assert "Dungeon Squad! + Coin-Op" in lobby.inner_text("#systems")
    assert "without a game master" in lobby.inner_text("#systems")
    for system in SYSTEMS:
        lobby.check(f"input[name=system][value={system}]")
        assert lobby.input_value("#agent") == default_agent(system), system
        labels = lobby.locator("#rules label").all_inner_texts()
        made_up = [text for text in labels if re.fullmatch(r"([A-Z][a-z]*)( [A-Z][a-z]*)+", text)
                   and text.split()[0].lower() in {"gm", "dm", "max", "hp"}]
        assert not made_up, (system, made_up)
    lobby.check("input[name=system][value=amulet]")
    assert "How levels are made" in lobby.inner_text("#rules")
    assert "GM" in lobby.inner_text("label[for=rule-level-gm_choice]")
    assert "per attack" in lobby.locator("#rule-play-armor option").all_inner_texts()
    lobby.check("input[name=system][value=squad]")
    lobby.fill("#rule-players", "3")
    lobby.dispatch_event("#rule-players", "change")
    chips = lobby.locator("#seat-chips button").all_inner_texts()
    assert chips == ["Guide-1 (person)", "Guide-2 (person)", "Guide-3 (person)", "GM (person)"]
    assert not errors, errors
