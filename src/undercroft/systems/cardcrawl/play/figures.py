"""What the balance lab reads of one game of Card Crawl: how far the party got, what fell,
what it cost, and who put the characters down."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from undercroft.engine.figures import Figure, FigureSpec
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.enemies import bestiary
from undercroft.systems.cardcrawl.play.game_over import reachable
from undercroft.systems.cardcrawl.play.state import CardCrawlState

HEADLINE: Final = ("rooms_visited", "rounds", "creatures_felled", "defence_lost",
                   "characters_down", "rests_used")
UNITS: Final = {"rooms_visited": "rooms", "rooms_reachable": "rooms", "rounds": "rounds",
                "groups_defeated": "groups", "creatures_felled": "creatures",
                "hits_taken": "hits", "defence_lost": "defence rating",
                "characters_down": "characters", "rests_used": "long rests",
                "heals": "cards back", "gear_taken": "cards", "downed_by.": "characters per game"}


def figure_spec(config: CardCrawlConfig) -> FigureSpec:
    columns = ["result", "rounds", "rooms_visited", "rooms_reachable", "groups_defeated",
               "creatures_felled", "hits_taken", "defence_lost", "characters_down",
               "rests_used", "heals", "gear_taken"]
    columns += [f"downed_by.{kind}" for kind in sorted(bestiary())]
    return FigureSpec(columns=tuple(columns), headline=HEADLINE, depth="rooms_visited",
                      distributions=("rounds", "defence_lost"), causes="downed_by.",
                      units=UNITS)


class GameFigures:
    """Follows one game's events and says its row at the end."""

    def __init__(self, state: CardCrawlState) -> None:
        self.state = state
        self.counts: Counter[str] = Counter()
        self.kinds: dict[str, str] = {}
        self.downed: Counter[str] = Counter()
        self.columns = figure_spec(state.config).columns
        self.last_hit = ""
        """The group that struck last: an incapacitated character is put down by it."""

    def see(self, events: Sequence[Any]) -> None:
        for event in events:
            kind, data = event.kind, event.data
            if kind == "enemies":
                self.kinds[data["group"]] = data["enemy"]
            elif kind == "hit":
                self.counts["felled"] += data["felled"]
            elif kind == "defeated":
                self.counts["groups"] += 1
            elif kind == "wounded":
                self.counts["hits"] += 1
                self.counts["lost"] += sum(data["lost"])
                self.last_hit = data["group"]
            elif kind == "incapacitated":
                self.downed[self.kinds.get(self.last_hit, "")] += 1
            elif kind == "rest":
                self.counts["rests"] += 1
            elif kind == "healed":
                self.counts["heals"] += 1
            elif kind == "take":
                self.counts["gear"] += 1

    def row(self) -> dict[str, Figure]:
        state = self.state
        row: dict[str, Figure] = {
            "result": state.ended or "unfinished", "rounds": state.round - 1,
            "rooms_visited": sum(1 for r in state.rooms.values() if r.visited),
            "rooms_reachable": len(reachable(state)),
            "groups_defeated": self.counts["groups"],
            "creatures_felled": self.counts["felled"], "hits_taken": self.counts["hits"],
            "defence_lost": self.counts["lost"],
            "characters_down": sum(1 for f in state.fighters if f.incapacitated),
            "rests_used": self.counts["rests"], "heals": self.counts["heals"],
            "gear_taken": self.counts["gear"],
        }
        for kind in sorted(bestiary()):
            row[f"downed_by.{kind}"] = self.downed[kind]
        return {column: row[column] for column in self.columns}
