"""Dungeon Squad! + Coin-Op behind the Game API: Guides' seats and the GM's, one at a time."""

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
from undercroft.systems.squad import audit
from undercroft.systems.squad.agents import AGENTS
from undercroft.systems.squad.config import SquadConfig
from undercroft.systems.squad.figures import GameFigures, figure_spec
from undercroft.systems.squad.moves import Move, parse_move
from undercroft.systems.squad.rules import legal, step, to_act
from undercroft.systems.squad.setup import new_game
from undercroft.systems.squad.state import GM, SquadState
from undercroft.systems.squad.view import view

RULES_VERSION: Final = "2"


class SquadRuleset:
    """Seed 003: die-rated heroes, a coin-spending Gamemaster (software or a person)."""

    name = "squad"
    version = RULES_VERSION
    simultaneous = False

    def config_model(self) -> type[BaseModel]:
        return SquadConfig

    def new(self, config: BaseModel, seed: int) -> SquadState:
        return new_game(_config(config), seed)

    def seats(self, state: SquadState) -> Sequence[str]:
        return [*dict.fromkeys(state.guides.values()), GM]

    def to_act(self, state: SquadState) -> set[str]:
        return set(to_act(state))

    def legal(self, state: SquadState, seat: str) -> list[Move]:
        return legal(state, seat)

    def parse(self, text: str) -> Move:
        return parse_move(text)

    def step(self, state: SquadState, choices: Mapping[str, Move]) -> list[TextEvent]:
        return step(state, choices)

    def view(self, state: SquadState, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: SquadState) -> Outcome | None:
        if state.ended is None:
            return None
        return Outcome(state.ended, {
            "stage": state.stage.name,
            "stages_played": state.stage_index + (state.ended != "pool spent"),
            "standing": state.standing_heroes(),
            "pennies": {h: hero.pennies for h, hero in state.heroes.items()}})

    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        return dict(AGENTS)

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        return figure_spec(_config(config))

    def watch(self, state: SquadState) -> GameFigures:
        return GameFigures(state)

    def audit_kinds(self) -> Sequence[AnomalyKind]:
        return audit.KINDS

    def catalogue(self, config: BaseModel) -> Mapping[str, Sequence[str]]:
        return audit.catalogue(config)

    def usable_kinds(self) -> frozenset[str]:
        return audit.USABLE

    def auditor(self, state: SquadState) -> GameAuditor:
        return audit.auditor(state)

    def fingerprint(self, state: SquadState) -> object:
        return audit.fingerprint(state)

    def may_do_nothing(self, action: Any) -> bool:
        return audit.may_do_nothing(action)

    def hidden(self, state: SquadState) -> list[str]:
        """The seed, and the boss's sheet (its name is told, its numbers kept)."""
        return ['"seed":', '"boss_sheet":']


def _config(config: BaseModel) -> SquadConfig:
    if not isinstance(config, SquadConfig):
        raise BadInput(f"squad needs a SquadConfig, got {type(config).__name__}")
    return config


RULESET: Final = SquadRuleset()
