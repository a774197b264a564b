"""What an adventurer owns and wears: gaining, equipping, curses, and death's losses.

Seed 002, Chapter 2: "Up to three equipment cards can be "equipped" at once ... If
an item is cursed, then it remains with the player that found it, applying a
negative effect as though it was equipped, until they find a way to rid
themselves of it." We read "as though it was equipped" as: a cursed item is
worn outside the three slots (it applies even when three cards are equipped,
and never pushes one out), and cannot be unequipped, sold or dropped until its
curse is lifted (the Cursed Ring: "cannot be removed without a wizard").
Chapter 4: "When a character dies, all item it owned are shuffled back into the
item deck, and it's money is lost."

Item IDs are opaque here (the deck's copy IDs, ``kobold-knife#2``); which item
is equipment is the caller's to know, from the item cards. Every refusal is a
:class:`BadInput` a player can read, and leaves the adventurer unchanged.
"""

from __future__ import annotations

from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.systems.labyrinth.adventurer.state import EQUIP_SLOTS, Adventurer


def gain_item(adventurer: Adventurer, item: str, cursed: bool = False) -> None:
    """The adventurer now owns ``item``; a cursed one is worn at once."""
    if item in adventurer.items:
        raise BadInput(f"{adventurer.seat} already has {item!r}")
    adventurer.items.append(item)
    if cursed:
        fired("labyrinth.character.cursed")
        adventurer.cursed.append(item)


def equip(adventurer: Adventurer, item: str) -> None:
    """Put an owned, uncursed item in one of the three slots."""
    if item not in adventurer.items:
        raise BadInput(f"{adventurer.seat} does not have {item!r}")
    if item in adventurer.cursed:
        raise BadInput(f"{item!r} is cursed: it is worn already, outside the slots")
    if item in adventurer.equipped:
        raise BadInput(f"{item!r} is already equipped")
    if len(adventurer.equipped) >= EQUIP_SLOTS:
        raise BadInput(f"{adventurer.seat} has {EQUIP_SLOTS} items equipped "
                       f"({', '.join(adventurer.equipped)}); unequip one first")
    fired("labyrinth.character.equip-slots")
    adventurer.equipped.append(item)


def unequip(adventurer: Adventurer, item: str) -> None:
    """Take an item out of its slot (it stays owned)."""
    if item in adventurer.cursed:
        raise BadInput(f"{item!r} is cursed and cannot be removed without a wizard")
    if item not in adventurer.equipped:
        raise BadInput(f"{item!r} is not equipped")
    adventurer.equipped.remove(item)


def lose_item(adventurer: Adventurer, item: str) -> None:
    """The item leaves the adventurer (sold, expended, given); a cursed one cannot."""
    if item not in adventurer.items:
        raise BadInput(f"{adventurer.seat} does not have {item!r}")
    if item in adventurer.cursed:
        raise BadInput(f"{item!r} is cursed: it remains with {adventurer.seat} until a "
                       "wizard removes it")
    if item in adventurer.equipped:
        adventurer.equipped.remove(item)
    adventurer.items.remove(item)


def lift_curse(adventurer: Adventurer, item: str) -> None:
    """A wizard removes a cursed item: it is no longer worn, and no longer owned."""
    if item not in adventurer.cursed:
        raise BadInput(f"{item!r} is not a cursed item of {adventurer.seat}")
    adventurer.cursed.remove(item)
    adventurer.items.remove(item)


def die(adventurer: Adventurer) -> list[str]:
    """The adventurer is dead: every item it owned (to shuffle back into the items deck, in
    the order owned) leaves it, with its silver."""
    fired("labyrinth.character.death")
    dropped = list(adventurer.items)
    adventurer.alive = False
    adventurer.health = 0
    adventurer.items.clear()
    adventurer.equipped.clear()
    adventurer.cursed.clear()
    adventurer.silver = 0
    adventurer.skip_next_attack = False
    return dropped
