"""A Dungeon Squad! hero: three Ability dice, Stuff, Hit Points, a Special Ability, loot, pennies.

Seed 003, Character Creation: "A Hero is easy to create. Each Hero has three
Abilities. The Hero Guide will assign a d12, a d8 or a d4 to each of them ...
These won't change". The :class:`Hero` is game state (a mutable dataclass the
game loop changes); its JSON form is :mod:`document`, which imports this
module and not the other way round. :func:`new_hero` is the
only way a hero is born, so a wrong assignment is refused with one sentence
before any game starts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from undercroft.dice.steps import LADDER
from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.systems.squad.dice import die_name, parse_die
from undercroft.systems.squad.heroes.specials import FIRST_LEVEL, check_level, special_id
from undercroft.systems.squad.heroes.spells import spell

ABILITIES: Final = ("explorer", "mage", "warrior")
"""Abilities: "Explorer: Athletic Tasks, Traps, Discover Secrets & Loot; Mage: Spell
casting in and out of combat; Warrior: Physical Combat"."""
ABILITY_DICE: Final = (12, 8, 4)
""""The Hero Guide will assign a d12, a d8 or a d4 to each of them"."""
STARTING_STUFF_DICE: Final = (4, 6)
""""One item should be assigned to D4 and the other to D6"."""
NEW_STUFF_DIE: Final = LADDER[0]
""""New Stuff will start D4 unless otherwise stated"."""
HIT_POINTS: Final = 15
""""Unless otherwise stated, all Heroes have 15 Hit Points"."""
HEROES_PER_PLAYER: Final = 2
""""Everyone else will make decisions for up to two heroes"."""
LOOT_KINDS: Final = ("E", "M", "W", "HP", "C")
"""The Loot Types table: 1E, 1M, 1W, 1HP, 1C."""

StuffKind = Literal["weapon", "armour", "spell"]
STUFF_KINDS: Final = ("weapon", "armour", "spell")


@dataclass(frozen=True)
class Stuff:
    """One piece of Stuff: "both physical (e.g. weapons and armor) and immaterial (e.g. spells)".

    A spell names the seed's spell it works as (``spell``): Lightning Arc is a
    Fireball by another name. Improving it replaces it with a bigger die.
    """

    name: str
    kind: StuffKind
    die: int = NEW_STUFF_DIE
    spell: str | None = None

    def __post_init__(self) -> None:
        where = f"stuff {self.name!r}"
        if not self.name.strip():
            raise BadInput("stuff: a name is required")
        if self.kind not in STUFF_KINDS:
            raise BadInput(f"{where}, field kind: expected weapon, armour or spell, "
                           f"got {self.kind!r}")
        object.__setattr__(self, "die", parse_die(self.die, f"{where}, field die"))
        if self.kind == "spell":
            fired("squad.stuff.spell-is-stuff")
            if self.spell is None:
                raise BadInput(f"{where}, field spell: a spell names the seed's spell it "
                               "works as (heal, bless, fireball, ...)")
            object.__setattr__(self, "spell", spell(self.spell).id)
        elif self.spell is not None:
            raise BadInput(f"{where}, field spell: only a spell names one, not a {self.kind}")


def as_stuff(value: Stuff | Mapping[str, Any]) -> Stuff:
    """Stuff from a Stuff or from a mapping with name, kind, die (``"d6"`` or 6) and spell."""
    if isinstance(value, Stuff):
        return value
    unknown = set(value) - {"name", "kind", "die", "spell"}
    if unknown:
        raise BadInput(f"stuff {value.get('name')!r}: unknown field {sorted(unknown)[0]!r}")
    name = str(value.get("name", ""))
    die = parse_die(value.get("die", NEW_STUFF_DIE), f"stuff {name!r}, field die")
    return Stuff(name, value.get("kind", ""), die, value.get("spell"))


@dataclass
class Hero:
    """One hero as game state: what play changes and what was chosen at creation."""

    name: str
    abilities: dict[str, int]
    """Ability -> die sides; a permutation of d12, d8, d4 that never changes."""
    stuff: list[Stuff]
    special: str
    """The Special Ability's ID (:data:`specials.SPECIALS`)."""
    special_level: int = FIRST_LEVEL
    hit_points: int = HIT_POINTS
    max_hit_points: int = HIT_POINTS
    """What healing restores up to (house rule: the seed gives no maximum)."""
    loot: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LOOT_KINDS, 0))
    pennies: int = 0
    player: str = "guide"
    """The Hero Guide who makes this hero's decisions."""

    @property
    def out_of_game(self) -> bool:
        """ "When a Hero is reduced to zero Hit Points, they are out of the game!" """
        return self.hit_points <= 0

    def ability_die(self, ability: str) -> int:
        """The die of an Ability ("explorer", "mage", "warrior")."""
        if ability not in self.abilities:
            raise BadInput(f"ability {ability!r}: expected one of {', '.join(ABILITIES)}")
        return self.abilities[ability]

    def stuff_named(self, name: str) -> Stuff:
        """The hero's Stuff with that name, or one line naming what the hero has."""
        for item in self.stuff:
            if item.name == name:
                return item
        held = ", ".join(repr(s.name) for s in self.stuff) or "nothing"
        raise BadInput(f"{self.name} has no stuff named {name!r} (has {held})")


def check_abilities(abilities: Mapping[str, object], where: str = "abilities") -> dict[str, int]:
    """Explorer, Mage, Warrior, each given one of d12, d8, d4, each die once."""
    given = {str(k).strip().lower(): v for k, v in abilities.items()}
    if sorted(given) != sorted(ABILITIES):
        raise BadInput(f"{where}: expected explorer, mage and warrior, got "
                       f"{', '.join(map(str, abilities)) or 'none'}")
    dice = {a: parse_die(given[a], f"{where}, {a}") for a in ABILITIES}
    if sorted(dice.values()) != sorted(ABILITY_DICE):
        shown = ", ".join(f"{a} {die_name(d)}" for a, d in dice.items())
        raise BadInput(f"{where}: assign d12, d8 and d4 once each, got {shown}")
    return dice


def new_hero(name: str, abilities: Mapping[str, object],
             stuff: Sequence[Stuff | Mapping[str, Any]], special: str,
             player: str = "guide") -> Hero:
    """A hero as Character Creation makes one, or one :class:`BadInput` line saying what is wrong.

    "The player should pick two things ... One item should be assigned to D4 and
    the other to D6"; "Hit Points: ... all Heroes have 15"; the Special Ability
    "is chosen when the Hero is created" and "You always start at +1 for free".
    """
    if not name.strip():
        raise BadInput("hero: a name is required")
    dice = check_abilities(abilities, f"hero {name!r}, abilities")
    items = [as_stuff(s) for s in stuff]
    if sorted(s.die for s in items) != sorted(STARTING_STUFF_DICE):
        shown = ", ".join(f"{s.name} {die_name(s.die)}" for s in items) or "none"
        raise BadInput(f"hero {name!r}, stuff: two pieces, one d4 and one d6, got {shown}")
    fired("squad.ability.dice")
    fired("squad.stuff.two-pieces")
    fired("squad.hp.fifteen")
    fired("squad.special.one")
    fired("squad.special.free-first")
    return Hero(name, dice, items, special_id(special), check_level(FIRST_LEVEL),
                player=player)


def check_party(heroes: Sequence[Hero]) -> None:
    """Refuse a party where a player runs more than two heroes, or two heroes share a name.

    "Everyone else will make decisions for up to two heroes"; names identify
    heroes (loot and coins move between heroes by name).
    """
    fired("squad.setup.two-heroes")
    names = Counter(h.name for h in heroes)
    twice = sorted(n for n, count in names.items() if count > 1)
    if twice:
        raise BadInput(f"party: two heroes are named {twice[0]!r}")
    for player, count in Counter(h.player for h in heroes).items():
        if count > HEROES_PER_PLAYER:
            mine = ", ".join(h.name for h in heroes if h.player == player)
            raise BadInput(f"party: player {player!r} has {count} heroes ({mine}); "
                           f"up to {HEROES_PER_PLAYER} heroes per player")


def take_damage(hero: Hero, amount: int) -> int:
    """Lose ``amount`` Hit Points (never below 0); the Hit Points actually lost."""
    fired("squad.hp.damage-and-healing")
    lost = min(max(0, amount), hero.hit_points)
    hero.hit_points -= lost
    return lost


def heal(hero: Hero, amount: int) -> int:
    """Gain up to ``amount`` Hit Points, not past the maximum; what was recovered.

    Hit Points "can be increased with healing spells and healing potions"; a
    hero out of the game stays out (house rules, docs/rules/squad-heroes.md).
    """
    if hero.out_of_game:
        return 0
    fired("squad.hp.damage-and-healing")
    if amount > hero.max_hit_points - hero.hit_points:
        fired("squad.hp.maximum")
    gained = min(max(0, amount), hero.max_hit_points - hero.hit_points)
    hero.hit_points += max(0, gained)
    return max(0, gained)


def gain_stuff(hero: Hero, name: str, kind: StuffKind, spell_id: str | None = None,
               die: int = NEW_STUFF_DIE) -> Stuff:
    """New Stuff for a hero: "New Stuff will start D4 unless otherwise stated"; a boss's
    Stuff is "otherwise stated" and keeps the boss's die (``die``)."""
    if any(s.name == name for s in hero.stuff):
        raise BadInput(f"{hero.name} already has stuff named {name!r}")
    if die == NEW_STUFF_DIE:
        fired("squad.stuff.new-at-d4")
    item = Stuff(name, kind, die, spell_id)
    hero.stuff.append(item)
    return item
