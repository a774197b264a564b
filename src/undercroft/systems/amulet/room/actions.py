"""A hero's action as a small frozen value with a stable text form.

Scripts, agents, records and people all speak the same sentences: ``attack
swarm-1 with shot``, ``use potion, take half``, ``pick up c2``. Parsing a
sentence that is not one of these is bad input naming the sentence.
"""

from __future__ import annotations

import re
from typing import Final, final

from undercroft.errors import BadInput
from undercroft.values import Value

_WALL = r"(?P<target>north|south|east|west)"
_ID = r"(?P<target>[\w.-]+)"
_ABILITY = r"(?P<target>melee|speed|shot|armor|magic)"
_INTO = r"(?: into room (?P<room>[1-9][0-9]{0,5}))?"
"""A wide way leads into several rooms: the one chosen (none: the part not yet made,
or the way's only room)."""
INTO: Final = " into room "
_FORMS: Final[dict[str, tuple[str, str]]] = {
    "wait": (r"wait", "wait"),
    "attack": (rf"attack {_ID} with (?P<mode>melee|shot)", "attack {target} with {mode}"),
    "potion": (r"use potion", "use potion"),
    "pick up": (rf"pick up {_ID}", "pick up {target}"),
    "open": (rf"open {_ID}", "open {target}"),
    "search": (rf"search {_WALL}", "search {target}"),
    "leave": (rf"leave by {_ID}{_INTO}", "leave by {target}"),
    "sneak": (rf"sneak out by {_ID}{_INTO}", "sneak out by {target}"),
    "descend": (rf"descend by {_ID}", "descend by {target}"),
    "teleport": (rf"teleport by {_ID}", "teleport by {target}"),
    "slip": (rf"slip through {_WALL}{_INTO}", "slip through {target}"),
    "flank": (rf"flank {_ID}", "flank {target}"),
    "read": (r"read scroll", "read scroll"),
    "alone": (r"stand alone", "stand alone"),
    "formation": (r"join formation", "join formation"),
    "escape": (r"escape", "escape"),
    "cover": (rf"take cover behind {_ID}", "take cover behind {target}"),
    "token": (r"spend a token", "spend a token"),
    "race": (r"race for treasure", "race for treasure"),
    "ward": (rf"open {_ID} with the ward", "open {target} with the ward"),
    "point": (rf"spend a level point on {_ABILITY}", "spend a level point on {target}"),
}
_PATTERNS: Final = {verb: re.compile(form) for verb, (form, _) in _FORMS.items()}
_LEAD: Final[dict[str, str]] = {verb: text.split("{", 1)[0] for verb, (_, text) in _FORMS.items()}
"""Each verb's text up to its target (the whole text when it has none): ``text`` joins
strings instead of calling ``str.format``, which cost 2,000 instructions an action
(every action resolved says its text)."""
_TAIL: Final[dict[str, str]] = {verb: text.split("}", 1)[1] if "}" in text else ""
                                for verb, (_, text) in _FORMS.items()}
"""Each verb's text after its target ("open 3.2 with the ward")."""
HALF: Final = ", take half"
CLAIM: Final = ", and announce"
"""The whole game: the seat also claims the announcements of the last step."""
HALF_VERBS: Final = frozenset({"attack", "potion", "search", "sneak", "flank", "escape"})
"""Actions whose own roll the hero may replace by half the die (Modos "take half")."""


@final
class Action(Value):
    """One action: a verb, what it is aimed at, melee or shot, whether to take half, and
    the room a way onto several rooms leads into.

    An immutable value (``undercroft.values``): every seat's legal list is
    made of these each step.
    """

    __match_args__ = ("verb", "target", "mode", "half", "claim", "room")

    def __init__(self, verb: str, target: str | None = None, mode: str | None = None,
                 half: bool = False, claim: bool = False, room: int | None = None) -> None:
        self.verb: Final = verb
        self.target: Final = target
        self.mode: Final = mode
        self.half: Final = half
        self.claim: Final = claim
        self.room: Final = room

    def _fields(self) -> tuple[str, str | None, str | None, bool, bool, int | None]:
        return (self.verb, self.target, self.mode, self.half, self.claim, self.room)

    def __eq__(self, other: object) -> bool:
        """Field by field (no tuples made: legal lists are searched often)."""
        if not isinstance(other, Action):
            return NotImplemented
        return (self.verb == other.verb and self.target == other.target
                and self.mode == other.mode and self.half == other.half
                and self.claim == other.claim and self.room == other.room)

    def __hash__(self) -> int:
        return hash(self._fields())

    @property
    def text(self) -> str:
        verb = self.verb
        lead = _LEAD[verb]
        if verb == "attack":
            body = f"{lead}{self.target} with {self.mode}"
        elif len(lead) < len(_FORMS[verb][1]):
            body = f"{lead}{self.target}{_TAIL[verb]}"
        else:
            body = lead
        if self.room is not None:
            body = f"{body}{INTO}{self.room}"
        if self.half or self.claim:
            return body + (HALF if self.half else "") + (CLAIM if self.claim else "")
        return body

    def plain(self) -> Action:
        """The same action rolled normally, claiming nothing."""
        if not self.half and not self.claim:
            return self
        return Action(self.verb, self.target, self.mode, room=self.room)

    def halved(self) -> Action | None:
        """The same action taking half instead of rolling (Modos "take half"), if its verb
        rolls; else None. The shared table offers it beside the legal choice."""
        if self.half or self.verb not in HALF_VERBS:
            return None
        return Action(self.verb, self.target, self.mode, True, self.claim, self.room)

    def claiming(self) -> Action:
        """The same action, claiming the last step's announcements too."""
        return self if self.claim else Action(self.verb, self.target, self.mode, self.half,
                                              True, self.room)

    def __str__(self) -> str:
        return self.text


def parse_action(text: str) -> Action:
    """The action a sentence names; anything else is bad input naming the sentence."""
    body = " ".join(str(text).lower().split())
    claim = body.endswith(CLAIM)
    if claim:
        body = body[: -len(CLAIM)]
    half = body.endswith(HALF)
    if half:
        body = body[: -len(HALF)]
    for verb, pattern in _PATTERNS.items():
        match = pattern.fullmatch(body)
        if match:
            if half and verb not in HALF_VERBS:
                raise BadInput(f"action {text!r}: only {', '.join(sorted(HALF_VERBS))} "
                               "can take half")
            found = match.groupdict()
            room = found.get("room")
            return Action(verb, found.get("target"), found.get("mode"), half, claim,
                          int(room) if room else None)
    raise BadInput(f"action {text!r}: not an action (try 'wait', 'attack swarm-1 with shot', "
                   "'use potion', 'pick up c1', 'open e1', 'search north', 'leave by e2')")
