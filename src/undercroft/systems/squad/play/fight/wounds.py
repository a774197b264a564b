"""Damage dealt to a monster or boss by the heroes' side, and what a defeat pays.

Seed 003: a Monster "is defeated when a Hero does enough damage to meet or exceed
the Monster's Hit Points"; "Whenever a Hero defeats a Monster or Trap, they should
receive the Coin Cost of that Monster or Trap". Whatever deals the damage (a weapon,
a spell, a summoned companion, a trap the hero set), the hero it comes from defeats
the monster and collects its coins. A boss's armour soaks a hit as a hero's does
("Another D4 roll later, and the Goblin only dealt 1 point of damage"): its best die.
"""

from __future__ import annotations

from undercroft.engine.tally import fired, used
from undercroft.systems.squad.play.content_ids import stuff_id
from undercroft.systems.squad.play.state import InPlay, SquadState


def wound_monster(state: SquadState, hero_id: str, target: InPlay, damage: int,
                  source: str, roll: int | None = None, soaked: bool = True) -> None:
    """``damage`` to ``target`` from ``hero_id``'s ``source``, less what a boss's armour
    soaks (a hit, not a trap: ``soaked``); at 0 Hit Points it is defeated: the hero
    collects its coins and its Loot Types are offered after the fight."""
    hero = state.heroes[hero_id]
    armour = max((s for s in target.stuff if s.kind == "armour"), key=lambda s: s.die,
                 default=None) if soaked else None
    soak = ""
    if armour is not None:
        fired("squad.boss.stuff-in-combat")
        used(stuff_id(armour.name))
        face = state.dice.die(armour.die, "armour")
        soak = f"; its {armour.name} soaks {min(face, damage)}"
        damage = max(0, damage - face)
    target.hit_points = max(0, target.hit_points - damage)
    shown = f" ({roll})" if roll is not None else ""
    state.say("hit", f"{hero.name} hits {target.id} with {source}{shown}{soak}: {damage} "
              f"damage ({target.hit_points} left)", hero=hero_id, target=target.id,
              damage=damage)
    if target.hit_points > 0:
        return
    fired("squad.defeat.monster")
    coins = state.coins.collect(target.id) if target.id in state.coins.pushed else 0
    if coins:
        fired("squad.collect.coins")
        fired("squad.loop.push-and-collect")
    hero.pennies += coins
    target.defeated_by = hero_id
    state.defeated.append(target)
    paid = f" and collects {coins} penn{'y' if coins == 1 else 'ies'}" if coins else ""
    state.say("defeated", f"{hero.name} defeats {target.id}{paid}", hero=hero_id,
              target=target.id, coins=coins, monster=target.kind)
