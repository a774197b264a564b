"""An adventurer's sheet as the table reads it: every number a player needs to choose well.

Seed 002 asks a player to keep a sheet: the three statistics and their modifiers
"(S + T - 10) / 2 rounded down" with the items worn, maximum health, armour class,
silver, what is equipped, and what the race and class add. The state holds only
what play changes; this module works out the rest with the rules' own functions
(``adventurer.character``), so the sheet shows exactly what an attack would use: the attack
bonus with Strength (and, for a wizard, with Intelligence), the damage die, the
attacks a turn, each special in words, and each item with what it does.

Reading a sheet counts nothing for the audit (a view is not play).
"""

from __future__ import annotations

from typing import Any, Final

from undercroft.engine.tally import tallying
from undercroft.systems.labyrinth.adventurer.character import (
    attack_bonus,
    attacks_per_turn,
    damage_dice,
    modifier,
)
from undercroft.systems.labyrinth.adventurer.specials import (
    STATS,
    may_attack_with_intelligence,
    specials,
)
from undercroft.systems.labyrinth.adventurer.state import Adventurer
from undercroft.systems.labyrinth.content.cards import (
    ConsumableItem,
    CursedItem,
    EquipmentItem,
    ItemCard,
    StatueItem,
    TreasureItem,
)
from undercroft.systems.labyrinth.state import LabyrinthState

SPECIAL_WORDS: Final[dict[str, str]] = {
    "human-attack": "+2 to attack (a human whose elements are destructive)",
    "woodfolk-armour": "+2 armour class (a woodfolk with wood or earth)",
    "woodfolk-fire": "takes double damage from fire (a woodfolk without water or metal)",
    "renegade": "renegade: attacks twice a turn (an oxkin whose elements are destructive)",
    "brace": "may brace when attacking: +2d6 armour class against the next attack on it, "
             "then skips its next attack (a hollow whose relation is nullified)",
    "archer-armour": "+2 armour class (an archer)",
    "medic": "when anyone in the party uses a card to regain health, a 6 on 1d6 keeps "
             "the card (a medic)",
    "warrior-unarmed": "attack modifier +4 while nothing is equipped (a warrior)",
    "wizard-intelligence": "may attack with Intelligence instead of Strength (a wizard)",
    "backlash": "takes 1d4 after every attack (a wizard whose elements are destructive)",
}
"""Each special of ``adventurer.specials.specials`` in a player's words."""


def sheet(state: LabyrinthState, member: Adventurer) -> dict[str, Any]:
    """The member's sheet, as JSON."""
    with tallying():
        return _sheet(state, member)


def _sheet(state: LabyrinthState, member: Adventurer) -> dict[str, Any]:
    worn = state.worn(member)
    stats = {stat: {"base": member.stats[stat],
                    "items": sum(card.stat_effects.get(stat, 0) for card in worn),
                    "modifier": modifier(member, stat, worn)} for stat in STATS}
    attack = {"strength": attack_bonus(member, worn, use_intelligence=False)}
    if may_attack_with_intelligence(member):
        attack["intelligence"] = attack_bonus(member, worn, use_intelligence=True)
    return {
        "seat": member.seat, "race": member.race, "class": member.klass,
        "elements": list(member.elements), "relation": member.relation,
        "alive": member.alive, "health": member.health, "max_health": member.max_health,
        "armour_class": member.armour_class, "silver": member.silver, "stats": stats,
        "attack": attack, "damage": damage_dice(member, worn),
        "attacks_per_turn": attacks_per_turn(member),
        "specials": [{"id": name, "text": SPECIAL_WORDS.get(name, name)}
                     for name in specials(member)],
        "items": [item_entry(state.item(copy), copy, copy in member.equipped,
                             copy in member.cursed) for copy in member.items],
    }


def item_entry(card: ItemCard, copy: str, equipped: bool = False, cursed: bool = False
               ) -> dict[str, Any]:
    """One item copy as a sheet lists it: its card, what it does in short, and the card's
    fields (for a player, or an automated one, to weigh it)."""
    return {"copy": copy, "name": card.name, "kind": card.kind, "text": card.text,
            "does": does(card), "equipped": equipped, "cursed": cursed,
            "card": card.model_dump(mode="json")}


def does(card: ItemCard) -> str:
    """What an item does, in a few words: "+1 strength, -1 intelligence; damage 1d6"."""
    if isinstance(card, EquipmentItem | CursedItem):
        parts = [f"{change:+d} {stat}" for stat, change in card.stat_effects.items()]
        if isinstance(card, EquipmentItem):
            if card.damage:
                parts.append(f"damage {card.damage}")
            if card.attack_bonus_from:
                whose = f" ({card.only_class}s)" if card.only_class else ""
                parts.append(f"+{card.attack_bonus_from} stat to attack{whose}")
        return "; ".join(parts) or "no effect"
    if isinstance(card, ConsumableItem):
        where = " in an empty room" if card.empty_room_only else ""
        return f"regain {card.heal} health{where}"
    if isinstance(card, TreasureItem):
        return f"each player gains {card.silver_each} sp"
    if isinstance(card, StatueItem):
        return f"roll a d{card.die} on its table"
    return card.kind
