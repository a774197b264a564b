"""The seed's two example heroes, Faf of the Blue Steel and Urd the Indomitable.

Seed 003, Example of Play: "I choose Mage D12, Explorer D8, and Warrior D4. This
character will be named "Faf of the Blue Steel" ... Lightning Arc (a spell) and
a pair of Chitin Bracers (armor) ... I set the Bracers to D6 and Lightning Arc
to D4." and "I choose Warrior D12, Mage D8, and Explorer D4. This character will
be named "Urd the Indomitable". He will take the sword Goblinbane (a weapon) and
Magical Tattoos of Defense (armor). Goblinbane is set to D6 and the Tattoos are
D4." Both are built through :func:`heroes.new_hero`, so the seed's own heroes
pass the creation rules; each call returns a fresh hero (heroes are mutable).

The example predates Coin-Op's Special Abilities and gives them none. Our
choices (house rule): Faf takes **Arcane Vigor**, a wizard whose Lightning Arc
arcs on to more Goblins; Urd takes **Hardy Resilience**, the ability his name
promises ("the Indomitable"), and the Goblins "both rush Urd".
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import fired
from undercroft.systems.squad.heroes.hero import Hero, Stuff, new_hero

FAF_SPECIAL: Final = "arcane-vigor"
URD_SPECIAL: Final = "hardy-resilience"


def faf(player: str = "guide") -> Hero:
    """Faf of the Blue Steel: Mage d12, Explorer d8, Warrior d4; Lightning Arc d4, Chitin
    Bracers d6. Lightning Arc is her own spell, cast as the seed's Fireball (damage)."""
    fired("squad.example.heroes")
    fired("squad.example.specials")
    return new_hero("Faf of the Blue Steel",
                    {"mage": "d12", "explorer": "d8", "warrior": "d4"},
                    [Stuff("Lightning Arc", "spell", 4, "fireball"),
                     Stuff("Chitin Bracers", "armour", 6)],
                    FAF_SPECIAL, player)


def urd(player: str = "guide") -> Hero:
    """Urd the Indomitable: Warrior d12, Mage d8, Explorer d4; Goblinbane d6, Magical
    Tattoos of Defense d4."""
    fired("squad.example.heroes")
    fired("squad.example.specials")
    return new_hero("Urd the Indomitable",
                    {"warrior": "d12", "mage": "d8", "explorer": "d4"},
                    [Stuff("Goblinbane", "weapon", 6),
                     Stuff("Magical Tattoos of Defense", "armour", 4)],
                    URD_SPECIAL, player)
