"""Card Crawl's dungeon as the party has mapped it: the rooms entered and the corridors
seen from them, on the Random Dungeons grid plan the game is played on.

The game walks the corridors of seed 004's plan as the project lays it out
(``setup.dungeon_rooms``), so the map is made again from the same plan and layout
(a function of the config and the seed, kept for the few games a process serves). A
room the party has not entered shows nothing of itself (its size and type are hidden,
as in the seats' views): only the corridors from the rooms entered, and the ways in,
lead to it, and the map names it at their end. One grid square is one map unit.
"""

from __future__ import annotations

from functools import lru_cache

from undercroft.maps.model import Exit, LevelMap, Passage, Room
from undercroft.systems.cardcrawl.dungeon.corridors import Corridor
from undercroft.systems.cardcrawl.dungeon.grid import Rect
from undercroft.systems.cardcrawl.dungeon.layout import Layout, layout_dungeon
from undercroft.systems.cardcrawl.dungeon.plan import PlanConfig, generate_plan
from undercroft.systems.cardcrawl.play.state import ENTRANCE, CardCrawlState


def players_map(state: CardCrawlState) -> LevelMap:
    """The rooms entered, each with a door per corridor leaving it (named as the move
    choices name where it leads: ``room 5``, ``entrance``), and the corridors that touch
    a room entered or lead in from outside."""
    layout = _layout(state.config.rooms, state.config.vary, state.seed)
    entered = {number for number, room in state.rooms.items() if room.visited}
    seen = [c for c in layout.corridors
            if c.a == ENTRANCE or c.a in entered or c.b in entered]
    rooms = [_room(number, layout.rects[number], state.rooms[number].size,
                   [c for c in seen if number in (c.a, c.b)])
             for number in sorted(entered)]
    passages = [Passage(list(c.points), None if c.a == ENTRANCE else c.a, c.b) for c in seen]
    size = max(layout.width, layout.height)
    return LevelMap(size, rooms, f"Card Crawl - {len(state.rooms)} rooms", passages)


@lru_cache(maxsize=8)
def _layout(rooms: int, vary: bool, seed: int) -> Layout:
    return layout_dungeon(generate_plan(PlanConfig(rooms=rooms, vary=vary), seed))


def _room(number: int, rect: Rect, size: int, corridors: list[Corridor]) -> Room:
    exits = []
    for corridor in corridors:
        door = corridor.points[0] if corridor.a == number else corridor.points[-1]
        other = corridor.b if corridor.a == number else corridor.a
        name = "entrance" if other == ENTRANCE else f"room {other}"
        exits.append(Exit(name, "corridor", _wall(rect, door), (door, door),
                          None if other == ENTRANCE else other, found=True,
                          details={"open": True}))
    return Room(number, list(rect.outline()), size, "L" if rect.cut else "rectangle",
                exits=exits)


def _wall(rect: Rect, door: tuple[float, float]) -> str:
    """The side of the room's box a door is on (the nearest, for a door at a corner)."""
    x, y = door
    gaps = {"W": abs(x - rect.x), "E": abs(x - (rect.x + rect.w)),
            "S": abs(y - rect.y), "N": abs(y - (rect.y + rect.h))}
    return min(gaps, key=lambda side: gaps[side])
