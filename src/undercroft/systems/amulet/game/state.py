"""The state of a whole Amulet game: the party, the level they are on, the table's tokens.

One object holds everything that changes; ``game.rules.step`` is the only thing
that changes it. Dice come from the seed's ``amulet/play`` stream (the level
generator has its own streams per level), so a game replays from its choices.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from undercroft.rng import Stream
from undercroft.systems.amulet.characters.heroes import new_hero
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.level_play import Level
from undercroft.systems.amulet.game.view_memory import HeroShown, RoomShown
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.events import Event
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.fight_dice import FightDice
from undercroft.systems.amulet.room.scene import HeroState, Scene, TableState, find_hero


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
    cache: StepCache = field(default_factory=lambda: StepCache())
    """What the game's own queries worked out (not the game's truth): see ``StepCache``."""

    def now(self) -> StepCache:
        """The cache, with what holds for one step only made afresh when a step has passed
        since it was filled."""
        cache = self.cache
        if cache.step != self.steps:
            cache.new_step(self.steps)
        return cache

    def forget(self) -> None:
        """The state was changed outside a step (a test's set-up): nothing kept holds."""
        self.cache.new_step(self.steps)
        self.cache.placed.clear()

    def moved(self) -> None:
        """A hero changed room, or came back into the room it had left."""
        self.cache.placed.clear()

    def forget_rooms(self, room_ids: Iterable[int] | None) -> None:
        """Views of these rooms (None: of every room) may be out of date: they are
        compared with what the rooms show before they are shown again."""
        room_views = self.cache.room_views
        if room_ids is None:
            room_views.clear()
        else:
            for room_id in room_ids:
                room_views.pop(room_id, None)

    def forget_views(self) -> None:
        """Every view is made afresh (a test's fresh look)."""
        cache = self.cache
        cache.view = None
        cache.room_views.clear()
        cache.room_kept.clear()
        cache.hero_views.clear()

    @property
    def depth(self) -> int:
        return self.level.depth

    def hero(self, name: str) -> HeroState:
        return find_hero(self.heroes, name)

    def occupied(self) -> list[int]:
        """Rooms with a hero in them, in order."""
        return sorted({self.rooms[h.name] for h in self.heroes if h.present})

    def scene(self, room_id: int) -> Scene:
        """A room's scene with the heroes now in it (the dead where they fell).

        Each scene's list of heroes is placed from ``rooms`` by the step that moves them
        (``place_heroes``), so that a reader finds it placed already and changes nothing."""
        scene = self.level.scenes[room_id]
        placed = self.cache.placed
        heroes = placed.get(room_id)
        if heroes is not None:
            for hero in heroes:
                if hero.status == "gone":
                    heroes = None
                    break
        if heroes is None:
            heroes = [h for h in self.heroes
                      if self.rooms.get(h.name) == room_id and h.status != "gone"]
            if _same_heroes(scene.heroes, heroes):
                heroes = scene.heroes
            else:
                scene.heroes = heroes
            placed[room_id] = heroes
        return scene

    def place_heroes(self) -> None:
        """Every scene's list of heroes as ``rooms`` has them (the end of every step)."""
        for room_id in self.level.scenes:
            self.scene(room_id)

    def fight(self, room_id: int) -> Fight:
        return Fight(self.scene(room_id), self.dice, self.events)


def _same_heroes(listed: list[HeroState], heroes: list[HeroState]) -> bool:
    return len(listed) == len(heroes) and all(
        listed[index] is hero for index, hero in enumerate(heroes))


class StepCache:
    """What the game's queries worked out from its state, kept so that a step asks each
    once: never the game's truth. A snapshot writes it empty (``__reduce__``), and every
    answer here can be worked out again from the state.

    Held for one step (made afresh when ``GameState.steps`` moves on): each seat's legal
    list, each room's attacks and wide ways, the seats' shared view and the seats to act.
    Held across steps while what they were made from holds: the heroes ``scene`` placed in
    each room (until a hero moves), and the last view of each room (until the step says
    the room may have changed, ``GameState.forget_rooms``) and of each hero, with the
    values they showed (``view_memory``), for ``game.view`` to compare with what the state
    shows now."""

    def __init__(self) -> None:
        self.step = 0
        self.legal: dict[str, list[Action]] = {}
        self.attacks: dict[int, list[Action]] = {}
        self.wide: dict[int, dict[str, tuple[int | None, ...]]] = {}
        self.view: dict[str, Any] | None = None
        self.acting: frozenset[str] | None = None
        self.placed: dict[int, list[HeroState]] = {}
        self.room_views: dict[int, dict[str, Any]] = {}
        self.room_kept: dict[int, RoomShown] = {}
        self.room_views_of: Level | None = None
        self.hero_views: dict[str, HeroShown] = {}

    def new_step(self, step: int) -> None:
        self.step = step
        self.legal.clear()
        self.attacks.clear()
        self.wide.clear()
        self.view = None
        self.acting = None

    def __reduce__(self) -> tuple[type[StepCache], tuple[()]]:
        """Copies and snapshots (engine/snapshot.py) carry the truth only: an empty cache."""
        return StepCache, ()


def new_heroes(config: GameConfig) -> list[HeroState]:
    heroes = []
    for hero_class, name in zip(config.party, config.hero_names(), strict=True):
        hero = new_hero(hero_class, name)
        heroes.append(HeroState(hero, hero.health))
    return heroes


def play_dice(config: GameConfig, seed: int) -> FightDice:
    return FightDice(Stream(seed, "amulet/play"), ties=config.play.ties)
