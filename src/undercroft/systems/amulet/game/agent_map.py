"""The sensible player's map of a level: what it reads of the rooms in its view, and walks.

Only the seat's view is read. Every seat's view of a step shares one list of
rooms, and a room's view is the same dict from step to step while the room is
unchanged (``game.view`` remakes only the rooms a step changed; views are read,
never changed), so what the player works out of a room (where its open ways
lead, whether it has a stair, something unexplored or a wall to break) is
kept with that dict and worked out again only for a new one. The map of the
level made of these facts, and the walks over it, are kept from step to step
while every room reads the same: a step nearly always remakes a room's view (a
fight in it, a pick-up), and seldom changes a way.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any, Final

from undercroft.systems.amulet.room.actions import Action

BREAKABLE: Final = ("crumble", "food", "treasure")
"""Closed exits any hero can work through (a door or wall door needs a key, or blows
where the rules let locks be broken)."""
LOCKED: Final = ("door", "walldoor")


class RoomFacts:
    """What the sensible player reads of one room's view (see the module's docstring)."""

    def __init__(self, room: Mapping[str, Any]) -> None:
        self.view = room
        """The room's view these facts were read from, or the latest view of the room
        with the same exits (its identity says whether a view is new)."""
        self.links: list[int] = []
        """The rooms behind its open ways (every room of a wide way), in the view's order."""
        self.exit_to: dict[str | None, int | None] = {}
        """The room going through a named exit without naming a room leads into (None
        when not known, not open, or the way leads partly where no room is made yet)."""
        self.stair = self.breakable = self.locked = False
        self.unexplored = "encounters" in room
        """Whether the room holds something nobody has seen: an open way into a room not
        made yet, or the room itself, seen through a way but never entered (its view
        shows only what it holds, not its contents or all its exits)."""
        for exit_ in room.get("exits", []):
            kind: str = exit_["kind"]
            target = exit_["to"]
            opened: bool = exit_["open"]
            name = exit_["id"]
            unmade: bool = exit_.get("unmade", False)
            if name not in self.exit_to:
                self.exit_to[name] = None if unmade else _first_room(target)
            if opened and target is not None:
                if isinstance(target, int):
                    self.links.append(target)
                else:
                    self.links += target
            if kind == "stair":
                self.stair = True
            elif opened and (target is None or unmade):
                self.unexplored = True
            if not opened:
                if kind in BREAKABLE:
                    self.breakable = True
                elif kind in LOCKED:
                    self.locked = True

    def same_ways(self, other: RoomFacts) -> bool:
        """Whether another view of the room reads the same for every walk and goal (its
        ways, where they lead, what it holds that a walk looks for)."""
        return (self.links == other.links and self.exit_to == other.exit_to
                and self.stair == other.stair and self.unexplored == other.unexplored
                and self.breakable == other.breakable and self.locked == other.locked)

    def has_breakable(self, doors: bool) -> bool:
        """A closed exit the party can work through (doors only when ``doors``: with a
        key, or where blows break locks)."""
        return self.breakable or (doors and self.locked)


NOWHERE: Final = RoomFacts({})
"""A room the view does not show (a walk may lead to it)."""


def _first_room(target: object) -> int | None:
    if isinstance(target, list):
        first: int | None = target[0] if target else None
        return first
    return target if isinstance(target, int) else None


class PartyMap:
    """What the party knows of the level, worked out from the facts of each room (the
    seats of a step share it), and kept from step to step while no room reads
    differently (``seen_again``): its walks are worked out again only when a way, or
    what a walk looks for, changed."""

    def __init__(self, rooms: list[Mapping[str, Any]], last: PartyMap | None) -> None:
        self._views = list(rooms)
        """The rooms' views the map was last brought up to date with (a copy of the
        view's list: what counts is which views it held)."""
        self.by_id: dict[int, RoomFacts] = {}
        known = last.by_id if last is not None else {}
        unexplored = False
        for room in rooms:
            room_id: int = room["id"]
            facts = known.get(room_id)
            if facts is None or facts.view is not room:
                facts = RoomFacts(room)
            self.by_id[room_id] = facts
            unexplored = unexplored or facts.unexplored
        self.unexplored = unexplored
        """Whether any known room holds something nobody has seen (``RoomFacts``)."""
        self._ways: dict[tuple[int, tuple[tuple[str, str | None, int | None], ...]], Ways] = {}
        self._reach: dict[int, set[int]] = {}

    def seen_again(self, rooms: list[Mapping[str, Any]]) -> bool:
        """Whether a later step's rooms read the same as this map's (the same rooms in
        the same order, each with the same ``RoomFacts.same_ways``); if so the map takes
        their views and keeps its walks. A step nearly always remakes the view of a room
        (a fight, a pick-up, a hero coming or going) and seldom changes a way: a view
        remade with the same exits is not read again. (Facts taken up before a room
        that reads differently stand: a map made anew keeps them.)"""
        before = self._views
        if len(rooms) != len(before):
            return False
        by_id = self.by_id
        changed = False
        for index in range(len(rooms)):
            room = rooms[index]
            old = before[index]
            if room is old:
                continue
            changed = True
            room_id: int = room["id"]
            if room_id != old["id"]:
                return False
            known = by_id[room_id]
            if room["exits"] == old["exits"] and ("encounters" in room) == ("encounters" in old):
                known.view = room
                continue
            facts = RoomFacts(room)
            if not facts.same_ways(known):
                return False
            by_id[room_id] = facts
        if changed:
            self._views = list(rooms)
        return True

    def reaches(self, start: int, goal: int) -> bool:
        """Whether a walk through known open ways leads from one room to another (a room
        reaches itself)."""
        if start == goal:
            return True
        found = self._reach.get(start)
        if found is None:
            found = self._reach[start] = self._reachable(start)
        return goal in found

    def _reachable(self, start: int) -> set[int]:
        seen = {start}
        waiting = [start]
        while waiting:
            for target in self.by_id.get(waiting.pop(), NOWHERE).links:
                if target not in seen:
                    seen.add(target)
                    waiting.append(target)
        return seen

    def ways(self, start: int, leaves: list[Action]) -> Ways:
        """The walks from ``start`` by these ways out (seats in one room share them)."""
        key = (start, tuple([(a.verb, a.target, a.room) for a in leaves]))
        known = self._ways.get(key)
        if known is None:
            known = self._ways[key] = Ways(self.by_id, start, leaves)
        return known


_kept = threading.local()
"""The last map made on this thread (``map``, absent at first): the seats of a step share
it, and later steps keep it while their rooms read the same. A map taking a later step's
rooms changes in place, so tables played on different threads (the server's) keep
their own."""


def map_of(rooms: list[Mapping[str, Any]]) -> PartyMap:
    """The map of a view's rooms: the last one while the rooms read the same (the same
    map for every seat of a step, and from step to step), else a new one that keeps
    what it read of each room whose view is the same dict."""
    last: PartyMap | None = getattr(_kept, "map", None)
    if last is not None and last.seen_again(rooms):
        return last
    known = PartyMap(rooms, last)
    _kept.map = known
    return known


def forget_map() -> None:
    """Drop this thread's kept map (the next ``map_of`` makes one anew)."""
    _kept.map = None


class Ways:
    """The known rooms in the order a breadth-first walk from here reaches them, each
    with the way out of here that starts the shortest known walk to it; made at most
    once a step for a room's ways out, and only when a walk is wanted."""

    def __init__(self, rooms: dict[int, RoomFacts], start: int,
                 leaves: list[Action]) -> None:
        self._rooms, self._start, self._leaves = rooms, start, leaves
        self._order: list[tuple[RoomFacts, Action]] | None = None
        self._found: dict[str, Action | None] = {}

    def toward(self, goal: Callable[[RoomFacts], bool], name: str) -> Action | None:
        """The first step on the shortest known way to a room that meets ``goal`` (the
        answer kept under ``name`` for the other seats in the room)."""
        if name in self._found:
            return self._found[name]
        if self._order is None:
            self._order = self._walk()
        found = self._found[name] = next((way for room, way in self._order if goal(room)), None)
        return found

    def toward_room(self, goal: int) -> Action | None:
        """The first step on the shortest known way to one room."""
        return self.toward(lambda room: room.view.get("id") == goal, f"room {goal}")

    def _walk(self) -> list[tuple[RoomFacts, Action]]:
        rooms = self._rooms
        order: list[tuple[RoomFacts, Action]] = []
        queue: deque[tuple[int, Action]] = deque()
        seen = {self._start}
        here = rooms[self._start]
        for action in self._leaves:
            first = action.room if action.room is not None else here.exit_to.get(action.target)
            if first is not None and first not in seen:
                seen.add(first)
                queue.append((first, action))
        while queue:
            room_id, way = queue.popleft()
            room = rooms.get(room_id, NOWHERE)
            order.append((room, way))
            for target in room.links:
                if target not in seen:
                    seen.add(target)
                    queue.append((target, way))
        return order


def exit_to(room: RoomFacts, exit_id: str | None) -> int | None:
    """The room behind a named exit of this room, when known."""
    return room.exit_to.get(exit_id)


def has_stair(room: RoomFacts) -> bool:
    return room.stair


def has_unexplored(room: RoomFacts) -> bool:
    return room.unexplored

