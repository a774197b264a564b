"""What a seat at the Labyrinth table may know.

Everything on the table is open: the party's sheets (``sheets``, the seat's own, or
every seat's in the whole truth: every number an attack or a check uses, the specials
in words, each item with what it does; the rest of the party is in ``party``), silver
and items, the market, the monsters fought with their health and their Appendix E
numbers, the initiative order. Hidden: the order of
the decks (only their sizes show), and the room cards not yet drawn. ``None`` as
the seat is the whole truth, the decks in order, for debugging and replay checks.
"""

from __future__ import annotations

from typing import Any

from undercroft.systems.labyrinth.fight import scaled_health
from undercroft.systems.labyrinth.rules import acting
from undercroft.systems.labyrinth.sheet import item_entry, sheet
from undercroft.systems.labyrinth.state import LabyrinthState


def view(state: LabyrinthState, seat: str | None) -> dict[str, Any]:
    member = acting(state)
    document: dict[str, Any] = {
        "round": state.round, "step": state.steps, "phase": state.phase,
        "turn": None if member is None else member.seat, "floor": state.floor,
        "unlocked": state.unlocked, "stairs_owed": state.stairs_owed,
        "goal_floor": state.config.goal_floor, "ended": state.ended,
        "party": [m.to_dict() for m in state.party],
        "market": list(state.market),
        "room": None if state.room is None else state.room.to_dict(),
        "fight": None if state.fight is None else _fight(state),
        "statue": None if state.statue is None else state.statue.to_dict(),
        "sheets": {m.seat: sheet(state, m) for m in state.party
                   if seat is None or m.seat == seat},
        "market_items": [item_entry(state.item(copy), copy) for copy in state.market],
        "decks": {"encounters": state.encounters.to_dict(), "items": state.items.to_dict()},
        "events": [e.to_dict() for e in state.events[-12:]],
    }
    if seat is None:
        document["seed"] = state.seed
        document["draw_piles"] = {"encounters": list(state.encounters.draw),
                                  "items": list(state.items.draw)}
    return document


def _fight(state: LabyrinthState) -> dict[str, Any]:
    """The battle, with each monster kind's numbers from Appendix E (open to the table),
    its health as the game's ``monster_health`` makes it."""
    assert state.fight is not None
    document = state.fight.to_dict()
    document["kinds"] = {
        kind: {"name": stats.name, "armour_class": stats.armour_class,
               "attack_modifier": stats.attack_modifier, "damage": stats.damage,
               "health": scaled_health(stats.health, state.config.monster_health)}
        for kind in dict.fromkeys(m.kind for m in state.fight.monsters)
        for stats in (state.content.monsters[kind],)}
    return document
