"""The state of an Amulet encounter: one room's scene, its dice, and how far it has gone.

An encounter is a scenario (``encounter.config``) played as a game: the scene is
built as the scenario describes it, with its forced rolls waiting in the dice.
Dice come from the seed's ``fight`` stream, so a seed always gives the same fight
whoever chooses. ``encounter.rules.step`` is the only thing that changes a state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from undercroft.rng import Stream
from undercroft.systems.amulet.characters.heroes import new_hero
from undercroft.systems.amulet.encounter.scenario import ScenarioFile, hero_names
from undercroft.systems.amulet.generation.encounters import swarm_health
from undercroft.systems.amulet.room.events import Event
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.fight_dice import FightDice
from undercroft.systems.amulet.room.populate import add_monster, add_swarm
from undercroft.systems.amulet.room.scene import (
    OPEN_FROM_THE_START,
    Content,
    ExitState,
    Generator,
    HeroState,
    Scene,
    TableState,
)


@dataclass
class EncounterState:
    """An encounter in progress."""

    config: ScenarioFile
    seed: int
    scene: Scene
    dice: FightDice
    events: list[Event] = field(default_factory=list)
    """The events of the last step (of setting the scene, before the first): whoever
    plays the encounter keeps its log, as for a whole game."""
    steps: int = 0
    off_script: int = 0
    """Choices that were not the script's for that seat and step (a script gone stale:
    the swarm it attacks is dead already)."""

    def fight(self) -> Fight:
        """The scene, its dice and this step's events, as the rules' modules work on them."""
        return Fight(self.scene, self.dice, self.events)

    def script(self) -> dict[str, str]:
        """The scenario's choices for the step to come (empty past the script's end)."""
        rounds = self.config.rounds
        return rounds[self.steps] if self.steps < len(rounds) else {}


def new_encounter(config: ScenarioFile, seed: int) -> EncounterState:
    """The scene a scenario describes, with its forced rolls waiting."""
    rules = config.rules
    heroes = [_hero(config, index, name) for index, name in enumerate(hero_names(config))]
    scene = Scene(rules, config.room.size, heroes, beyond_size=config.beyond_size,
                  level=config.room.level, level_bonus=config.room.level,
                  table=TableState(friendly_fire=config.friendly_fire))
    dice = FightDice(Stream(seed, "fight"), ties=rules.ties)
    for forced in config.force:
        dice.force(forced.roll, forced.total if forced.total is not None
                   else forced.result)  # type: ignore[arg-type]
    state = EncounterState(config, seed, scene, dice)
    fight = state.fight()
    scene.contents = [Content(f"c{i}", kind) for i, kind in
                      enumerate(config.room.contents, start=1)]
    scene.exits = [ExitState(f"e{i}", e.kind, e.wall, e.units,
                             open=e.kind in OPEN_FROM_THE_START if e.open is None else e.open,
                             found=e.kind != "secret" if e.found is None else e.found)
                   for i, e in enumerate(config.exits, start=1)]
    for monster_entry in config.monsters:
        add_monster(fight, scene.new_id(monster_entry.kind), monster_entry.kind,
                    monster_entry.place, monster_entry.health)
    for number, entry in enumerate(config.swarms, start=1):
        health = entry.health or swarm_health(entry.size or "100%", scene.units(entry.place),
                                              entry.monster)
        add_swarm(fight, f"swarm-{number}", entry.monster, entry.place, health)
    scene.generators = [Generator(f"gen-{i}", g.monster, g.health, g.place)
                        for i, g in enumerate(config.generators, start=1)]
    fight.say("setup", _setup_line(scene), state=scene.to_dict())
    return state


def _hero(config: ScenarioFile, index: int, name: str) -> HeroState:
    entry = config.heroes[index]
    hero = new_hero(entry.hero_class, name)
    for ability, points in entry.level_points.items():
        hero = hero.raised(ability, points)
    return HeroState(hero, entry.health or hero.health, keys=entry.keys, potions=entry.potions,
                     treasure=entry.treasure, scrolls=entry.scrolls,
                     specials=dict(entry.specials), alone=entry.alone, steady=entry.steady)


def _setup_line(scene: Scene) -> str:
    heroes = ", ".join(f"{h.name} ({h.hero.hero_class}, {h.health})" for h in scene.heroes)
    foes = ", ".join(f"{f.id} ({f.health}{', beyond' if f.place == 'beyond' else ''})"
                     for f in scene.foes(None)) or "no monsters"
    return f"a size-{scene.size} room: {heroes} against {foes}"
