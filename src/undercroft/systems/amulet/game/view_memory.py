"""What the seats' views of an Amulet game showed last, kept beside its state.

A view is made from the state every step, and most of it is what the step before
showed: a hero's figures but its health, the rooms nobody fought in. ``game.view``
keeps each hero's and each room's last view here with the values it showed, compares
them with the values the state shows now, and makes again only what differs, so that
the view of a hero or a room is the same dict while nothing it shows has changed.
Plain classes with typed fields: compiled (``make fast``), a comparison is a few
native reads rather than a tuple made and compared each step.
"""

from __future__ import annotations

from typing import Any

from undercroft.systems.amulet.characters.heroes import Hero
from undercroft.systems.amulet.room.scene import (
    ContentShown,
    ExitStateShown,
    FoeShown,
    HeroState,
    SwarmShown,
)

ExitShown = tuple[str | None, str, str, bool, int | list[int] | None, bool, str]
"""An exit as a view shows it: name, kind, wall, open, where an open way leads (as far
as the players have seen), whether part of it opens where no room is made yet, and the
generator's id (only the truth shows it)."""


class HeroShown:
    """A hero's last view, and the hero's values it showed."""

    def __init__(self) -> None:
        self.view: dict[str, Any] = {}
        self.hero: Hero | None = None
        self.health = 0
        self.keys = 0
        self.potions = 0
        self.treasure = 0
        self.scrolls = 0
        self.specials: list[tuple[str, int]] = []
        """The hero's specials, in order (a view is compared as JSON text)."""
        self.status = ""
        self.gone_by: str | None = None
        self.alone = False
        self.cover: str | None = None
        self.ward_door = False
        self.points = 0
        self.room: int | None = None
        self.tokens = 0

    def shows(self, hero: HeroState, room: int | None, tokens: int) -> bool:
        """Whether the view shows this hero as it is now, but perhaps its health."""
        return (self.hero is hero.hero and self.keys == hero.keys
                and self.potions == hero.potions and self.treasure == hero.treasure
                and self.scrolls == hero.scrolls and self.status == hero.status
                and self.gone_by == hero.gone_by and self.alone == hero.alone
                and self.cover == hero.cover and self.ward_door == hero.ward_door
                and self.points == hero.points and self.room == room
                and self.tokens == tokens and self._same_specials(hero.specials))

    def _same_specials(self, specials: dict[str, int]) -> bool:
        shown = self.specials
        if len(specials) != len(shown):
            return False
        for index, (name, left) in enumerate(specials.items()):
            shown_name, shown_left = shown[index]
            if shown_name != name or shown_left != left:
                return False
        return True

    def remember(self, view: dict[str, Any], hero: HeroState, room: int | None,
                 tokens: int) -> None:
        self.view = view
        self.hero = hero.hero
        self.health = hero.health
        self.keys = hero.keys
        self.potions = hero.potions
        self.treasure = hero.treasure
        self.scrolls = hero.scrolls
        self.specials = list(hero.specials.items())
        self.status = hero.status
        self.gone_by = hero.gone_by
        self.alone = hero.alone
        self.cover = hero.cover
        self.ward_door = hero.ward_door
        self.points = hero.points
        self.room = room
        self.tokens = tokens


class RoomShown:
    """A room's last view, and the values it showed, list by list (each list of the
    view is kept while its values are the same, when others change)."""

    def __init__(self) -> None:
        self.view: dict[str, Any] = {}
        self.size = 0
        self.shape = ""
        self.exits: list[ExitShown] = []
        self.in_play = False
        """Whether the room was in play (showing its foes, contents and exits in play)
        or seen only (showing the encounters rolled for it)."""
        self.labels: list[str] = []
        self.swarms: list[SwarmShown] = []
        self.monsters: list[FoeShown] = []
        self.generators: list[FoeShown] = []
        self.contents: list[ContentShown] = []
        self.exit_states: list[ExitStateShown] = []
