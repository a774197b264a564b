"""Putting monsters into a room in play: swarms, lone monsters, mimics.

The sandbox (a scenario) and the whole game (a generated room) fill rooms the
same way: a swarm at or below its scatter size is scattered from the start, as
three monsters at full health (seed 000: a 25% swarm "is likely to scatter (see
scattered)"); a mimic is a treasure 25% of the time (notes/sources.md).
"""

from __future__ import annotations

from undercroft.engine.tally import drawn, fired
from undercroft.systems.amulet.characters.creatures import MIMIC_TREASURE_PERCENT
from undercroft.systems.amulet.characters.monster_numbers import monster_id as content_of
from undercroft.systems.amulet.characters.monster_numbers import stats
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.harm import SCATTERED
from undercroft.systems.amulet.room.scene import Content, Monster, Place, Swarm


def add_swarm(fight: Fight, swarm_id: str, kind: str, place: Place, health: int) -> None:
    """A swarm; one at or below its scatter size (three monsters' health) is scattered
    from the start: seed 000's Scattered, "the swarm's abstract number becomes a concrete
    3 monsters ... with full health"."""
    scene = fight.scene
    fired("amulet.swarm.capacity")
    swarm = Swarm(swarm_id, kind, health, scene.capacity(place), place)
    if health > swarm.threshold:
        drawn(content_of(kind))
        scene.swarms.append(swarm)
        return
    fired("amulet.swarm.scatter")
    for _ in range(SCATTERED):
        add_monster(fight, scene.new_id(kind), kind, place, None)
    fight.say("setup", f"{swarm_id} ({health} health) is too few to swarm: it is scattered, "
              f"{SCATTERED} lone {kind}s at full health ({stats(kind).health} each)")


def add_monster(fight: Fight, monster_id: str, kind: str, place: Place,
                health: int | None) -> None:
    """A lone monster; a mimic is a treasure 25% of the time (notes/sources.md). Seen
    through a murder hole it looks a mimic until a hero walks into its room."""
    scene = fight.scene
    drawn(content_of(kind))
    if kind == "mimic" and place == "room" and reveal_mimic(fight, monster_id):
        return
    scene.monsters.append(Monster(monster_id, kind, health or stats(kind).health, place))


def reveal_mimic(fight: Fight, monster_id: str) -> bool:
    """Roll whether a mimic is really a treasure; if so the treasure lies in the room."""
    scene = fight.scene
    fired("amulet.monster.mimic-ambush")
    if fight.dice.chance("mimic", MIMIC_TREASURE_PERCENT):
        scene.contents.append(Content(f"{monster_id}-treasure", "treasure"))
        fight.say("mimic", f"{monster_id} is really a treasure: {monster_id}-treasure")
        return True
    return False
