"""Dungeon Squad! + Coin-Op behind the Game API: Guides' seats and the GM's, one at a time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pydantic import BaseModel

from undercroft.engine.api import Outcome
from undercroft.engine.capabilities import Wording
from undercroft.engine.figures import FigureSpec
from undercroft.engine.game_info import GameInfo
from undercroft.engine.ruleset_base import AuditedRuleset, Rules, audit_parts
from undercroft.systems.squad.gm.stages import stages
from undercroft.systems.squad.play import audit
from undercroft.systems.squad.play.actions import Move, parse_move
from undercroft.systems.squad.play.agents import AGENTS
from undercroft.systems.squad.play.choice_words import choice_words
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.figures import GameFigures, figure_spec
from undercroft.systems.squad.play.rules import legal, step, to_act
from undercroft.systems.squad.play.setup import new_game
from undercroft.systems.squad.play.state import GM, SquadState
from undercroft.systems.squad.play.view import view
from undercroft.systems.squad.play.view_schema import SquadTruth, SquadView

RULES_VERSION: Final = "2"

INFO: Final = GameInfo(
    name="squad", version=RULES_VERSION, simultaneous=False, seats=(2, 5),
    hidden_information=True, view_schema=SquadView, truth_schema=SquadTruth,
    quick_config={"players": 2, "max_steps": 300}, step_bound=400,
    illegal_samples=("Nobody waits",))


class SquadRuleset(AuditedRuleset[SquadState, Move, SquadConfig]):
    """Seed 003: die-rated heroes, a coin-spending Gamemaster (software or a person)."""

    def __init__(self) -> None:
        super().__init__(
            INFO, SquadConfig,
            Rules(new=new_game, to_act=to_act, legal=legal, parse=parse_move, step=step,
                  view=view),
            AGENTS,
            audit_parts(audit))

    def seats(self, state: SquadState) -> Sequence[str]:
        return [*dict.fromkeys(state.guides.values()), GM]

    def outcome(self, state: SquadState) -> Outcome | None:
        if state.ended is None:
            return None
        return Outcome(state.ended, {
            "stage": state.stage.name,
            "stages_played": state.stage_index + (state.ended != "pool spent"),
            "standing": state.standing_heroes(),
            "pennies": {h: hero.pennies for h, hero in state.heroes.items()}})

    def log_chapter(self, state: SquadState) -> str:
        """The log holds one stage (the last stage's once every stage is played)."""
        index = min(state.stage_index, len(state.config.stages) - 1)
        return f"stage {index + 1}: {stages()[state.config.stages[index]].name}"

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        return figure_spec(self.config(config))

    def watch(self, state: SquadState) -> GameFigures:
        return GameFigures(state)

    def choice_words(self, state: SquadState, seat: str, actions: Sequence[Move]
                     ) -> list[Wording]:
        """Each move in words, its text in brackets; the GM's with what each costs."""
        return choice_words(state, seat, actions)

    def hidden(self, state: SquadState) -> list[str]:
        """The seed, and the boss's sheet (its name is told, its numbers kept)."""
        return ['"seed":', '"boss_sheet":']


RULESET: Final = SquadRuleset()
