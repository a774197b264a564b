"""Scenario files: one described situation in an Amulet room, read and checked.

A scenario gives the party, the room, its contents and exits, the encounter
(swarms, lone monsters, generators, here or beyond a murder hole), rolls to
force, the rules to play by, and a script of choices per round. The format is
documented in docs/amulet-scenarios.md; every mistake is one line naming the
file and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from undercroft.content.loading import read_toml, validate
from undercroft.errors import BadInput
from undercroft.systems.amulet.characters.heroes import ABILITIES, hero_classes
from undercroft.systems.amulet.generation.encounters import CAPACITY_PER_UNIT, swarm_health
from undercroft.systems.amulet.generation.tables import EXIT_TYPES, monsters
from undercroft.systems.amulet.room.actions import parse_action
from undercroft.systems.amulet.room.fight_dice import ROLL_LABELS
from undercroft.systems.amulet.room.house_rules import PlayRules
from undercroft.systems.amulet.room.scene import WALLS

SWARM_PERCENTS = ("25%", "50%", "75%", "100%")
CONTENT_KINDS = ("password", "special", "potion", "murder hole", "key", "treasure", "none",
                 "food", "ale", "poison", "ward", "trap")
AGENTS = ("fighter", "random", "wait")
Where = Literal["room", "beyond"]

MAX_SWARMS = 8
MAX_MONSTERS = 16
MAX_GENERATORS = 8
MAX_EXITS = 16
MAX_CONTENTS = 16
MAX_FORCED = 256
MAX_SCRIPT = 1_000
"""Entries of each list of a scenario at most: a room the seed could make holds a few of
each (the examples at most 3); more only multiplies the work of every round."""
MAX_HEALTH = 10_000
MAX_ITEMS = 1_000
MAX_LEVEL_POINTS = 100
MAX_LEVEL = 1_000
MAX_TOTAL = 10_000
"""Bounds of single numbers (health, keys and potions carried, level points, the room's
dungeon level, a forced total): far past play, short of numbers that cost to print."""
MAX_WORK = 20_000
"""The work of one run at most: ``rules.max_rounds`` times the turns of a round, each
hero's ``actions_per_round``, 10 for each swarm and each generator (a swarm shoots once
per unit of room size and contests every hero every round, and a generator grows a
swarm), 1 for each lone monster. A 1.5 KB scenario of 200 generators once ran 43 s in
3.3 GB; at this bound a run takes about two seconds and 200 MB, and any mix within the
caps above still plays the default 60 rounds."""
SWARM_WEIGHT = 10


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def _known_monster(kind: str) -> str:
    if kind not in monsters() or kind == "generator":
        raise ValueError(f"unknown monster {kind!r}; known: "
                         + ", ".join(k for k in monsters() if k != "generator"))
    return kind


MonsterKind = Annotated[str, AfterValidator(_known_monster)]


class HeroEntry(_Strict):
    """One hero of the party."""

    hero_class: str = Field(alias="class")
    name: str | None = None
    health: int | None = Field(None, ge=1, le=MAX_HEALTH)
    keys: int = Field(0, ge=0, le=MAX_ITEMS)
    potions: int = Field(0, ge=0, le=MAX_ITEMS)
    treasure: int = Field(0, ge=0, le=MAX_ITEMS)
    scrolls: int = Field(0, ge=0, le=MAX_ITEMS)
    specials: dict[str, Annotated[int, Field(le=MAX_ITEMS)]] = {}
    level_points: dict[str, Annotated[int, Field(le=MAX_LEVEL_POINTS)]] = {}
    alone: bool = False
    steady: bool = False
    agent: str = "fighter"

    @field_validator("hero_class")
    @classmethod
    def _known_class(cls, value: str) -> str:
        if value not in hero_classes():
            raise ValueError(f"unknown class {value!r}; known: {', '.join(hero_classes())}")
        return value

    @field_validator("agent")
    @classmethod
    def _known_agent(cls, value: str) -> str:
        if value not in AGENTS:
            raise ValueError(f"unknown agent {value!r}; known: {', '.join(AGENTS)}")
        return value

    @field_validator("level_points")
    @classmethod
    def _abilities(cls, value: dict[str, int]) -> dict[str, int]:
        for ability, points in value.items():
            if ability not in ABILITIES or points < 0:
                raise ValueError(f"level points {ability!r} = {points}: expected one of "
                                 f"{', '.join(ABILITIES)} with 0 or more points")
        return value


class SwarmEntry(_Strict):
    """A swarm: by the seed's size (a share of the room's capacity) or by health."""

    monster: MonsterKind
    size: str | None = None
    health: int | None = Field(None, ge=1, le=MAX_HEALTH)
    place: Where = "room"

    @model_validator(mode="after")
    def _size_or_health(self) -> SwarmEntry:
        if (self.size is None) == (self.health is None):
            raise ValueError("give a swarm either size (25%, 50%, 75%, 100%) or health")
        if self.size is not None and self.size not in SWARM_PERCENTS:
            raise ValueError(f"size {self.size!r}: expected one of {', '.join(SWARM_PERCENTS)}")
        return self


class MonsterEntry(_Strict):
    """A lone monster (a wraith, a mimic, or one to three of any kind)."""

    kind: MonsterKind
    health: int | None = Field(None, ge=1, le=MAX_HEALTH)
    place: Where = "room"


class GeneratorEntry(_Strict):
    """A generator of one monster kind, 20 health unless given."""

    monster: MonsterKind
    health: int = Field(20, ge=1, le=MAX_HEALTH)
    place: Where = "room"


class ExitEntry(_Strict):
    """An exit; doors, walldoors, crumbles, food and treasure start closed, secrets unfound."""

    kind: Literal[EXIT_TYPES]  # type: ignore[valid-type]
    wall: Literal[WALLS]  # type: ignore[valid-type]
    units: int = Field(1, ge=1, le=20)
    open: bool | None = None
    found: bool | None = None


class ForceEntry(_Strict):
    """The next roll with this label gives this result instead of the dice."""

    roll: Literal[tuple(ROLL_LABELS)]  # type: ignore[valid-type]
    total: int | None = Field(None, ge=-MAX_TOTAL, le=MAX_TOTAL)
    result: Literal["win", "lose", "yes", "no"] | None = None

    @model_validator(mode="after")
    def _one_result(self) -> ForceEntry:
        wanted = ROLL_LABELS[self.roll]
        given = "total" if self.total is not None else self.result
        fits = {"total": given == "total", "contest": given in ("win", "lose"),
                "chance": given in ("yes", "no")}[wanted]
        if (self.total is None) == (self.result is None) or not fits:
            expected = {"total": "total = N", "contest": "result = win or lose",
                        "chance": "result = yes or no"}[wanted]
            raise ValueError(f"forced roll {self.roll!r} is a {wanted}: give {expected}")
        return self


class RoomEntry(_Strict):
    size: int = Field(ge=1, le=5)
    shape: Literal["square", "rectangle", "hallway", "triangle", "circle"] = "square"
    level: int = Field(1, ge=1, le=MAX_LEVEL)
    contents: list[Literal[CONTENT_KINDS]] = Field(  # type: ignore[valid-type]
        [], max_length=MAX_CONTENTS)


class BeyondEntry(_Strict):
    """The room a murder hole looks into."""

    size: int = Field(ge=1, le=5)


class ScenarioFile(_Strict):
    """A whole scenario file."""

    name: str = ""
    description: str = ""
    room: RoomEntry
    beyond: BeyondEntry | None = None
    heroes: list[HeroEntry] = Field(min_length=1, max_length=4)
    swarms: list[SwarmEntry] = Field([], max_length=MAX_SWARMS)
    monsters: list[MonsterEntry] = Field([], max_length=MAX_MONSTERS)
    generators: list[GeneratorEntry] = Field([], max_length=MAX_GENERATORS)
    exits: list[ExitEntry] = Field([], max_length=MAX_EXITS)
    force: list[ForceEntry] = Field([], max_length=MAX_FORCED)
    rules: PlayRules = PlayRules()
    friendly_fire: Literal["off", "announced", "on"] = "off"
    rounds: list[dict[str, str]] = Field([], max_length=MAX_SCRIPT)

    @field_validator("rounds")
    @classmethod
    def _actions(cls, value: list[dict[str, str]]) -> list[dict[str, str]]:
        for number, choices in enumerate(value, start=1):
            for hero, text in choices.items():
                try:
                    parse_action(text)
                except BadInput as error:
                    raise ValueError(f"round {number}, hero {hero!r}: {error}") from None
        return value

    @field_validator("rules")
    @classmethod
    def _bounded(cls, rules: PlayRules, info: ValidationInfo) -> PlayRules:
        """The caps of single fields are pydantic's; this one weighs the lists read
        before ``rules`` together with its rounds (:data:`MAX_WORK`)."""
        counts = {name: len(info.data.get(name, ()))
                  for name in ("heroes", "swarms", "monsters", "generators")}
        turns = counts["heroes"] * rules.actions_per_round + counts["monsters"] \
            + SWARM_WEIGHT * (counts["swarms"] + counts["generators"])
        if rules.max_rounds * turns > MAX_WORK:
            raise ValueError(
                f"max_rounds = {rules.max_rounds}: {turns} turns a round (heroes x "
                f"actions_per_round, {SWARM_WEIGHT} per swarm and per generator, 1 per "
                f"monster) for {rules.max_rounds} rounds is {rules.max_rounds * turns:,}, "
                f"more than the limit {MAX_WORK:,}: at most {MAX_WORK // turns:,} rounds "
                "here, or fewer foes")
        return rules

    @model_validator(mode="after")
    def _consistent(self) -> ScenarioFile:
        names = hero_names(self)
        if len(set(names)) != len(names):
            raise ValueError("two heroes share a name; give them names")
        for number, choices in enumerate(self.rounds, start=1):
            for hero in choices:
                if hero not in names:
                    raise ValueError(f"round {number}: no hero named {hero!r} "
                                     f"(heroes: {', '.join(names)})")
        places = [entry.place for entry in self.swarms] \
            + [entry.place for entry in self.monsters] \
            + [entry.place for entry in self.generators]
        beyond = [place for place in places if place == "beyond"]
        if beyond and self.beyond is None:
            raise ValueError("monsters are placed beyond, but there is no [beyond] room")
        if self.beyond is not None and "murder hole" not in self.room.contents:
            raise ValueError("a [beyond] room needs a murder hole in the room's contents")
        for index, swarm in enumerate(self.swarms):
            size = self.room.size if swarm.place == "room" else self.beyond_size
            capacity = CAPACITY_PER_UNIT * size
            health = swarm.health or swarm_health(swarm.size or "100%", size, swarm.monster)
            if health > capacity:
                raise ValueError(f"swarms[{index}]: health {health} is more than the "
                                 f"{swarm.place}'s capacity ({capacity}: 20 per unit of size)")
        for index, entry in enumerate(self.heroes):
            unknown = [name for name in entry.specials if name not in self.rules.specials]
            if unknown:
                raise ValueError(f"heroes[{index}].specials: {unknown[0]!r} is not one of "
                                 f"this table's Specials ({', '.join(self.rules.specials)})")
        return self

    @property
    def beyond_size(self) -> int:
        return self.beyond.size if self.beyond is not None else 0


def hero_names(scenario: ScenarioFile) -> list[str]:
    """Each hero's name: as given, or the class name (numbered when classes repeat)."""
    names = []
    for index, entry in enumerate(scenario.heroes):
        same = [h for h in scenario.heroes if h.hero_class == entry.hero_class]
        earlier = [h for h in scenario.heroes[:index] if h.hero_class == entry.hero_class]
        default = entry.hero_class.title() + (f"-{len(earlier) + 1}" if len(same) > 1 else "")
        names.append(entry.name or default)
    return names


def read_scenario(path: Path) -> ScenarioFile:
    """The scenario in ``path``, checked; any mistake is BadInput naming file and field."""
    return validate(ScenarioFile, read_toml(path, "the scenario"), str(path))
