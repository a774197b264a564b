"""Automated heroes for the sandbox: a plain fighter, a random chooser, one who waits.

An agent picks one of the legal actions; it never changes the scene. The
fighter plays as a sensible table would: escape quicksand, use a potion on a
big swarm, a slime swarm or a wraith, attack what swarmed it with its better
die, take what is lying around, and leave when nothing is left to fight.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from undercroft.rng import Stream
from undercroft.systems.amulet.actions import Action
from undercroft.systems.amulet.monster_numbers import has
from undercroft.systems.amulet.scene import Generator, HeroState, Monster, Scene, Swarm

POTION_WORTHY_SWARM: Final = 30
"""The fighter drinks a potion when a swarm in the room has at least this much health."""
WANTED: Final = ("potion", "key", "treasure", "food", "special", "ale", "ward")


def choose(agent: str, scene: Scene, hero: HeroState, actions: Sequence[Action],
           stream: Stream) -> Action:
    """The agent's pick among ``actions`` (all legal)."""
    if agent == "random":
        return stream.choice(list(actions))
    if agent == "wait" or not actions:
        return Action("wait")
    return fighter(scene, hero, actions, stream)


def fighter(scene: Scene, hero: HeroState, actions: Sequence[Action], stream: Stream) -> Action:
    """A plain fighter's choice."""
    legal = set(actions)

    def first(*candidates: Action) -> Action | None:
        return next((a for a in candidates if a in legal), None)

    free = next((a for a in actions if a.verb in ("ward", "point")), None)
    if free is not None:
        return free
    if hero.status == "trapped":
        return Action("escape")
    swarms = [s for s in scene.swarms if s.health > 0 and s.place == "room"]
    dangerous = any(s.health >= POTION_WORTHY_SWARM or has(s.kind, "weapon proof")
                    for s in swarms) or any(
        m.health > 0 and m.place == "room" and has(m.kind, "dies to potions")
        for m in scene.monsters)
    if dangerous and Action("potion") in legal:
        return Action("potion")
    for foe in _targets(scene, hero):
        mode = _mode(hero, foe)
        pick = first(Action("attack", foe.id, mode), Action("attack", foe.id, "shot"))
        if pick is not None:
            return pick
    for foe in scene.foes("beyond"):
        pick = first(Action("attack", foe.id, "shot"))
        if pick is not None:
            return pick
    for kind in WANTED:
        for content in scene.contents:
            if content.kind == kind:
                pick = first(Action("pick up", content.id))
                if pick is not None:
                    return pick
    opener = next((a for a in actions if a.verb == "open"), None)
    if opener is not None:
        return opener
    leaving = next((a for a in actions if a.verb in ("descend", "leave", "teleport")), None)
    if leaving is not None:
        return leaving
    searches = [a for a in actions if a.verb == "search"]
    return stream.choice(searches) if searches else Action("wait")


def _targets(scene: Scene, hero: HeroState) -> list[Swarm | Monster | Generator]:
    """Foes in the room in the fighter's order: its own swarm, other swarms, lone
    monsters, generators; never what weapons cannot hurt."""
    swarms = [s for s in scene.swarms if s.health > 0 and s.place == "room"
              and not has(s.kind, "weapon proof")]
    swarms.sort(key=lambda s: hero.name not in s.swarmed)
    lone = [m for m in scene.monsters if m.health > 0 and m.place == "room"
            and not has(m.kind, "weapon proof")]
    generators = [g for g in scene.generators if g.health > 0 and g.place == "room"]
    every: list[Swarm | Monster | Generator] = [*swarms, *lone, *generators]
    return every


def _mode(hero: HeroState, foe: Swarm | Monster | Generator) -> str:
    """The better of the hero's two attack dice; shots at whatever evades melee."""
    if not isinstance(foe, Generator) and has(foe.kind, "evades"):
        return "shot"
    return "melee" if hero.hero.melee > hero.hero.shot else "shot"
