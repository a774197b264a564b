"""One dungeon level in play: the generator's rooms turned into scenes as heroes arrive.

The incremental generator (seed 001's Creation rules) makes the room behind an
exit the first time a hero goes through it; the room's monsters and contents
come into play then, from what the generator rolled. Rooms nobody stands in
are still: their monsters wait and their generators do not dispense (house
rule: the seeds only describe the room the heroes are in). A murder hole's
room beyond is fought through the hole until a hero walks into it; its
monsters then belong to that room.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from undercroft.engine.tally import drawn, fired
from undercroft.maps.model import Exit, LevelMap, Room
from undercroft.systems.amulet.characters.monster_numbers import stats
from undercroft.systems.amulet.generation.content_ids import (
    CONTENT_IDS,
    EXIT_IDS,
    GENERATOR_IDS,
    content_id,
)
from undercroft.systems.amulet.generation.content_ids import exit_id as exit_content
from undercroft.systems.amulet.generation.generator import LevelGenerator
from undercroft.systems.amulet.generation.special_levels import LevelKind
from undercroft.systems.amulet.room.events import Event
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.fight_dice import FightDice
from undercroft.systems.amulet.room.house_rules import PlayRules
from undercroft.systems.amulet.room.populate import add_monster, add_swarm, reveal_mimic
from undercroft.systems.amulet.room.scene import (
    OPEN_FROM_THE_START,
    Content,
    ExitState,
    Generator,
    Monster,
    Opening,
    Place,
    Scene,
    Swarm,
    TableState,
)

WALL_NAMES: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}


def wall_name(letters: str) -> str:
    """A wall's cardinal directions in words: a 45-degree wall "can take exits for two
    cardinal directions, like west and south" (seed 001), so ``SW`` is "south west"."""
    return " ".join(WALL_NAMES[letter] for letter in letters if letter in WALL_NAMES) \
        or "north"


@dataclass
class Level:
    """The level the heroes are on: its generator, the rooms in play, what they know."""

    depth: int
    kind: LevelKind
    generator: LevelGenerator
    bonus: int = 1
    """Scaling's Level Bonus here (traps, secret exits): the normal levels reached, this
    one included when it is normal (house rule: treasure and mini-boss levels are not
    counted)."""
    scenes: dict[int, Scene] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)
    """Rooms the heroes have been in or looked into (the players' map)."""
    exits: dict[str, ExitState] = field(default_factory=dict)
    """Every exit in play so far, by the generator's id (``3.2``)."""
    openings: dict[str, Opening] = field(default_factory=dict)
    """Whether each opening is open and found, and the hits and units taken from it: one
    ``Opening`` for all of its sides, under each side's id, from the time one side comes
    into play or is opened from afar. The generator's exits hold what it made (a secret
    exit unfound, a door closed) and are not changed in play: ``players_map`` draws
    them as they are now."""
    exit_room: dict[str, int] = field(default_factory=dict)
    """The room of each exit in play, by the generator's id."""
    by_name: dict[str, str] = field(default_factory=dict)
    """The generator's id of each exit the players have a name for. The players'
    names number a room's exits in the order they were found ("3.1", "3.2"); the
    generator numbers them in the order it made them, so its ids would show the
    gap a secret exit still unfound leaves (``ExitState.id`` is the name)."""
    name_of: dict[str, str] = field(default_factory=dict)
    """The other way round: the players' name of each exit, by the generator's id. A
    name, once given, is kept, from the room first seen to the room in play."""
    beyond_of: dict[int, int] = field(default_factory=dict)
    """A room with a murder hole -> the room it looks into."""
    way_checked: tuple[int, tuple[str, ...], tuple[int, ...], bool] | None = None
    """What ``way_down.place_final_stair`` last found a way down with (the rooms made,
    the exits still to open, the party's rooms, whether locks open): it asks again only
    when one of them has changed."""
    made_by: dict[str, int] = field(default_factory=dict)
    """For a way opened in play: the first room its opening made, where a hero who goes
    through it into "the part not yet made" arrives (every hero choosing that part in
    the same step arrives in the same room, whoever's going makes it)."""
    treasure_taken: bool = False
    boss_killed: bool = False
    bravery: bool = False
    """"I've not seen such bravery!" has been earned on this level."""

    def room(self, room_id: int) -> Room:
        return self.generator.level.room(room_id)

    def opening(self, exit_: Exit) -> Opening | None:
        """The opening this exit is a side of, once one of its sides is in play or was
        opened from afar."""
        found = self.openings.get(exit_.id)
        if found is None and exit_.twin is not None:
            found = self.openings.get(exit_.twin)
        return found

    def opening_for(self, exit_: Exit) -> Opening:
        """The exit's opening, made from what the generator made if no side of it has
        come into play yet (a wide way's sides all share the opening of the way)."""
        opening = self.opening(exit_)
        if opening is None:
            opening = Opening(exit_.type in OPEN_FROM_THE_START or exit_.opened, exit_.found)
            if exit_.twin is not None:
                self.openings[exit_.twin] = opening
        self.openings[exit_.id] = opening
        return opening

    def is_found(self, exit_: Exit) -> bool:
        """Whether the heroes know of this exit (a secret one once found, from either
        side)."""
        opening = self.opening(exit_)
        return opening.found if opening is not None else exit_.found

    def is_open(self, exit_: Exit) -> bool:
        opening = self.opening(exit_)
        if opening is not None:
            return opening.open
        return exit_.type in OPEN_FROM_THE_START or exit_.opened

    def players_map(self) -> LevelMap:
        """The level's map as the players have it now: each exit found and opened as
        play has it (the generator's own map keeps what it made)."""
        level = self.generator.level
        rooms = []
        for room in level.rooms:
            shown = copy.copy(room)
            shown.exits = [self._exit_shown(exit_) for exit_ in room.exits]
            rooms.append(shown)
        return LevelMap(level.level_size, rooms, level.title)

    def _exit_shown(self, exit_: Exit) -> Exit:
        opening = self.opening(exit_)
        if opening is None:
            return exit_
        shown = copy.copy(exit_)
        shown.found = opening.found
        shown.opened = exit_.opened or (opening.open and exit_.type not in OPEN_FROM_THE_START)
        return shown

    def give_name(self, exit_id: str, name: str) -> None:
        self.by_name[name] = exit_id
        self.name_of[exit_id] = name

    def name_seen_exits(self) -> None:
        """Exits found in rooms seen but not in play (rooms looked into, a treasure
        level's room) are named, each room's next number in turn, as soon as they are
        found; a room brought into play keeps these names (``build_scene``)."""
        for room_id in self.seen:
            scene = self.scenes.get(room_id)
            if scene is not None and scene.exits:
                continue
            room = self.room(room_id)
            named = sum(1 for exit_ in room.exits if exit_.id in self.name_of)
            for exit_ in room.exits:
                if exit_.id not in self.name_of and self.is_found(exit_):
                    named += 1
                    self.give_name(exit_.id, f"{room_id}.{named}")


def rooms_behind(exit_: Exit) -> list[int]:
    """The rooms an exit leads into (none yet, one, or several behind a wide way)."""
    if exit_.to is None:
        return []
    return [exit_.to] if isinstance(exit_.to, int) else list(exit_.to)


def units(exit_: Exit) -> int:
    """An exit's width in units (its segment's longer side)."""
    (x1, y1), (x2, y2) = exit_.segment
    return max(1, round(max(abs(x2 - x1), abs(y2 - y1))))


def exit_state(level: Level, exit_: Exit) -> ExitState:
    """The exit in play: its side of the opening (one door, two sides)."""
    known = level.exits.get(exit_.id)
    if known is not None:
        return known
    state = ExitState("", exit_.type, wall_name(exit_.wall), units(exit_),
                      opening=level.opening_for(exit_))
    level.exits[exit_.id] = state
    return state


def adopt_exits(level: Level, room_id: int, scene: Scene) -> bool:
    """Every exit of the room in play in its scene: when it comes into play, and when
    the generator gives a room already in play another exit (a Stair where a second
    impossible exit was rolled). Names seen before are kept; exits found and not
    yet named take the room's next numbers. Whether any exit was new."""
    new = [(exit_, exit_state(level, exit_)) for exit_ in level.room(room_id).exits
           if exit_.id not in level.exits]
    for exit_, state in new:
        drawn(EXIT_IDS.get(exit_.type) or exit_content(exit_.type))
        level.exit_room[exit_.id] = room_id
        state.id = level.name_of.get(exit_.id, "")
        scene.exits.append(state)
    for exit_, state in new:
        if state.found and not state.id:
            state.id = scene.next_exit_name()
            level.give_name(exit_.id, state.id)
    return bool(new)


def populate(fight: Fight, room: Room, place: Place) -> None:
    """The monsters the generator rolled for a room, into ``fight``'s scene at ``place``.

    House rule: a generator encounter brings its generator and a swarm of the
    rolled size (the generator's own swarm); a wraith or a mimic is one monster,
    and so is a swarm size of "1" ("one creature is present, not a swarm").
    """
    scene = fight.scene
    for encounter in room.details.get("encounters", []):
        kind, monster = encounter["kind"], encounter["monster"]
        if kind in ("wraith", "mimic"):
            add_monster(fight, scene.new_id(kind), kind, place, None)
        elif kind == "mini-boss" and monster is not None:
            add_monster(fight, "mini-boss", monster, place, None)
        elif kind in ("swarm", "generator") and monster is not None:
            if kind == "generator":
                drawn(GENERATOR_IDS.get(monster) or monster)
                scene.generators.append(Generator(scene.new_id("gen"), monster,
                                                  stats("generator").health, place))
            if encounter.get("swarm_size") == "1":
                add_monster(fight, scene.new_id(monster), monster, place, None)
            else:
                add_swarm(fight, scene.new_id("swarm"), monster, place,
                          encounter["swarm_health"])


def build_scene(level: Level, room_id: int, rules: PlayRules, table: TableState,
                dice: FightDice, events: list[Event]) -> Scene:
    """The scene of a room the heroes enter (made once; the same object afterwards)."""
    known = level.scenes.get(room_id)
    if known is not None:
        return known
    room = level.room(room_id)
    scene = Scene(rules, room.size, [], level=level.depth, table=table,
                  level_bonus=level.bonus)
    level.scenes[room_id] = scene
    if level.kind == "treasure":
        return scene
    fight = Fight(scene, dice, events)
    scene.contents = [Content(f"c{i}", kind) for i, kind in
                      enumerate((k for k in room.contents if k != "none"), start=1)]
    for content in scene.contents:
        drawn(CONTENT_IDS.get(content.kind) or content_id(content.kind))
    scene.exit_prefix = str(room_id)
    adopt_exits(level, room_id, scene)
    watcher = next((r for r, seen in level.beyond_of.items() if seen == room_id), None)
    if watcher is not None and watcher in level.scenes:
        _take_from_beyond(level.scenes[watcher], fight)
    else:
        populate(fight, room, "room")
    hole = next((h for h in room.murder_holes if h.to is not None), None)
    if hole is not None and hole.to is not None and hole.to not in level.scenes:
        level.beyond_of[room_id] = hole.to
        scene.beyond_size = level.room(hole.to).size
        populate(fight, level.room(hole.to), "beyond")
    return scene


def _take_from_beyond(watcher: Scene, fight: Fight) -> None:
    """Monsters seen through a murder hole are the room's own once a hero walks in (and
    a mimic among them shows now whether it is really a treasure)."""
    scene = fight.scene
    fired("amulet.game.beyond-room")
    for group in ("swarms", "monsters", "generators"):
        mine: list[Swarm | Monster | Generator] = getattr(scene, group)
        theirs: list[Swarm | Monster | Generator] = getattr(watcher, group)
        for foe in [f for f in theirs if f.place == "beyond" and f.health > 0]:
            theirs.remove(foe)
            foe.place = "room"
            if isinstance(foe, Swarm):
                foe.capacity = scene.capacity("room")
            mine.append(foe)
    watcher.beyond_size = 0
    for mimic in [m for m in scene.monsters if m.kind == "mimic" and not m.attacked]:
        if reveal_mimic(fight, mimic.id):
            scene.monsters.remove(mimic)


def destination(level: Level, exit_id: str, room: int | None = None) -> int | None:
    """The room a hero going through an exit arrives in: ``room``, one of the rooms a wide
    way leads into (seed 001: "the remaining portion of walldoor leads to yet another
    room"; the same for treasure walls and wide open exits); else the part of the way
    nobody has gone through yet, generated now (the first room its opening makes), or
    the way's only room."""
    generator = level.generator
    _, exit_ = generator.level.find_exit(exit_id)
    if room is not None:
        fired("amulet.game.wide-way")
        return room if room in rooms_behind(exit_) else None
    if exit_id in generator.pending:
        fired("amulet.game.room-on-opening")
        made = {new.id for new in generator.open(exit_id)}
        first = next((r for r in rooms_behind(exit_) if r in made), None)
        if first is not None:
            level.made_by[exit_id] = first
    if exit_id in level.made_by:
        return level.made_by[exit_id]
    behind = rooms_behind(exit_)
    return behind[0] if behind else None


def way_out(level: Level, name: str, room: int | None = None) -> int | None:
    """The room behind the exit the players call ``name`` (see ``destination``)."""
    exit_id = level.by_name.get(name)
    return destination(level, exit_id, room) if exit_id is not None else None


def ways_into(level: Level, name: str) -> tuple[int | None, ...]:
    """The choices going through an open way offers: one per room it leads into (each
    seen: the way is open), and None for the part of it nobody has gone through yet.
    A way onto one room, or onto none yet, offers only None (plain ``leave by 3.2``)."""
    exit_id = level.by_name.get(name)
    if exit_id is None:
        return (None,)
    _, exit_ = level.generator.level.find_exit(exit_id)
    behind = rooms_behind(exit_)
    further = exit_id in level.generator.pending
    if len(behind) + further <= 1:
        return (None,)
    return (*behind, None) if further else tuple(behind)


OpeningsSeen = list[tuple[Opening, bool, bool]]
"""Openings as they stood (open, found), to tell which a step changed."""


def openings_in(level: Level, rooms: Iterable[int]) -> OpeningsSeen:
    """The openings of these rooms in play, as they stand now."""
    return [(state.opening, state.open, state.found) for room_id in rooms
            if room_id in level.scenes for state in level.scenes[room_id].exits]


def name_found_exits(level: Level, rooms: Iterable[int] | None = None,
                     before: OpeningsSeen | None = None) -> set[int]:
    """After a step: exits found get their names (a side found from the other side of
    its opening takes its room's next number) and names given in play go on the
    players' list. Only ``rooms`` (default: every room in play) can have changed, and
    only the openings that stood otherwise in ``before`` (default: all): returns the
    other rooms in play that have a side of one of these (their views change too)."""
    changed_openings = None if before is None else [
        opening for opening, was_open, was_found in before
        if opening.open != was_open or opening.found != was_found]
    waiting = sorted(level.scenes if rooms is None else rooms)
    queued = set(waiting)
    changed: set[int] = set()
    while waiting:
        room_id = waiting.pop()
        scene = level.scenes.get(room_id)
        if scene is None:
            continue
        for exit_ in level.room(room_id).exits:
            state = level.exits.get(exit_.id)
            if state is None:
                continue
            if state.found and not state.id:
                scene.reveal_exit(state)
            if state.id and state.id not in level.by_name:
                level.give_name(exit_.id, state.id)
            if changed_openings is None or not any(
                    state.opening is opening for opening in changed_openings):
                continue
            for other in _sides_beyond(level, exit_, state):
                changed.add(other)
                if other not in queued:
                    queued.add(other)
                    waiting.append(other)
    return changed


def _sides_beyond(level: Level, exit_: Exit, state: ExitState) -> list[int]:
    """The rooms in play beyond this exit with a side of its opening."""
    return [room_id for room_id in rooms_behind(exit_) if room_id in level.scenes
            and any(other.opening is state.opening for other in level.scenes[room_id].exits)]


def mark_seen(level: Level, rooms: Iterable[int] | None = None) -> set[int]:
    """The players' map: rooms entered, and rooms seen through an open way or hole. Only
    ``rooms`` (default: every room in play) can show anything new (see ``sync_exits``).
    Returns the rooms seen for the first time."""
    before = len(level.seen)
    first_seen: set[int] = set()
    for room_id in level.scenes if rooms is None else rooms:
        if room_id not in level.scenes:
            continue
        level.seen.add(room_id)
        for exit_ in level.room(room_id).exits:
            state = level.exits.get(exit_.id)
            if state is not None and state.passable:
                level.seen.update(rooms_behind(exit_))
        if room_id in level.beyond_of and level.scenes[room_id].hole_open():
            level.seen.add(level.beyond_of[room_id])
    if rooms is None or len(level.seen) != before:
        for room in level.generator.level.rooms:
            if room.id in level.seen and not room.discovered:
                first_seen.add(room.id)
            room.discovered = room.id in level.seen
    level.name_seen_exits()
    return first_seen
