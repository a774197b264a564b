"""One whole game played under audit: what fired, what was drawn and used, what broke.

The game is played as the balance lab plays it, on an engine ``Table`` (the same seeds,
agents and streams: ``sim.games``), with the rules' tally on (``engine.tally``), the
system's own auditor following every step (``engine.audit``), and the generic checks
below, which hold for any system:

- ``game.exception``: the rules raised; the game stops there.
- ``game.time-up``: the game ended by its step or round limit, not by its rules.
- ``game.unbounded``: the game reached the audit's step bound without ending.
- ``game.stalled``: ``STALL`` steps in a row changed nothing a player would see.
- ``game.idle-choice``: a choice was offered, taken, and changed nothing, though the
  rules do not say it may (``Auditable.may_do_nothing``); once per choice per game.
- ``game.only-waiting``: a seat was left, for the last part of the game, with a single
  thing to choose (a figure to watch: a dead character's player watching is a rule).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from pydantic import BaseModel

from undercroft.engine.api import Event, Ruleset, Seat
from undercroft.engine.audit import Anomaly, AnomalyKind, Auditable, GameAuditor
from undercroft.engine.table import Table
from undercroft.engine.tally import tallying
from undercroft.sim.games import Batch, batch_config, game_seed, make_agents

STALL: Final = 50
"""Steps in a row with nothing changed that make a stall."""
WAITING_SHARE: Final = 0.25
"""A seat with one choice only over this share of the game (and at least ``STALL``
steps) is waiting for the end."""
MAX_STEPS: Final = 200_000
"""The audit's own bound on a game; every ruleset's limit ends games long before."""

GENERIC: Final = (
    AnomalyKind("game.exception", "the rules raised an exception; the game stopped there"),
    AnomalyKind("game.time-up", "the game ended by its step or round limit, not its rules"),
    AnomalyKind("game.unbounded", f"the game had not ended after {MAX_STEPS:,} steps"),
    AnomalyKind("game.stalled", f"{STALL} steps in a row changed nothing a player sees"),
    AnomalyKind("game.idle-choice", "a choice offered and taken changed nothing"),
    AnomalyKind("game.only-waiting", "a seat had one thing to choose for the last part of "
                "the game", must_be_zero=False),
)


@dataclass
class GameAudit:
    """What one game showed the audit (small: rows travel back from the workers)."""

    index: int
    seed: int
    steps: int
    result: str | None
    fired: dict[str, int] = field(default_factory=dict)
    drawn: dict[str, int] = field(default_factory=dict)
    used: dict[str, int] = field(default_factory=dict)
    anomalies: list[Anomaly] = field(default_factory=list)
    where: dict[str, int] = field(default_factory=dict)
    doing: dict[str, int] = field(default_factory=dict)


def auditable(ruleset: Ruleset[Any, Any]) -> Auditable:
    if not isinstance(ruleset, Auditable):
        raise TypeError(f"{ruleset.name} offers no audit (engine.audit.Auditable)")
    return ruleset


class _Generic:
    """The checks every system's games pass."""

    def __init__(self) -> None:
        self.anomalies: list[Anomaly] = []
        self.same_since = 0
        self.stalled = False
        self.idle: set[str] = set()
        self.varied: dict[Seat, int] = {}
        """Each seat's last step at which it had more than one thing to choose."""
        self.asked: dict[Seat, int] = {}

    def before(self, step: int, legal: dict[Seat, list[Any]]) -> None:
        for seat, actions in legal.items():
            self.asked[seat] = step
            if len(actions) > 1:
                self.varied[seat] = step

    def after(self, step: int, changed: bool, choices: dict[Seat, Any],
              legal: dict[Seat, list[Any]], audit: Auditable) -> None:
        if changed:
            self.same_since, self.stalled = step, False
        else:
            offered = [f"{seat}: {action.text}" for seat, action in sorted(choices.items())
                       if len(legal[seat]) > 1 and not audit.may_do_nothing(action)]
            for text in offered:
                if text not in self.idle:
                    self.idle.add(text)
                    self.anomalies.append(Anomaly("game.idle-choice", step, text))
            if not self.stalled and step - self.same_since >= STALL:
                self.stalled = True
                self.anomalies.append(Anomaly("game.stalled", self.same_since,
                                              f"steps {self.same_since + 1}-{step} changed "
                                              "nothing"))

    def finish(self, steps: int) -> None:
        for seat in sorted(self.asked):
            since = self.varied.get(seat, 0)
            if steps - since >= max(STALL, WAITING_SHARE * steps) and self.asked[seat] > since:
                self.anomalies.append(Anomaly("game.only-waiting", since,
                                              f"{seat} had one thing to choose from step "
                                              f"{since + 1} to the end ({steps})"))


class _Watch:
    """Follows a game's steps for the audit: the generic checks and the system's auditor."""

    def __init__(self, table: Table, audit: Auditable, auditor: GameAuditor,
                 generic: _Generic, choices_out: list[dict[Seat, str]] | None) -> None:
        self.table, self.audit, self.auditor = table, audit, auditor
        self.generic, self.choices_out = generic, choices_out
        self.seen = audit.fingerprint(table.state)
        self.legal: Mapping[Seat, list[Any]] = {}

    def offered(self, legal: Mapping[Seat, list[Any]]) -> None:
        self.legal = legal
        self.generic.before(self.table.steps, dict(legal))

    def stepped(self, choices: Mapping[Seat, Any], events: Sequence[Event]) -> None:
        step, state = self.table.steps, self.table.state
        if self.choices_out is not None:
            self.choices_out.append({seat: action.text for seat, action in choices.items()})
        now = self.audit.fingerprint(state)
        self.generic.after(step, now != self.seen, dict(choices), dict(self.legal), self.audit)
        self.seen = now
        self.auditor.see(state, step, dict(choices), events)


def audit_game(ruleset: Ruleset[Any, Any], config: BaseModel, agent_names: Sequence[str],
               seed: int, index: int = 0, until: int | None = None,
               choices_out: list[dict[Seat, str]] | None = None) -> GameAudit:
    """Play game ``index`` (seed ``seed``) under audit, to its end or to step ``until``;
    ``choices_out`` collects every step's choices as text (for a record). The game is an
    engine ``Table`` with every seat automated, watched step by step."""
    audit = auditable(ruleset)
    bound = MAX_STEPS if until is None else min(until, MAX_STEPS)
    with tallying() as tally:
        state = ruleset.new(config, seed)
        auditor = audit.auditor(state)
        table = Table(ruleset, state, seed,
                      make_agents(ruleset, agent_names, ruleset.seats(state)))
        generic = _Generic()
        try:
            table.run_automated(bound, watcher=_Watch(table, audit, auditor, generic,
                                                      choices_out))
            step = table.steps
            outcome = table.outcome
            if outcome is not None and outcome.result == "time up":
                generic.anomalies.append(Anomaly("game.time-up", step, "the game ended by "
                                                 f"its limit after {step} steps"))
            elif outcome is None and until is None:
                generic.anomalies.append(Anomaly("game.unbounded", step, f"no end after "
                                                 f"{step} steps"))
            generic.finish(step)
            auditor.finish(state, step)
        except Exception as error:  # the finding itself: which game, which step
            text = " ".join(str(error).split())[:160]
            generic.anomalies.append(Anomaly("game.exception", table.steps,
                                             f"{type(error).__name__}: {text}"))
            outcome = None
        findings = auditor.findings
        return GameAudit(index, seed, table.steps,
                         outcome.result if outcome is not None else None,
                         dict(tally.fired), dict(tally.drawn), dict(tally.used),
                         generic.anomalies + findings.anomalies, dict(findings.where),
                         dict(findings.doing))


def audit_batch(batch: Batch) -> list[GameAudit]:
    """Every game of a batch under audit (a top-level function: pools pickle it by name)."""
    ruleset, config = batch_config(batch.system, batch.config)
    return [audit_game(ruleset, config, batch.agents, game_seed(batch.seed, index), index)
            for index in range(batch.start, batch.stop)]
