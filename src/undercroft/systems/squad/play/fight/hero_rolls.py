"""A hero's Ability roll in play: the die, then a Bless's reroll of a failure.

Seed 003: "Whenever it is a player's turn, they can make a decision for a Hero ...
the player would roll the Hero's Warrior die"; Bless "Allows Target to reroll one
Ability roll with spell rating". Every Ability roll of the game goes through here
(attacks, spells, fleeing, setting traps, dodging traps, searching for loot), so a
blessing is spent on the first of them that fails, whichever it is.
"""

from __future__ import annotations

from undercroft.engine.tally import fired
from undercroft.systems.squad.dice import difficulty_words
from undercroft.systems.squad.heroes.combat import Check, ability_check
from undercroft.systems.squad.play.state import SquadState


def roll_ability(state: SquadState, hero_id: str, ability: str) -> Check:
    """The hero's roll of ``ability``; a failure on a blessed hero is rolled again with the
    Bless's rating die (the blessing is then spent)."""
    hero = state.heroes[hero_id]
    check = ability_check(hero, ability, state.dice)
    marks = state.effects.get(hero_id, {})
    blessing = marks.get("bless", 0)
    if check.success or not blessing:
        return check
    fired("squad.spell.bless")
    del marks["bless"]
    check = Check(ability, blessing, state.dice.die(blessing, "bless", difficulty_words()))
    state.say("bless", f"{hero.name} rerolls the {ability} roll with the Bless's d{blessing}: "
              f"{check.roll}{', a success' if check.success else ', a failure'}",
              hero=hero_id, success=check.success)
    return check
