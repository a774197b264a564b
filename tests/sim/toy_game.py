"""A tiny ruleset whose faults the tests choose, for the audit's generic checks.

Two seats climb a ladder of ``goal`` rungs, one at a time: ``climb`` goes up a rung,
``wait`` does nothing (an idle choice unless the ruleset is made with
``waiting_is_a_rule``), ``gamble`` is a
roll that may rightly do nothing. ``fault`` makes a game break one way: ``raise`` at
step 5, ``time-up`` after 8 steps, ``stall`` (climbing stops changing anything from
step 3), ``endless`` (the game never ends), ``lonely`` (the second seat is offered only
``wait`` from step 2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from undercroft.engine.agents import Agent
from undercroft.engine.api import Outcome
from undercroft.engine.audit import AnomalyKind, Findings
from undercroft.engine.tally import drawn, fired, used
from undercroft.rng import Stream

SEATS = ("north", "south")


class ToyConfig(BaseModel):
    goal: int = 20
    fault: str = ""


@dataclass(frozen=True)
class Move:
    text: str


@dataclass
class Ladder:
    config: ToyConfig
    rung: int = 0
    steps: int = 0
    log: list[str] = field(default_factory=list)


class Climber:
    """Climbs whenever it can."""

    name = "climber"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: Stream) -> Any:
        return next((move for move in legal if move.text == "climb"), legal[0])


class Waiter:
    """Waits whenever it can."""

    name = "waiter"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: Stream) -> Any:
        return next((move for move in legal if move.text == "wait"), legal[0])


class Gambler:
    name = "gambler"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: Stream) -> Any:
        return next((move for move in legal if move.text == "gamble"), legal[0])


class LadderAuditor:
    """Reports a ``toy.high`` fault at the top rung; counts steps per ten rungs."""

    def __init__(self) -> None:
        self.findings = Findings()

    def see(self, state: Ladder, step: int, choices: Mapping[str, Any],
            events: Sequence[Any]) -> None:
        self.findings.count(f"rungs {state.rung // 10 * 10}+", "climbing")

    def finish(self, state: Ladder, step: int) -> None:
        if state.rung >= state.config.goal:
            self.findings.add("toy.high", step, f"rung {state.rung}")


class ToyRuleset:
    name = "toy"
    version = "1"
    simultaneous = False

    def __init__(self, waiting_is_a_rule: bool = False) -> None:
        self.waiting_is_a_rule = waiting_is_a_rule

    def config_model(self) -> type[BaseModel]:
        return ToyConfig

    def new(self, config: BaseModel, seed: int) -> Ladder:
        assert isinstance(config, ToyConfig)
        drawn("toy.rope.long")
        drawn("toy.rope.short")
        return Ladder(config)

    def seats(self, state: Ladder) -> Sequence[str]:
        return SEATS

    def to_act(self, state: Ladder) -> set[str]:
        return {SEATS[state.steps % 2]}

    def legal(self, state: Ladder, seat: str) -> list[Move]:
        if state.config.fault == "lonely" and seat == "south" and state.steps >= 2:
            return [Move("wait")]
        return [Move("climb"), Move("wait"), Move("gamble")]

    def parse(self, text: str) -> Move:
        return Move(text)

    def step(self, state: Ladder, choices: Mapping[str, Move]) -> list[Any]:
        fault = state.config.fault
        if fault == "raise" and state.steps == 5:
            raise RuntimeError("the ladder broke")
        state.steps += 1
        [move] = choices.values()
        if move.text == "climb" and not (fault == "stall" and state.steps > 3):
            fired("toy.climb")
            used("toy.rope.long")
            state.rung += 1
        state.log.append(move.text)
        return []

    def view(self, state: Ladder, seat: str | None) -> dict[str, Any]:
        return {"rung": state.rung, "steps": state.steps, "log": list(state.log)}

    def outcome(self, state: Ladder) -> Outcome | None:
        if state.config.fault == "time-up" and state.steps >= 8:
            return Outcome("time up")
        if state.config.fault != "endless" and state.rung >= state.config.goal:
            return Outcome("victory")
        return None

    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        return {"climber": Climber, "waiter": Waiter, "gambler": Gambler}

    def audit_kinds(self) -> Sequence[AnomalyKind]:
        return (AnomalyKind("toy.high", "the ladder was climbed to the top"),)

    def catalogue(self, config: Any) -> Mapping[str, Sequence[str]]:
        return {"rope": ("toy.rope.long", "toy.rope.short", "toy.rope.frayed")}

    def usable_kinds(self) -> frozenset[str]:
        return frozenset({"rope"})

    def auditor(self, state: Any) -> LadderAuditor:
        return LadderAuditor()

    def fingerprint(self, state: Ladder) -> object:
        return state.rung

    def may_do_nothing(self, action: Any) -> bool:
        return bool(action.text == "gamble"
                    or (action.text == "wait" and self.waiting_is_a_rule))
