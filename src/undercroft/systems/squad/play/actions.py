"""What a seat at a Dungeon Squad! table can choose, as values with a stable text form.

Guides, in a fight: "Faf attacks goblin-2 with Lightning Arc", "... , spending loot",
"... , with the special" (one penny), "Faf casts Heal on Urd", "Faf sets a trap for 2
monsters", "Faf flees", "Faf spends 1HP on Urd", "Faf waits"; after a roll: "Faf
spends loot on the explorer roll", "Faf lets the explorer roll fail"; after a fight:
"Rime Maul goes to Urd" (a boss's Stuff), "Faf takes 1W"; in camp: "Faf gives 1E to
Urd", "Urd gives a penny to Faf", "Urd improves Goblinbane", "Faf improves Goblinbane
for Urd", "Urd raises the special", "pursue goblin-3", "Guide-1 is ready". GM:
"bring 3 goblin", "spring crushing-boulders", "bring the boss", "goblin-2 attacks
Urd", "goblin-2 attacks Faf's companion", "ash-priest attacks Urd with its Brand of
Embers", "goblin-2 flees", "goblin-2 holds".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from undercroft.engine.turns import read_form


@dataclass(frozen=True)
class Move:
    """One choice: a verb, who does it, at what, with what, and how."""

    verb: str
    actor: str = ""
    target: str = ""
    item: str = ""
    how: str = ""

    @property
    def text(self) -> str:
        a, t, i, how = self.actor, self.target, self.item, self.how
        extra = {"loot": ", spending loot", "special": ", with the special",
                 "both": ", spending loot, with the special"}.get(how, "")
        texts = {
            "attack": f"{a} attacks {t} with {i}{extra}",
            "cast": f"{a} casts {i} on {t}{extra}",
            "take": f"{a} takes {i}", "give": f"{a} gives {i} to {t}",
            "claim": f"{i} goes to {a}", "pay": f"{a} gives a penny to {t}",
            "improve": f"{a} improves {i}" + (f" for {t}" if t else ""),
            "raise": f"{a} raises the special" + (f" of {t}" if t else ""),
            "pursue": f"pursue {t}", "release": "let them go", "ready": f"{a} is ready",
            "bring": f"bring {i} {t}", "spring": f"spring {t}", "boss": "bring the boss",
            "monster": f"{a} attacks {t}" + ("'s companion" if how == "companion" else "")
                       + (f" with its {i}" if i else ""),
            "flee": f"{a} flees{extra}", "hold": f"{a} holds",
            "mend": f"{a} spends 1HP on {t}",
            "trap": f"{a} sets a trap for {i} monster{'' if i == '1' else 's'}{extra}",
            "rescue": f"{a} spends loot on the {i} roll", "fail": f"{a} lets the {i} roll fail",
            "wait": f"{a} waits",
        }
        return texts[self.verb]

    def to_dict(self) -> dict[str, str]:
        return {"text": self.text}


_HOW = r"(?P<how>, spending loot, with the special|, spending loot|, with the special)?"
_FORMS: Final = (
    ("monster", re.compile(r"^(?P<actor>\S+) attacks (?P<target>\S+)(?P<how>'s companion)?"
                           r"(?: with its (?P<item>.+))?$")),
    ("attack", re.compile(rf"^(?P<actor>\S+) attacks (?P<target>\S+) with (?P<item>.+?){_HOW}$")),
    ("cast", re.compile(rf"^(?P<actor>\S+) casts (?P<item>.+?) on (?P<target>\S+){_HOW}$")),
    ("claim", re.compile(r"^(?P<item>.+) goes to (?P<actor>\S+)$")),
    ("take", re.compile(r"^(?P<actor>\S+) takes (?P<item>.+)$")),
    ("pay", re.compile(r"^(?P<actor>\S+) gives a penny to (?P<target>\S+)$")),
    ("give", re.compile(r"^(?P<actor>\S+) gives (?P<item>\S+) to (?P<target>\S+)$")),
    ("improve", re.compile(r"^(?P<actor>\S+) improves (?P<item>.+?)(?: for (?P<target>\S+))?$")),
    ("raise", re.compile(r"^(?P<actor>\S+) raises the special(?: of (?P<target>\S+))?$")),
    ("pursue", re.compile(r"^pursue (?P<target>\S+)$")),
    ("release", re.compile(r"^let them go$")),
    ("ready", re.compile(r"^(?P<actor>\S+) is ready$")),
    ("boss", re.compile(r"^bring the boss$")),
    ("bring", re.compile(r"^bring (?P<item>\d+) (?P<target>\S+)$")),
    ("spring", re.compile(r"^spring (?P<target>\S+)$")),
    ("flee", re.compile(rf"^(?P<actor>\S+) flees{_HOW}$")),
    ("trap", re.compile(rf"^(?P<actor>\S+) sets a trap for (?P<item>\d+) monsters?{_HOW}$")),
    ("mend", re.compile(r"^(?P<actor>\S+) spends (?P<item>1HP) on (?P<target>\S+)$")),
    ("rescue", re.compile(r"^(?P<actor>\S+) spends loot on the (?P<item>\S+) roll$")),
    ("fail", re.compile(r"^(?P<actor>\S+) lets the (?P<item>\S+) roll fail$")),
    ("hold", re.compile(r"^(?P<actor>\S+) holds$")),
    ("wait", re.compile(r"^(?P<actor>\S+) waits$")),
)
_HOWS: Final = {", spending loot": "loot", ", with the special": "special",
                ", spending loot, with the special": "both", "'s companion": "companion"}


def parse_move(text: str) -> Move:
    """The move a text names (the form records keep); BadInput when it names none."""
    verb, parts = read_form(text, _FORMS, "Dungeon Squad")
    return Move(verb, parts.get("actor", ""), parts.get("target", ""), parts.get("item", ""),
                _HOWS.get(parts.get("how", ""), ""))
