"""Labyrinth behind the Game API (DESIGN.md): turns, with the software as dungeon master."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pydantic import BaseModel

from undercroft.engine.api import Outcome
from undercroft.engine.capabilities import Wording
from undercroft.engine.figures import FigureSpec
from undercroft.engine.game_info import GameInfo
from undercroft.engine.ruleset_base import AuditedRuleset, Rules, audit_parts
from undercroft.systems.labyrinth import audit
from undercroft.systems.labyrinth.actions import Choice, parse_choice
from undercroft.systems.labyrinth.agents import AGENTS
from undercroft.systems.labyrinth.choice_words import choice_words
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.figures import GameFigures, figure_spec
from undercroft.systems.labyrinth.rules import legal, step, to_act
from undercroft.systems.labyrinth.setup import new_game
from undercroft.systems.labyrinth.state import LabyrinthState
from undercroft.systems.labyrinth.view import view
from undercroft.systems.labyrinth.view_schema import LabyrinthTruth, LabyrinthView

RULES_VERSION: Final = "2"

INFO: Final = GameInfo(
    name="labyrinth", version=RULES_VERSION, simultaneous=False, seats=(1, 6),
    hidden_information=True, view_schema=LabyrinthView, truth_schema=LabyrinthTruth,
    quick_config={"players": 3, "max_steps": 300}, step_bound=400,
    illegal_samples=("use potion",))


def _new(config: LabyrinthConfig, seed: int) -> LabyrinthState:
    return new_game(config, seed)


class LabyrinthRuleset(AuditedRuleset[LabyrinthState, Choice, LabyrinthConfig]):
    """Seed 002: a party of adventurers, two decks, floors, the market, d20 combat."""

    def __init__(self) -> None:
        super().__init__(
            INFO, LabyrinthConfig,
            Rules(new=_new, to_act=to_act, legal=legal, parse=parse_choice, step=step,
                  view=view),
            AGENTS,
            audit_parts(audit))

    def seats(self, state: LabyrinthState) -> Sequence[str]:
        return [member.seat for member in state.party]

    def outcome(self, state: LabyrinthState) -> Outcome | None:
        if state.ended is None:
            return None
        return Outcome(state.ended, {
            "deepest_floor": state.deepest, "unlocked": state.unlocked,
            "alive": [m.seat for m in state.party if m.alive],
            "silver": {m.seat: m.silver for m in state.party}})

    def log_chapter(self, state: LabyrinthState) -> str:
        """The log holds one floor of the dungeon, or one stay in town."""
        return f"floor {state.floor}" if state.floor else "town"

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        return figure_spec(self.config(config))

    def watch(self, state: LabyrinthState) -> GameFigures:
        return GameFigures(state)

    def choice_words(self, state: LabyrinthState, seat: str, actions: Sequence[Choice]
                     ) -> list[Wording]:
        """Each choice in words, its text in brackets ("Buy Rations for 3 silver ...")."""
        return choice_words(state, seat, actions)

    def hidden(self, state: LabyrinthState) -> list[str]:
        """No seat sees the seed or the order of the decks."""
        return ['"seed":', '"draw_piles":']


RULESET: Final = LabyrinthRuleset()
