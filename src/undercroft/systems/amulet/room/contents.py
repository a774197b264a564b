"""Touching and taking the room's contents (seed 001, CONTENTS).

Picking up is one action. Keys and potions together are capped at 12 ("You
are full of bombs and/or keys."); a treasure holds a key half the time; ale
is poison a quarter of the time and poison ale; a ward is a trap a quarter
of the time and a trap a ward; a trap's quicksand holds a hero until a Speed
contest is won against +1 (or the level when scaling). A Special lasts 10
actions; a password chest opens with a key and gives the magic word.
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import drawn, fired, used
from undercroft.systems.amulet.generation.content_ids import (
    CONTENT_IDS,
    SPECIAL_IDS,
    content_id,
    special_id,
)
from undercroft.systems.amulet.generation.special_levels import trap_bonus
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.harm import heal_hero
from undercroft.systems.amulet.room.scene import Content, HeroState

FOOD: Final = 10
ALE: Final = 5
POISON: Final = -5
SWAP_PERCENT: Final = 25
"""Ale/poison and ward/trap: "a 25% chance to actually be" the other."""
KEY_IN_TREASURE_PERCENT: Final = 50
FIFTH_KEY: Final = 5
"""Seed 000: "Save keys to open doors." when the 5th key of the game is collected."""


def carried(hero: HeroState) -> int:
    return hero.keys + hero.potions


def room_to_carry(fight: Fight, hero: HeroState, what: str, content_id: str) -> bool:
    """Whether the hero can take one more key or potion; if not, the announcement."""
    if carried(hero) < fight.scene.rules.item_cap:
        return True
    fired("amulet.item.cap")
    fight.say("full", f"{hero.name} cannot carry another {what}: "
              f"{carried(hero)} keys and potions", hero=hero.name)
    fight.announce("You are full of bombs and/or keys.", once=f"full {hero.name} {content_id}")
    return False


def gain_key(fight: Fight, hero: HeroState) -> None:
    hero.keys += 1
    fight.scene.table.keys_collected += 1
    if fight.scene.table.keys_collected == FIFTH_KEY:
        fired("amulet.call.fifth-key")
        fight.announce("Save keys to open doors.", once="fifth key")


def pick_up(fight: Fight, hero: HeroState, content: Content) -> None:
    """One action: take or touch a content; wards vanish at the first touch."""
    kind = content.kind
    fired("amulet.item.pick-up")
    fired("amulet.create.pick-up")
    if kind in ("potion", "key"):
        if not room_to_carry(fight, hero, kind, content.id):
            return
        content.gone = True
        if kind == "key":
            gain_key(fight, hero)
        else:
            hero.potions += 1
        fight.say("pick up", f"{hero.name} takes the {kind} {content.id}", hero=hero.name)
        return
    content.gone = True
    used(CONTENT_IDS.get(kind) or content_id(kind))
    if kind == "treasure":
        _treasure(fight, hero, content)
    elif kind == "food":
        fired("amulet.item.food-ale-poison")
        heal_hero(fight, hero, FOOD, f"the food {content.id}", "food")
    elif kind in ("ale", "poison"):
        fired("amulet.item.food-ale-poison")
        other = "poison" if kind == "ale" else "ale"
        truly = other if fight.dice.chance(kind, SWAP_PERCENT) else kind
        heal_hero(fight, hero, ALE if truly == "ale" else POISON,
                  f"the {kind} {content.id}" + (f", which was {truly}" if truly != kind else ""),
                  truly)
    elif kind in ("ward", "trap"):
        other = "trap" if kind == "ward" else "ward"
        truly = other if fight.dice.chance(kind, SWAP_PERCENT) else kind
        if truly == "ward":
            _ward(fight, hero, content)
        else:
            fight.say("trap", f"{hero.name} touches {content.id}: the floor is an illusion, "
                      "quicksand below", hero=hero.name)
            hero.status = "trapped"
            escape(fight, hero, half=False)
    elif kind == "special":
        _special(fight, hero, content)
    else:
        fight.say("pick up", f"{hero.name} finds nothing to take in {content.id}", hero=hero.name)


def _treasure(fight: Fight, hero: HeroState, content: Content) -> None:
    fired("amulet.item.treasure")
    hero.treasure += 1
    key = fight.dice.chance("treasure key", KEY_IN_TREASURE_PERCENT)
    fight.say("treasure", f"{hero.name} touches the treasure ward {content.id}: +1 treasure"
              + (", and a key inside" if key else ""), hero=hero.name)
    if key:
        if room_to_carry(fight, hero, "key", content.id):
            gain_key(fight, hero)
        else:
            fight.scene.contents.append(Content(f"{content.id}-key", "key"))
            fight.say("dropped", f"the treasure's key stays on the floor as {content.id}-key")


def _ward(fight: Fight, hero: HeroState, content: Content) -> None:
    """"The first character to touch the ward may immediately open any previously
    discovered Door or Walldoor": the hero chooses which (or none) at once, in a step
    that takes no time (``free_choices``)."""
    fired("amulet.item.ward")
    hero.ward_door = True
    fight.say("ward", f"{hero.name} touches the ward {content.id}: it may open any "
              "discovered door or walldoor", hero=hero.name)


def _special(fight: Fight, hero: HeroState, content: Content) -> None:
    fired("amulet.item.special")
    specials = fight.scene.rules.specials
    if not specials:
        fight.say("pick up", f"{content.id} holds nothing: this table plays without Specials")
        return
    name = specials[fight.dice.pick("special", len(specials))]
    drawn(SPECIAL_IDS.get(name) or special_id(name))
    hero.specials[name] = fight.scene.rules.special_actions
    fight.say("special", f"{hero.name} gains {name} for {hero.specials[name]} actions",
              hero=hero.name, special=name)


def escape(fight: Fight, hero: HeroState, half: bool) -> None:
    """The quicksand: a Speed contest against +1 (the level when scaling)."""
    rules = fight.scene.rules
    fired("amulet.item.trap")
    if rules.scaling:
        fired("amulet.level.bonus")
    bonus = trap_bonus(fight.scene.level_bonus, rules.scaling, rules.trap_bonus)
    if fight.dice.contest("quicksand", hero.hero.speed, bonus, take_half=half,
                          second="the quicksand's bonus").won:
        hero.status = "in room"
        fight.say("escaped trap", f"{hero.name} is out of the quicksand", hero=hero.name)
    else:
        fight.say("trapped", f"{hero.name} is held by the quicksand", hero=hero.name)


def open_content(fight: Fight, hero: HeroState, content: Content) -> None:
    """A password chest opens with a key (the scroll); a murder hole's masonry comes away."""
    if content.kind == "murder hole":
        fired("amulet.item.murder-hole")
        used(CONTENT_IDS["murder hole"])
        content.opened = True
        fight.say("murder hole", f"{hero.name} pulls the loose masonry from {content.id}: "
                  "a window on the room beyond", hero=hero.name)
        return
    fired("amulet.item.password")
    fired("amulet.item.key")
    used(CONTENT_IDS["key"])
    hero.keys -= 1
    content.gone = True
    hero.scrolls += 1
    fight.say("password", f"{hero.name} opens the locked chest {content.id} with a key: a "
              "scroll with a magic word", hero=hero.name)
