"""Amulet behind the Game API (DESIGN.md): the engine's way into the whole game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pydantic import BaseModel

from undercroft.engine.api import Outcome
from undercroft.engine.capabilities import Wording
from undercroft.engine.figures import FigureSpec
from undercroft.engine.game_info import GameInfo
from undercroft.engine.ruleset_base import AuditedRuleset, AuditParts, Rules
from undercroft.maps.model import Exit, LevelMap, Room
from undercroft.systems.amulet.choice_words import RoomWords, word_all
from undercroft.systems.amulet.game import audit
from undercroft.systems.amulet.game.agents import AGENTS
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.figures import GameFigures, figure_spec
from undercroft.systems.amulet.game.level_play import Level
from undercroft.systems.amulet.game.meta_dungeon import new_game
from undercroft.systems.amulet.game.rules import legal_for, step, to_act
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.game.view import view
from undercroft.systems.amulet.game.view_schema import AmuletTruth, AmuletView
from undercroft.systems.amulet.room.actions import Action, parse_action

RULES_VERSION: Final = "6"
"""Raise whenever a change would make an old record replay differently."""

INFO: Final = GameInfo(
    name="amulet", version=RULES_VERSION, simultaneous=True, seats=(1, 4),
    hidden_information=True, view_schema=AmuletView, truth_schema=AmuletTruth,
    quick_config={"max_rounds": 150, "depth_limit": 3},
    step_bound=400,
    illegal_samples=("escape", "read scroll", "use potion"))


class AmuletRuleset(AuditedRuleset[GameState, Action, GameConfig]):
    """Seeds 000 and 001: the GM-less, Gauntlet-style crawl."""

    def __init__(self) -> None:
        super().__init__(
            INFO, GameConfig,
            Rules(new=new_game, to_act=to_act, legal=legal_for, parse=parse_action,
                  step=step, view=view),
            AGENTS,
            AuditParts(kinds=audit.KINDS, usable=audit.USABLE_KINDS,
                       catalogue=audit.catalogue, auditor=audit.auditor,
                       fingerprint=audit.fingerprint, may_do_nothing=audit.may_do_nothing))

    def seats(self, state: GameState) -> Sequence[str]:
        return [hero.name for hero in state.heroes]

    def view(self, state: GameState, seat: str | None) -> dict[str, Any]:
        """The seat's view with its own events: the table is shared, so a seat is told
        every event of the last step (of making the game, before the first step). The
        whole truth (None) is the state's view alone."""
        shown = super().view(state, seat)
        if seat is not None:
            shown["events"] = [event.to_dict() for event in state.events]
        return shown

    def outcome(self, state: GameState) -> Outcome | None:
        if state.ended is None:
            return None
        return Outcome(state.ended, summary(state))

    def standing(self, state: GameState) -> dict[str, Any]:
        """The level the party is on and the summary's figures, at any step."""
        return {"depth": state.depth, **summary(state)}

    def log_chapter(self, state: GameState) -> str:
        """The log holds one level of the dungeon."""
        return f"level {state.depth}"

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        return figure_spec(self.config(config))

    def choice_words(self, state: GameState, seat: str, actions: Sequence[Action]
                     ) -> list[Wording]:
        """Each choice in words, named from the seat's room as its view shows it
        (``choice_words``): "Take the stair down (1.1)"."""
        hero = next((h for h in state.heroes if h.name == seat), None)
        room_id = state.rooms.get(seat)
        scene = None if room_id is None or state.level.kind == "treasure" \
            else state.level.scenes.get(room_id)
        config = state.config
        return word_all(RoomWords(scene, hero, config.token_health, config.revive_health),
                        actions)

    def watch(self, state: GameState) -> GameFigures:
        return GameFigures(state)

    def players_map(self, state: GameState, seat: str | None) -> LevelMap:
        """The level as the party has mapped it (one map for the whole table): the rooms
        the seats have seen are marked discovered, the rooms carry no rolled contents or
        encounter notes (a room seen through a door does not show those), and the title
        does not name the seed."""
        level = state.level
        drawn = level.players_map()
        bare = [Room(room.id, room.polygon, room.size, room.shape,
                     exits=[_named(level, exit_) for exit_ in room.exits],
                     murder_holes=room.murder_holes, discovered=room.id in level.seen)
                for room in drawn.rooms]
        return LevelMap(drawn.level_size, bare, f"Amulet - level {level.depth}")

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


def _named(level: Level, exit_: Exit) -> Exit:
    """An exit as the players know it: by the name play gave it (``1.1``, the name the
    choices use, not the generator's number, which would count the secret exits not yet
    found), open or shut as play has it (``details["open"]``, so a way open from the
    start reads as open). An exit play has not named is one the players have not
    found: it keeps no number of its own ("?"), so none can be read off the map."""
    name = level.name_of.get(exit_.id)
    twin = None if exit_.twin is None else level.name_of.get(exit_.twin)
    return Exit("?" if name is None else name, exit_.type, exit_.wall, exit_.segment,
                exit_.to, twin, exit_.found and name is not None, exit_.opened,
                {"open": level.is_open(exit_)})


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
