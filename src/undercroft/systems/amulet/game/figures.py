"""What the balance lab reads of one game of Amulet: depth, treasure, deaths and why.

A :class:`GameFigures` follows a game's events as it is played (deaths with
their cause, tokens earned, announcements, food) and reads the final state at
the end. Every game of a config yields the same columns, so a run's rows make
one table; classes are columns of their own (``treasure.elf``), and so is every
cause of death: each monster kind, a mini-boss, the countdown, a trap (dying
while held in quicksand), poison and friendly fire.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from undercroft.engine.figures import Figure, FigureSpec
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.generation.tables import monsters
from undercroft.systems.amulet.room.harm import DEATH_CAUSES

MINI_BOSS: Final = "mini-boss"
OTHER: Final = "other"
HEADLINE: Final = ("depth_reached", "rounds", "treasure_per_hero", "deaths", "tokens_spent",
                   "food_eaten", "announcements")
UNITS: Final = {
    "depth_reached": "level", "rounds": "rounds", "treasure_total": "treasures",
    "treasure_per_hero": "treasures per hero", "deaths": "hero deaths",
    "tokens_spent": "tokens", "tokens_earned": "tokens", "announcements": "announcements",
    "food_eaten": "food", "deaths_by.": "deaths per game", "treasure.": "treasures per hero",
    "rounds_alive.": "rounds", "depth_alive.": "level", "deaths.": "deaths per hero",
}


def causes() -> list[str]:
    """Every cause of death a game can name, in a fixed order (the row's columns)."""
    return [*sorted(monsters()), MINI_BOSS, *DEATH_CAUSES, OTHER]


def classes(config: GameConfig) -> list[str]:
    """The party's classes, each once, in seat order."""
    return list(dict.fromkeys(config.party))


def figure_spec(config: GameConfig) -> FigureSpec:
    party = classes(config)
    columns = ["result", "depth_reached", "rounds", "treasure_total", "treasure_per_hero",
               "deaths", "tokens_spent", "tokens_earned", "announcements", "food_eaten"]
    columns += [f"deaths_by.{cause}" for cause in causes()]
    for prefix in ("treasure.", "deaths.", "rounds_alive.", "depth_alive.", "alive_at_end."):
        columns += [prefix + name for name in party]
    return FigureSpec(columns=tuple(columns), headline=HEADLINE, depth="depth_reached",
                      depth_by_group="depth_alive.",
                      distributions=("treasure_total", "depth_reached"),
                      by_group=("treasure.", "rounds_alive.", "depth_alive."),
                      causes="deaths_by.", units=UNITS)


class GameFigures:
    """Follows one game (``see`` after every step) and says its row at the end."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.deaths: Counter[str] = Counter()
        self.hero_deaths: Counter[str] = Counter()
        self.died: dict[str, tuple[int, int]] = {}
        """Each hero's last death: (round, depth)."""
        self.tokens_earned = 0
        self.announcements = 0
        self.food = 0
        self._known = set(causes())
        self.columns = figure_spec(state.config).columns

    def see(self, events: Sequence[Any]) -> None:
        depth = self.state.depth
        for event in events:
            kind = event.kind
            if kind == "death":
                self.deaths[self._cause(event.data.get("cause", OTHER))] += 1
                self.hero_deaths[event.data["hero"]] += 1
                self.died[event.data["hero"]] = (event.round, depth)
            elif kind == "announcement":
                self.announcements += 1
            elif kind == "token":
                self.tokens_earned += 1
            elif kind == "health" and event.data.get("cause") == "food":
                self.food += 1

    def _cause(self, cause: str) -> str:
        if cause.startswith(MINI_BOSS):
            return MINI_BOSS
        return cause if cause in self._known else OTHER

    def row(self) -> dict[str, Figure]:
        state = self.state
        config = state.config
        heroes = state.heroes
        rounds = state.table.round - 1
        treasure = sum(h.treasure for h in heroes)
        started = config.tokens * len(heroes)
        row: dict[str, Figure] = {
            "result": state.ended or "unfinished",
            "depth_reached": state.depth,
            "rounds": rounds,
            "treasure_total": treasure,
            "treasure_per_hero": treasure / len(heroes),
            "deaths": sum(self.deaths.values()),
            "tokens_spent": started + self.tokens_earned - sum(state.tokens.values()),
            "tokens_earned": self.tokens_earned,
            "announcements": self.announcements,
            "food_eaten": self.food,
        }
        for cause in causes():
            row[f"deaths_by.{cause}"] = self.deaths[cause]
        by_class: dict[str, list[Any]] = {}
        for hero in heroes:
            by_class.setdefault(hero.hero.hero_class, []).append(hero)
        deaths_of = self.hero_deaths
        for name in classes(config):
            group = by_class[name]
            alive = [h.status != "dead" for h in group]
            row[f"treasure.{name}"] = sum(h.treasure for h in group) / len(group)
            row[f"deaths.{name}"] = sum(deaths_of[h.name] for h in group) / len(group)
            row[f"rounds_alive.{name}"] = sum(
                rounds if ok else self.died.get(h.name, (rounds, 0))[0]
                for h, ok in zip(group, alive, strict=True)) / len(group)
            row[f"depth_alive.{name}"] = sum(
                state.depth if ok else self.died.get(h.name, (0, state.depth))[1]
                for h, ok in zip(group, alive, strict=True)) / len(group)
            row[f"alive_at_end.{name}"] = any(alive)
        return {column: row[column] for column in self.columns}
