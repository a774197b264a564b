"""Automated heroes for an encounter; like every agent, they see only their seat's view.

The fighter plays as a sensible table would: escape quicksand, use a potion on a
big swarm, a slime swarm or a wraith, attack what swarmed it with its better die,
take what is lying around, and leave when nothing is left to fight. ``wait``
waits, ``random`` picks anything legal. The scenario agent is a scenario's script:
each step it makes the choice the script gives its seat, if that is possible now,
and else lets the agent the scenario names for its hero choose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.dice.steps import DieStep
from undercroft.engine.agents import Agent, RandomAgent
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.amulet.characters.monster_numbers import has
from undercroft.systems.amulet.room.actions import Action, parse_action

POTION_WORTHY_SWARM: Final = 30
"""The fighter drinks a potion when a swarm in the room has at least this much health."""
WANTED: Final = ("potion", "key", "treasure", "food", "special", "ale", "ward")
WAIT: Final = Action("wait")
Foe = Mapping[str, Any]


class FighterAgent:
    """A plain fighter (see the module's docstring)."""

    name = "fighter"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Stream) -> Action:
        allowed = set(legal)

        def first(*candidates: Action) -> Action | None:
            return next((a for a in candidates if a in allowed), None)

        free = next((a for a in legal if a.verb in ("ward", "point")), None)
        if free is not None:
            return free
        me = _me(view)
        if me["status"] == "trapped":
            return Action("escape")
        swarms = [s for s in view["swarms"] if s["place"] == "room"]
        dangerous = any(s["health"] >= POTION_WORTHY_SWARM or has(s["kind"], "weapon proof")
                        for s in swarms) or any(
            has(m["kind"], "dies to potions") for m in view["monsters"] if m["place"] == "room")
        if dangerous and Action("potion") in allowed:
            return Action("potion")
        for foe, lone in _targets(view, me["name"]):
            mode = _mode(me, foe, lone)
            pick = first(Action("attack", foe["id"], mode), Action("attack", foe["id"], "shot"))
            if pick is not None:
                return pick
        beyond = [foe for kind in ("swarms", "monsters", "generators") for foe in view[kind]
                  if foe["place"] == "beyond"]
        for foe in beyond:
            pick = first(Action("attack", foe["id"], "shot"))
            if pick is not None:
                return pick
        for kind in WANTED:
            for content in view["contents"]:
                if content["kind"] == kind:
                    pick = first(Action("pick up", content["id"]))
                    if pick is not None:
                        return pick
        opener = next((a for a in legal if a.verb == "open"), None)
        if opener is not None:
            return opener
        leaving = next((a for a in legal if a.verb in ("descend", "leave", "teleport")), None)
        if leaving is not None:
            return leaving
        searches = [a for a in legal if a.verb == "search"]
        return rng.choice(searches) if searches else WAIT


def _me(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seat = view["seat"]
    return next(hero for hero in view["heroes"] if hero["name"] == seat)


def _targets(view: Mapping[str, Any], name: str) -> list[tuple[Foe, bool]]:
    """Foes in the room in the fighter's order, each with whether it is a monster (not
    a generator): its own swarm, other swarms, lone monsters, generators; never what
    weapons cannot hurt."""
    swarms = [s for s in view["swarms"] if s["place"] == "room"
              and not has(s["kind"], "weapon proof")]
    swarms.sort(key=lambda s: name not in s["swarmed"])
    lone = [m for m in view["monsters"] if m["place"] == "room"
            and not has(m["kind"], "weapon proof")]
    generators = [g for g in view["generators"] if g["place"] == "room"]
    return [*[(foe, True) for foe in (*swarms, *lone)], *[(g, False) for g in generators]]


def _mode(me: Mapping[str, Any], foe: Foe, monster: bool) -> str:
    """The better of the hero's two attack dice; shots at whatever evades melee."""
    if monster and has(foe["kind"], "evades"):
        return "shot"
    numbers = me["numbers"]
    return "melee" if DieStep.parse(numbers["melee"]) > DieStep.parse(numbers["shot"]) \
        else "shot"


class WaitAgent:
    """Waits whenever waiting is possible (else the first choice there is)."""

    name = "wait"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Stream) -> Action:
        return WAIT if WAIT in legal or not legal else legal[0]


HERO_AGENTS: Final[dict[str, type[Any]]] = {"fighter": FighterAgent, "random": RandomAgent,
                                            "wait": WaitAgent}
"""The agents a scenario may name for a hero (``agent = "fighter"``)."""


class ScenarioAgent:
    """The scenario's script, then the agent the scenario names for the hero. ``strict``:
    a scripted choice that is not possible now is bad input (a single run checks its
    script); otherwise the hero's agent chooses instead (over many runs the dice can make
    a script go stale, and the encounter counts those choices as off the script)."""

    name = "scenario"

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict
        self._agents: dict[str, Agent] = {}

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Stream) -> Action:
        text = view.get("script")
        if text:
            wanted = parse_action(text)
            if wanted.plain() in legal:
                return wanted
            if self.strict:
                raise BadInput(f"round {view['step'] + 1}, {view['seat']}: {text!r} is not "
                               "possible now")
        name = view.get("agent") or "fighter"
        agent = self._agents.get(name)
        if agent is None:
            agent = self._agents[name] = HERO_AGENTS[name]()
        return agent.choose(view, legal, rng)


AGENTS: Final[dict[str, type[Any]]] = {"scenario": ScenarioAgent, **HERO_AGENTS}
