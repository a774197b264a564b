"""One hero's checked action carried out in a room, and the Specials it wears down.

The whole game (``game.rules``) and an encounter of one room (``encounter.rules``)
resolve every action through :func:`resolve`: one verb, one rule module
(``hero_attacks``, ``room.exits``, ``room.contents``, ``cover``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from undercroft.engine.tally import fired, used
from undercroft.systems.amulet.generation.content_ids import EXIT_IDS, SPECIAL_IDS, exit_id
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.contents import escape, open_content, pick_up
from undercroft.systems.amulet.room.cover import leave_for, take_cover
from undercroft.systems.amulet.room.exits import (
    flee,
    go,
    open_exit,
    read_scroll,
    search,
    sneak,
    touch_exit,
)
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.hero_attacks import attack, flank, nothing_there, use_potion
from undercroft.systems.amulet.room.scene import Content, ExitState, HeroState


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
