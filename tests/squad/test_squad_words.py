"""Squad's text counts in good English: "1 penny", "2 Mountain Wolves", "1 hero"."""

from __future__ import annotations

import re

import pytest

from undercroft.engine import registry
from undercroft.engine.registry import default_agent
from undercroft.engine.runner import play_out
from undercroft.engine.words import counted
from undercroft.systems.squad.gm.denizens import bestiary

SINGULAR_WRONG = re.compile(r"\b1 (pennies|heroes|hit points|rounds|illusions)\b")


def test_counted_agrees_with_its_number() -> None:
    assert counted(1, "penny", "pennies") == "1 penny"
    assert counted(0, "penny", "pennies") == "0 pennies"
    assert counted(2, "hero", "heroes") == "2 heroes"


def test_a_monsters_plural_is_its_own_or_an_s() -> None:
    monsters = bestiary().monsters
    assert monsters["wolf"].many == "Mountain Wolves"
    assert monsters["goblin"].many == "Goblins"


def game_texts(seed: int) -> list[str]:
    ruleset = registry.get("squad")
    state = ruleset.new(ruleset.config_model()(), seed)
    make = ruleset.agents()[default_agent("squad")]
    texts: list[str] = []

    def keep(events: object) -> None:
        texts.extend(event.to_dict()["text"] for event in events)  # type: ignore[attr-defined]

    play_out(ruleset, state, {seat: make() for seat in ruleset.seats(state)}, seed,
             after_step=keep)
    return texts


@pytest.mark.parametrize("seed", range(1, 7))
def test_whole_games_say_one_of_a_thing_in_the_singular(seed: int) -> None:
    texts = game_texts(seed)
    assert texts
    wrong = [text for text in texts if SINGULAR_WRONG.search(text) or "Wolfs" in text
             or re.search(r"\b1 [A-Z][\w ]+s attack!", text)]
    assert wrong == []
