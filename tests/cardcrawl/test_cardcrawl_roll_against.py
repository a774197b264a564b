"""Card Crawl's log says its dice as plain numbers, and each check the difficulty it
was against."""

from __future__ import annotations

import re

from roll_lines import played_events, rolls_of
from undercroft.systems.cardcrawl.play.enemies import hit_dice_words


def test_no_event_shows_a_python_list_and_hit_dice_are_plain_numbers() -> None:
    events = list(played_events("cardcrawl", seeds=6))
    groups = [event for event in events if event["kind"] == "enemies"]
    assert groups
    for event in events:
        assert "[" not in event["text"], event["text"]
    for event in groups:
        assert re.search(r"hit dice \d+(, \d+)*$|hit dice \d+( and \d+)+(; \d+( and \d+)+)*$",
                         event["text"]), event["text"]
    assert hit_dice_words([[1], [2], [6], [4]]) == "1, 2, 6, 4"
    assert hit_dice_words([[5, 2], [3, 1]]) == "5 and 2; 3 and 1"


def test_a_check_is_one_roll_against_its_difficulty_as_its_event_says() -> None:
    checks = list(rolls_of(played_events("cardcrawl", seeds=6), "cautious", "aggressive"))
    assert {rolled["label"] for _, rolled in checks} == {"cautious", "aggressive"}
    for event, rolled in checks:
        said = re.search(rf"{rolled['label']} [\d+]+ \+ (\d+) = \d+ vs (\d+)", event["text"])
        assert said is not None, event["text"]
        bonus = int(said[1])
        assert rolled["against"] == f"difficulty {said[2]}" + (f" with +{bonus}" if bonus
                                                               else "")
        assert rolled["what"] == ("2d6" if rolled["label"] == "cautious" else "1d12")
        assert len(rolled["dice"]) == (2 if rolled["label"] == "cautious" else 1)
