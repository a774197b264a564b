"""An Amulet encounter behind the Game API (DESIGN.md): one room's fight from a scenario.

The scenario is the config (``encounter.config``), its forced rolls wait in the
dice, and its script is an agent (``encounter.agents.ScenarioAgent``); the fight
is played by the same rules' modules as a whole game's rooms. So an encounter has
records and replay, the conformance suite, the shared table and the balance lab
as every ruleset has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pydantic import BaseModel

from undercroft.engine.api import Outcome
from undercroft.engine.capabilities import Wording
from undercroft.engine.figures import FigureSpec
from undercroft.engine.game_info import GameInfo
from undercroft.engine.ruleset_base import Rules, RulesetBase
from undercroft.systems.amulet.choice_words import RoomWords, word_all
from undercroft.systems.amulet.encounter.agents import AGENTS
from undercroft.systems.amulet.encounter.config import EncounterConfig
from undercroft.systems.amulet.encounter.figures import SPEC, EncounterFigures
from undercroft.systems.amulet.encounter.rules import ending, legal_for, step, to_act
from undercroft.systems.amulet.encounter.scenario import ScenarioFile
from undercroft.systems.amulet.encounter.state import EncounterState, new_encounter
from undercroft.systems.amulet.encounter.view import SYSTEM, hidden, view
from undercroft.systems.amulet.encounter.view_schema import EncounterTruth, EncounterView
from undercroft.systems.amulet.room.actions import Action, parse_action

RULES_VERSION: Final = "1"
"""Raise whenever a change would make an old record replay differently."""

INFO: Final = GameInfo(
    name=SYSTEM, version=RULES_VERSION, simultaneous=True, seats=(1, 4),
    hidden_information=True, view_schema=EncounterView, truth_schema=EncounterTruth,
    quick_config={}, step_bound=400,
    illegal_samples=("escape", "read scroll", "use potion"))


class EncounterRuleset(RulesetBase[EncounterState, Action, ScenarioFile]):
    """Seeds 000 and 001, one room: a scenario's fight to its end."""

    def __init__(self) -> None:
        super().__init__(
            INFO, ScenarioFile,
            Rules(new=new_encounter, to_act=to_act, legal=legal_for, parse=parse_action,
                  step=step, view=view),
            AGENTS)

    def config_model(self) -> type[BaseModel]:
        """A scenario file's model, with the built-in scenario as its default (any
        scenario read by ``scenario.read_scenario`` plays too)."""
        return EncounterConfig

    def seats(self, state: EncounterState) -> Sequence[str]:
        return [hero.name for hero in state.scene.heroes]

    def outcome(self, state: EncounterState) -> Outcome | None:
        ended = ending(state)
        if ended is None:
            return None
        return Outcome(ended, summary(state))

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        return SPEC

    def watch(self, state: EncounterState) -> EncounterFigures:
        return EncounterFigures(state)

    def hidden(self, state: EncounterState) -> list[str]:
        return hidden(state)

    def choice_words(self, state: EncounterState, seat: str, actions: Sequence[Action]
                     ) -> list[Wording]:
        """Each choice in words, as a whole game's room says them (``choice_words``)."""
        hero = next((h for h in state.scene.heroes if h.name == seat), None)
        return word_all(RoomWords(state.scene, hero), actions)


def summary(state: EncounterState) -> dict[str, Any]:
    """The figures a table and outside scripts read at the end."""
    scene = state.scene
    return {"ended": ending(state), "rounds": scene.round - 1,
            "alive": [hero.name for hero in scene.heroes if hero.status != "dead"],
            "off_script": state.off_script, "unused_forced": state.dice.unused()}


RULESET: Final = EncounterRuleset()
