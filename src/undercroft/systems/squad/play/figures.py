"""What the balance lab reads of one game of Dungeon Squad!: how far the heroes got, and
how each kind of hero (by its d12: Mage, Warrior, Explorer) fared.

Playtesters reported that Mage dominates and Explorer lags; the columns by kind
(damage dealt, monsters defeated, knocked out) let the report show whether ours
agrees.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from undercroft.engine.figures import Figure, FigureSpec
from undercroft.systems.squad.heroes.hero import Hero
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.setup import BEST
from undercroft.systems.squad.play.state import SquadState

HEADLINE: Final = ("stages_cleared", "rounds", "scenes", "heroes_out", "coins_earned")
UNITS: Final = {"stages_cleared": "stages", "rounds": "rounds", "scenes": "scenes",
                "heroes_out": "heroes", "coins_earned": "pennies",
                "damage.": "damage per hero", "defeats.": "monsters per hero",
                "knocked_out.": "share of heroes"}


def kinds(config: SquadConfig) -> list[str]:
    """The kinds of hero a party of this config holds (by its d12)."""
    if config.party == "example":
        return ["mage", "warrior"]
    count = config.players * config.heroes_per_player
    return list(dict.fromkeys(BEST[i % len(BEST)] for i in range(count)))


def best_of(hero: Hero) -> str:
    return max(hero.abilities, key=lambda a: hero.abilities[a])


def figure_spec(config: SquadConfig) -> FigureSpec:
    columns = ["result", "stages_cleared", "rounds", "scenes", "heroes_out", "coins_earned"]
    for prefix in ("damage.", "defeats.", "knocked_out."):
        columns += [prefix + kind for kind in kinds(config)]
    return FigureSpec(columns=tuple(columns), headline=HEADLINE, depth="stages_cleared",
                      distributions=("rounds", "coins_earned"),
                      by_group=("damage.", "defeats.", "knocked_out."), units=UNITS)


class GameFigures:
    def __init__(self, state: SquadState) -> None:
        self.state = state
        self.damage: Counter[str] = Counter()
        self.defeats: Counter[str] = Counter()
        self.counts: Counter[str] = Counter()
        self.columns = figure_spec(state.config).columns

    def see(self, events: Sequence[Any]) -> None:
        for event in events:
            kind, data = event.kind, event.data
            if kind == "hit":
                self.damage[data["hero"]] += data["damage"]
            elif kind == "defeated":
                self.defeats[data["hero"]] += 1
                self.counts["coins"] += data["coins"]
            elif kind in ("monsters", "boss", "trap"):
                self.counts["scenes"] += 1
            elif kind == "stage over":
                self.counts["stages"] += 1

    def row(self) -> dict[str, Figure]:
        state = self.state
        row: dict[str, Figure] = {
            "result": state.ended or "unfinished",
            "stages_cleared": self.counts["stages"], "rounds": state.round - 1,
            "scenes": self.counts["scenes"],
            "heroes_out": sum(1 for h in state.heroes.values() if h.out_of_game),
            "coins_earned": self.counts["coins"],
        }
        for kind in kinds(state.config):
            group = [h for h, hero in state.heroes.items() if best_of(hero) == kind]
            size = len(group) or 1
            row[f"damage.{kind}"] = sum(self.damage[h] for h in group) / size
            row[f"defeats.{kind}"] = sum(self.defeats[h] for h in group) / size
            row[f"knocked_out.{kind}"] = sum(
                state.heroes[h].out_of_game for h in group) / size
        return {column: row[column] for column in self.columns}
