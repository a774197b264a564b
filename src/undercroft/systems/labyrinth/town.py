"""The town of Labyrinth: health restored, the market, the wizard, and the way down.

Seed 002: health "resets to it's maximum when the players return to town". The
market: "the DM places three item cards face up. These cards can be purchased for
their listed value. If an item is purchased, then another card from the deck
replaces it. Items can also be sold for half of their value, rounded down; these
are shuffled back into the deck. Cursed items can't be bought from the market, and
are replaced when drawn this way." A wizard in town removes a curse (the Cursed
Ring: "10sp to remove"). A party "can only begin on a floor that they've
previously unlocked".
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import drawn, fired
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.adventurer.items import gain_item, lift_curse, lose_item
from undercroft.systems.labyrinth.adventurer.state import Adventurer
from undercroft.systems.labyrinth.content.cards import CursedItem
from undercroft.systems.labyrinth.decks import card_of
from undercroft.systems.labyrinth.state import LabyrinthState

MARKET_CARDS: Final = 3


def arrive_in_town(state: LabyrinthState) -> None:
    """Back on the surface: health to maximum, and a fresh market."""
    fired("labyrinth.dungeon.town-rest")
    state.phase = "town"
    state.floor = 0
    state.room = None
    state.stairs_owed = False
    for member in state.living():
        member.rest_in_town()
    lay_out_market(state)
    state.say("town", "The party is in town: health restored; the market shows "
              f"{', '.join(state.market) or 'nothing'}")


def lay_out_market(state: LabyrinthState) -> None:
    """Three face-up cards that can be bought (a cursed card, or one with no price, goes
    back into the deck and another is drawn)."""
    for copy in state.market:
        state.items.put_back(copy, state.dice)
    state.market = []
    _fill(state)


def _fill(state: LabyrinthState) -> None:
    refused: list[str] = []
    while len(state.market) < MARKET_CARDS:
        copy = state.items.take()
        if copy is None:
            break
        card = state.item(copy)
        if card.buyable:
            drawn(f"labyrinth.item.{card.id}")
            state.market.append(copy)
        else:
            fired("labyrinth.market.no-cursed")
            if isinstance(card, CursedItem):
                fired("labyrinth.item.cursed-market")
            else:
                fired("labyrinth.item.no-price")
            refused.append(copy)
    for copy in refused:
        state.items.put_back(copy, state.dice)


def town_legal(state: LabyrinthState, member: Adventurer) -> list[Choice]:
    plays: list[Choice] = []
    for copy in state.market:
        cost = state.item(copy).cost
        if cost is not None and member.silver >= cost:
            plays.append(Choice("buy", copy))
    for copy in member.items:
        card = state.item(copy)
        if card.sellable and copy not in member.cursed:
            plays.append(Choice("sell", copy))
    for copy in member.cursed:
        card = state.item(copy)
        if isinstance(card, CursedItem) and card.remove_cost is not None \
                and member.silver >= card.remove_cost:
            plays.append(Choice("lift", copy))
    plays += [Choice("enter", str(floor)) for floor in range(1, state.unlocked + 1)]
    return plays


def buy(state: LabyrinthState, member: Adventurer, choice: Choice) -> None:
    copy = choice.target
    cost = state.item(copy).cost or 0
    fired("labyrinth.market.buy")
    member.silver -= cost
    state.market.remove(copy)
    gain_item(member, copy)
    state.say("buy", f"{member.seat} buys {copy} for {cost} sp ({member.silver} sp left)",
              seat=member.seat, item=card_of(copy), cost=cost)
    _fill(state)


def sell(state: LabyrinthState, member: Adventurer, choice: Choice) -> None:
    copy = choice.target
    price = state.item(copy).sell_price or 0
    fired("labyrinth.market.sell")
    fired("labyrinth.item.sell-half")
    lose_item(member, copy)
    member.silver += price
    state.items.put_back(copy, state.dice)
    state.say("sell", f"{member.seat} sells {copy} for {price} sp ({member.silver} sp)",
              seat=member.seat, item=card_of(copy), price=price)


def lift(state: LabyrinthState, member: Adventurer, choice: Choice) -> None:
    copy = choice.target
    card = state.item(copy)
    assert isinstance(card, CursedItem) and card.remove_cost is not None
    fired("labyrinth.market.wizard")
    fired("labyrinth.item.ring-removal")
    member.silver -= card.remove_cost
    lift_curse(member, copy)
    state.items.put_back(copy, state.dice)
    state.say("curse lifted", f"The wizard in town lifts the curse of {copy} from "
              f"{member.seat} for {card.remove_cost} sp", seat=member.seat)
