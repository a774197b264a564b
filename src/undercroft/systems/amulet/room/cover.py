"""Wards as cover: a hero behind a standing ward is out of the monsters' line of fire.

Seed 001, CONTENTS: every ward (treasure, food, ale, poison, ward, trap) "prevents
monsters and their shots from moving through it"; food, ale and poison do not
stop PC shots, and "a PC shot will destroy the ward". Positions in a room are
abstract, so a ward is cover a hero chooses: ``take cover behind c3``.

House rules (docs/rules/amulet.md, "Wards as cover"):

- Cover stops shots only. Monsters cannot pass through the ward, but they walk
  around a 10-foot cylinder, so swarming and melee still reach the hero.
- Monsters that move to get a shot (hobbits "go where they must to get a shot",
  demons "move to get open shots") step around the ward, unless
  :attr:`PlayRules.shooters_circle_wards` is off. Nothing can step around a
  ward in front of the murder hole: attacks through the hole never reach a
  hero in cover.
- Cover lasts while the hero waits, shoots, uses a potion or reads a scroll;
  any other action moves the hero out of it. It ends when the ward is gone.
- Shooting from behind food, ale or poison sends the shot through the ward:
  the shot lands and the ward is destroyed with what it holds.
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired
from undercroft.systems.amulet.characters.monster_numbers import has
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.hero_attacks import FOOD_WARDS, shot_food
from undercroft.systems.amulet.room.scene import Content, HeroState, Place, Scene

WARD_KINDS: Final = ("treasure", "food", "ale", "poison", "ward", "trap")
"""Seed 001: the contents that are "a magical ward [filling] a 10 foot diameter cylinder"."""
STAYS_IN_COVER: Final = frozenset({"wait", "potion", "read", "cover"})
"""Actions that keep a hero behind the ward (shots too: see :func:`leave_for`)."""
CIRCLING_TACTICS: Final = ("lobs shots", "shoots until close")
"""Tactics of monsters that move to get a shot (hobbits, demons)."""


def ward_of(scene: Scene, hero: HeroState) -> Content | None:
    """The standing ward the hero shelters behind, if any."""
    if hero.cover is None or not hero.present:
        return None
    return scene.content(hero.cover)


def shielded(scene: Scene, hero: HeroState, kind: str, place: Place = "room") -> bool:
    """Whether a shot (or, from beyond the murder hole, any attack) of a monster of
    ``kind`` in ``place`` cannot reach the hero."""
    if ward_of(scene, hero) is None:
        return False
    if place == "beyond":
        fired("amulet.cover.murder-hole")
        return True
    circles = any(has(kind, tactic) for tactic in CIRCLING_TACTICS)
    if circles and scene.rules.shooters_circle_wards:
        fired("amulet.cover.shooters-circle")
        return False
    fired("amulet.cover.stops-shots")
    return True


def open_targets(scene: Scene, heroes: list[HeroState], kind: str,
                 place: Place = "room") -> list[HeroState]:
    """The heroes a monster of ``kind`` can shoot at."""
    return [hero for hero in heroes if not shielded(scene, hero, kind, place)]


def take_cover(fight: Fight, hero: HeroState, content: Content) -> None:
    """One action: step behind a standing ward."""
    fired("amulet.cover.stops-shots")
    hero.cover = content.id
    fight.say("cover", f"{hero.name} takes cover behind the {content.kind} {content.id}",
              hero=hero.name, content=content.id)


def leave_for(fight: Fight, hero: HeroState, action: Action) -> None:
    """Before an action: leave cover for any action but waiting, shooting, a potion or
    a scroll; a shot from behind food, ale or poison destroys the ward."""
    ward = ward_of(fight.scene, hero)
    if ward is None:
        return
    shooting = action.verb == "attack" and action.mode == "shot"
    if shooting and ward.kind in FOOD_WARDS and action.target != ward.id:
        fired("amulet.cover.shots-through")
        ward.gone = True
        fight.say("destroyed", f"{hero.name}'s shot goes through the {ward.kind} {ward.id}: "
                  f"ward and {ward.kind} are gone", hero=hero.name, content=ward.id)
        if ward.kind == "food":
            shot_food(fight, hero)
        return
    if action.verb not in STAYS_IN_COVER and not shooting:
        fired("amulet.cover.lasts")
        hero.cover = None
        fight.say("cover lost", f"{hero.name} leaves cover behind {ward.id}", hero=hero.name)


def drop_fallen_cover(fight: Fight) -> None:
    """After the heroes' actions: cover behind a ward that is now gone is no cover."""
    for hero in fight.scene.heroes:
        if hero.cover is not None and fight.scene.content(hero.cover) is None:
            fired("amulet.cover.lasts")
            fight.say("cover lost", f"{hero.name}'s cover {hero.cover} is gone", hero=hero.name)
            hero.cover = None
