"""Amulet behind the Game API (DESIGN.md): the engine's way into the whole game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from pydantic import BaseModel

from undercroft.engine.agents import Agent
from undercroft.engine.api import Outcome
from undercroft.engine.audit import AnomalyKind, GameAuditor
from undercroft.engine.figures import FigureSpec
from undercroft.errors import BadInput
from undercroft.systems.amulet import audit
from undercroft.systems.amulet.actions import Action, parse_action
from undercroft.systems.amulet.events import Event
from undercroft.systems.amulet.game_agents import AGENTS
from undercroft.systems.amulet.game_config import GameConfig
from undercroft.systems.amulet.game_figures import GameFigures, figure_spec
from undercroft.systems.amulet.game_state import GameState
from undercroft.systems.amulet.game_step import legal_for, step, to_act
from undercroft.systems.amulet.game_view import view
from undercroft.systems.amulet.meta_dungeon import new_game

RULES_VERSION: Final = "6"
"""Raise whenever a change would make an old record replay differently."""


class AmuletRuleset:
    """Seeds 000 and 001: the GM-less, Gauntlet-style crawl."""

    name = "amulet"
    version = RULES_VERSION
    simultaneous = True

    def config_model(self) -> type[BaseModel]:
        return GameConfig

    def new(self, config: BaseModel, seed: int) -> GameState:
        if not isinstance(config, GameConfig):
            raise BadInput(f"amulet needs a GameConfig, got {type(config).__name__}")
        return new_game(config, seed)

    def seats(self, state: GameState) -> Sequence[str]:
        return [hero.name for hero in state.heroes]

    def to_act(self, state: GameState) -> set[str]:
        return set(to_act(state))

    def legal(self, state: GameState, seat: str) -> list[Action]:
        return legal_for(state, seat)

    def parse(self, text: str) -> Action:
        return parse_action(text)

    def step(self, state: GameState, choices: Mapping[str, Action]) -> list[Event]:
        return step(state, choices)

    def view(self, state: GameState, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: GameState) -> Outcome | None:
        if state.ended is None:
            return None
        return Outcome(state.ended, summary(state))

    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        return dict(AGENTS)

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        if not isinstance(config, GameConfig):
            raise BadInput(f"amulet needs a GameConfig, got {type(config).__name__}")
        return figure_spec(config)

    def watch(self, state: GameState) -> GameFigures:
        return GameFigures(state)

    def audit_kinds(self) -> Sequence[AnomalyKind]:
        return audit.KINDS

    def catalogue(self, config: BaseModel) -> Mapping[str, Sequence[str]]:
        return audit.catalogue(config)

    def usable_kinds(self) -> frozenset[str]:
        return audit.USABLE_KINDS

    def auditor(self, state: Any) -> GameAuditor:
        return audit.auditor(state)

    def fingerprint(self, state: Any) -> object:
        return audit.fingerprint(state)

    def may_do_nothing(self, action: Any) -> bool:
        return audit.may_do_nothing(action)

    def hidden(self, state: GameState) -> list[str]:
        """Fragments of JSON no seat's view may contain (the conformance suite's check):
        the seed, the generator's exit ids, any exit number past the count of a room's
        found exits (a gap would tell of a secret exit unfound), unseen rooms and ways
        into them, and what lies beyond a murder hole not yet open."""
        level = state.level
        fragments = ['"seed":', '"map":']
        for room in level.generator.level.rooms:
            found = sum(1 for exit_ in room.exits if level.is_found(exit_))
            fragments += [f'"id": "{room.id}.{number}"'
                          for number in range(found + 1, len(room.exits) + 1)]
        for room in level.generator.level.rooms:
            if room.id not in level.seen:
                fragments += [f'"id": {room.id}, "size"', f'"to": {room.id}}}',
                              f'"to": [{room.id},', f'"to": [{room.id}]', f', {room.id}]}}']
        if not any(scene.hole_open() for scene in level.scenes.values()):
            fragments.append('"place": "beyond"')
        return fragments


def summary(state: GameState) -> dict[str, Any]:
    """The figures a table and outside scripts read at the end (or at any point)."""
    return {
        "depth_reached": state.depth,
        "treasure": {hero.name: hero.treasure for hero in state.heroes},
        "rounds": state.table.round - 1,
        "alive": [hero.name for hero in state.heroes if hero.status != "dead"],
        "tokens": dict(state.tokens),
        "ended": state.ended,
    }


RULESET: Final = AmuletRuleset()
