"""One step of a fight: every hero's action at once, then (each round) the monsters.

"No initiative" (seed 000, Combat): the heroes choose together and their
actions are resolved in seat order, then the monsters act, so no hero ever
acts before another gets to choose. With ``actions_per_round`` above one the
monsters act after every that many steps. Every choice is checked before
anything changes: an illegal one is refused and the scene is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.errors import BadInput
from undercroft.systems.amulet.actions import Action
from undercroft.systems.amulet.content_ids import EXIT_IDS, SPECIAL_IDS, exit_id
from undercroft.systems.amulet.contents_play import escape, open_content, pick_up
from undercroft.systems.amulet.cover import drop_fallen_cover, leave_for, take_cover
from undercroft.systems.amulet.events import Event
from undercroft.systems.amulet.exits_play import (
    flee,
    go,
    open_exit,
    read_scroll,
    search,
    sneak,
    touch_exit,
)
from undercroft.systems.amulet.fight import Fight
from undercroft.systems.amulet.free_choices import (
    DECLINE,
    drop_idle_wards,
    free_step,
    resolve_in_room,
    waiting_doors,
)
from undercroft.systems.amulet.hero_attacks import attack, flank, nothing_there, use_potion
from undercroft.systems.amulet.legal import check
from undercroft.systems.amulet.monster_phase import monsters_act
from undercroft.systems.amulet.scene import Content, ExitState, HeroState, Scene


def step(fight: Fight, choices: Mapping[str, Action]) -> list[Event]:
    """Resolve one action of every hero still in the room; returns the new events."""
    scene = fight.scene
    unknown = [name for name in choices if name not in {h.name for h in scene.heroes}]
    if unknown:
        raise BadInput(f"no hero named {unknown[0]!r} in this scene")
    for name, action in choices.items():
        check(scene, scene.hero(name), action)
    start = len(fight.events)
    if free_step(scene.heroes):
        for hero in [h for h in scene.present() if h.choosing_freely]:
            resolve_in_room(fight, hero, choices.get(hero.name, DECLINE))
        return fight.events[start:]
    for hero in scene.present():
        action = choices.get(hero.name, Action("wait"))
        if hero.present:
            resolve(fight, hero, action)
    drop_fallen_cover(fight)
    drop_idle_wards(fight, scene.heroes, len(waiting_doors(scene.exits)))
    scene.table.action += 1
    for hero in scene.present():
        wear_specials(fight, hero)
    if scene.table.action % scene.rules.actions_per_round == 0:
        monsters_act(fight)
        scene.table.round += 1
    return fight.events[start:]


def wear_specials(fight: Fight, hero: HeroState) -> None:
    """Seed 001: "Each Special lasts 10 actions": one action of each is spent."""
    for name in [n for n, left in hero.specials.items() if left > 0]:
        hero.specials[name] -= 1
        if hero.specials[name] == 0:
            fired("amulet.item.special")
            fight.say("special ends", f"{hero.name}'s {name} wears off", hero=hero.name)


def resolve(fight: Fight, hero: HeroState, action: Action) -> None:
    """Carry out one checked action."""
    text = action.text
    fight.say("action", f"{hero.name}: {text}", hero=hero.name, action=text)
    leave_for(fight, hero, action)
    _VERBS[action.verb](fight, hero, action)


def _content_or_exit(on_content: Callable[[Fight, HeroState, Content], None],
                     on_exit: Callable[[Fight, HeroState, ExitState], None],
                     ) -> Callable[[Fight, HeroState, Action], None]:
    """An action aimed at a content or a still-closed exit (``pick up``, ``open``)."""

    def carry_out(fight: Fight, hero: HeroState, action: Action) -> None:
        target = action.target or ""
        content = fight.scene.content(target)
        exit_ = fight.scene.exit(target)
        if content is not None:
            on_content(fight, hero, content)
        elif exit_ is not None and not exit_.open:
            on_exit(fight, hero, exit_)
        else:
            nothing_there(fight, hero, target)

    return carry_out


def _leave(fight: Fight, hero: HeroState, action: Action) -> None:
    exit_ = fight.scene.exit(action.target or "")
    if exit_ is not None:
        if exit_.kind == "open":
            fired("amulet.exit.open")
        used(EXIT_IDS.get(exit_.kind) or exit_id(exit_.kind))
    flee(fight, hero, action.target or "")


def _sneak(fight: Fight, hero: HeroState, action: Action) -> None:
    exit_ = fight.scene.exit(action.target or "")
    if exit_ is not None:
        used(EXIT_IDS.get(exit_.kind) or exit_id(exit_.kind))
        sneak(fight, hero, exit_, action.half)
    else:
        nothing_there(fight, hero, action.target or "")


def _descend(fight: Fight, hero: HeroState, action: Action) -> None:
    if fight.scene.exit(action.target or "") is not None:
        fired("amulet.exit.stair")
        used(EXIT_IDS["stair"])
    else:
        fired("amulet.item.password")
    flee(fight, hero, "stair")


def _teleport(fight: Fight, hero: HeroState, action: Action) -> None:
    """Only the user travels; teleporters do not permit monster movement (no pursuit)."""
    fired("amulet.exit.teleport")
    used(EXIT_IDS["teleport"])
    go(fight, hero, "teleport", through_opening=False)


def _slip(fight: Fight, hero: HeroState, action: Action) -> None:
    """Teleportability: across a wall, as a teleporter does (no pursuit)."""
    fired("amulet.item.special")
    used(SPECIAL_IDS["teleportability"])
    go(fight, hero, f"teleport through the {action.target} wall", through_opening=False)


def _cover(fight: Fight, hero: HeroState, action: Action) -> None:
    ward = fight.scene.content(action.target or "")
    if ward is not None:
        take_cover(fight, hero, ward)
    else:
        nothing_there(fight, hero, action.target or "")


def _alone(fight: Fight, hero: HeroState, action: Action) -> None:
    fired("amulet.combat.mass-protection")
    hero.alone = action.verb == "alone"
    fight.say("formation", f"{hero.name} {'stands alone' if hero.alone else 'joins the formation'}",
              hero=hero.name)


_VERBS: Final[dict[str, Callable[[Fight, HeroState, Action], None]]] = {
    "wait": lambda fight, hero, action: None,
    "attack": attack,
    "potion": lambda fight, hero, action: use_potion(fight, hero, action.half),
    "pick up": _content_or_exit(pick_up, touch_exit),
    "open": _content_or_exit(open_content, open_exit),
    "search": lambda fight, hero, action: search(fight, hero, action.target or "", action.half),
    "leave": _leave,
    "sneak": _sneak,
    "descend": _descend,
    "teleport": _teleport,
    "slip": _slip,
    "flank": lambda fight, hero, action: flank(fight, hero, action.target or "", action.half),
    "read": lambda fight, hero, action: read_scroll(fight, hero),
    "alone": _alone,
    "formation": _alone,
    "escape": lambda fight, hero, action: escape(fight, hero, action.half),
    "cover": _cover,
}


def outcome(scene: Scene) -> str | None:
    """How the fight ended, or None while it goes on.

    Wiped out: every hero dead. Escaped / descended: every living hero has left
    (descended when one took the stairs). Cleared: nothing hostile is left, here
    or beyond a murder hole. Time up: the round limit passed.
    """
    if all(hero.status == "dead" for hero in scene.heroes):
        return "wiped out"
    if not scene.present():
        gone = [hero for hero in scene.heroes if hero.status == "gone"]
        return "descended" if any(h.gone_by == "stair" for h in gone) else "escaped"
    if not scene.foes(None):
        return "cleared"
    if scene.round > scene.rules.max_rounds:
        return "time up"
    return None
