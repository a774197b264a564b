"""Labyrinth behind the Game API (DESIGN.md): turns, with the software as dungeon master."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from pydantic import BaseModel

from undercroft.engine.agents import Agent
from undercroft.engine.api import Outcome
from undercroft.engine.audit import AnomalyKind, GameAuditor
from undercroft.engine.figures import FigureSpec
from undercroft.engine.turns import TextEvent
from undercroft.errors import BadInput
from undercroft.systems.labyrinth import audit
from undercroft.systems.labyrinth.actions import Choice, parse_choice
from undercroft.systems.labyrinth.agents import AGENTS
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.figures import GameFigures, figure_spec
from undercroft.systems.labyrinth.game_state import LabyrinthState
from undercroft.systems.labyrinth.rules import legal, step, to_act
from undercroft.systems.labyrinth.setup import new_game
from undercroft.systems.labyrinth.view import view

RULES_VERSION: Final = "2"


class LabyrinthRuleset:
    """Seed 002: a party of adventurers, two decks, floors, the market, d20 combat."""

    name = "labyrinth"
    version = RULES_VERSION
    simultaneous = False

    def config_model(self) -> type[BaseModel]:
        return LabyrinthConfig

    def new(self, config: BaseModel, seed: int) -> LabyrinthState:
        return new_game(_config(config), seed)

    def seats(self, state: LabyrinthState) -> Sequence[str]:
        return [member.seat for member in state.party]

    def to_act(self, state: LabyrinthState) -> set[str]:
        return set(to_act(state))

    def legal(self, state: LabyrinthState, seat: str) -> list[Choice]:
        return legal(state, seat)

    def parse(self, text: str) -> Choice:
        return parse_choice(text)

    def step(self, state: LabyrinthState, choices: Mapping[str, Choice]) -> list[TextEvent]:
        return step(state, choices)

    def view(self, state: LabyrinthState, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: LabyrinthState) -> Outcome | None:
        if state.ended is None:
            return None
        return Outcome(state.ended, {
            "deepest_floor": state.deepest, "unlocked": state.unlocked,
            "alive": [m.seat for m in state.party if m.alive],
            "silver": {m.seat: m.silver for m in state.party}})

    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        return dict(AGENTS)

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        return figure_spec(_config(config))

    def watch(self, state: LabyrinthState) -> GameFigures:
        return GameFigures(state)

    def audit_kinds(self) -> Sequence[AnomalyKind]:
        return audit.KINDS

    def catalogue(self, config: BaseModel) -> Mapping[str, Sequence[str]]:
        return audit.catalogue(config)

    def usable_kinds(self) -> frozenset[str]:
        return audit.USABLE

    def auditor(self, state: Any) -> GameAuditor:
        return audit.auditor(state)

    def fingerprint(self, state: Any) -> object:
        return audit.fingerprint(state)

    def may_do_nothing(self, action: Any) -> bool:
        return audit.may_do_nothing(action)

    def hidden(self, state: LabyrinthState) -> list[str]:
        """No seat sees the seed or the order of the decks."""
        return ['"seed":', '"draw_piles":']


def _config(config: BaseModel) -> LabyrinthConfig:
    if not isinstance(config, LabyrinthConfig):
        raise BadInput(f"labyrinth needs a LabyrinthConfig, got {type(config).__name__}")
    return config


RULESET: Final = LabyrinthRuleset()
