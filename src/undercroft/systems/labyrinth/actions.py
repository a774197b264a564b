"""What a Labyrinth player can do, as small values with a stable text form.

Town: "buy kobold-knife#1", "sell rations#2", "lift the curse on cursed-ring#1",
"enter floor 2". Dungeon: "open the next door", "return to town", "use rations#1",
"equip kobold-knife#1", "unequip kobold-knife#1", "open the chest", "check the chest
for traps", "go down to floor 3". Fight: "attack goblin-2" (with Strength), "attack
goblin-2 with intelligence" (a wizard), "attack goblin-2, bracing" (a hollow), "attack
goblin-2 with intelligence, bracing". After a Dragon Statue roll that leaves a choice:
"raise strength", "lower luck", "swap luck with intelligence", "keep the stats as they
are". Anywhere: "wait".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from undercroft.engine.turns import read_form

_FORMS: Final = (
    ("buy", re.compile(r"^buy (?P<target>\S+)$")),
    ("sell", re.compile(r"^sell (?P<target>\S+)$")),
    ("lift", re.compile(r"^lift the curse on (?P<target>\S+)$")),
    ("enter", re.compile(r"^enter floor (?P<target>\d+)$")),
    ("next", re.compile(r"^open the next door$")),
    ("return", re.compile(r"^return to town$")),
    ("use", re.compile(r"^use (?P<target>\S+)$")),
    ("equip", re.compile(r"^equip (?P<target>\S+)$")),
    ("unequip", re.compile(r"^unequip (?P<target>\S+)$")),
    ("open", re.compile(r"^open the chest$")),
    ("search", re.compile(r"^check the chest for traps$")),
    ("down", re.compile(r"^go down to floor (?P<target>\d+)$")),
    ("attack", re.compile(r"^attack (?P<target>\S+?)"
                          r"(?P<how>(?: with intelligence)?(?:, bracing)?)$")),
    ("raise", re.compile(r"^raise (?P<target>strength|intelligence|luck)$")),
    ("lower", re.compile(r"^lower (?P<target>strength|intelligence|luck)$")),
    ("swap", re.compile(r"^swap luck with (?P<target>strength|intelligence)$")),
    ("keep", re.compile(r"^keep the stats as they are$")),
    ("wait", re.compile(r"^wait$")),
)


@dataclass(frozen=True)
class Choice:
    """One action: a verb, what it is aimed at, and how (for attacks)."""

    verb: str
    target: str = ""
    how: str = ""

    @property
    def text(self) -> str:
        target = self.target
        return {
            "buy": f"buy {target}", "sell": f"sell {target}",
            "lift": f"lift the curse on {target}", "enter": f"enter floor {target}",
            "next": "open the next door", "return": "return to town", "use": f"use {target}",
            "equip": f"equip {target}", "unequip": f"unequip {target}",
            "open": "open the chest", "search": "check the chest for traps",
            "down": f"go down to floor {target}",
            "raise": f"raise {target}", "lower": f"lower {target}",
            "swap": f"swap luck with {target}", "keep": "keep the stats as they are",
            "attack": f"attack {target}"
                      + (" with intelligence" if "intelligence" in self.ways else "")
                      + (", bracing" if "brace" in self.ways else ""),
        }.get(self.verb, self.verb)

    @property
    def ways(self) -> tuple[str, ...]:
        """How an attack is made: ``intelligence`` (a wizard's), ``brace`` (a hollow's),
        both, or neither (``how`` joins them with "+")."""
        return tuple(way for way in self.how.split("+") if way)

    def to_dict(self) -> dict[str, str]:
        return {"text": self.text}


def parse_choice(text: str) -> Choice:
    """The action a text names; BadInput when it names none."""
    verb, parts = read_form(text, _FORMS, "Labyrinth")
    how = parts.get("how") or ""
    ways = [way for words, way in ((" with intelligence", "intelligence"),
                                   (", bracing", "brace")) if words in how]
    return Choice(verb, parts.get("target", ""), "+".join(ways))
