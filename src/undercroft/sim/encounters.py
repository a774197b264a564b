"""One Amulet encounter played once with every roll said, or many times summed up.

``play_once`` is a single run: the engine's runner with the scenario's script in
every seat, strictly (a scripted choice that is not possible is bad input).

A scenario is the ``amulet-encounter`` ruleset's config, so its runs are a balance
lab run like any other (``sim.run``): run ``i`` plays on the lab's game seed
``i`` of the run's seed, every hero played by the scenario's script and then by
the agent the scenario names for it. ``undercroft amulet scenario --runs`` and
``undercroft simulate amulet --scenario`` both read their figures from here:
Wilson's intervals for the rates, Student's t for the damage the party took and
the rounds it lasted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from undercroft.engine.runner import play_out
from undercroft.errors import BadInput
from undercroft.sim.run import Plan, run
from undercroft.sim.settings import Arm
from undercroft.sim.stats import Summary
from undercroft.sim.workers import Workers
from undercroft.systems.amulet.encounter.agents import ScenarioAgent
from undercroft.systems.amulet.encounter.rules import ending
from undercroft.systems.amulet.encounter.ruleset import RULESET
from undercroft.systems.amulet.encounter.scenario import ScenarioFile
from undercroft.systems.amulet.encounter.state import EncounterState
from undercroft.systems.amulet.encounter.view import SYSTEM
from undercroft.systems.amulet.room.events import Event

AGENT: Final = "scenario"


def simulate_encounter(scenario: ScenarioFile, seed: int, runs: int,
                       advance: Callable[[], None] | None = None) -> Summary:
    """``runs`` plays of the scenario in this process, summed up in run order."""
    plan = Plan(SYSTEM, runs, seed, [Arm(0, {}, scenario)], (AGENT,))

    def step(games: int) -> None:
        for _ in range(games):
            if advance is not None:
                advance()

    return run(plan, Workers(), 1, step).arms[0].summary


def encounter_document(name: str, seed: int, summary: Summary) -> dict[str, Any]:
    """The ``--json`` document of ``simulate amulet --scenario``."""
    return {"system": "amulet", "scenario": name, "runs": summary.games, "seed": seed,
            "rates": summary.rates_dict(), "metrics": summary.metrics_dict()}


def outcome_tally(name: str, seed: int, summary: Summary) -> dict[str, Any]:
    """The ``--json`` document of ``amulet scenario --runs``: how often each ending came,
    and what the runs cost."""
    endings = summary.words.get("result", Counter[str]())
    runs = summary.games
    return {"scenario": name, "seed": seed, "runs": runs,
            "outcomes": dict(sorted(endings.items())),
            "mean_rounds": _total(summary, "rounds") / runs if runs else 0.0,
            "hero_deaths": round(_total(summary, "hero_deaths")),
            "script_fallbacks": round(_total(summary, "script_fallbacks"))}


def _total(summary: Summary, name: str) -> float:
    """A figure summed over the runs: exactly from its counts while it keeps them."""
    found = summary.means.get(name)
    if found is None:
        return 0.0
    if found.counts is not None:
        return sum(value * count for value, count in found.counts.items())
    return found.mean * found.n


def play_once(scenario: ScenarioFile, seed: int,
              where: str = "scenario") -> tuple[EncounterState, list[Event]]:
    """One run to its end, every seat following the script strictly; every event said."""
    state = RULESET.new(scenario, seed)
    events: list[Event] = list(state.events)
    seats: dict[str, Any] = {seat: ScenarioAgent(strict=True) for seat in RULESET.seats(state)}

    def said(step: Sequence[Any]) -> None:
        events.extend(step)

    try:
        play_out(RULESET, state, seats, seed, after_step=said)
    except BadInput as error:
        raise BadInput(f"{where}: {error}") from None
    return state, events


def run_document(state: EncounterState, events: list[Event]) -> dict[str, Any]:
    """One run as ``--json`` prints it."""
    return {"seed": state.seed, "outcome": ending(state), "rounds": state.scene.round - 1,
            "fallbacks": state.off_script, "unused_forced": state.dice.unused(),
            "events": [event.to_dict() for event in events], "final": state.scene.to_dict()}
