"""What a seat at the Card Crawl table may know: everything the cards and dice show, and
of the dungeon only what the party has seen.

Characters' cards and rolled hit dice lie open on the table, so every seat sees
them. A room's size and type are known once the party has been in it; a room
behind a corridor from a visited room is known to exist, nothing more; what waits
in rooms not yet entered is hidden. ``None`` as the seat is the whole truth.
"""

from __future__ import annotations

from typing import Any

from undercroft.systems.cardcrawl.play.rules import acting
from undercroft.systems.cardcrawl.play.state import ENTRANCE, CardCrawlState, Room


def view(state: CardCrawlState, seat: str | None) -> dict[str, Any]:
    fighter = acting(state)
    known = _known(state)
    rooms = [_room(room, seat is None or room.visited) for number, room in
             sorted(state.rooms.items()) if seat is None or number in known]
    document: dict[str, Any] = {
        "round": state.round, "step": state.steps,
        "turn": None if fighter is None else fighter.seat,
        "where": state.where, "rests_left": state.rests_left, "ended": state.ended,
        "any_skill": state.config.any_skill, "attack_against": state.config.attack_against,
        "party": [f.to_dict() for f in state.fighters],
        "foes": [g.to_dict() for g in state.foes_here()],
        "rooms": rooms,
        "entrance_links": sorted(n for n, r in state.rooms.items()
                                 if ENTRANCE in r.links and (seat is None or n in known)),
        "events": [e.to_dict() for e in state.events[-12:]],
    }
    if seat is None:
        document["seed"] = state.seed
    return document


def _known(state: CardCrawlState) -> set[int]:
    """Rooms visited, and rooms a corridor joins to a visited room or to the entrance."""
    known = {n for n, room in state.rooms.items() if room.visited or ENTRANCE in room.links}
    for room in state.rooms.values():
        if room.visited:
            known.update(link for link in room.links if link != ENTRANCE)
    return known


def _room(room: Room, seen: bool) -> dict[str, Any]:
    if not seen:
        return {"room": room.number, "visited": False}
    shown: dict[str, Any] = {"room": room.number, "size": room.size, "type": room.type,
                             "links": list(room.links), "visited": room.visited,
                             "enemies": [g.to_dict() for g in room.enemies],
                             "gear": [card.to_dict() for card in room.gear]}
    if room.stock is not None:
        shown["stock"] = {"enemy": room.stock[0], "count": room.stock[1]}
    return shown
