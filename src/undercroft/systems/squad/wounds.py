"""Damage dealt to a monster or boss by the heroes' side, and what a defeat pays.

Seed 003: a Monster "is defeated when a Hero does enough damage to meet or exceed
the Monster's Hit Points"; "Whenever a Hero defeats a Monster or Trap, they should
receive the Coin Cost of that Monster or Trap". Whatever deals the damage (a weapon,
a spell, a summoned companion, a trap the hero set), the hero it comes from defeats
the monster and collects its coins.
"""

from __future__ import annotations

from undercroft.engine.tally import fired
from undercroft.systems.squad.state import InPlay, SquadState


def wound_monster(state: SquadState, hero_id: str, target: InPlay, damage: int,
                  source: str, roll: int | None = None) -> None:
    """``damage`` to ``target`` from ``hero_id``'s ``source``; at 0 Hit Points it is
    defeated: the hero collects its coins and its Loot Types are offered after the fight."""
    hero = state.heroes[hero_id]
    target.hit_points = max(0, target.hit_points - damage)
    shown = f" ({roll})" if roll is not None else ""
    state.say("hit", f"{hero.name} hits {target.id} with {source}{shown}: {damage} damage "
              f"({target.hit_points} left)", hero=hero_id, target=target.id, damage=damage)
    if target.hit_points > 0:
        return
    fired("squad.defeat.monster")
    coins = state.coins.collect(target.id) if target.id in state.coins.pushed else 0
    if coins:
        fired("squad.collect.coins")
        fired("squad.loop.push-and-collect")
    hero.pennies += coins
    state.defeated.append(target)
    paid = f" and collects {coins} penn{'y' if coins == 1 else 'ies'}" if coins else ""
    state.say("defeated", f"{hero.name} defeats {target.id}{paid}", hero=hero_id,
              target=target.id, coins=coins, monster=target.kind)
