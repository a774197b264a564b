"""What the players know of a generated level: the rooms they reach without finding secrets.

A game master printing a level wants two maps: the whole truth, and a handout
that shows what the heroes would have mapped by opening every ordinary exit.
Secret exits stay unfound on the handout, and so do the rooms only they lead to.
"""

from __future__ import annotations

from undercroft.maps.model import LevelMap


def reachable_without_secrets(level: LevelMap) -> set[int]:
    """Room ids reached from room 1 through exits that are not unfound secrets."""
    if not level.rooms:
        return set()
    seen = {1}
    frontier = [1]
    while frontier:
        room = level.room(frontier.pop())
        targets: list[int] = [hole.to for hole in room.murder_holes if hole.to is not None]
        for exit_ in room.exits:
            if exit_.type == "secret" and not exit_.found:
                continue
            if isinstance(exit_.to, int):
                targets.append(exit_.to)
            elif isinstance(exit_.to, list):
                targets.extend(exit_.to)
        for target in targets:
            if target not in seen:
                seen.add(target)
                frontier.append(target)
    return seen


def mark_players_knowledge(level: LevelMap) -> None:
    """Set each room's ``discovered`` flag to what the players would have mapped."""
    known = reachable_without_secrets(level)
    for room in level.rooms:
        room.discovered = room.id in known
