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

from undercroft.maps.model import Exit, Room
from undercroft.systems.amulet.game_state import GameState
from undercroft.systems.amulet.level_play import Level
from undercroft.systems.amulet.scene import OPEN_FROM_THE_START, HeroState, Scene
from undercroft.systems.amulet.special_levels import level_bonus


def view(game: GameState, seat: str | None) -> dict[str, Any]:
    """The seat's view (a plain, JSON-ready dict); None is the whole truth.

    Every seat sees the same table but for its own claims, so the shared part is
    made once a step and the seats' views share it: read them, never change them.
    """
    if seat is None:
        shared = _view(game, truth=True)
    else:
        if game.view_now is None:
            game.view_now = _view(game, truth=False)
        shared = game.view_now
    return dict(shared, seat=seat, claims=[claim.text for claim in game.claims
                                           if seat is None or claim.cause != seat])


def _view(game: GameState, truth: bool) -> dict[str, Any]:
    """Everything but the seat and its claims."""
    level = game.level
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
        "rooms": [_room(level, room, truth) for room in rooms] if truth else
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
    """A hero as the table sees it: its own figures, then its room, tokens and numbers
    (added to the one dict, in that order, rather than copied into a second)."""
    shown = hero.to_dict()
    shown["room"] = game.rooms.get(hero.name)
    shown["tokens"] = game.tokens[hero.name]
    shown["numbers"] = hero.hero.printed
    return shown


def _seen_room(game: GameState, room: Room) -> dict[str, Any]:
    """A room as the seats see it, made again only when a step may have changed it."""
    if game.room_views_of is not game.level:
        game.room_views.clear()
        game.room_views_of = game.level
    shown = game.room_views.get(room.id)
    if shown is None:
        shown = game.room_views[room.id] = _room(game.level, room, truth=False)
    return shown


def _room(level: Level, room: Room, truth: bool) -> dict[str, Any]:
    scene = level.scenes.get(room.id)
    names = level.exit_names(room)
    exits = [_exit(level, exit_, names.get(exit_.id), truth) for exit_ in room.exits
             if truth or exit_.id in names]
    if not _in_order(exits):
        exits.sort(key=_by_number)
    shown: dict[str, Any] = {"id": room.id, "size": room.size, "shape": room.shape,
                             "exits": exits}
    if scene is None:
        shown["encounters"] = list(room.labels)
        if truth:
            shown["contents"] = [k for k in room.contents if k != "none"]
        return shown
    shown.update(_scene(scene, truth))
    return shown


def _exit(level: Level, exit_: Exit, name: str | None, truth: bool) -> dict[str, Any]:
    """One exit by the players' name (the truth adds the generator's id, and shows
    unfound exits with no name). ``to`` is where an open way leads (a list for a way
    onto several rooms); ``unmade`` says part of an open way leads where no room is made
    yet (the map shows it opening onto blank space)."""
    state = level.exits.get(exit_.id)
    opened = state.open if state is not None else (exit_.type in OPEN_FROM_THE_START
                                                    or exit_.opened)
    to = _seen_behind(level, exit_.to, truth) if opened else None
    shown = {"id": name, "kind": exit_.type, "wall": exit_.wall, "open": opened, "to": to,
             "unmade": opened and exit_.to is not None and exit_.id in level.generator.pending}
    if truth:
        shown["map"] = exit_.id
    return shown


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


def _by_number(exit_: dict[str, Any]) -> int:
    """Exits listed in the order they were found (unnamed ones last); each name's number
    is read once (a level's names repeat on every level, and splitting one cost more
    than the rest of its exit's view)."""
    name = exit_["id"]
    if not name:
        return UNNAMED
    number = _NUMBERS.get(name)
    if number is None:
        number = _NUMBERS[name] = int(name.rsplit(".", 1)[1])
    return number


def _in_order(exits: list[dict[str, Any]]) -> bool:
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


def _scene(scene: Scene, truth: bool) -> dict[str, Any]:
    hole = scene.hole_open()
    places = ("room", "beyond") if truth or hole else ("room",)
    return {
        "swarms": [s.to_dict() for s in scene.swarms if s.health > 0 and s.place in places],
        "monsters": [m.to_dict() for m in scene.monsters
                     if m.health > 0 and m.place in places],
        "generators": [g.to_dict() for g in scene.generators
                       if g.health > 0 and g.place in places],
        "contents": [c.to_dict() for c in scene.contents if not c.gone],
        "exit_states": [e.to_dict() for e in scene.exits if truth or e.found],
    }
