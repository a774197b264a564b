"""A floor of the dungeon: rooms drawn from the encounter deck, chests, traps, stairs.

Seed 002, Chapter 3: "Each floor of the dungeon can have rooms up to the number of
cards in the encounter deck ... When entering a new room, draw a card from the
encounter pile and follow it's instructions. If it's a monster card, then combat
begins. Once an encounter is finished, the room is considered empty." Stairs:
"they may return to the surface, or they may continue and unlock the next level of
the dungeon. If the latter is chosen, then they must find another stairwell before
returning to the surface."
"""

from __future__ import annotations

from undercroft.engine.tally import drawn, fired, used
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.adventurer.character import modifier
from undercroft.systems.labyrinth.adventurer.state import Adventurer
from undercroft.systems.labyrinth.battle import start_fight
from undercroft.systems.labyrinth.content.cards import (
    ChestEncounter,
    MonsterEncounter,
    TrapEncounter,
)
from undercroft.systems.labyrinth.decks import card_of
from undercroft.systems.labyrinth.fight import roll_total
from undercroft.systems.labyrinth.items_play import find_item, item_legal
from undercroft.systems.labyrinth.losses import hurt
from undercroft.systems.labyrinth.state import LabyrinthState, Room
from undercroft.systems.labyrinth.town import arrive_in_town


def enter_floor(state: LabyrinthState, floor: int) -> None:
    """Seed 002, Chapter 3: "Once a floor is unlocked, creatures and treasures of that
    floor's level are mixed into the decks", so on entering any floor the decks are
    rebuilt at the level of the deepest floor unlocked (Card Levels: discards back, newly
    unlocked cards in, too-low cards out); the party's own items stay theirs. A party
    back on floor 1 after unlocking floor 3 meets the level-3 decks."""
    fired("labyrinth.deck.levels")
    fired("labyrinth.dungeon.unlocked-cards")
    held = [copy for member in state.party for copy in member.items]
    state.encounters.set_level(state.unlocked, (), state.dice)
    state.items.set_level(state.unlocked, held, state.dice)
    state.market = []
    state.phase = "explore"
    state.floor = floor
    state.room = None
    state.rooms_entered = 0
    state.deepest = max(state.deepest, floor)
    state.say("floor", f"The party enters floor {floor} (decks at level {state.unlocked}, "
              f"the deepest unlocked; {len(state.encounters.draw)} rooms at most)",
              floor=floor)


def begin(state: LabyrinthState, floor: int) -> None:
    """From town, down to a floor the party has unlocked."""
    fired("labyrinth.dungeon.start-floor")
    enter_floor(state, floor)


def explore_legal(state: LabyrinthState, member: Adventurer) -> list[Choice]:
    plays: list[Choice] = []
    room = state.room
    if room is not None and room.kind == "chest" and not room.resolved:
        plays.append(Choice("open"))
        if not room.chest_checked:
            plays.append(Choice("search"))
    if state.encounters.draw:
        plays.append(Choice("next"))
    if not state.stairs_owed or not state.encounters.draw:
        plays.append(Choice("return"))
    plays += item_legal(state, member)
    return plays


def stairs_legal(state: LabyrinthState) -> list[Choice]:
    """Back to the surface, or down to the next floor while some encounter card is of its
    level (below the deepest card's level a floor would have no rooms)."""
    below = state.floor + 1
    deeper = any(card.holds(below) for card in state.content.encounters.values())
    return [Choice("return")] + ([Choice("down", str(below))] if deeper else [])


def next_room(state: LabyrinthState, member: Adventurer) -> None:
    copy = state.encounters.take()
    assert copy is not None
    card = state.content.encounters[card_of(copy)]
    fired("labyrinth.dungeon.rooms")
    fired("labyrinth.deck.two-decks")
    drawn(f"labyrinth.encounter.{card.id}")
    state.rooms_entered += 1
    state.room = Room(copy, card.kind)
    if not card.keep_out_of_discard:
        fired("labyrinth.deck.discard")
        fired("labyrinth.encounter.discard")
        state.encounters.discard_copy(copy)
    state.say("room", f"{member.seat} opens the next door: {card.name}. {card.text}",
              card=card.id, encounter=card.kind)
    if isinstance(card, MonsterEncounter):
        start_fight(state, card)
    elif isinstance(card, TrapEncounter):
        fired("labyrinth.encounter.trapped-doorway")
        for target in state.living():
            hurt(state, target, roll_total(card.damage_each, state.dice, "trap damage"), card.name)
        state.room.resolved = True
        used(f"labyrinth.encounter.{card.id}")
    elif not isinstance(card, ChestEncounter):
        state.room.resolved = True
        used(f"labyrinth.encounter.{card.id}")


def search_chest(state: LabyrinthState, member: Adventurer) -> None:
    """An ability check for traps (Chapter 4): d20 + Luck modifier against the config's
    difficulty; the automated DM judges Luck the fitting statistic for finding a trap."""
    room = state.room
    assert room is not None
    fired("labyrinth.dungeon.check")
    fired("labyrinth.character.check-modifier")
    fired("labyrinth.character.modifier")
    room.chest_checked = True
    luck = modifier(member, "luck", state.worn(member))
    face = state.dice.die(20, "chest check")
    found = face + luck >= state.config.search_difficulty
    room.chest_safe = found
    verdict = "made it safe" if found else "nothing found"
    state.say("check", f"{member.seat} checks the chest for traps: d20 {face} + luck {luck} "
              f"vs {state.config.search_difficulty}: {verdict}", seat=member.seat,
              success=found)


def open_chest(state: LabyrinthState, member: Adventurer) -> None:
    room = state.room
    assert room is not None
    card = state.content.encounters[card_of(room.card)]
    assert isinstance(card, ChestEncounter)
    fired("labyrinth.dungeon.chest")
    used(f"labyrinth.encounter.{card.id}")
    face = state.dice.die(card.trap_die, "chest trap")
    room.resolved = True
    if face in card.trapped_on and not room.chest_safe:
        fired("labyrinth.encounter.chest-trap")
        state.say("chest", f"{member.seat} opens the chest: d{card.trap_die} {face}, it is "
                  "trapped", seat=member.seat, roll=face, trapped=True)
        damage = roll_total(card.trap_damage, state.dice, "trap damage")
        hurt(state, member, damage, "the chest's trap")
        return
    silver = roll_total(card.silver, state.dice, "silver")
    member.silver += silver
    caught = " (the trap found before, made safe)" if face in card.trapped_on else ""
    state.say("chest", f"{member.seat} opens the chest: d{card.trap_die} {face}{caught}, "
              f"{silver} sp", seat=member.seat, roll=face, silver=silver)
    if state.config.chest_item:
        fired("labyrinth.deck.chest-item")
        find_item(state, member)


def go_back(state: LabyrinthState, member: Adventurer) -> None:
    """Back to the surface (allowed unless a stairwell is owed; an exhausted floor lets the
    party walk back the way it came)."""
    state.say("return", f"{member.seat} leads the party back to the surface")
    arrive_in_town(state)


def go_down(state: LabyrinthState, member: Adventurer, choice: Choice) -> None:
    floor = int(choice.target)
    fired("labyrinth.dungeon.stairs")
    state.unlocked = max(state.unlocked, floor)
    state.say("down", f"{member.seat} leads the party down to floor {floor}: unlocked; "
              "another stairwell must be found before returning", floor=floor)
    enter_floor(state, floor)
    state.stairs_owed = True
