"""The state of one Amulet room in play: heroes, monsters, contents, exits.

Positions are abstract, as the issue allows: a hero is in the room (in the
party's formation or standing alone), trapped in quicksand, gone (by an exit,
the stairs or a teleporter) or dead. Monsters are in the room or in the room
beyond a murder hole ("beyond"). A swarm is one health pool; a lone monster
has its own health. Nothing here rolls dice or decides: that is the rules'
modules' job, so that a view or a test can read a scene without changing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from undercroft.systems.amulet.characters.heroes import Hero
from undercroft.systems.amulet.characters.monster_numbers import stats
from undercroft.systems.amulet.generation.encounters import CAPACITY_PER_UNIT
from undercroft.systems.amulet.generation.special_levels import (
    generator_interval,
    monster_speed_bonus,
)
from undercroft.systems.amulet.room.house_rules import PlayRules

Place = Literal["room", "beyond"]
HeroStatus = Literal["in room", "trapped", "gone", "dead"]
FriendlyFire = Literal["off", "announced", "on"]
WALLS = ("north", "south", "east", "west")
OPEN_FROM_THE_START = ("open", "stair", "teleport")
"""Seed 001: these exits need nothing done to them before use."""
SCATTER_MULTIPLE = 3
"""Seed 000, Scattered: a swarm "damaged to or beyond (less than)" three times one
monster's health is scattered."""

SwarmShown = tuple[str, str, int, int, str, int, int]
FoeShown = tuple[str, str, int, str]
ContentShown = tuple[str, str, bool, bool]
ExitStateShown = tuple[str, str, str, int, bool, bool]
"""What a view shows of a swarm, a lone monster or a generator, a content and an exit:
each one's ``shown()`` gives the values, and ``to_dict()`` is the view made of them
(``swarm_view`` and the others). A game's view compares the values with those it
showed last to know whether to make its dicts again, so every value shown is there."""


def swarm_view(shown: SwarmShown) -> dict[str, Any]:
    id_, kind, health, capacity, place, rounds, head_count = shown
    return {"id": id_, "kind": kind, "health": health, "capacity": capacity, "place": place,
            "rounds": rounds, "head_count": head_count}


def foe_view(shown: FoeShown) -> dict[str, Any]:
    id_, kind, health, place = shown
    return {"id": id_, "kind": kind, "health": health, "place": place}


def content_view(shown: ContentShown) -> dict[str, Any]:
    id_, kind, gone, opened = shown
    return {"id": id_, "kind": kind, "gone": gone, "opened": opened}


def exit_state_view(shown: ExitStateShown) -> dict[str, Any]:
    id_, kind, wall, units, opened, found = shown
    return {"id": id_, "kind": kind, "wall": wall, "units": units, "open": opened,
            "found": found}


@dataclass
class HeroState:
    """One hero in play: numbers, health, what they carry and where they are."""

    hero: Hero
    health: int
    keys: int = 0
    potions: int = 0
    treasure: int = 0
    scrolls: int = 0
    specials: dict[str, int] = field(default_factory=dict)
    status: HeroStatus = "in room"
    gone_by: str | None = None
    alone: bool = False
    flanking: str | None = None
    steady: bool = False
    """Takes half on automatic defence rolls instead of rolling."""
    cover: str | None = None
    """The ward (a content's id) the hero shelters behind (see ``cover.py``)."""
    ward_door: bool = False
    """The hero has just touched a ward and "may immediately open any previously
    discovered Door or Walldoor" (seed 001): a choice that takes no time."""
    points: int = 0
    """Level points gained and not yet spent (a choice that takes no time)."""

    name: str = field(init=False)
    """The hero's name, kept beside the numbers (read on every turn of every loop)."""

    def __post_init__(self) -> None:
        self.name = self.hero.name

    @property
    def present(self) -> bool:
        """In the room and alive (trapped heroes are still in the room)."""
        return self.status in ("in room", "trapped")

    def enter_room(self) -> None:
        """In a room again (arrived, risen, or down the stairs): nothing of where the
        hero stood before holds (no cover, no flank)."""
        self.status, self.gone_by, self.cover, self.flanking = "in room", None, None, None

    def has_special(self, name: str) -> bool:
        return self.specials.get(name, 0) > 0

    @property
    def choosing_freely(self) -> bool:
        """Whether the hero has a choice to make that takes no time (a ward's door, a
        level point); while any hero has, only such choices are made."""
        return self.present and (self.ward_door or self.points > 0)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "class": self.hero.hero_class, "health": self.health,
                "keys": self.keys, "potions": self.potions, "treasure": self.treasure,
                "scrolls": self.scrolls, "specials": dict(self.specials),
                "status": self.status, "gone_by": self.gone_by, "alone": self.alone,
                "cover": self.cover, "ward_door": self.ward_door, "level_points": self.points}


@dataclass
class Swarm:
    """Four or more monsters of one kind sharing one health pool."""

    id: str
    kind: str
    health: int
    capacity: int
    place: Place = "room"
    rounds: int = 0
    """Rounds the heroes have stayed in its room: +1 speed each for swarming."""
    swarmed: list[str] = field(default_factory=list)
    """The heroes it swarmed last round (friendly fire can hit them)."""

    @property
    def threshold(self) -> int:
        """Below three times one monster's health the swarm scatters."""
        return SCATTER_MULTIPLE * stats(self.kind).health

    @property
    def reach(self) -> int:
        """How many heroes it can swarm: 25% 1, 50% 2, 75% 3, 100% all (by health now)."""
        quarters = 4 * self.health // self.capacity if self.capacity else 0
        return 1_000 if quarters >= 4 else max(1, quarters)

    @property
    def head_count(self) -> int:
        """Seed 000: health / 5 or / 10, whichever is nearer one monster's health."""
        single = stats(self.kind).health
        divisor = 5 if abs(single - 5) <= abs(single - 10) else 10
        return self.health // divisor

    def shown(self) -> SwarmShown:
        return (self.id, self.kind, self.health, self.capacity, self.place, self.rounds,
                self.head_count)

    def to_dict(self) -> dict[str, Any]:
        return swarm_view(self.shown())


@dataclass
class Monster:
    """A lone monster (one to three of a kind, or a member of a scattered swarm)."""

    id: str
    kind: str
    health: int
    place: Place = "room"
    attacked: bool = False
    """It has attacked once (a mimic's ambush is spent)."""
    close: bool = False
    """A demon that has closed in to bite."""
    grudge: str | None = None
    """A barbarian's target through a murder hole."""

    def shown(self) -> FoeShown:
        return (self.id, self.kind, self.health, self.place)

    def to_dict(self) -> dict[str, Any]:
        return foe_view(self.shown())


@dataclass
class Generator:
    """A monster generator: 20 health, a monster of its kind every few rounds."""

    id: str
    kind: str
    health: int
    place: Place = "room"
    rounds: int = 0

    def shown(self) -> FoeShown:
        return (self.id, self.kind, self.health, self.place)

    def to_dict(self) -> dict[str, Any]:
        return foe_view(self.shown())


@dataclass
class Content:
    """One content of the room (seed 001 CONTENTS); ``gone`` once taken or destroyed."""

    id: str
    kind: str
    gone: bool = False
    opened: bool = False
    """A password chest unlocked, or a murder hole's masonry removed."""

    def shown(self) -> ContentShown:
        return (self.id, self.kind, self.gone, self.opened)

    def to_dict(self) -> dict[str, Any]:
        return content_view(self.shown())


class Opening:
    """What has been done to one opening between rooms: held once, whichever of its sides
    (an exit of each room it joins) is asked. Both sides' ``ExitState`` share it."""

    def __init__(self, open: bool = False, found: bool = True, hits: int = 0,
                 collected: int = 0) -> None:
        self.open = open
        self.found = found
        self.hits = hits
        """Attack actions spent on a crumbling wall."""
        self.collected = collected
        """Units of a treasure wall collected."""

    def __reduce__(self) -> tuple[type[Opening], tuple[bool, bool, int, int]]:
        """How copy and snapshots (engine/snapshot.py) rebuild it (compiled classes need
        telling)."""
        return Opening, (self.open, self.found, self.hits, self.collected)


class ExitState:
    """One exit of the room (seed 001 Exit Types): its side of an ``Opening`` (its name,
    kind, wall and width here) and how far the opening has been opened."""

    def __init__(self, id: str, kind: str, wall: str, units: int = 1, open: bool = False,
                 found: bool = True, hits: int = 0, collected: int = 0,
                 opening: Opening | None = None) -> None:
        self.id = id
        self.kind = kind
        self.wall = wall
        self.units = units
        self.opening = Opening(open, found, hits, collected) if opening is None else opening

    @property
    def open(self) -> bool:
        return self.opening.open

    @open.setter
    def open(self, value: bool) -> None:
        self.opening.open = value

    @property
    def found(self) -> bool:
        return self.opening.found

    @found.setter
    def found(self, value: bool) -> None:
        self.opening.found = value

    @property
    def hits(self) -> int:
        return self.opening.hits

    @hits.setter
    def hits(self, value: int) -> None:
        self.opening.hits = value

    @property
    def collected(self) -> int:
        return self.opening.collected

    @collected.setter
    def collected(self, value: int) -> None:
        self.opening.collected = value

    @property
    def passable(self) -> bool:
        """Whether a hero can walk through it now."""
        opening = self.opening
        return opening.found and opening.open and self.kind not in ("teleport", "stair")

    def shown(self) -> ExitStateShown:
        opening = self.opening
        return (self.id, self.kind, self.wall, self.units, opening.open, opening.found)

    def to_dict(self) -> dict[str, Any]:
        return exit_state_view(self.shown())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ExitState) and (
            self.id, self.kind, self.wall, self.units, self.open, self.found, self.hits,
            self.collected) == (other.id, other.kind, other.wall, other.units, other.open,
                                other.found, other.hits, other.collected)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"ExitState(id={self.id!r}, kind={self.kind!r}, wall={self.wall!r}, "
                f"units={self.units!r}, open={self.open!r}, found={self.found!r}, "
                f"hits={self.hits!r}, collected={self.collected!r})")

    def __reduce__(self) -> tuple[type[ExitState], tuple[Any, ...]]:
        """How copy and snapshots rebuild it, sharing its opening with the other side."""
        return ExitState, (self.id, self.kind, self.wall, self.units, False, True, 0, 0,
                           self.opening)


@dataclass
class TableState:
    """What the whole table shares, whichever room each hero is in: the count of
    rounds and actions, friendly fire, the password's word, the once-only
    announcements made and the keys collected in the game."""

    round: int = 1
    action: int = 0
    """Actions taken so far by each hero (Specials count them)."""
    friendly_fire: FriendlyFire = "off"
    stairs_until: int = 0
    """While ``action`` is below this, every wall is a Stair (the password's word)."""
    announced: set[str] = field(default_factory=set)
    keys_collected: int = 0
    room_is_level: bool = True
    """The sandbox's one room is the whole level ("I've not seen such bravery!" when
    it is cleared); the whole game checks every room of the level instead."""


@dataclass
class Scene:
    """One room in play and, if it has a murder hole, the room beyond it."""

    rules: PlayRules
    size: int
    heroes: list[HeroState]
    swarms: list[Swarm] = field(default_factory=list)
    monsters: list[Monster] = field(default_factory=list)
    generators: list[Generator] = field(default_factory=list)
    contents: list[Content] = field(default_factory=list)
    exits: list[ExitState] = field(default_factory=list)
    beyond_size: int = 0
    level: int = 1
    level_bonus: int = 1
    """The Level Bonus of the level this room is on (with Scaling, traps' and secret
    exits' bonus): the normal levels reached, where ``level`` is every level."""
    table: TableState = field(default_factory=lambda: TableState())
    """What every room of the game shares (one object for all of them)."""
    grudges: dict[str, str] = field(default_factory=dict)
    """Barbarians beyond a murder hole and the hero who hit them through it."""
    hole_shooter: str | None = None
    """The hero who last attacked through the murder hole (shots come back at them)."""
    exit_prefix: str = ""
    """The room's number in a whole game: its exits are named "3.1", "3.2", ... in
    the order they are found."""

    def reveal_exit(self, exit_: ExitState) -> None:
        """A secret exit is found. In a whole game it takes the room's next number now:
        numbered in the order found, no gap in the numbers tells of one still hidden."""
        exit_.found = True
        if not exit_.id:
            exit_.id = self.next_exit_name()

    def next_exit_name(self) -> str:
        return f"{self.exit_prefix}.{1 + sum(1 for e in self.exits if e.id)}"

    @property
    def round(self) -> int:
        """The table's round (every event is stamped with it)."""
        return self.table.round

    def speed_of(self, kind: str) -> int:
        """A monster's Speed here: its own, plus Scaling's bonus with depth (house rule,
        :func:`special_levels.monster_speed_bonus`; a mini-boss's speed has it already)."""
        own = stats(kind).speed
        if kind.startswith("mini-boss"):
            return own
        return own + monster_speed_bonus(self.level, self.rules.scaling)

    def generator_every(self) -> int:
        """Rounds between a generator's monsters here: the house rule's interval, faster
        with depth under Scaling (:func:`special_levels.generator_interval`)."""
        return generator_interval(self.level, self.rules.scaling, self.rules.generator_every)

    def new_id(self, prefix: str) -> str:
        """A fresh id for a monster that appears during play (never one already used)."""
        used = {swarm.id for swarm in self.swarms} | {monster.id for monster in self.monsters} \
            | {generator.id for generator in self.generators}
        number = 1
        while f"{prefix}-{number}" in used:
            number += 1
        return f"{prefix}-{number}"

    def units(self, place: Place) -> int:
        """The size of the room, or of the room beyond the murder hole."""
        return self.size if place == "room" else self.beyond_size

    def capacity(self, place: Place) -> int:
        """Seed 000: 20 health of swarm per unit of room size."""
        return CAPACITY_PER_UNIT * self.units(place)

    def hero(self, name: str) -> HeroState:
        return find_hero(self.heroes, name)

    def present(self) -> list[HeroState]:
        """Heroes alive and in the room, in seat order."""
        return [hero for hero in self.heroes if hero.present]

    def foes(self, place: Place | None = "room") -> list[Swarm | Monster | Generator]:
        """Swarms, lone monsters and generators still standing (in one place, or all)."""
        every: list[Swarm | Monster | Generator] = [*self.swarms, *self.monsters,
                                                    *self.generators]
        return [foe for foe in every if foe.health > 0 and (place is None or foe.place == place)]

    def foe(self, foe_id: str) -> Swarm | Monster | Generator | None:
        for foe in self.foes(None):
            if foe.id == foe_id:
                return foe
        return None

    def content(self, content_id: str) -> Content | None:
        for content in self.contents:
            if content.id == content_id and not content.gone:
                return content
        return None

    def exit(self, exit_id: str) -> ExitState | None:
        for exit_ in self.exits:
            if exit_.id == exit_id:
                return exit_
        return None

    def hole_open(self) -> bool:
        """Whether a murder hole's masonry has been removed."""
        return any(c.kind == "murder hole" and c.opened and not c.gone for c in self.contents)

    def stairs_everywhere(self) -> bool:
        return self.table.action < self.table.stairs_until

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.table.round, "action": self.table.action, "size": self.size,
                "level": self.level, "friendly_fire": self.table.friendly_fire,
                "heroes": [hero.to_dict() for hero in self.heroes],
                "swarms": [s.to_dict() for s in self.swarms if s.health > 0],
                "monsters": [m.to_dict() for m in self.monsters if m.health > 0],
                "generators": [g.to_dict() for g in self.generators if g.health > 0],
                "contents": [c.to_dict() for c in self.contents if not c.gone],
                "exits": [e.to_dict() for e in self.exits]}


def find_hero(heroes: list[HeroState], name: str) -> HeroState:
    """The hero called ``name`` (KeyError when there is none)."""
    for hero in heroes:
        if hero.name == name:
            return hero
    raise KeyError(name)
