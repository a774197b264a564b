"""Coin-Op's Loot tokens: finding them, spending them after a roll, pooling and passing them.

Seed 003, Loot Types: "1E Add +1 to any Explorer Ability Roll; 1M ... Mage ...;
1W ... Warrior ...; 1HP Add +1 to any Hero's current Hit Points; 1C Add +1
damage roll to any Monster already damaged." And: "Loot can be added together to
create a greater Bonus ... Bonuses are spent after the roll, that is, the Hero
Guide does not have to declare that the Hero is using the Loot unless the Guide
sees that the roll has failed and wishes to make it successful ... A Hero Guide
is not limited to spending Loot on the Hero that collected it."

A hero holds counts of each kind (``Hero.loot``). Spending is all or nothing:
every function checks first and changes heroes only when the whole spend is
possible, so a refused spend (one :class:`BadInput` line) leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.squad.dice import DIFFICULTY, Roller
from undercroft.systems.squad.heroes.combat import Check, ability_check
from undercroft.systems.squad.heroes.hero import LOOT_KINDS, Hero, heal

ABILITY_LOOT: Final = {"explorer": "E", "mage": "M", "warrior": "W"}
"""Which token adds +1 to which Ability's roll."""


def loot_kind(text: str) -> str:
    """A token kind from how the seed writes it: "1E", "1 E", "E", "1hp" -> "E", "HP"."""
    key = "".join(text.split()).upper()
    key = key[1:] if key.startswith("1") else key
    if key not in LOOT_KINDS:
        raise BadInput(f"loot {text!r}: expected one of 1E, 1M, 1W, 1HP, 1C")
    return key


def gain_loot(hero: Hero, kind: str, count: int = 1) -> None:
    """The hero collects ``count`` tokens of a kind ("Faf has collected 1 W")."""
    if count < 0:
        raise BadInput(f"loot: cannot gain {count} tokens")
    key = loot_kind(kind)
    hero.loot[key] = hero.loot.get(key, 0) + count


def search_for_loot(hero: Hero, roll: Stream | Roller, difficulty: int = DIFFICULTY) -> Check:
    """The end-of-combat roll for loot: "Simply roll each Hero's Explorer Ability die".

    On a success the game master offers the Loot Types of the defeated monsters;
    a failed search may be rescued with 1E tokens like any Explorer roll.
    """
    fired("squad.loot.search")
    return ability_check(hero, "explorer", roll, difficulty)


def loot_needed(roll: int, difficulty: int = DIFFICULTY) -> int:
    """How many +1 tokens turn ``roll`` into a success: 0 when it already succeeds."""
    return max(0, difficulty - roll)


@dataclass(frozen=True)
class LootSpent:
    """Tokens of one kind taken from heroes, in order: ``((hero name, count), ...)``."""

    kind: str
    taken: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(count for _, count in self.taken)


def _givers(heroes: Sequence[Hero]) -> list[Hero]:
    if len({h.name for h in heroes}) != len(heroes):
        raise BadInput("loot: a hero is named twice among the givers")
    out = [h.name for h in heroes if h.out_of_game]
    if out:
        raise BadInput(f"loot: {out[0]} is out of the game and cannot help")
    return list(heroes)


def spend_loot(heroes: Sequence[Hero], kind: str, amount: int) -> LootSpent:
    """Take ``amount`` tokens of ``kind`` from ``heroes``, the first hero's first.

    "Loot can be added together": the tokens may come from several heroes. A
    hero out of the game holds no usable loot (house rule: the one who owns the
    loot must be "helping out the Hero that needs the Loot"). Not enough tokens
    is refused and nothing is taken.
    """
    key = loot_kind(kind)
    givers = _givers(heroes)
    if amount < 0:
        raise BadInput(f"loot: cannot spend {amount} tokens")
    held = sum(h.loot.get(key, 0) for h in givers)
    if held < amount:
        names = ", ".join(h.name for h in givers) or "nobody"
        raise BadInput(f"loot: {amount} x 1{key} needed, {held} held by {names}")
    taken: list[tuple[str, int]] = []
    left = amount
    fired("squad.loot.pooled")
    for hero in givers:
        count = min(left, hero.loot.get(key, 0))
        if count:
            hero.loot[key] -= count
            taken.append((hero.name, count))
            left -= count
    return LootSpent(key, tuple(taken))


def can_rescue(check: Check, heroes: Sequence[Hero]) -> bool:
    """Whether the heroes hold enough tokens to turn this failed check into a success."""
    if check.success or any(h.out_of_game for h in heroes):
        return False
    key = ABILITY_LOOT[check.ability]
    return sum(h.loot.get(key, 0) for h in heroes) >= loot_needed(check.total, check.difficulty)


def rescue(check: Check, heroes: Sequence[Hero]) -> tuple[Check, LootSpent]:
    """Spend just enough tokens of the check's Ability to make a failed check succeed.

    "the Hero Guide does not have to declare that the Hero is using the Loot
    unless the Guide sees that the roll has failed and wishes to make it
    successful": a check that already succeeded is refused, and so is one the
    tokens cannot save (then nothing is spent). Returns the successful check
    (its ``bonus`` is the tokens) and what was taken from whom.
    """
    if check.success:
        raise BadInput(f"loot: the {check.ability} roll of {check.total} already succeeded")
    needed = loot_needed(check.total, check.difficulty)
    spent = spend_loot(heroes, ABILITY_LOOT[check.ability], needed)
    fired("squad.loot.ability-tokens")
    fired("squad.loot.after-the-roll")
    return check.with_bonus(needed), spent


def heal_with_loot(heroes: Sequence[Hero], target: Hero, amount: int) -> LootSpent:
    """Spend ``amount`` 1HP tokens: "Add +1 to any Hero's current Hit Points".

    Refused for a target out of the game or one who would not recover all of it
    (house rule: Hit Points stop at the maximum, and a token is not wasted).
    """
    if target.out_of_game:
        raise BadInput(f"loot: {target.name} is out of the game")
    missing = target.max_hit_points - target.hit_points
    if amount > missing:
        raise BadInput(f"loot: {target.name} can recover {missing} Hit Points, not {amount}")
    spent = spend_loot(heroes, "HP", amount)
    fired("squad.loot.hit-points")
    heal(target, amount)
    return spent


def damage_with_loot(heroes: Sequence[Hero], amount: int, monster_damaged: bool) -> LootSpent:
    """Spend ``amount`` 1C tokens for that much more damage to a monster already damaged.

    "Add +1 damage roll to any Monster already damaged": refused against a
    monster at full Hit Points. The loop adds the returned total to the damage.
    """
    if not monster_damaged:
        raise BadInput("loot: 1C only adds damage to a monster already damaged")
    spent = spend_loot(heroes, "C", amount)
    fired("squad.loot.crit")
    return spent


def transfer_loot(giver: Hero, taker: Hero, kind: str, count: int = 1) -> None:
    """Pass tokens: "Loot can be transferred between Hero Guides and between Heroes"."""
    if giver.name == taker.name:
        raise BadInput(f"loot: {giver.name} cannot give loot to themself")
    if taker.out_of_game:
        raise BadInput(f"loot: {taker.name} is out of the game")
    spent = spend_loot([giver], kind, count)
    gain_loot(taker, spent.kind, spent.total)
    fired("squad.loot.transfer")


def transfer_pennies(giver: Hero, taker: Hero, count: int) -> None:
    """Pass pennies between heroes, as Urd thanks Faf: "transfers one Penny from Urd to Faf"."""
    if count < 0 or count > giver.pennies:
        raise BadInput(f"pennies: {giver.name} holds {giver.pennies}, cannot give {count}")
    if giver.name == taker.name:
        raise BadInput(f"pennies: {giver.name} cannot give pennies to themself")
    giver.pennies -= count
    taker.pennies += count
    fired("squad.loot.transfer")
