"""Card Crawl's enemies: a hit die, an attack bonus, and hit dice rolled when a fight begins.

Seed 004, Enemies: "Enemies have a HD type, an attack bonus, and anything else is
a special ability. Roll one HD for each creature in the fight when it begins and
eliminate them like defense cards ... Enemies can use their attack bonus as a
skill bonus for things they should be great at, half their bonus (rounded down)
for things they might be competent at, and +0 for everything else. Beefy enemies
might have multiple HD each." The bestiary is house content in
``data/bestiary.toml`` (the seed has none); a mistake in it is named by file,
enemy and field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field, field_validator

from undercroft.content.loading import read_toml, validate
from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.tally import fired
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.play.soak import enemy_hits

BESTIARY_FILE: Final = Path(__file__).parent / "data" / "bestiary.toml"
HIT_DICE: Final = (4, 6, 8, 10, 12)
ATTACK_TASKS: Final = frozenset({"stab", "slash", "shoot", "hack", "bite", "claw", "smash",
                                 "throw", "grab", "curse", "blast"})
"""The bestiary's tasks that are attacks: an enemy attacks with the best of them it has."""
DEFENCE_TASKS: Final = frozenset({"dodge", "parry", "endure"})
"""The bestiary's tasks that ward off an attack: attacks on an enemy are against 6 + the
best of them it has (seed 004: "Against Opponent: 6 + Opponent skill")."""


class EnemyKind(BaseModel):
    """One kind of enemy as the bestiary gives it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hit_die: int
    attack: int = Field(ge=0, le=20)
    great_at: tuple[str, ...] = ()
    competent_at: tuple[str, ...] = ()
    hit_dice: int = Field(1, ge=1, le=10)
    """Hit dice per creature: more than one makes a beefy enemy."""
    group: tuple[int, int] = (1, 1)
    """How many come together, fewest to most."""
    special: tuple[str, ...] = ()
    rooms: tuple[str, ...] = ()
    undead: bool = False
    """Undead (a cleric's Smite hurts it more)."""

    @field_validator("hit_die")
    @classmethod
    def _a_real_die(cls, sides: int) -> int:
        if sides not in HIT_DICE:
            raise ValueError(f"a hit die is one of {', '.join(f'd{d}' for d in HIT_DICE)}")
        return sides

    @field_validator("group")
    @classmethod
    def _fewest_first(cls, group: tuple[int, int]) -> tuple[int, int]:
        if not 1 <= group[0] <= group[1] <= 12:
            raise ValueError("a group is [fewest, most] with 1 <= fewest <= most <= 12")
        return group

    def skill(self, task: str) -> int:
        """Seed 004: the full bonus for what it is great at, half (rounded down) for what it
        is competent at, +0 for everything else."""
        if task in self.great_at:
            return self.attack
        if task in self.competent_at:
            return self.attack // 2
        return 0

    def has(self, special: str) -> bool:
        """Whether it has the special ability of that name (the words before the colon,
        any case: ``has("cowardly")``)."""
        return any(text.split(":")[0].strip().lower() == special for text in self.special)

    @property
    def attack_skill(self) -> int:
        """The bonus it attacks with: its best at any attack task (a kind competent only
        at stabbing stabs at half its bonus)."""
        return max((self.skill(task) for task in ATTACK_TASKS), default=0)

    @property
    def defence_skill(self) -> int:
        """The skill an attack on it is against: its best at dodging, parrying or
        enduring."""
        return max((self.skill(task) for task in DEFENCE_TASKS), default=0)


@cache
def bestiary(path: Path = BESTIARY_FILE) -> dict[str, EnemyKind]:
    """Every enemy kind by name, validated."""
    document = read_toml(path)
    return {name: validate(EnemyKind, values, f"{path}: enemy {name!r}")
            for name, values in document.items()}


def enemy_kind(name: str) -> EnemyKind:
    kinds = bestiary()
    if name not in kinds:
        raise BadInput(f"enemy {name!r}: unknown (known: {', '.join(sorted(kinds))})")
    return kinds[name]


@dataclass
class EnemyGroup:
    """Enemies of one kind in a fight: each creature's remaining hit dice, and what the
    fight has done to the group so far."""

    id: str
    kind: str
    creatures: list[list[int]] = field(default_factory=list)
    size: int = 0
    """Creatures when the fight began (a Cowardly group flees having lost half)."""
    seen: int = 0
    """The round the party first saw it (Slow creatures do not act in it)."""
    noticed: bool = False
    """It has acted: a foe that has not noticed the party can be backstabbed."""
    fled: bool = False
    lost: list[tuple[int, int]] = field(default_factory=list)
    """(creature, value) of each hit die taken, in order (Regenerates brings one back)."""
    burned: bool = False
    """A torch or a spell was used on it: it no longer regenerates."""
    staggered: int = 0
    """Creatures that lose their next attack (Shove)."""
    weakened: int = 0
    """Off the group's next attack (Cutting Words)."""
    last_target: str = ""
    """The seat it last attacked (a foe engaged with someone else)."""

    def __post_init__(self) -> None:
        self.size = self.size or len(self.creatures)

    @property
    def numbers(self) -> EnemyKind:
        return enemy_kind(self.kind)

    @property
    def standing(self) -> int:
        """Creatures with a hit die left."""
        return sum(1 for dice in self.creatures if dice)

    @property
    def defeated(self) -> bool:
        """No creature standing, or the group fled the fight."""
        return self.fled or self.standing == 0

    def take_hit(self, margin: int) -> list[int]:
        """Remove the dice a hit of ``margin`` takes (``soak.enemy_hits``); returns the
        values removed."""
        fired("cardcrawl.enemy.hits")
        gone = enemy_hits(self.creatures, margin)
        values = [self.creatures[c][i] for c, i in gone]
        self.lost += [(c, self.creatures[c][i]) for c, i in gone]
        for creature, index in sorted(gone, reverse=True):
            del self.creatures[creature][index]
        return values

    def to_dict(self) -> dict[str, Any]:
        numbers = self.numbers
        return {"id": self.id, "kind": self.kind, "creatures": [list(c) for c in self.creatures],
                "standing": self.standing, "attack": numbers.attack_skill,
                "defence": numbers.defence_skill, "undead": numbers.undead,
                "special": list(numbers.special), "noticed": self.noticed,
                "fled": self.fled, "burned": self.burned, "staggered": self.staggered,
                "weakened": self.weakened, "last_target": self.last_target}


def hit_dice_words(creatures: list[list[int]]) -> str:
    """A group's hit dice as the table reads them: "5, 3" (one die a creature), or
    "5 and 2; 3 and 1" (several)."""
    if all(len(dice) <= 1 for dice in creatures):
        return ", ".join(str(die) for dice in creatures for die in dice)
    return "; ".join(" and ".join(map(str, dice)) for dice in creatures)


def roll_group(stream: Stream, group_id: str, kind: str, count: int | None = None) -> EnemyGroup:
    """A group as a fight begins: one hit die rolled per creature (several for beefy ones)."""
    numbers = enemy_kind(kind)
    if count is None:
        count = stream.randint(*numbers.group)
    fired("cardcrawl.enemy.hit-dice")
    if numbers.hit_dice > 1:
        fired("cardcrawl.enemy.beefy")
    creatures = [stream.dice(numbers.hit_dice, numbers.hit_die, "hit dice")
                 if isinstance(stream, LoggedStream)
                 else stream.dice(numbers.hit_dice, numbers.hit_die) for _ in range(count)]
    return EnemyGroup(group_id, kind, creatures)


def kinds_for_room(room_type: str) -> list[str]:
    """The enemies found in a room of this type (every kind, for a type none names)."""
    found = [name for name, kind in sorted(bestiary().items()) if room_type in kind.rooms]
    return found or sorted(bestiary())
