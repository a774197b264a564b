"""When a game of Card Crawl is over: cleared, defeated, or out of time."""

from __future__ import annotations

from undercroft.engine.tally import fired
from undercroft.systems.cardcrawl.play.state import ENTRANCE, CardCrawlState


def entrance_links(state: CardCrawlState) -> tuple[int, ...]:
    """Rooms a corridor joins to the entrance."""
    return tuple(n for n, room in state.rooms.items() if ENTRANCE in room.links)


def check_end(state: CardCrawlState) -> bool:
    if all(f.incapacitated for f in state.fighters):
        state.ended = "defeated"
    elif cleared(state):
        state.ended = "cleared"
    elif state.round > state.config.max_rounds:
        state.ended = "time up"
    if state.ended is not None:
        fired("cardcrawl.play.end")
        state.say("game over", f"the game is over: {state.ended}", result=state.ended)
        return True
    return False


def reachable(state: CardCrawlState) -> set[int]:
    """Rooms the party can walk to from the entrance."""
    seen = {ENTRANCE}
    frontier = [ENTRANCE]
    while frontier:
        here = frontier.pop()
        links = entrance_links(state) if here == ENTRANCE else state.rooms[here].links
        for room in links:
            if room not in seen and (room == ENTRANCE or room in state.rooms):
                seen.add(room)
                frontier.append(room)
    return seen - {ENTRANCE}


def cleared(state: CardCrawlState) -> bool:
    """Every room the party can reach visited, and no enemy standing in any of them."""
    for number in reachable(state):
        room = state.rooms[number]
        if not room.visited or any(not g.defeated for g in room.enemies):
            return False
    return True
