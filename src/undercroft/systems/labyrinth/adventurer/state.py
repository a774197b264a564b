"""A Labyrinth adventurer as game state: what changes in play, and its JSON form.

The dataclass holds only what play changes or what was chosen and rolled;
everything derived (the relation, maximum health, armour class, the stat
modifiers) is computed when read, so a changed stat or a newly equipped item
can never leave a stale number behind (seed 002, Chapter 1: "Each time that the
base statistic changes, or you equip a new item, recalculate the affected
modifier"). Records and views are JSON: :meth:`Adventurer.to_dict` writes the
state and, under ``computed``, the derived numbers for readers;
:meth:`Adventurer.from_dict` ignores ``computed`` and checks the rest, each
mistake one :class:`BadInput` line naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Final

from pydantic import BaseModel, ConfigDict, Field

from undercroft.content.loading import validate
from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.systems.labyrinth.adventurer.elements import Relation, affinity, relation
from undercroft.systems.labyrinth.adventurer.races_classes import character_class, race
from undercroft.systems.labyrinth.adventurer.specials import (
    STATS,
    Stat,
    archer_armour,
    damage_taken,
    woodfolk_armour,
    woodfolk_health,
)

START_SILVER: Final = 10
"""Chapter 1: "each character begins with ... 10 sliver pieces (or sp)"."""
ROLLED_DICE: Final = 3
"""Chapter 1: "For each statistic, roll 3d6"."""
EQUIP_SLOTS: Final = 3
"""Chapter 2: "Up to three equipment cards can be "equipped" at once"."""


@dataclass
class Adventurer:
    """One player's character: choices, rolls, health, silver, items, and combat flags.

    ``items`` are every item copy owned (IDs from the items deck); ``equipped``
    the ones in the three equipment slots; ``cursed`` the owned ones that are
    cursed: they are worn outside the slots and apply "as though equipped"
    (docs/rules/labyrinth-characters.md), so :attr:`worn` is both.
    """

    seat: str
    race: str
    klass: str
    elements: tuple[str, ...]
    rolled: dict[Stat, list[int]]
    """The three d6 rolled for each stat, before race and class modifiers (for the record)."""
    stats: dict[Stat, int]
    """The base statistics S: rolled + race and class modifiers, then whatever play changes."""
    health: int
    silver: int = START_SILVER
    items: list[str] = field(default_factory=list)
    equipped: list[str] = field(default_factory=list)
    cursed: list[str] = field(default_factory=list)
    health_bonus: int = 0
    """Added to the race's maximum health by play (the Dragon Statue's 5)."""
    armour_bonus: int = 0
    """Added to armour class by play (the Dragon Statue's 6)."""
    skip_next_attack: bool = False
    """A hollow that braced skips its next attack."""
    alive: bool = True

    @property
    def relation(self) -> Relation:
        return relation(self.elements)

    @property
    def max_health(self) -> int:
        """The race's health, +4 for a creative woodfolk, + what play added."""
        return race(self.race).health + woodfolk_health(self) + self.health_bonus

    @property
    def armour_class(self) -> int:
        """The race's armour class, +2 woodfolk with wood or earth, +2 archer, + play's bonus
        (a hollow's 2d6 brace is per attack: :func:`adventurer.brace`)."""
        return (race(self.race).armour_class + woodfolk_armour(self) + archer_armour(self)
                + self.armour_bonus)

    @property
    def worn(self) -> tuple[str, ...]:
        """Item IDs whose effects apply: the equipped ones, then the cursed ones."""
        return (*self.equipped, *(item for item in self.cursed if item not in self.equipped))

    def take_damage(self, amount: int, element: str | None = None) -> int:
        """Lose health (never below 0; dead at 0, Chapter 4); returns the damage dealt, doubled
        for a woodfolk hit by a fire-based attack (``element="fire"``)."""
        dealt = min(self.health, damage_taken(self, amount, element))
        self.health -= dealt
        if self.health == 0:
            fired("labyrinth.character.zero-health")
            self.alive = False
        return dealt

    def heal(self, amount: int) -> int:
        """Regain health up to the maximum; returns what was regained (the dead regain none)."""
        if not self.alive:
            return 0
        regained = max(0, min(amount, self.max_health - self.health))
        self.health += regained
        return regained

    def rest_in_town(self) -> None:
        """Chapter 1: "This health point total resets to it's maximum when the players return
        to town"."""
        if self.alive:
            fired("labyrinth.character.rest-in-town")
            self.health = self.max_health

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON, with the derived numbers under ``computed`` (ignored when read)."""
        return {
            "seat": self.seat, "race": self.race, "class": self.klass,
            "elements": list(self.elements),
            "rolled": {stat: list(dice) for stat, dice in self.rolled.items()},
            "stats": dict(self.stats), "health": self.health, "silver": self.silver,
            "items": list(self.items), "equipped": list(self.equipped),
            "cursed": list(self.cursed), "health_bonus": self.health_bonus,
            "armour_bonus": self.armour_bonus, "skip_next_attack": self.skip_next_attack,
            "alive": self.alive,
            "computed": {"relation": self.relation, "max_health": self.max_health,
                         "armour_class": self.armour_class}}

    @classmethod
    def from_dict(cls, data: Any, where: str = "adventurer") -> Adventurer:
        """An adventurer from :meth:`to_dict`'s JSON; BadInput (one line) if it is not one."""
        record = validate(_Record, data, where)
        adventurer = cls(
            seat=record.seat, race=record.race, klass=record.klass,
            elements=tuple(record.elements),
            rolled={stat: list(dice) for stat, dice in record.rolled.items()},
            stats=dict(record.stats), health=record.health, silver=record.silver,
            items=list(record.items), equipped=list(record.equipped),
            cursed=list(record.cursed), health_bonus=record.health_bonus,
            armour_bonus=record.armour_bonus, skip_next_attack=record.skip_next_attack,
            alive=record.alive)
        check(adventurer, where)
        return adventurer


class _Record(BaseModel):
    """The JSON form, field by field (strict: "3" is not a number)."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)
    seat: str = Field(min_length=1)
    race: str
    klass: str = Field(alias="class")
    elements: list[str]
    rolled: dict[Stat, list[Annotated[int, Field(ge=1, le=6)]]]
    stats: dict[Stat, int]
    health: int = Field(ge=0)
    silver: int = Field(ge=0)
    items: list[str]
    equipped: list[str]
    cursed: list[str]
    health_bonus: int
    armour_bonus: int
    skip_next_attack: bool
    alive: bool
    computed: dict[str, Any] | None = None


def problem(adventurer: Adventurer) -> tuple[str, str] | None:
    """The first broken rule of a whole adventurer as (field, what is wrong), or None."""
    for name, check_one in (("race", lambda: race(adventurer.race)),
                            ("class", lambda: character_class(adventurer.klass)),
                            ("elements", lambda: affinity(adventurer.elements))):
        try:
            check_one()
        except BadInput as error:
            return name, str(error).split(": ", 1)[-1]
    if affinity(adventurer.elements) != adventurer.elements:
        return "elements", f"write them in the order {', '.join(affinity(adventurer.elements))}"
    for name in ("rolled", "stats"):
        missing = [stat for stat in STATS if stat not in getattr(adventurer, name)]
        if missing:
            return name, f"no {missing[0]}"
    wrong = [stat for stat, dice in adventurer.rolled.items() if len(dice) != ROLLED_DICE]
    if wrong:
        return "rolled", f"{wrong[0]} has {len(adventurer.rolled[wrong[0]])} dice; a stat is " \
            f"{ROLLED_DICE}d6"
    return _item_problem(adventurer) or _health_problem(adventurer)


def _item_problem(adventurer: Adventurer) -> tuple[str, str] | None:
    owned = adventurer.items
    for name in ("items", "equipped", "cursed"):
        ids: list[str] = getattr(adventurer, name)
        twice = sorted({item for item in ids if ids.count(item) > 1})
        if twice:
            return name, f"{twice[0]!r} is listed twice"
        if name != "items" and not set(ids) <= set(owned):
            return name, f"{sorted(set(ids) - set(owned))[0]!r} is not among the items owned"
    if len(adventurer.equipped) > EQUIP_SLOTS:
        return "equipped", f"{len(adventurer.equipped)} items; up to {EQUIP_SLOTS} are equipped"
    both = sorted(set(adventurer.equipped) & set(adventurer.cursed))
    if both:
        return "equipped", f"{both[0]!r} is cursed: cursed items are worn outside the slots"
    return None


def _health_problem(adventurer: Adventurer) -> tuple[str, str] | None:
    if not 0 <= adventurer.health <= adventurer.max_health:
        return "health", f"{adventurer.health} is outside 0-{adventurer.max_health} (max health)"
    if adventurer.alive and adventurer.health == 0:
        return "alive", "an adventurer at 0 health is dead"
    if adventurer.silver < 0:
        return "silver", f"{adventurer.silver} is below 0"
    return None


def check(adventurer: Adventurer, where: str = "adventurer") -> None:
    """BadInput naming the field if the adventurer breaks a rule, else nothing."""
    found = problem(adventurer)
    if found:
        raise BadInput(f"{where}, field {found[0]}: {found[1]}")
