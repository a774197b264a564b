"""Monte Carlo of one Amulet encounter from the sandbox: win, lose and flee rates, damage.

Each run plays the scenario file on its own seed (``sandbox.run_seeds``) with the
script first and each hero's agent after, as ``undercroft amulet scenario --runs``
does; here every run is summed up with intervals: Wilson's for the rates, Student's
t for the damage the party took and the rounds it lasted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from undercroft.sim.stats import Summary
from undercroft.systems.amulet.sandbox import RunResult, play, run_seeds
from undercroft.systems.amulet.scenario import ScenarioFile

ENDINGS: Final = {"cleared": "win", "wiped out": "lose", "escaped": "flee",
                  "descended": "flee", "time up": "time up"}
"""A fight's outcome as the designer asks about it: the party won, lost or fled."""
RATES: Final = ("win", "lose", "flee", "time up")


def encounter_row(result: RunResult) -> dict[str, Any]:
    """One run: how it ended, damage the heroes took, rounds, heroes dead."""
    fight = result.fight
    ending = ENDINGS.get(result.outcome, result.outcome)
    damage = sum(int(event.data.get("damage", 0)) for event in fight.events
                 if event.kind == "hurt")
    row: dict[str, Any] = {name: ending == name for name in RATES}
    row.update({"damage_taken": damage, "rounds": fight.scene.round - 1,
                "hero_deaths": sum(h.status == "dead" for h in fight.scene.heroes),
                "script_fallbacks": result.fallbacks})
    return row


def simulate_encounter(scenario: ScenarioFile, seed: int, runs: int,
                       advance: Callable[[], None] | None = None) -> Summary:
    """``runs`` plays of the scenario, summed up."""
    summary = Summary()
    for run_seed in run_seeds(seed, runs):
        summary.add(encounter_row(play(scenario, run_seed, strict=False)))
        if advance is not None:
            advance()
    return summary


def encounter_document(name: str, seed: int, summary: Summary) -> dict[str, Any]:
    """The ``--json`` document of an encounter run."""
    return {"system": "amulet", "scenario": name, "runs": summary.games, "seed": seed,
            "rates": summary.rates_dict(), "metrics": summary.metrics_dict()}
