"""Items in play: finding them, equipping them, using them (seed 002, Appendix D).

Rations (1d4) and Medical Supplies (3d4) are expended "in an empty room" (a room
whose encounter is finished: not a closed chest's, not before the first door, not the
town); a living medic's 1d6 keeps the card on a 6. A
Treasure Hoard gives each player 5 sp at once. The Dragon Statue is rolled once
and then gone (house rule: the card says nothing of a second roll); a face that
names no stat (raise one, lower one, swap Luck with one) is its roller's choice,
made as the roller's next action (declining is a choice where the face says
"may"). A cursed item is worn the moment it is found.
"""

from __future__ import annotations

from undercroft.engine.tally import drawn, fired, used
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.adventurer.character import living_medics, modifier
from undercroft.systems.labyrinth.adventurer.items import equip, gain_item, lose_item, unequip
from undercroft.systems.labyrinth.adventurer.specials import STATS, medic_keeps_card
from undercroft.systems.labyrinth.adventurer.state import EQUIP_SLOTS, Adventurer
from undercroft.systems.labyrinth.content.cards import (
    ConsumableItem,
    CursedItem,
    EquipmentItem,
    StatueItem,
    TreasureItem,
)
from undercroft.systems.labyrinth.decks import card_of
from undercroft.systems.labyrinth.fight import roll_total
from undercroft.systems.labyrinth.losses import hurt
from undercroft.systems.labyrinth.state import LabyrinthState, StatueChoice


def find_item(state: LabyrinthState, member: Adventurer) -> None:
    """The items deck is "used when treasure is found": the top card goes to the finder."""
    copy = state.items.take()
    if copy is None:
        state.say("no item", "The items deck is empty")
        return
    card = state.item(copy)
    fired("labyrinth.deck.two-decks")
    drawn(f"labyrinth.item.{card.id}")
    if isinstance(card, TreasureItem):
        fired("labyrinth.deck.item-effects")
        fired("labyrinth.item.treasure-hoard")
        fired("labyrinth.deck.discard")
        used(f"labyrinth.item.{card.id}")
        for other in state.living():
            other.silver += card.silver_each
        state.items.discard_copy(copy)
        state.say("treasure", f"{member.seat} finds {card.name}: each player gains "
                  f"{card.silver_each} sp", seat=member.seat, item=card.id)
        return
    if isinstance(card, CursedItem):
        fired("labyrinth.deck.equip-and-curse")
        fired("labyrinth.item.cursed-ring")
        used(f"labyrinth.item.{card.id}")
    gain_item(member, copy, cursed=isinstance(card, CursedItem))
    state.say("item", f"{member.seat} finds {copy} ({card.name})"
              + (": it is cursed and clings on" if isinstance(card, CursedItem) else ""),
              seat=member.seat, item=card.id)


def in_empty_room(state: LabyrinthState) -> bool:
    """Whether the party stands in an empty room: one whose encounter is finished (Chapter
    3: "Once an encounter is finished, the room is considered empty"), not a chest still
    closed, not the corridor before the first door, not the town."""
    room = state.room
    return state.phase in ("explore", "stairs") and room is not None and room.resolved


def item_legal(state: LabyrinthState, member: Adventurer) -> list[Choice]:
    """What the member may do with its items outside a fight: equip and unequip, roll the
    Dragon Statue, and expend a healing card when hurt, in an empty room where the card
    says so (Rations and Medical Supplies: "in an empty room")."""
    plays: list[Choice] = []
    empty_room = in_empty_room(state)
    for copy in member.items:
        card = state.item(copy)
        if isinstance(card, EquipmentItem) and copy not in member.equipped:
            if len(member.equipped) < EQUIP_SLOTS:
                plays.append(Choice("equip", copy))
        elif isinstance(card, EquipmentItem):
            plays.append(Choice("unequip", copy))
        if isinstance(card, StatueItem):
            plays.append(Choice("use", copy))
        if isinstance(card, ConsumableItem) and member.health < member.max_health \
                and (empty_room or not card.empty_room_only):
            plays.append(Choice("use", copy))
    return plays


def wear(state: LabyrinthState, member: Adventurer, choice: Choice) -> None:
    if choice.verb == "equip":
        equip(member, choice.target)
        fired("labyrinth.deck.equip-and-curse")
        used(f"labyrinth.item.{card_of(choice.target)}")
    else:
        unequip(member, choice.target)
    state.say(choice.verb, f"{member.seat} {choice.verb}s {choice.target}", seat=member.seat)


def use(state: LabyrinthState, member: Adventurer, choice: Choice) -> None:
    copy = choice.target
    card = state.item(copy)
    used(f"labyrinth.item.{card.id}")
    if isinstance(card, StatueItem):
        fired("labyrinth.deck.dragon-statue")
        fired("labyrinth.deck.discard")
        lose_item(member, copy)
        state.items.discard_copy(copy)
        _statue(state, member, card)
        return
    assert isinstance(card, ConsumableItem)
    fired("labyrinth.deck.item-effects")
    fired("labyrinth.item.healing")
    if in_empty_room(state):
        fired("labyrinth.dungeon.empty-room")
    regained = member.heal(roll_total(card.heal, state.dice, "healing"))
    medics = living_medics(state.party)
    if medics > 0:
        fired("labyrinth.class.medic")
        used("labyrinth.special.medic")
    kept = medics > 0 and medic_keeps_card(state.dice, medics)
    if not kept:
        fired("labyrinth.deck.discard")
        lose_item(member, copy)
        state.items.discard_copy(copy)
    state.say("heal", f"{member.seat} uses {copy}: +{regained} health ({member.health})"
              + (": a medic's 6, the card is kept" if kept else ""), seat=member.seat,
              regained=regained, kept=kept)


def _statue(state: LabyrinthState, member: Adventurer, card: StatueItem) -> None:
    fired("labyrinth.item.statue-table")
    face = state.dice.die(card.die, "statue")
    entry = card.table[face - 1]
    state.say("statue", f"{member.seat} rolls the {card.name}: {face}, {entry.text}",
              seat=member.seat, roll=face)
    if entry.effect == "die":
        hurt(state, member, member.health, card.name)
    elif entry.effect in ("raise_stat", "lower_stat", "swap_luck"):
        state.statue = StatueChoice(member.seat, entry.effect, entry.amount or 1,
                                    entry.optional, entry.text)
    else:
        lucky = modifier(member, entry.plus_modifier, state.worn(member)) \
            if entry.plus_modifier else 0
        gain = max(0, roll_total(entry.dice or "1d4", state.dice, "statue gain") + lucky)
        if entry.effect == "max_health":
            member.health_bonus += gain
            member.heal(gain)
        else:
            fired("labyrinth.item.statue-armour")
            member.armour_bonus += gain
        state.say("statue gain", f"{member.seat} gains {gain} "
                  f"{'maximum health' if entry.effect == 'max_health' else 'armour class'}",
                  seat=member.seat, gain=gain)


def statue_legal(state: LabyrinthState) -> list[Choice]:
    """The choices a Dragon Statue face leaves its roller: every base stat to raise or to
    lower, or Strength or Intelligence to swap Luck with; declining where it says "may"."""
    pending = state.statue
    assert pending is not None
    if pending.effect == "swap_luck":
        plays = [Choice("swap", stat) for stat in STATS if stat != "luck"]
    else:
        verb = "raise" if pending.effect == "raise_stat" else "lower"
        plays = [Choice(verb, stat) for stat in STATS]
    return plays + ([Choice("keep")] if pending.optional else [])


def statue_choice(state: LabyrinthState, member: Adventurer, choice: Choice) -> None:
    """The roller's choice, as the face says: a base stat up or down by its amount, or
    Luck's value swapped with another stat's, or (where it says "may") nothing."""
    pending = state.statue
    assert pending is not None
    state.statue = None
    fired("labyrinth.item.statue-choice")
    if choice.verb == "keep":
        state.say("statue choice", f"{member.seat} keeps the stats as they are",
                  seat=member.seat)
        return
    stat = next(stat for stat in STATS if stat == choice.target)
    if choice.verb == "swap":
        member.stats["luck"], member.stats[stat] = member.stats[stat], member.stats["luck"]
        told = f"swaps luck with {stat}"
    else:
        change = pending.amount if choice.verb == "raise" else -pending.amount
        member.stats[stat] += change
        told = f"{choice.verb}s {stat} by {pending.amount}"
    state.say("statue choice", f"{member.seat} {told}: strength {member.stats['strength']}, "
              f"intelligence {member.stats['intelligence']}, luck {member.stats['luck']}",
              seat=member.seat, stat=stat)

