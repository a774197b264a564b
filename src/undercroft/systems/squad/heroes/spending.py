"""Coin-Op's prices, and where a spent coin goes.

Seed 003, How to Spend Coins: "The Coins can be used for Improving Stuff and
Paying for Special Abilities." Improving Stuff: "For the cost of 5 Pennies, a
Guide can upgrade anything a Hero possesses by one level". Special Abilities:
"You always start at +1 for free. It costs 5 Pennies to go from any level to
another level. It costs 1 Penny to activate the Special Ability."

Coin Economy: "The Hero Guide can spend the Coins on the Hero that garnered them.
If that happens, the Coins are given back to the Stage's Value ... The Hero
Guide can pay for something for another Hero ... the Coins do not go back to
the Stage's Value". Pennies are held by heroes, so "the Hero that garnered
them" is the paying hero: every purchase returns a :class:`Spend` saying how
many pennies the game loop moves to the Stage's Value; the rest leave play.
Each purchase is checked whole before any penny moves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from undercroft.engine.tally import fired
from undercroft.engine.words import counted
from undercroft.errors import BadInput
from undercroft.systems.squad.dice import TOP, die_name, step_up
from undercroft.systems.squad.heroes.hero import Hero
from undercroft.systems.squad.heroes.specials import SPECIALS, TOP_LEVEL

STUFF_STEP_COST: Final = 5
""""For the cost of 5 Pennies, a Guide can upgrade anything a Hero possesses by one level"."""
SPECIAL_LEVEL_COST: Final = 5
""""It costs 5 Pennies to go from any level to another level" (one level per 5)."""
ACTIVATION_COST: Final = 1
""""It costs 1 Penny to activate the Special Ability"."""


@dataclass(frozen=True)
class Spend:
    """Pennies paid for one purchase, and how many of them go back to the Stage's Value."""

    cost: int
    to_stage: int

    @property
    def out_of_play(self) -> int:
        """Pennies that leave play (spent on another hero: "do not go back")."""
        return self.cost - self.to_stage


def route(payer: Hero, beneficiary: Hero, cost: int) -> Spend:
    """Where ``cost`` pennies go: back to the stage when a hero buys for themself, else out.

    "I can help myself ..." (the Stage becomes "that much tougher") or "... or I
    can help you!" (the Stage is "that much easier to win"). Two heroes of the
    same Guide are still two heroes: buying for the other one helps "you".
    """
    if payer.name == beneficiary.name:
        fired("squad.spend.own-hero")
        return Spend(cost, cost)
    fired("squad.spend.other-hero")
    return Spend(cost, 0)


def _pay(payer: Hero, beneficiary: Hero, cost: int, what: str) -> Spend:
    if payer.pennies < cost:
        raise BadInput(f"{payer.name} holds {counted(payer.pennies, 'penny', 'pennies')}; "
                       f"{what} costs {cost}")
    if beneficiary.out_of_game:
        raise BadInput(f"{beneficiary.name} is out of the game")
    payer.pennies -= cost
    return route(payer, beneficiary, cost)


def upgrade_cost(die: int) -> int:
    """What one step up costs from ``die``: 5 pennies, refused at d12 ("but no higher")."""
    if die >= TOP:
        raise BadInput(f"{die_name(die)} is already the largest die")
    return STUFF_STEP_COST


def improve_stuff(payer: Hero, beneficiary: Hero, stuff_name: str) -> Spend:
    """Raise one of ``beneficiary``'s Stuff a die step for 5 of ``payer``'s pennies.

    "a D4 Dagger can become a D6 Dagger for 5 cents. D6 becomes D8 for another
    5 cents, and so on. Stuff can become as powerful as a D12, but no higher."
    "Improving Stuff can be done at any time."
    """
    item = beneficiary.stuff_named(stuff_name)
    cost = upgrade_cost(item.die)
    spend = _pay(payer, beneficiary, cost, f"improving {item.name}")
    fired("squad.improve.five-pennies")
    index = beneficiary.stuff.index(item)
    beneficiary.stuff[index] = replace(item, die=step_up(item.die))
    return spend


def raise_special(payer: Hero, beneficiary: Hero) -> Spend:
    """Raise ``beneficiary``'s Special Ability one level (+1 -> +2 ...) for 5 pennies, to +5."""
    if beneficiary.special_level >= TOP_LEVEL:
        raise BadInput(f"{beneficiary.name}'s {SPECIALS[beneficiary.special].name} is already "
                       f"+{TOP_LEVEL}")
    spend = _pay(payer, beneficiary, SPECIAL_LEVEL_COST,
                 f"raising {SPECIALS[beneficiary.special].name}")
    beneficiary.special_level += 1
    fired("squad.special.level-cost")
    return spend


def activate_special(payer: Hero, beneficiary: Hero) -> Spend:
    """Pay the 1 penny that activates ``beneficiary``'s Special Ability for one use.

    The effect at the hero's level comes from :mod:`specials` (``extra_damage``
    and the like); the loop pays here, then applies it.
    """
    fired("squad.special.activation")
    return _pay(payer, beneficiary, ACTIVATION_COST,
                f"activating {SPECIALS[beneficiary.special].name}")
