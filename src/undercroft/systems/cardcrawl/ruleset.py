"""Card Crawl behind the Game API (DESIGN.md): turns, one seat at a time."""

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
from undercroft.systems.cardcrawl import audit
from undercroft.systems.cardcrawl.play_actions import Play, parse_play
from undercroft.systems.cardcrawl.play_agents import AGENTS
from undercroft.systems.cardcrawl.play_config import CardCrawlConfig
from undercroft.systems.cardcrawl.play_figures import GameFigures, figure_spec
from undercroft.systems.cardcrawl.play_rules import legal, step, to_act
from undercroft.systems.cardcrawl.play_setup import new_game
from undercroft.systems.cardcrawl.play_state import CardCrawlState
from undercroft.systems.cardcrawl.play_view import view

RULES_VERSION: Final = "2"
"""Raise whenever a change would make an old record replay differently."""


class CardCrawlRuleset:
    """Seed 004: card-built characters in a Random Dungeon, an automated game master."""

    name = "cardcrawl"
    version = RULES_VERSION
    simultaneous = False

    def config_model(self) -> type[BaseModel]:
        return CardCrawlConfig

    def new(self, config: BaseModel, seed: int) -> CardCrawlState:
        return new_game(_config(config), seed)

    def seats(self, state: CardCrawlState) -> Sequence[str]:
        return [fighter.seat for fighter in state.fighters]

    def to_act(self, state: CardCrawlState) -> set[str]:
        return set(to_act(state))

    def legal(self, state: CardCrawlState, seat: str) -> list[Play]:
        return legal(state, seat)

    def parse(self, text: str) -> Play:
        return parse_play(text)

    def step(self, state: CardCrawlState, choices: Mapping[str, Play]) -> list[TextEvent]:
        return step(state, choices)

    def view(self, state: CardCrawlState, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: CardCrawlState) -> Outcome | None:
        if state.ended is None:
            return None
        return Outcome(state.ended, {
            "rounds": state.round - 1,
            "rooms_visited": sum(1 for room in state.rooms.values() if room.visited),
            "standing": [f.seat for f in state.fighters if not f.incapacitated]})

    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        return dict(AGENTS)

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        return figure_spec(_config(config))

    def watch(self, state: CardCrawlState) -> GameFigures:
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

    def hidden(self, state: CardCrawlState) -> list[str]:
        """What no seat may see: the seed, and the size, type and stock of rooms the party
        has not been in."""
        fragments = ['"seed":', '"stock":']
        fragments += [f'"room": {number}, "size"' for number, room in state.rooms.items()
                      if not room.visited]
        return fragments


def _config(config: BaseModel) -> CardCrawlConfig:
    if not isinstance(config, CardCrawlConfig):
        raise BadInput(f"cardcrawl needs a CardCrawlConfig, got {type(config).__name__}")
    return config


RULESET: Final = CardCrawlRuleset()
