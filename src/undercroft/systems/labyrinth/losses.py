"""Harm to an adventurer, and death (seed 002, Chapter 4, Character Death).

"Once their HP is reduced to zero, then they are dead, and removed from the game."
"When a character dies, all item it owned are shuffled back into the item deck,
and it's money is lost." Every harm an adventurer takes goes through :func:`hurt`
(a monster's hit, a trap, a wizard's own backlash, the Dragon Statue's "You die"),
so that every death follows Character Death and is told with its cause.
"""

from __future__ import annotations

from undercroft.engine.tally import fired
from undercroft.systems.labyrinth.adventurer.items import die
from undercroft.systems.labyrinth.adventurer.state import Adventurer
from undercroft.systems.labyrinth.state import LabyrinthState


def hurt(state: LabyrinthState, member: Adventurer, amount: int, source: str,
         element: str | None = None) -> int:
    """Damage from ``source``; at 0 health the adventurer dies (:func:`character_death`).
    The dead take no more harm."""
    if not member.alive:
        return 0
    dealt = member.take_damage(amount, element)
    state.say("hurt", f"{source} hits {member.seat} for {dealt} (health {member.health})",
              seat=member.seat, damage=dealt, source=source)
    if member.health == 0:
        character_death(state, member, source)
    return dealt


def character_death(state: LabyrinthState, member: Adventurer, source: str) -> None:
    """Every item the dead adventurer owned is shuffled back into the item deck, its
    silver is lost, and the table is told what killed it."""
    fired("labyrinth.death.items")
    lost = member.silver
    dropped = die(member)
    for copy in dropped:
        state.items.put_back(copy, state.dice)
    state.say("death", f"{member.seat} dies, killed by {source}: "
              f"{', '.join(dropped) or 'no items'} go back into the item deck, "
              f"{lost} sp lost", seat=member.seat, source=source, items=dropped,
              silver_lost=lost)
