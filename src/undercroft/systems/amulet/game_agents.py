"""Automated Amulet players for the whole game; they see only their seat's view.

The sensible player plays as a careful table would: it claims every
announcement it may, races on treasure levels, spends a token to come back or
when nearly dead, eats when low, uses potions on big swarms, fights what is in
its room with its better die, grabs treasure, potions and keys, opens doors
with keys it holds, heads down the stairs when weak or when nothing on the
level is left unexplored, and otherwise walks towards exits nobody has opened.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from undercroft.engine.agents import RandomAgent
from undercroft.rng import Stream
from undercroft.systems.amulet.actions import Action

LOW_HEALTH: Final = 40
"""Below this the sensible player eats, and heads for the stairs."""
DESPERATE: Final = 15
"""Below this it spends a token on health."""
BIG_SWARM: Final = 30
SEARCH_CHANCE: Final = 0.5
"""With nothing left to open, how often it searches the walls instead of walking on."""
WANTED: Final = ("treasure", "potion", "key", "special", "ward")


class SensibleAgent:
    """A careful hero (see the module's docstring)."""

    name = "sensible"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Stream) -> Action:
        pick = self._pick(view, legal, rng)
        return pick.claiming() if view.get("claims") else pick

    def _pick(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Stream) -> Action:
        verbs = _Legal(legal)
        me = _me(view)
        if me["status"] == "dead":
            return verbs.find("token") or Action("wait")
        for verb in ("race", "escape"):
            found = verbs.find(verb)
            if found is not None:
                return found
        token = verbs.find("token")
        if me["health"] < DESPERATE and token is not None:
            return token
        room = next(r for r in view["rooms"] if r["id"] == me["room"])
        contents = room.get("contents", [])
        if me["health"] < LOW_HEALTH:
            food = verbs.pick_up(contents, ("food", "ale"))
            if food is not None:
                return food
            down = _first_verb(legal, "descend")
            if down is not None:
                return down
        swarms = room.get("swarms", [])
        if me["potions"] and any(s["health"] >= BIG_SWARM or s["kind"] == "slime"
                                 for s in swarms if s["place"] == "room"):
            potion = verbs.find("potion")
            if potion is not None:
                return potion
        attack = self._attack(me, room, verbs)
        if attack is not None:
            return attack
        full = me["keys"] + me["potions"] >= view["item_cap"]
        for kind in WANTED:
            if full and kind in ("potion", "key"):
                continue
            take = verbs.pick_up(contents, (kind,))
            if take is not None:
                return take
        if me["health"] < 90:
            food = verbs.pick_up(contents, ("food",))
            if food is not None:
                return food
        opener = _first_verb(legal, "open")
        if opener is not None:
            return opener
        return self._move(view, room, legal, rng)

    def _attack(self, me: Mapping[str, Any], room: Mapping[str, Any],
                verbs: _Legal) -> Action | None:
        numbers = me["numbers"]
        better = "melee" if _sides(numbers["melee"]) >= _sides(numbers["shot"]) else "shot"
        foes = [*room.get("swarms", []), *room.get("monsters", []), *room.get("generators", [])]
        for foe in foes:
            if foe.get("kind") == "slime":
                continue
            mode = "shot" if foe.get("kind") == "wizard" else better
            pick = verbs.find("attack", foe["id"], mode) or verbs.find("attack", foe["id"], "shot")
            if pick is not None:
                return pick
        return None

    def _move(self, view: Mapping[str, Any], room: Mapping[str, Any],
              legal: Sequence[Action], rng: Stream) -> Action:
        """Down the stairs when a comrade went down, when weak, or when the level is
        explored; else towards an exit nobody has opened."""
        me = _me(view)
        leaves = [a for a in legal if a.verb in ("leave", "teleport")]
        down = _first_verb(legal, "descend")
        known = _map_of(view["rooms"])
        ways = known.ways(room["id"], leaves)
        hurry = me["health"] < LOW_HEALTH or any(
            h["status"] == "gone" and h["gone_by"] == "stair" for h in view["heroes"])
        if hurry or not known.unexplored:
            if down is not None:
                return down
            toward = ways.toward(_has_stair, "stair")
            if toward is not None:
                return toward
        unexplored = [a for a in leaves if _exit_to(room, a.target) is None]
        if unexplored:
            return rng.choice(unexplored)
        toward = ways.toward(_has_unopened, "unopened")
        if toward is not None:
            return toward
        breaking = _breaking(legal)
        if breaking is not None:
            return breaking
        keys = me["keys"] > 0
        toward = ways.toward(lambda r: _has_breakable(r, keys), f"breakable {keys}")
        if toward is not None:
            return toward
        if down is not None:
            return down
        searches = [a for a in legal if a.verb == "search"]
        if searches and (not leaves or rng.random() < SEARCH_CHANCE):
            return rng.choice(searches)
        return rng.choice(leaves) if leaves else Action("wait")


def _me(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seat = view["seat"]
    heroes: list[Mapping[str, Any]] = view["heroes"]
    for hero in heroes:
        if hero["name"] == seat:
            return hero
    raise LookupError(f"no hero for seat {seat!r} in the view")


class _Map:
    """What the party knows of the level, worked out once a step: every seat's view of
    a step shares one list of rooms (``game_view``), so the seats share this too."""

    def __init__(self, rooms: list[Mapping[str, Any]]) -> None:
        self.rooms = rooms
        self.by_id = {r["id"]: r for r in rooms}
        self.unexplored = _anything_unexplored(rooms)
        self._ways: dict[tuple[int, tuple[tuple[str, str | None], ...]], _Ways] = {}

    def ways(self, start: int, leaves: list[Action]) -> _Ways:
        """The walks from ``start`` by these ways out (seats in one room share them)."""
        key = (start, tuple((a.verb, a.target) for a in leaves))
        known = self._ways.get(key)
        if known is None:
            known = self._ways[key] = _Ways(self.by_id, start, leaves)
        return known


_last_map: list[_Map] = []
"""The last step's map (one at most), kept while the seats of that step choose."""


def _map_of(rooms: list[Mapping[str, Any]]) -> _Map:
    if _last_map and _last_map[0].rooms is rooms:
        return _last_map[0]
    known = _Map(rooms)
    _last_map[:] = [known]
    return known


class _Legal:
    """The legal actions by verb, for a chooser that asks for a few exact ones (cheaper
    than a set of actions, which hashes every one of them each step)."""

    def __init__(self, legal: Sequence[Action]) -> None:
        self._by_verb: dict[str, list[Action]] = {}
        for action in legal:
            self._by_verb.setdefault(action.verb, []).append(action)

    def find(self, verb: str, target: str | None = None,
             mode: str | None = None) -> Action | None:
        """The legal action ``Action(verb, target, mode)``, if there is one."""
        for action in self._by_verb.get(verb, ()):
            if (action.target == target and action.mode == mode and not action.half
                    and not action.claim):
                return action
        return None

    def pick_up(self, contents: Sequence[Mapping[str, Any]],
                kinds: tuple[str, ...]) -> Action | None:
        """Picking up the first of the room's contents of these kinds that may be."""
        for content in contents:
            if content["kind"] in kinds:
                found = self.find("pick up", content["id"])
                if found is not None:
                    return found
        return None


class _Ways:
    """The known rooms in the order a breadth-first walk from here reaches them, each
    with the way out of here that starts the shortest known walk to it; made at most
    once a step for a room's ways out, and only when a walk is wanted."""

    def __init__(self, rooms: dict[int, Mapping[str, Any]], start: int,
                 leaves: list[Action]) -> None:
        self._rooms, self._start, self._leaves = rooms, start, leaves
        self._order: list[tuple[Mapping[str, Any], Action]] | None = None
        self._found: dict[str, Action | None] = {}

    def toward(self, goal: Callable[[Mapping[str, Any]], bool], name: str) -> Action | None:
        """The first step on the shortest known way to a room that meets ``goal`` (the
        answer kept under ``name`` for the other seats in the room)."""
        if name in self._found:
            return self._found[name]
        if self._order is None:
            self._order = self._walk()
        found = self._found[name] = next((way for room, way in self._order if goal(room)), None)
        return found

    def _walk(self) -> list[tuple[Mapping[str, Any], Action]]:
        rooms = self._rooms
        order: list[tuple[Mapping[str, Any], Action]] = []
        queue: deque[tuple[int, Action]] = deque()
        seen = {self._start}
        for action in self._leaves:
            first = _exit_to(rooms[self._start], action.target)
            if first is not None and first not in seen:
                seen.add(first)
                queue.append((first, action))
        while queue:
            here, way = queue.popleft()
            room = rooms.get(here, {})
            order.append((room, way))
            for exit_ in room.get("exits", []):
                target = exit_["to"]
                if isinstance(target, int) and exit_["open"] and target not in seen:
                    seen.add(target)
                    queue.append((target, way))
        return order


def _breaking(legal: Sequence[Action]) -> Action | None:
    """Work at a closed way out: eat a food exit, take a treasure wall, bring down a
    crumbling wall (shooting food only when nothing else is left)."""
    through = [a for a in legal if "." in (a.target or "")
               and a.verb in ("pick up", "attack", "open")]
    through.sort(key=lambda a: (a.verb == "attack" and a.mode == "shot", a.verb != "pick up"))
    return through[0] if through else None


def _has_breakable(room: Mapping[str, Any], keys: bool) -> bool:
    return any(not e["open"] and (e["kind"] in ("crumble", "food", "treasure")
                                  or (keys and e["kind"] in ("door", "walldoor")))
               for e in room.get("exits", []))


def _has_stair(room: Mapping[str, Any]) -> bool:
    return any(e["kind"] == "stair" for e in room.get("exits", []))


def _has_unopened(room: Mapping[str, Any]) -> bool:
    return any(e["to"] is None and e["open"] and e["kind"] != "stair"
               for e in room.get("exits", []))


def _anything_unexplored(rooms: list[Mapping[str, Any]]) -> bool:
    return any(e["to"] is None and e["open"] and e["kind"] not in ("stair",)
               for r in rooms for e in r.get("exits", []))


def _exit_to(room: Mapping[str, Any], exit_id: str | None) -> int | None:
    for exit_ in room.get("exits", []):
        if exit_["id"] == exit_id:
            target = exit_["to"]
            if isinstance(target, list):
                return target[0] if target else None
            return target if isinstance(target, int) else None
    return None


def _sides(die: str) -> int:
    body = die.lstrip("d").split("+")
    return int(body[0]) + (int(body[1]) if len(body) > 1 else 0)


def _first_verb(legal: Sequence[Action], verb: str) -> Action | None:
    return next((a for a in legal if a.verb == verb), None)


AGENTS: Final[dict[str, type[Any]]] = {"sensible": SensibleAgent, "random": RandomAgent}
