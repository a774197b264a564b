"""Where a way out of a room leads, as the choices a hero has: a wide way into each room
behind it, and Teleportability across a wall.

Seed 001, Walldoor: "If a walldoor's length is greater than the Room Size of the next
room behind it, then the remaining portion of walldoor leads to yet another room";
the same holds for treasure walls and wide open exits, and going through such a way
is one choice per room (``leave by 3.2 into room 5``). Seed 001, Teleportability:
"allows the character to teleport across walls" (house rule: where the players know
of a way through the wall).
"""

from __future__ import annotations

from typing import Final

from undercroft.maps.model import Exit
from undercroft.systems.amulet.game.level_play import Level, destination, rooms_behind, ways_into
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.scene import WALLS, Scene

WIDE_VERBS: Final = frozenset({"leave", "sneak"})
"""Going through a way (a wide one offers one choice per room behind it)."""


def ways_from(level: Level, room_id: int, scene: Scene) -> dict[str, tuple[int | None, ...]]:
    """The room's open ways onto several rooms (or onto a room and a part not yet made),
    with the choices each offers (``level_play.ways_into``), by exit name; and, while a
    hero there has Teleportability, the rooms across each wall (by wall)."""
    found = {}
    for exit_ in scene.exits:
        if exit_.passable:
            options = ways_into(level, exit_.id)
            if options != (None,):
                found[exit_.id] = options
    if any(h.has_special("teleportability") for h in scene.present()):
        for wall in WALLS:
            found[wall] = _across(level, room_id, wall)
    return found


def into_each_room(actions: list[Action], wide: dict[str, tuple[int | None, ...]],
                   ) -> list[Action]:
    """Going through a wide way is one choice per room it leads into (seed 001: "the
    remaining portion of walldoor leads to yet another room"), in place of one; so is
    slipping through a wall (none where no room is to be found across it)."""
    expanded = []
    for action in actions:
        known = action.verb in WIDE_VERBS or action.verb == "slip"
        options = wide.get(action.target or "") if known else None
        if options is None:
            expanded.append(action)
        else:
            expanded += [Action(action.verb, action.target, room=room) for room in options]
    return expanded


def _ways_across(level: Level, room_id: int, wall: str) -> list[Exit]:
    """The ways the players know of through one wall of a room (found; not a Stair or a
    teleporter, which open no wall)."""
    letter = wall[0].upper()
    return [e for e in level.room(room_id).exits if letter in e.wall
            and e.type not in ("stair", "teleport") and level.is_found(e)]


def _across(level: Level, room_id: int, wall: str) -> tuple[int | None, ...]:
    """Seed 001, Teleportability: "allows the character to teleport across walls". House
    rule: across a wall where the players know of a way, into each room behind such a
    way that they have seen (``slip through north into room 5``), and into what they
    have not seen there (``slip through north``: a room made but not seen, or the room
    the mapper makes behind a way still to open, if one fits); never into rock."""
    seen: list[int | None] = []
    unseen = False
    for exit_ in _ways_across(level, room_id, wall):
        for behind in rooms_behind(exit_):
            if behind not in level.seen:
                unseen = True
            elif behind not in seen:
                seen.append(behind)
        unseen = unseen or (exit_.id in level.generator.pending
                            and level.generator.room_fits_behind(exit_.id))
    return (*seen, None) if unseen else tuple(seen)


def slip_target(level: Level, room_id: int, action: Action) -> int | None:
    """The room a slip across a wall leads into: the one chosen, else the first room the
    players have not seen behind a way in that wall (made now behind a way still to open,
    where one fits); None if there is none (not offered then)."""
    if action.room is not None:
        return action.room
    for exit_ in _ways_across(level, room_id, action.target or "north"):
        if exit_.id in level.generator.pending and level.generator.room_fits_behind(exit_.id):
            return destination(level, exit_.id)
        unseen = [r for r in rooms_behind(exit_) if r not in level.seen]
        if unseen:
            return unseen[0]
    return None
