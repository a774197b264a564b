"""The state of a whole Amulet game: the party, the level they are on, the table's tokens.

One object holds everything that changes; ``game_step.step`` is the only thing
that changes it. Dice come from the seed's ``amulet/play`` stream (the level
generator has its own streams per level), so a game replays from its choices.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from undercroft.rng import Stream
from undercroft.systems.amulet.actions import Action
from undercroft.systems.amulet.events import Event
from undercroft.systems.amulet.fight import Fight
from undercroft.systems.amulet.fight_dice import FightDice
from undercroft.systems.amulet.game_config import GameConfig
from undercroft.systems.amulet.heroes import new_hero
from undercroft.systems.amulet.level_play import Level
from undercroft.systems.amulet.scene import HeroState, Scene, TableState, find_hero
from undercroft.systems.amulet.view_memory import HeroShown, RoomShown


@dataclass(frozen=True)
class Claim:
    """An announcement the other players may claim in the next step for a token."""

    text: str
    cause: str | None
    """The seat whose hero caused it (it cannot claim), or None."""
    key: str
    """Seed 000: "Tokens cannot be awarded for multiple announcements of the same cause"."""


@dataclass
class GameState:
    """A game of Amulet in progress."""

    config: GameConfig
    seed: int
    heroes: list[HeroState]
    tokens: dict[str, int]
    table: TableState
    dice: FightDice
    level: Level
    rooms: dict[str, int] = field(default_factory=dict)
    """Each hero's room on the current level (the last one, for the dead). Whatever
    changes it, or brings back a hero who had left a room, calls ``moved``."""
    events: list[Event] = field(default_factory=list)
    """The events of the last step (of making the game, before the first): each step
    starts this list anew and returns a copy. The game's log is kept by whoever plays it
    (a record replays it), so a long game's state does not grow with every roll."""
    claims: list[Claim] = field(default_factory=list)
    awarded: set[str] = field(default_factory=set)
    steps: int = 0
    ended: str | None = None
    """How the game ended: "dead", "depth limit" or "time up"."""
    race_actions: int = 0
    """Actions left on a treasure level."""
    legal_now: dict[str, list[Action]] = field(default_factory=dict)
    attacks_now: dict[int, list[Action]] = field(default_factory=dict)
    wide_now: dict[int, dict[str, tuple[int | None, ...]]] = field(default_factory=dict)
    view_now: dict[str, Any] | None = None
    acting_now: frozenset[str] | None = None
    """Legal lists, each room's attacks and wide ways in them, the shared view and the
    seats to act of the current step (cleared by every step: only a step changes the
    state)."""

    placed: dict[int, list[HeroState]] = field(default_factory=dict)
    """The heroes ``scene`` found in each room, kept until a hero moves: the rules ask
    for a room's scene several times a step. A hero who leaves a room (the only change
    of place the rules make without ``moved``) is still on its room's list; the list is
    then made again."""

    room_views: dict[int, dict[str, Any]] = field(default_factory=dict)
    room_kept: dict[int, RoomShown] = field(default_factory=dict)
    room_views_of: Level | None = None
    """The seats' view of each room of ``room_views_of`` as it was when last shown:
    ``room_views`` while no step may have changed the room (``game_step`` says which
    rooms a step may have changed), and ``room_kept``, with the values it shows, for
    ``game_view`` to compare with what the room shows now."""
    hero_views: dict[str, HeroShown] = field(default_factory=dict)
    """Each hero's view as last shown, with the values it showed."""

    def forget(self) -> None:
        self.legal_now.clear()
        self.attacks_now.clear()
        self.wide_now.clear()
        self.view_now = None
        self.acting_now = None
        self.placed.clear()

    def moved(self) -> None:
        """A hero changed room, or came back into the room it had left."""
        self.placed.clear()

    def forget_rooms(self, room_ids: Iterable[int] | None) -> None:
        """Views of these rooms (None: of every room) may be out of date: they are
        compared with what the rooms show before they are shown again."""
        if room_ids is None:
            self.room_views.clear()
        else:
            for room_id in room_ids:
                self.room_views.pop(room_id, None)

    def forget_views(self) -> None:
        """Every view is made afresh (a test's fresh look)."""
        self.view_now = None
        self.room_views.clear()
        self.room_kept.clear()
        self.hero_views.clear()

    @property
    def depth(self) -> int:
        return self.level.depth

    def hero(self, name: str) -> HeroState:
        return find_hero(self.heroes, name)

    def occupied(self) -> list[int]:
        """Rooms with a hero in them, in order."""
        return sorted({self.rooms[h.name] for h in self.heroes if h.present})

    def scene(self, room_id: int) -> Scene:
        """A room's scene with the heroes now in it (the dead where they fell)."""
        scene = self.level.scenes[room_id]
        heroes = self.placed.get(room_id)
        if heroes is not None:
            for hero in heroes:
                if hero.status == "gone":
                    heroes = None
                    break
        if heroes is None:
            heroes = self.placed[room_id] = [h for h in self.heroes
                                             if self.rooms.get(h.name) == room_id
                                             and h.status != "gone"]
        scene.heroes = heroes
        return scene

    def fight(self, room_id: int) -> Fight:
        return Fight(self.scene(room_id), self.dice, self.events)


def new_heroes(config: GameConfig) -> list[HeroState]:
    heroes = []
    for hero_class, name in zip(config.party, config.hero_names(), strict=True):
        hero = new_hero(hero_class, name)
        heroes.append(HeroState(hero, hero.health))
    return heroes


def play_dice(config: GameConfig, seed: int) -> FightDice:
    return FightDice(Stream(seed, "amulet/play"), ties=config.play.ties)
