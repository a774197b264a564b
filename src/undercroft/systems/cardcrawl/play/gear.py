"""Gear found in the dungeon: taken from a room, and swapped between encounters.

Seed 004, Gear and Spell Cards: gear is "acquired from adventuring"; "a character
can only equip a number of gear + spell cards equal to lowest card total of any other
group"; "Any piece of gear or spell that hasn't been tapped can be swapped between
encounters with another piece of gear or spell the character owns and could be
carrying". Between encounters (no enemy standing in the room) a character may take a
piece of gear lying there (equipped at once while under the limit, else carried) or
swap an untapped equipped piece for one carried. No card is owned twice.
"""

from __future__ import annotations

from undercroft.engine.tally import fired, used
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.state import Card, CardCrawlState, Fighter


def card_key(card: Card) -> str:
    """The card's ID ("cardcrawl.gear.torch" -> "torch"); its name for one made by hand."""
    return card.content.rsplit(".", 1)[-1] if card.content else card.name


def gear_plays(state: CardCrawlState, fighter: Fighter) -> list[Play]:
    """Taking and swapping, offered only between encounters."""
    if state.foes_here():
        return []
    plays = []
    room = state.room
    for card in room.gear if room is not None else []:
        play = Play("take", card=card.name)
        if card_key(card) not in fighter.owned and play not in plays:
            plays.append(play)
    for worn in fighter.equipped:
        if worn.state == "ready":
            plays += [Play("swap", card=worn.name, using=spare.name) for spare in fighter.pack]
    return plays


def take(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    room = state.room
    assert room is not None
    card = next(card for card in room.gear if card.name == play.card)
    room.gear.remove(card)
    fighter.owned.add(card_key(card))
    fired("cardcrawl.gear.found")
    if len(fighter.equipped) < fighter.equip_limit:
        fighter.cards.append(card)
        where = "and equips it"
    else:
        fighter.pack.append(card)
        where = f"and carries it ({fighter.equip_limit} equipped at most)"
    state.say("take", f"{fighter.seat} takes the {card.name} {where}", seat=fighter.seat,
              card=card.name)


def swap(state: CardCrawlState, fighter: Fighter, play: Play) -> None:
    worn = fighter.card(play.card)
    spare = next(card for card in fighter.pack if card.name == play.using)
    assert worn is not None and worn.state == "ready"
    fired("cardcrawl.gear.swap")
    if spare.content:
        used(spare.content)
    fighter.cards[fighter.cards.index(worn)] = spare
    fighter.pack[fighter.pack.index(spare)] = worn
    state.say("swap", f"{fighter.seat} puts away the {worn.name} and equips the {spare.name}",
              seat=fighter.seat, card=spare.name)
