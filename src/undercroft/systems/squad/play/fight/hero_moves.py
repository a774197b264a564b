"""What a hero may do on its turn in a fight, as moves (the acting is ``hero_turns``).

Seed 003: a weapon attacks with the Warrior die, a spell is cast with the Mage die
("All magical actions are up to the Mage Ability"), and "Everything else is up to
the Explorer Ability": fleeing the fight is an Explorer roll, and so is setting a
trap ("a Hero could set a trap with a successful Explorer check and some pennies",
a penny a monster it is set for, as a trap's Cost is a penny a target). Loot is "spent after
the roll", so a move "spending loot" is offered where some token could help: 1W,
1M or 1E on its roll, 1C on a monster already damaged. A hero may also spend its
1HP tokens on any hero present ("Add +1 to any Hero's current Hit Points") without
ending its turn: spending loot is no action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from undercroft.systems.squad.heroes.hero import Hero, Stuff
from undercroft.systems.squad.heroes.loot import ABILITY_LOOT
from undercroft.systems.squad.heroes.specials import SPECIALS
from undercroft.systems.squad.heroes.spells import spell
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.state import InPlay, SquadState

HARMFUL: Final = ("damage",)
"""Spell effects aimed at monsters; every other spell is cast on a hero."""


def move_ability(stuff: Stuff) -> str:
    """The Ability a move with ``stuff`` rolls: "all weapon based combat is under the
    Warrior Ability. All magical actions are up to the Mage Ability"."""
    return "warrior" if stuff.kind == "weapon" else "mage"


def harmful(stuff: Stuff) -> bool:
    """Whether a move with ``stuff`` is aimed at a monster (a weapon, a damaging spell)."""
    return stuff.kind == "weapon" or spell(stuff.spell or "").effect in HARMFUL


def party_of(state: SquadState) -> list[Hero]:
    """The heroes whose loot may help in the scene: those still in it."""
    return [state.heroes[h] for h in state.present()]


def loot_helps(ability: str, target: InPlay | None, party: Sequence[Hero]) -> bool:
    """Whether some token the party holds could help a move rolling ``ability``: one of
    that Ability's, or a 1C against a monster already damaged."""
    if any(h.loot.get(ABILITY_LOOT[ability], 0) for h in party):
        return True
    return target is not None and target.damaged and any(h.loot.get("C", 0) for h in party)


def special_applies(state: SquadState, hero_id: str, stuff: Stuff) -> bool:
    """Whether the hero's Special Ability does something for a move with ``stuff`` now
    (seed: "Depending on which Special Ability your Hero possesses, the +# might refer
    to targets or damage or actions"): Deadly Strike to any damage (a weapon's or a
    damaging spell's), Blurring Speed to physical attacks, Inhuman Alacrity to any
    spell, Arcane Vigor to a damaging spell with another monster standing, Divine
    Insight to a spell on heroes with another hero present. Hardy Resilience answers a
    monster's hit: it may be readied with any move while it is not."""
    effect = SPECIALS[state.heroes[hero_id].special].effect
    if effect == "ignore-damage":
        return not state.effects.get(hero_id, {}).get("hardy", 0)
    if effect == "damage":
        return harmful(stuff)
    if effect == "physical-attacks":
        return stuff.kind == "weapon"
    if effect == "spells":
        return stuff.kind == "spell"
    if effect == "monster-targets":
        return stuff.kind == "spell" and harmful(stuff) and len(state.foes()) > 1
    return stuff.kind == "spell" and not harmful(stuff) and len(state.present()) > 1


def hero_legal(state: SquadState, hero_id: str) -> list[Move]:
    hero = state.heroes[hero_id]
    moves: list[Move] = []
    party = party_of(state)
    for stuff in hero.stuff:
        if stuff.kind == "armour":
            continue
        aimed = harmful(stuff)
        targets: list[InPlay | str] = [*state.foes()] if aimed else [*state.present()]
        verb = "attack" if stuff.kind == "weapon" else "cast"
        for target in targets:
            foe = target if isinstance(target, InPlay) else None
            helps = loot_helps(move_ability(stuff), foe, party)
            name = target.id if isinstance(target, InPlay) else target
            special = hero.pennies >= 1 and special_applies(state, hero_id, stuff)
            moves += [Move(verb, hero_id, name, stuff.name, how)
                      for how in _hows(helps, special)]
    explorer_loot = loot_helps("explorer", None, party)
    for count in range(1, min(hero.pennies, len(state.foes())) + 1):
        moves += [Move("trap", hero_id, "", str(count), how)
                  for how in _hows(explorer_loot, False)]
    if hero.loot.get("HP", 0):
        moves += [Move("mend", hero_id, h, "1HP") for h in state.present()
                  if state.heroes[h].hit_points < state.heroes[h].max_hit_points]
    moves += [Move("flee", hero_id, "", "", how) for how in _hows(explorer_loot, False)]
    moves.append(Move("wait", hero_id))
    return moves


def _hows(loot: bool, special: bool) -> list[str]:
    hows = [""]
    if loot:
        hows.append("loot")
    if special:
        hows.append("special")
        if loot:
            hows.append("both")
    return hows
