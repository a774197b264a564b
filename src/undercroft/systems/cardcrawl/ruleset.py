"""Card Crawl behind the Game API (DESIGN.md): turns, one seat at a time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pydantic import BaseModel

from undercroft.engine.api import Outcome
from undercroft.engine.capabilities import Wording
from undercroft.engine.figures import FigureSpec
from undercroft.engine.game_info import GameInfo
from undercroft.engine.ruleset_base import AuditedRuleset, Rules, audit_parts
from undercroft.maps.model import LevelMap
from undercroft.systems.cardcrawl.play import audit
from undercroft.systems.cardcrawl.play.actions import Play, parse_play
from undercroft.systems.cardcrawl.play.agents import AGENTS
from undercroft.systems.cardcrawl.play.choice_words import choice_words
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.figures import GameFigures, figure_spec
from undercroft.systems.cardcrawl.play.players_map import players_map
from undercroft.systems.cardcrawl.play.rules import legal, step, to_act
from undercroft.systems.cardcrawl.play.setup import new_game
from undercroft.systems.cardcrawl.play.state import CardCrawlState
from undercroft.systems.cardcrawl.play.view import view
from undercroft.systems.cardcrawl.view_schema import CardCrawlTruth, CardCrawlView

RULES_VERSION: Final = "2"
"""Raise whenever a change would make an old record replay differently."""

INFO: Final = GameInfo(
    name="cardcrawl", version=RULES_VERSION, simultaneous=False, seats=(1, 4),
    hidden_information=True, view_schema=CardCrawlView, truth_schema=CardCrawlTruth,
    quick_config={"rooms": 6, "max_rounds": 60}, step_bound=400,
    illegal_samples=("use potion", "rest", "move to room 99"))


class CardCrawlRuleset(AuditedRuleset[CardCrawlState, Play, CardCrawlConfig]):
    """Seed 004: card-built characters in a Random Dungeon, an automated game master."""

    def __init__(self) -> None:
        super().__init__(
            INFO, CardCrawlConfig,
            Rules(new=new_game, to_act=to_act, legal=legal, parse=parse_play, step=step,
                  view=view),
            AGENTS,
            audit_parts(audit))

    def seats(self, state: CardCrawlState) -> Sequence[str]:
        return [fighter.seat for fighter in state.fighters]

    def outcome(self, state: CardCrawlState) -> Outcome | None:
        if state.ended is None:
            return None
        return Outcome(state.ended, {
            "rounds": state.round - 1,
            "rooms_visited": sum(1 for room in state.rooms.values() if room.visited),
            "standing": [f.seat for f in state.fighters if not f.incapacitated]})

    def log_chapter(self, state: CardCrawlState) -> str:
        """The log holds the whole dungeon: a game is one short dungeon, and a room is
        often a step or two, too little to follow the fight by."""
        return "the dungeon"

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        return figure_spec(self.config(config))

    def watch(self, state: CardCrawlState) -> GameFigures:
        return GameFigures(state)

    def choice_words(self, state: CardCrawlState, seat: str, actions: Sequence[Play]
                     ) -> list[Wording]:
        """Each choice in words, its text in brackets; an attack with its chance to hit."""
        return choice_words(state, seat, actions)

    def players_map(self, state: CardCrawlState, seat: str | None) -> LevelMap:
        """The dungeon plan as the party has mapped it (one map for the whole table): the
        rooms entered and the corridors seen from them (``play.players_map``)."""
        return players_map(state)

    def hidden(self, state: CardCrawlState) -> list[str]:
        """What no seat may see: the seed, and the size, type and stock of rooms the party
        has not been in."""
        fragments = ['"seed":', '"stock":']
        fragments += [f'"room": {number}, "size"' for number, room in state.rooms.items()
                      if not room.visited]
        return fragments


RULESET: Final = CardCrawlRuleset()
