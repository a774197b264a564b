"""A fight in progress: the scene, its dice, and the events said so far.

The rules' modules (harm, hero_actions, monster_phase) all work through one
:class:`Fight`, so every event picks up exactly the rolls that caused it and
announcements are made once, where the seed says once.
"""

from __future__ import annotations

from typing import Any

from undercroft.systems.amulet.room.events import Event
from undercroft.systems.amulet.room.fight_dice import FightDice
from undercroft.systems.amulet.room.scene import Scene


class Fight:
    """The scene being played, the dice it rolls with, and what has happened.

    A plain class, not a dataclass: a game makes one for nearly every rule it plays,
    and a dataclass's ``__init__`` is interpreted code even when mypyc compiles the
    module (three times the cost of making this compiled one)."""

    def __init__(self, scene: Scene, dice: FightDice, events: list[Event] | None = None) -> None:
        self.scene = scene
        self.dice = dice
        self.events: list[Event] = [] if events is None else events

    def __repr__(self) -> str:
        return f"Fight(scene={self.scene!r}, dice={self.dice!r}, events={self.events!r})"

    def say(self, kind: str, text: str, **data: Any) -> Event:
        """Record an event carrying every roll made since the last one."""
        event = Event(self.scene.round, kind, text, tuple(self.dice.take()), data)
        self.events.append(event)
        return event

    def announce(self, text: str, once: str | None = None) -> None:
        """A game announcement (seed 000, GAME ANNOUNCEMENTS); ``once`` keys the once-only ones."""
        if once is not None:
            if once in self.scene.table.announced:
                return
            self.scene.table.announced.add(once)
        self.say("announcement", text, announcement=text)
