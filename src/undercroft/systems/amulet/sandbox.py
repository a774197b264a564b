"""The encounter sandbox: build a scene from a scenario, play it, or play it many times.

Dice come from the seed's ``fight`` stream and agents draw from ``agents``,
so a seed always gives the same fight and an agent's choices never shift the
dice. A scripted action that is not possible is bad input on a single run;
over many runs the dice can make a script go stale (the swarm is already
dead), so the hero's agent chooses instead and the fallbacks are counted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.amulet.actions import Action, parse_action
from undercroft.systems.amulet.agents import choose
from undercroft.systems.amulet.encounters import swarm_health
from undercroft.systems.amulet.fight import Fight
from undercroft.systems.amulet.fight_dice import FightDice
from undercroft.systems.amulet.heroes import new_hero
from undercroft.systems.amulet.legal import legal
from undercroft.systems.amulet.play_round import outcome, step
from undercroft.systems.amulet.populate import add_monster, add_swarm
from undercroft.systems.amulet.scenario import ScenarioFile, hero_names
from undercroft.systems.amulet.scene import (
    OPEN_FROM_THE_START,
    Content,
    ExitState,
    Generator,
    HeroState,
    Scene,
    TableState,
)


def build(scenario: ScenarioFile, seed: int) -> Fight:
    """The scene a scenario describes, with its forced rolls waiting."""
    rules = scenario.rules
    heroes = [_hero(scenario, index, name) for index, name in enumerate(hero_names(scenario))]
    scene = Scene(rules, scenario.room.size, heroes,
                  beyond_size=scenario.beyond.size if scenario.beyond else 0,
                  level=scenario.room.level, level_bonus=scenario.room.level,
                  table=TableState(friendly_fire=scenario.friendly_fire))
    dice = FightDice(Stream(seed, "fight"), ties=rules.ties)
    for forced in scenario.force:
        dice.force(forced.roll, forced.total if forced.total is not None
                   else forced.result)  # type: ignore[arg-type]
    fight = Fight(scene, dice)
    scene.contents = [Content(f"c{i}", kind) for i, kind in
                      enumerate(scenario.room.contents, start=1)]
    scene.exits = [ExitState(f"e{i}", e.kind, e.wall, e.units,
                             open=e.kind in OPEN_FROM_THE_START if e.open is None else e.open,
                             found=e.kind != "secret" if e.found is None else e.found)
                   for i, e in enumerate(scenario.exits, start=1)]
    for monster_entry in scenario.monsters:
        add_monster(fight, scene.new_id(monster_entry.kind), monster_entry.kind,
                 monster_entry.place, monster_entry.health)
    for number, entry in enumerate(scenario.swarms, start=1):
        health = entry.health or swarm_health(entry.size or "100%", scene.units(entry.place),
                                              entry.monster)
        add_swarm(fight, f"swarm-{number}", entry.monster, entry.place, health)
    scene.generators = [Generator(f"gen-{i}", g.monster, g.health, g.place)
                        for i, g in enumerate(scenario.generators, start=1)]
    fight.say("setup", _setup_line(scene), state=scene.to_dict())
    return fight


def _hero(scenario: ScenarioFile, index: int, name: str) -> HeroState:
    entry = scenario.heroes[index]
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


@dataclass
class RunResult:
    """One played scenario: how it ended, after how many rounds, and everything said."""

    seed: int
    outcome: str
    fight: Fight
    fallbacks: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "outcome": self.outcome,
                "rounds": self.fight.scene.round - 1, "fallbacks": self.fallbacks,
                "unused_forced": self.fight.dice.unused(),
                "events": [event.to_dict() for event in self.fight.events],
                "final": self.fight.scene.to_dict()}


def play(scenario: ScenarioFile, seed: int, strict: bool = True,
         where: str = "scenario") -> RunResult:
    """Play one scenario to its end: the script first, then each hero's agent."""
    fight = build(scenario, seed)
    scene = fight.scene
    agents = {name: entry.agent for name, entry in zip(hero_names(scenario), scenario.heroes,
                                                       strict=True)}
    stream = Stream(seed, "agents")
    fallbacks = 0
    turn = 0
    ended = outcome(scene)
    while ended is None or (ended == "cleared" and turn < len(scenario.rounds)):
        script = scenario.rounds[turn] if turn < len(scenario.rounds) else {}
        choices: dict[str, Action] = {}
        for hero in scene.present():
            possible = legal(scene, hero)
            if not possible:  # a step another hero's free choice takes
                continue
            text = script.get(hero.name)
            wanted = parse_action(text) if text else None
            if wanted is not None and wanted.plain() in possible:
                choices[hero.name] = wanted
                continue
            if wanted is not None:
                if strict:
                    raise BadInput(f"{where}: round {turn + 1}, {hero.name}: {text!r} is not "
                                   "possible now")
                fallbacks += 1
            choices[hero.name] = choose(agents[hero.name], scene, hero, possible, stream)
        step(fight, choices)
        turn += 1
        ended = outcome(scene)
    return RunResult(seed, ended, fight, fallbacks)


def run_seeds(seed: int, runs: int) -> list[int]:
    """The seeds of ``runs`` plays, derived from one seed."""
    stream = Stream(seed, "runs")
    return [stream.randint(0, 2**31 - 1) for _ in range(runs)]


@dataclass
class Tally:
    """How often each outcome happened over many runs, and what they cost."""

    runs: int
    outcomes: Counter[str]
    rounds: int
    deaths: int
    fallbacks: int

    def to_dict(self) -> dict[str, Any]:
        return {"runs": self.runs, "outcomes": dict(sorted(self.outcomes.items())),
                "mean_rounds": self.rounds / self.runs if self.runs else 0.0,
                "hero_deaths": self.deaths, "script_fallbacks": self.fallbacks}


def play_many(scenario: ScenarioFile, seed: int, runs: int,
              advance: Callable[[], None] | None = None) -> Tally:
    """Play ``runs`` times on derived seeds; ``advance`` is called after each (progress)."""
    tally = Tally(runs, Counter(), 0, 0, 0)
    for run_seed in run_seeds(seed, runs):
        result = play(scenario, run_seed, strict=False)
        tally.outcomes[result.outcome] += 1
        tally.rounds += result.fight.scene.round - 1
        tally.deaths += sum(h.status == "dead" for h in result.fight.scene.heroes)
        tally.fallbacks += result.fallbacks
        if advance is not None:
            advance()
    return tally
