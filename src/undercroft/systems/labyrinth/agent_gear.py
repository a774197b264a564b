"""How an automated Labyrinth player weighs its gear: the damage one attack can expect.

A warrior's +4 holds only while nothing is equipped, a wizard's +2 only unarmed, the
Sureshot Shooter adds an archer's Luck stat, a knife or a stick moves a stat's
modifier and brings its own damage die: whether an item helps depends on who holds
it. Rather than a list of good items, the player asks the rules themselves
(``adventurer.character.attack_bonus`` and ``damage_dice``) what an attack would be with each
set of the equipment it owns or could buy, against an armour class of
:data:`REFERENCE_ARMOUR`, and keeps the set whose attack expects the most damage
(the fewest items on a tie, so a warrior stays unburdened). It reads only its seat's
view: its sheet and the cards' fields it shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import combinations
from typing import Any, Final

from undercroft.dice import distribution
from undercroft.engine.tally import tallying
from undercroft.systems.labyrinth.adventurer.character import attack_bonus, damage_dice
from undercroft.systems.labyrinth.adventurer.specials import may_attack_with_intelligence
from undercroft.systems.labyrinth.adventurer.state import EQUIP_SLOTS, Adventurer
from undercroft.systems.labyrinth.content.cards import (
    ITEM_MODELS,
    CursedItem,
    EquipmentItem,
    ItemCard,
)

REFERENCE_ARMOUR: Final = 12
"""The armour class gear is weighed against: the middle of the seed's monsters' (8 for a
bugbear to 18 for animated armour; 12 is the mean of the level-1 deck's goblin, bugbear
and eyeball)."""
D20: Final = 20


@cache
def mean_of(dice: str) -> float:
    return float(sum(value * chance for value, chance in distribution(dice).items()))


def expected_damage(bonus: int, dice: str, armour: int = REFERENCE_ARMOUR) -> float:
    """One attack's expected damage: the chance that d20 + bonus reaches the armour class,
    times the damage die's mean."""
    hits = min(D20, max(0, D20 + 1 - (armour - bonus)))
    return hits / D20 * mean_of(dice)


class Gear:
    """One adventurer and the item cards it may wear, read from its seat's view."""

    def __init__(self, member: Mapping[str, Any], sheet: Mapping[str, Any],
                 more: Iterable[Mapping[str, Any]] = ()) -> None:
        self.member = Adventurer.from_dict(member)
        self.cards: dict[str, ItemCard] = {}
        for entry in [*sheet["items"], *more]:
            card = entry["card"]
            self.cards[entry["copy"]] = ITEM_MODELS[card["kind"]].model_validate(card)

    def equipment(self) -> list[str]:
        """The copies it owns that can be equipped (cursed ones are worn regardless)."""
        return [copy for copy in self.member.items if copy not in self.member.cursed
                and self.cards[copy].kind == "equipment"]

    def strike(self, equipped: Sequence[str]) -> float:
        """The expected damage of an attack with ``equipped`` in the slots (and any cursed
        item worn), with the better of Strength and a wizard's Intelligence."""
        member = self.member
        kept = member.equipped
        member.equipped = list(equipped)
        try:
            worn = [card for copy in member.worn
                    if isinstance(card := self.cards[copy], EquipmentItem | CursedItem)]
            with tallying():  # weighing is not play: nothing is counted
                ways = [False] + ([True] if may_attack_with_intelligence(member) else [])
                bonus = max(attack_bonus(member, worn, way) for way in ways)
                dice = damage_dice(member, worn)
        finally:
            member.equipped = kept
        return expected_damage(bonus, dice)

    def best(self, candidates: Sequence[str]) -> tuple[str, ...]:
        """The set of up to three of ``candidates`` whose attack expects the most damage;
        on a tie the smaller set, then the one listed first."""
        sets = [chosen for size in range(min(EQUIP_SLOTS, len(candidates)) + 1)
                for chosen in combinations(candidates, size)]
        return max(sets, key=lambda chosen: (round(self.strike(chosen), 9), -len(chosen)))

    def improves(self, copy: str) -> bool:
        """Whether ``copy`` (owned or on sale) would be among the best set of its owned
        equipment with it."""
        return copy in self.best([*self.equipment(), copy])
