"""The pages' dice lines (web/static/dice.js), run by Node: each roll says what it was
against, and numbers are written as a person writes them, never as a list."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

DICE_JS = Path(__file__).parents[2] / "src" / "undercroft" / "web" / "static" / "dice.js"

ROLLS: list[tuple[dict[str, Any], str]] = [
    ({"label": "monster melee", "what": "1d8", "dice": [8], "result": 8, "forced": False,
      "against": "Warrior's armour 3"}, "monster melee: 1d8, rolled 8 against Warrior's armour 3"),
    ({"label": "monster attack", "what": "d20+4 vs d20+3", "dice": [20, 3], "result": True,
      "forced": False, "against": "Warrior's speed"},
     "monster attack: d20+4 vs d20+3 (Warrior's speed), rolled 20 and 3 (24 vs 6): won"),
    ({"label": "monster attack", "what": "d4", "dice": [1], "result": 1, "forced": False,
      "against": "difficulty 4"}, "monster attack: d4, rolled 1 against difficulty 4"),
    ({"label": "hit dice", "what": "4d6", "dice": [1, 2, 6, 4], "result": 13, "forced": False,
      "against": ""}, "hit dice: 4d6, rolled 1 + 2 + 6 + 4 = 13"),
    ({"label": "cautious", "what": "2d6", "dice": [2, 4], "result": 6, "forced": False,
      "against": "difficulty 7 with +1"},
     "cautious: 2d6, rolled 2 + 4 = 6 against difficulty 7 with +1"),
    ({"label": "to hit", "what": "d20", "dice": [], "result": 3, "forced": True,
      "against": "AC 15"}, "to hit: d20 against AC 15, set by the scenario: 3"),
    ({"label": "ward", "what": "d100 <= 25", "dice": [26], "result": False, "forced": False},
     "ward: d100 <= 25, rolled 26: no"),
]


def lines(events: list[dict[str, Any]]) -> list[list[str]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the pages' scripts cannot be run here")
    script = (f"import {{diceLines}} from {json.dumps(DICE_JS.as_uri())};\n"
              f"const events = {json.dumps(events)};\n"
              "console.log(JSON.stringify(events.map(diceLines)));\n")
    ran = subprocess.run([node, "--input-type=module"], input=script, capture_output=True,
                         text=True, timeout=60, check=True)
    found: list[list[str]] = json.loads(ran.stdout)
    return found


def test_each_roll_says_what_it_was_against_in_plain_numbers() -> None:
    said = lines([{"rolls": [rolled]} for rolled, _ in ROLLS])
    assert [line for (line,) in said] == [wanted for _, wanted in ROLLS]


def test_bare_dice_are_plain_numbers() -> None:
    assert lines([{"dice": [[1, 2], [6, 4]]}, {"dice": [5, 3]}]) == [["dice: 1, 2, 6, 4"],
                                                                     ["dice: 5, 3"]]
