"""What a hero may do now: the list a script is checked against and an agent picks from.

"Act during turn only" (seed 000, Combat): a hero acts only through the action
chosen for the round; defences are automatic and cost nothing. Trapped heroes
can only try to escape. Teleportability forbids picking up contents and wards
(not sheltering behind them), and crosses a wall where the players know of a way
through it (house rule: across a wall with no way known, rock or the level's edge
may be all there is).
"""

from __future__ import annotations

from typing import Final

from undercroft.errors import BadInput
from undercroft.systems.amulet.room.actions import HALF_VERBS, Action
from undercroft.systems.amulet.room.cover import WARD_KINDS
from undercroft.systems.amulet.room.exits import pursuers
from undercroft.systems.amulet.room.free_choices import free_step, room_choices
from undercroft.systems.amulet.room.scene import WALLS, HeroState, Scene

SHOOTABLE = ("food", "ale", "poison", "potion")
TAKEABLE = ("potion", "key", "treasure", "food", "ale", "poison", "ward", "trap", "special",
            "none")
WAIT: Final = Action("wait")
TRAPPED: Final = (Action("escape"), WAIT)
POTION: Final = Action("potion")
READ: Final = Action("read")
FORMATION: Final = Action("formation")
ALONE: Final = Action("alone")
SEARCHES: Final = tuple(Action("search", wall) for wall in WALLS)
"""The actions that are the same every step, made once (actions are immutable values)."""


def legal(scene: Scene, hero: HeroState,
          attacks: list[Action] | None = None) -> list[Action]:
    """Every action the hero may take now, in a stable order. ``attacks`` is
    ``room_attacks(scene)`` when the caller has it already (the same for every hero in
    the room). While a hero of the room has a choice that takes no time (a ward's
    door), only such choices are made (``free_choices``)."""
    if not hero.present:
        return []
    if free_step(scene.heroes):
        return room_choices(scene, hero) if hero.choosing_freely else []
    if hero.status == "trapped":
        return list(TRAPPED)
    actions = [WAIT]
    actions += room_attacks(scene) if attacks is None else attacks
    if hero.potions > 0:
        actions.append(POTION)
    actions += _contents(scene, hero)
    actions += _exits(scene, hero)
    actions += SEARCHES
    actions += [Action("flank", m.id) for m in scene.monsters
                if m.health > 0 and m.place == "room"]
    if hero.scrolls > 0:
        actions.append(READ)
    if len(scene.present()) > 1:
        actions.append(FORMATION if hero.alone else ALONE)
    return actions


def room_attacks(scene: Scene) -> list[Action]:
    """The attacks any hero in the room may make (on foes, breakable exits, contents)."""
    actions = []
    for foe in scene.foes("room"):
        actions += [Action("attack", foe.id, "melee"), Action("attack", foe.id, "shot")]
    if scene.hole_open():
        actions += [Action("attack", foe.id, "shot") for foe in scene.foes("beyond")]
    for exit_ in scene.exits:
        breakable = exit_.kind == "crumble" or (exit_.kind in ("door", "walldoor")
                                                and scene.rules.lock_hits > 0)
        if breakable and exit_.found and not exit_.open:
            actions += [Action("attack", exit_.id, "melee"), Action("attack", exit_.id, "shot")]
        if exit_.kind == "food" and exit_.found and not exit_.open:
            actions.append(Action("attack", exit_.id, "shot"))
    actions += [Action("attack", c.id, "shot") for c in scene.contents
                if not c.gone and c.kind in SHOOTABLE]
    return actions


def _contents(scene: Scene, hero: HeroState) -> list[Action]:
    actions = []
    live = [c for c in scene.contents if not c.gone]
    if not hero.has_special("teleportability"):
        actions += [Action("pick up", c.id) for c in live if c.kind in TAKEABLE]
        actions += [Action("pick up", e.id) for e in scene.exits
                    if e.kind in ("food", "treasure") and e.found and not e.open]
    if hero.status == "in room":
        actions += [Action("cover", c.id) for c in live
                    if c.kind in WARD_KINDS and c.id != hero.cover]
    actions += [Action("open", c.id) for c in live if c.kind == "murder hole" and not c.opened]
    if hero.keys > 0:
        actions += [Action("open", c.id) for c in live if c.kind == "password"]
    return actions


def _exits(scene: Scene, hero: HeroState) -> list[Action]:
    actions = []
    chased = bool(pursuers(scene))
    for exit_ in scene.exits:
        if not exit_.found:
            continue
        if exit_.kind in ("door", "walldoor") and not exit_.open and hero.keys > 0:
            actions.append(Action("open", exit_.id))
        if exit_.passable:
            actions.append(Action("leave", exit_.id))
            if chased:
                actions.append(Action("sneak", exit_.id))
        if exit_.kind == "stair":
            actions.append(Action("descend", exit_.id))
        if exit_.kind == "teleport":
            actions.append(Action("teleport", exit_.id))
    if scene.stairs_everywhere():
        actions += [Action("descend", wall) for wall in WALLS]
    if hero.has_special("teleportability"):
        actions += [Action("slip", wall) for wall in WALLS
                    if any(wall in e.wall.split() for e in scene.exits if e.found
                           and e.kind not in ("stair", "teleport"))]
    return actions


def check(scene: Scene, hero: HeroState, action: Action) -> None:
    """Refuse an action the hero may not take now, in one line naming both."""
    allowed = legal(scene, hero)
    if action.half and action.verb not in HALF_VERBS:
        raise BadInput(f"{hero.name}: {action.text!r} cannot take half")
    if action.plain() not in allowed:
        if not hero.present:
            raise BadInput(f"{hero.name}: {action.text!r} is not possible: {hero.name} is "
                           f"{hero.status}")
        raise BadInput(f"{hero.name}: {action.text!r} is not possible now (possible: "
                       f"{', '.join(a.text for a in allowed[:8])}"
                       f"{', ...' if len(allowed) > 8 else ''})")
