"""Harm to an adventurer, and death (seed 002, Chapter 4, Character Death).

"Once their HP is reduced to zero, then they are dead, and removed from the game."
"When a character dies, all item it owned are shuffled back into the item deck,
and it's money is lost."
"""

from __future__ import annotations

from undercroft.engine.tally import fired
from undercroft.systems.labyrinth.adventurer_items import die
from undercroft.systems.labyrinth.adventurer_state import Adventurer
from undercroft.systems.labyrinth.game_state import LabyrinthState


def hurt(state: LabyrinthState, member: Adventurer, amount: int, source: str,
         element: str | None = None) -> int:
    """Damage from ``source``; at 0 health the adventurer dies (items back in the deck)."""
    if not member.alive:
        return 0
    dealt = member.take_damage(amount, element)
    state.say("hurt", f"{source} hits {member.seat} for {dealt} (health {member.health})",
              seat=member.seat, damage=dealt, source=source)
    if member.health == 0:
        fired("labyrinth.death.items")
        dropped = die(member)
        for copy in dropped:
            state.items.put_back(copy, state.dice)
        state.say("death", f"{member.seat} dies; their items go back into the deck and their "
                  "silver is lost", seat=member.seat, source=source)
    return dealt
