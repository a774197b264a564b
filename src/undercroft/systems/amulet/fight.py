"""A fight in progress: the scene, its dice, and the events said so far.

The rules' modules (harm, hero_actions, monster_phase) all work through one
:class:`Fight`, so every event picks up exactly the rolls that caused it and
announcements are made once, where the seed says once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from undercroft.systems.amulet.events import Event
from undercroft.systems.amulet.fight_dice import FightDice
from undercroft.systems.amulet.scene import Scene


@dataclass
class Fight:
    """The scene being played, the dice it rolls with, and what has happened."""

    scene: Scene
    dice: FightDice
    events: list[Event] = field(default_factory=list)

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
