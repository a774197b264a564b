"""Labyrinth's combat (seed 002, Chapter 4): initiative, attacks against armour class, damage.

"Each player rolls a d20 to determine their turn order ... The DM rolls a d20 for
each monster type as well; all monsters of the same type share their initiative.
If there are any ties, reroll the d20 to determine who among the tied
participants goes first." An attack is a d20 + modifiers, a hit when equal to or
above the defender's armour class; the damage die (+ modifiers) comes off health;
at 0 health the defender is dead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from undercroft.dice.roll_log import LoggedStream


def scaled_health(health: int, percent: int) -> int:
    """A monster's health at ``percent`` of its card's (``monster_health``): rounded half
    up, never below 1, so that every monster can still be fought and killed."""
    return max(1, (health * percent + 50) // 100)


@dataclass
class Monster:
    """One monster in a fight."""

    id: str
    kind: str
    health: int

    @property
    def alive(self) -> bool:
        return self.health > 0

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "health": self.health}


@dataclass
class Fight:
    """A battle in progress: the monsters, the turn order, whose turn it is."""

    monsters: list[Monster]
    order: list[str]
    """Seats and monster kinds, highest initiative first."""
    initiative: dict[str, int]
    turn: int = 0
    round: int = 1
    reward: int = 0
    """Silver earned so far from the monsters defeated."""
    braced: set[str] = field(default_factory=set)
    """Hollows bracing until their next turn."""

    @property
    def acting(self) -> str:
        return self.order[self.turn]

    def living(self, kind: str | None = None) -> list[Monster]:
        return [m for m in self.monsters if m.alive and (kind is None or m.kind == kind)]

    def to_dict(self) -> dict[str, Any]:
        return {"monsters": [m.to_dict() for m in self.monsters], "order": list(self.order),
                "initiative": dict(self.initiative), "turn": self.acting, "round": self.round,
                "braced": sorted(self.braced)}


def roll_initiative(names: Sequence[str], stream: LoggedStream) -> tuple[list[str], dict[str, int]]:
    """Each name's d20, highest first; tied names roll again among themselves (their order
    among each other comes from the rerolls), as often as it takes."""
    first = {name: stream.die(20, "initiative") for name in names}
    return _ordered(list(names), first, stream), first


def _ordered(names: list[str], rolls: dict[str, int], stream: LoggedStream) -> list[str]:
    order: list[str] = []
    for value in sorted({rolls[n] for n in names}, reverse=True):
        tied = [n for n in names if rolls[n] == value]
        if len(tied) == 1:
            order += tied
        else:
            again = {n: stream.die(20, "initiative") for n in tied}
            order += _ordered(tied, again, stream)
    return order


@dataclass(frozen=True)
class Attack:
    """One attack roll and, on a hit, its damage."""

    roll: int
    bonus: int
    armour: int
    damage: int

    @property
    def hit(self) -> bool:
        """Seed 002: "equal to or above the defender's armour class"."""
        return self.roll + self.bonus >= self.armour

    def text(self) -> str:
        verdict = f"hits for {self.damage}" if self.hit else "misses"
        return f"d20 {self.roll} + {self.bonus} = {self.roll + self.bonus} vs AC {self.armour}: " \
               f"{verdict}"


def attack(stream: LoggedStream, bonus: int, armour: int, damage: str, damage_bonus: int = 0
           ) -> Attack:
    """Roll an attack; the damage die is rolled only on a hit (and never below 0)."""
    face = stream.die(20, "to hit", f"AC {armour}" + (f" with {bonus:+d}" if bonus else ""))
    hit = face + bonus >= armour
    dealt = max(0, roll_total(damage, stream, "damage") + damage_bonus) if hit else 0
    return Attack(face, bonus, armour, dealt)


def roll_total(expression: str, stream: LoggedStream, label: str) -> int:
    """The total of a dice sum ("1d4+1", "2d6") rolled from ``stream``, logged under
    ``label`` for the next event to carry."""
    return stream.sum_of(label, expression)
