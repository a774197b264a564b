"""How sensible players keep together as a party, each from its own seat's view.

No seat knows what another will choose, so the party keeps together by rules
every sensible player follows on what they all see (the heroes, their rooms
and health, what their room holds):

- The party gathers in its leader's room: the leader is the first hero, in seat
  order, standing free in a room (not held in quicksand, not dead, not gone down
  the stairs) whose room the hero knows a walk to; a hero elsewhere walks there
  by the shortest known way.
- Heroes in the leader's room leave it only together: they wait while a comrade
  is on the way to them, or while a comrade among them has something to do there
  that it will surely do (:func:`busy`: eat, heal, pick up what it wants, open a
  lock with a key), or works at a way out that not every hero can
  (:func:`works_at`).
- Where the party goes is the same for all of them: a choice among equals is
  spread by the step and the room (:func:`spread`), never by a seat's own dice.

A hero held in quicksand is not waited for: the others go on, and it follows the
leader once free. A hero who cannot know of a way to the leader plays on alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.systems.amulet.game.agent_map import LOCKED, PartyMap

LOW_HEALTH: Final = 40
"""Below this a hero eats, and the party heads for the stairs."""
DESPERATE: Final = 15
"""Below this a hero spends a token on health."""
WELL_FED: Final = 90
"""Below this a hero eats food found lying in its room."""
BIG_SWARM: Final = 30
"""A swarm with this much health or more is worth a potion."""
WANTED: Final = ("treasure", "potion", "key", "special", "ward")
"""What a sensible hero picks up, in this order."""
CARRIED: Final = ("potion", "key")
"""Kinds a hero at the item cap cannot take."""
EATEN: Final = {"food": WELL_FED, "ale": LOW_HEALTH}
"""What a hero eats or drinks from the floor, and below what health."""


class Party:
    """The party as one seat's view shows it (see the module's docstring)."""

    def __init__(self, view: Mapping[str, Any], known: PartyMap) -> None:
        heroes: list[Mapping[str, Any]] = view["heroes"]
        self.known = known
        self.free = [h for h in heroes if h["status"] == "in room"]
        """The heroes standing free in a room, in seat order."""
        self.below = any(h["status"] == "gone" and h["gone_by"] == "stair" for h in heroes)
        """Whether a hero has gone down the stairs already (the rest should follow)."""
        self.weak = any(h["health"] < LOW_HEALTH for h in self.free)
        """Whether a hero standing free is low on health (the party heads down)."""
        self.keys = any(h["keys"] > 0 for h in self.free)
        """Whether a hero standing free holds a key (locked doors are ways on)."""

    @property
    def hurry(self) -> bool:
        """Whether the party heads for the stairs whatever is left on the level."""
        return self.below or self.weak

    def gathering(self, hero: Mapping[str, Any]) -> int:
        """The room this hero goes to: its leader's, the first free hero in seat order
        whose room it knows a way to (its own room, when that is nobody's before it)."""
        start: int = hero["room"]
        for leader in self.free:
            room: int = leader["room"]
            if self.known.reaches(start, room):
                return room
        return start

    def here(self, room_id: int) -> list[Mapping[str, Any]]:
        """The free heroes in a room, in seat order."""
        return [h for h in self.free if h["room"] == room_id]

    def expected(self, room_id: int) -> bool:
        """Whether a free hero elsewhere is on its way to this room."""
        return any(h["room"] != room_id and self.gathering(h) == room_id for h in self.free)


def busy(hero: Mapping[str, Any], room: Mapping[str, Any], item_cap: int) -> bool:
    """Whether a sensible hero in this room surely has something to do in it this step,
    as its comrades see it: a token when nearly dead, food when low or hurt, something
    it wants that it can carry, a lock its key opens, a potion for a big swarm or
    slimes. (Other fights are everyone's business: a comrade who is fighting fights
    too.)"""
    if hero["health"] < DESPERATE and hero["tokens"] > 0:
        return True
    if hero["potions"] > 0 and any(big_swarm(s) for s in room.get("swarms", ())):
        return True
    contents: Sequence[Mapping[str, Any]] = room.get("contents", ())
    if hero["keys"] > 0 and (
            any(e["kind"] in LOCKED and not e["open"] for e in room.get("exits", ()))
            or any(c["kind"] == "password" for c in contents)):
        return True
    if hero["specials"].get("teleportability", 0) > 0:
        return False  # it may not pick anything up
    full = hero["keys"] + hero["potions"] >= item_cap
    health = hero["health"]
    for content in contents:
        kind = content["kind"]
        if kind in WANTED:
            if not (full and kind in CARRIED):
                return True
        elif kind in EATEN and health < EATEN[kind]:
            return True
    return False


def works_at(hero: Mapping[str, Any], room: Mapping[str, Any]) -> bool:
    """Whether a hero can work at a closed way out of this room that not every hero can:
    a treasure wall (Teleportability takes nothing) or a locked door (with a key)."""
    for exit_ in room.get("exits", ()):
        if exit_["open"]:
            continue
        kind = exit_["kind"]
        if kind == "treasure" and hero["specials"].get("teleportability", 0) <= 0:
            return True
        if kind in LOCKED and hero["keys"] > 0:
            return True
    return False


def big_swarm(swarm: Mapping[str, Any]) -> bool:
    """A swarm in the room worth a potion: a big one, or slimes (weapons do not hurt them)."""
    health: int = swarm["health"]
    return swarm["place"] == "room" and (health >= BIG_SWARM or swarm["kind"] == "slime")


def spread(view: Mapping[str, Any], room_id: int, count: int, salt: int = 0) -> int:
    """An index below ``count`` that every seat works out alike from the step, the room
    and what it is for (``salt``: two choices of one step do not follow each other), so
    that a choice among equal ways is the party's, not a seat's dice."""
    step: int = view["step"]
    mixed = (step * 0x9E37_79B1 + room_id * 0x85EB_CA6B + salt * 0xC2B2_AE35) & 0xFFFF_FFFF
    mixed ^= mixed >> 16
    mixed = (mixed * 0x7FEB_352D) & 0xFFFF_FFFF
    mixed ^= mixed >> 15
    return mixed % count
