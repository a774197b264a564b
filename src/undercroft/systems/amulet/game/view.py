"""What a seat may know of an Amulet game, and the whole truth for debugging.

A seat sees the rooms the party has been in or looked into, the exits found
in them, the monsters and contents of rooms in play, and everyone's health,
items and tokens (the table is shared). It does not see undiscovered rooms,
unfound secret exits, the room beyond a murder hole until the hole is open,
or the seed (which would let a program foresee the dice). The truth (seat
None) adds all of these.
"""

from __future__ import annotations

import sys
from typing import Any, Final

from undercroft.maps.model import Room
from undercroft.systems.amulet.game.level_play import Level
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.game.view_memory import ExitShown, HeroShown, RoomShown
from undercroft.systems.amulet.generation.special_levels import level_bonus
from undercroft.systems.amulet.room.scene import (
    HeroState,
    content_view,
    exit_state_view,
    foe_view,
    swarm_view,
)


def view(game: GameState, seat: str | None) -> dict[str, Any]:
    """The seat's view (a plain, JSON-ready dict); None is the whole truth.

    Every seat sees the same table but for its own claims, so the shared part is
    made once a step and the seats' views share it, and a room's or a hero's view is
    the same dict from step to step while what it shows is the same: read them,
    never change them.
    """
    if seat is None:
        shared = _view(game, truth=True)
    else:
        cache = game.now()
        if cache.view is None:
            cache.view = _view(game, truth=False)
        shared = cache.view
    shown = shared.copy()
    shown["seat"] = seat
    shown["claims"] = [claim.text for claim in game.claims
                       if seat is None or claim.cause != seat]
    return shown


def _view(game: GameState, truth: bool) -> dict[str, Any]:
    """Everything but the seat and its claims."""
    level = game.level
    cache = game.cache
    if cache.room_views_of is not level:
        cache.room_views.clear()
        cache.room_kept.clear()
        cache.room_views_of = level
    rooms = level.generator.level.rooms if truth else [
        level.room(room_id) for room_id in sorted(level.seen)]
    shown: dict[str, Any] = {
        "system": "amulet",
        "depth": level.depth,
        "level_kind": level.kind,
        "level_bonus": level_bonus(level.bonus, game.config.play.scaling),
        "round": game.table.round,
        "step": game.steps,
        "friendly_fire": game.table.friendly_fire,
        "item_cap": game.config.play.item_cap,
        "ended": game.ended,
        "heroes": [_hero(game, hero) for hero in game.heroes],
        "rooms": [_room(level, room, True, RoomShown()) for room in rooms] if truth else
                 [_seen_room(game, room) for room in rooms],
    }
    if game.level.kind == "treasure":
        shown["race_actions"] = game.race_actions
    if truth:
        shown.update(seed=game.seed, announced=sorted(game.table.announced),
                     awarded=sorted(game.awarded), keys_collected=game.table.keys_collected,
                     stairs_until=game.table.stairs_until, action=game.table.action,
                     pending_exits=list(level.generator.pending))
    return shown


def _hero(game: GameState, hero: HeroState) -> dict[str, Any]:
    """A hero as the table sees it: its own figures, then its room, tokens and numbers.

    The view of the step before is kept while all of these are the same, and copied
    with the new health when only that changed (most steps of a fight)."""
    name = hero.name
    room = game.rooms.get(name)
    tokens = game.tokens[name]
    hero_views = game.cache.hero_views
    kept = hero_views.get(name)
    if kept is None:
        kept = hero_views[name] = HeroShown()
    elif kept.shows(hero, room, tokens):
        if kept.health != hero.health:
            shown = kept.view.copy()
            shown["health"] = kept.health = hero.health
            kept.view = shown
        return kept.view
    shown = hero.to_dict()
    shown["room"] = room
    shown["tokens"] = tokens
    shown["numbers"] = kept.view["numbers"] if kept.hero is hero.hero else hero.hero.printed
    kept.remember(shown, hero, room, tokens)
    return shown


def _seen_room(game: GameState, room: Room) -> dict[str, Any]:
    """A room as the seats see it. Only the rooms a step may have changed are looked at
    again (``game.rules`` says which), and a room looked at is made again only if what
    it shows differs from what it showed: of a room where a fight goes on, only its
    foes' lists are made again."""
    cache = game.cache
    shown = cache.room_views.get(room.id)
    if shown is None:
        kept = cache.room_kept.get(room.id)
        if kept is None:
            kept = cache.room_kept[room.id] = RoomShown()
        shown = cache.room_views[room.id] = _room(game.level, room, False, kept)
    return shown


def _room(level: Level, room: Room, truth: bool, kept: RoomShown) -> dict[str, Any]:
    """A room's view: ``kept``'s (the view made before, with the values it showed) while
    the room shows the same values, else a new one, with those of ``kept``'s lists that
    are the same (``kept`` then remembers the new view)."""
    scene = level.scenes.get(room.id)
    exits = _exits(level, room, truth)
    made = bool(kept.view)
    same_exits = made and kept.exits == exits
    same_room = made and kept.size == room.size and kept.shape == room.shape
    if scene is None:
        return _room_seen_only(room, truth, kept, exits, same_exits and same_room)
    hole = scene.hole_open()
    places = ("room", "beyond") if truth or hole else ("room",)
    swarms = [s.shown() for s in scene.swarms if s.health > 0 and s.place in places]
    monsters = [m.shown() for m in scene.monsters if m.health > 0 and m.place in places]
    generators = [g.shown() for g in scene.generators if g.health > 0 and g.place in places]
    contents = [c.shown() for c in scene.contents if not c.gone]
    exit_states = [e.shown() for e in scene.exits if truth or e.found]
    lends = made and kept.in_play
    same_swarms = lends and kept.swarms == swarms
    same_monsters = lends and kept.monsters == monsters
    same_generators = lends and kept.generators == generators
    same_contents = lends and kept.contents == contents
    same_exit_states = lends and kept.exit_states == exit_states
    if (same_room and same_exits and same_swarms and same_monsters and same_generators
            and same_contents and same_exit_states):
        return kept.view
    old = kept.view
    shown: dict[str, Any] = {
        "id": room.id, "size": room.size, "shape": room.shape,
        "exits": old["exits"] if same_exits else _exit_views(exits, truth),
        "swarms": old["swarms"] if same_swarms else [swarm_view(s) for s in swarms],
        "monsters": old["monsters"] if same_monsters else [foe_view(m) for m in monsters],
        "generators": old["generators"] if same_generators else
        [foe_view(g) for g in generators],
        "contents": old["contents"] if same_contents else [content_view(c) for c in contents],
        "exit_states": old["exit_states"] if same_exit_states else
        [exit_state_view(e) for e in exit_states],
    }
    kept.view, kept.size, kept.shape, kept.exits, kept.in_play = (
        shown, room.size, room.shape, exits, True)
    kept.swarms, kept.monsters, kept.generators = swarms, monsters, generators
    kept.contents, kept.exit_states = contents, exit_states
    return shown


def _room_seen_only(room: Room, truth: bool, kept: RoomShown, exits: list[ExitShown],
                    same: bool) -> dict[str, Any]:
    """A room not in play shows the encounters rolled for it (the truth adds its
    contents); ``same``: its size, shape and exits are those ``kept`` showed."""
    labels = list(room.labels)
    if same and not kept.in_play and kept.labels == labels and not truth:
        return kept.view
    shown: dict[str, Any] = {
        "id": room.id, "size": room.size, "shape": room.shape,
        "exits": kept.view["exits"] if same else _exit_views(exits, truth),
        "encounters": labels}
    if truth:
        shown["contents"] = [k for k in room.contents if k != "none"]
    kept.view, kept.size, kept.shape, kept.exits, kept.in_play, kept.labels = (
        shown, room.size, room.shape, exits, False, labels)
    return shown


def _exits(level: Level, room: Room, truth: bool) -> list[ExitShown]:
    """What the view shows of each exit, found and named (the truth shows unfound exits
    with no name): see ``ExitShown``."""
    shown: list[ExitShown] = []
    pending = level.generator.pending
    for exit_ in room.exits:
        name = level.name_of.get(exit_.id)
        if name is None and not truth:
            continue
        opened = level.is_open(exit_)
        to = _seen_behind(level, exit_.to, truth) if opened else None
        shown.append((name, exit_.type, exit_.wall, opened, to,
                      opened and exit_.to is not None and exit_.id in pending, exit_.id))
    return shown


def _exit_views(exits: list[ExitShown], truth: bool) -> list[dict[str, Any]]:
    """The exits' views, in the order they were found (unnamed ones last)."""
    ordered = exits if _in_order(exits) else sorted(exits, key=_by_number)
    views = []
    for name, kind, wall, opened, to, unmade, map_id in ordered:
        shown = {"id": name, "kind": kind, "wall": wall, "open": opened, "to": to,
                 "unmade": unmade}
        if truth:
            shown["map"] = map_id
        views.append(shown)
    return views


def _seen_behind(level: Level, to: int | list[int] | None,
                 truth: bool) -> int | list[int] | None:
    """Where an open way leads, as far as the players have seen (a room looked into
    may have a way on into a room they have not seen: they see only that it is open)."""
    if truth or to is None:
        return to
    if isinstance(to, int):
        return to if to in level.seen else None
    shown = [room_id for room_id in to if room_id in level.seen]
    return shown or None


def _by_number(exit_: ExitShown) -> int:
    """Exits listed in the order they were found (unnamed ones last); each name's number
    is read once (a level's names repeat on every level, and splitting one cost more
    than the rest of its exit's view)."""
    name = exit_[0]
    if not name:
        return UNNAMED
    number = _NUMBERS.get(name)
    if number is None:
        number = _NUMBERS[name] = int(name.rsplit(".", 1)[1])
    return number


def _in_order(exits: list[ExitShown]) -> bool:
    """Whether the exits are listed in the order they were found already (they nearly
    always are; a sort with a key function cost as much as making the exits' views)."""
    last = 0
    for exit_ in exits:
        number = _by_number(exit_)
        if number < last:
            return False
        last = number
    return True


UNNAMED: Final = sys.maxsize
"""Past every exit's number: unnamed exits (only the truth shows them) come last."""
_NUMBERS: dict[str, int] = {}
