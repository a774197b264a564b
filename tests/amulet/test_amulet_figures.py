"""What the balance lab reads of an Amulet game: every death has a cause, every figure
agrees with the game's own events and final state."""

from __future__ import annotations

from typing import Any

import pytest
from scenes import fight

from undercroft.engine import registry
from undercroft.engine.runner import play_out
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.figures import causes, figure_spec
from undercroft.systems.amulet.room.harm import hurt_hero

RULESET = registry.get("amulet")


def _played(config: GameConfig, seed: int) -> tuple[dict[str, Any], list[Any], Any]:
    state = RULESET.new(config, seed)
    watcher = RULESET.watch(state)
    seen: list[Any] = []

    def after(events: Any) -> None:
        seen.extend(events)
        watcher.see(events)

    agents = {seat: RULESET.agents()["sensible"]() for seat in RULESET.seats(state)}
    play_out(RULESET, state, agents, seed, after_step=after)
    return watcher.row(), seen, state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_games_figures_agree_with_its_events_and_final_state(seed: int) -> None:
    config = GameConfig(depth_limit=6)
    row, events, state = _played(config, seed)
    assert list(row) == list(figure_spec(config).columns)
    deaths = [e for e in events if e.kind == "death"]
    assert row["deaths"] == len(deaths) == sum(row[f"deaths_by.{c}"] for c in causes())
    assert row["deaths_by.other"] == 0
    assert all(e.data["cause"] for e in deaths)
    assert row["food_eaten"] == sum(1 for e in events if e.kind == "health"
                                    and e.data["cause"] == "food")
    assert row["announcements"] == sum(1 for e in events if e.kind == "announcement")
    assert row["depth_reached"] == state.depth
    assert row["rounds"] == state.table.round - 1
    assert row["treasure_total"] == sum(h.treasure for h in state.heroes)
    assert row["tokens_spent"] == sum(1 for e in events if e.kind == "revived") + sum(
        1 for e in events if e.kind == "health" and e.data["cause"] == "token")
    for hero in state.heroes:
        name = hero.hero.hero_class
        assert row[f"treasure.{name}"] == hero.treasure
        assert row[f"alive_at_end.{name}"] is (hero.status != "dead")
        assert 0 <= row[f"rounds_alive.{name}"] <= row["rounds"]
        assert 1 <= row[f"depth_alive.{name}"] <= row["depth_reached"]


def test_the_countdown_kills_and_says_so() -> None:
    config = GameConfig(party=("elf", "wizard"), countdown_every=1, countdown_drain=100,
                        tokens=0)
    row, _, _ = _played(config, 5)
    assert row["deaths_by.countdown"] == row["deaths"] == 2
    assert row["rounds_alive.elf"] == row["rounds"] == 1
    assert row["alive_at_end.elf"] is False


def test_a_hero_held_in_quicksand_dies_of_the_trap() -> None:
    game = fight(heroes=[{"class": "wizard"}], room={"size": 5})
    hero = game.scene.heroes[0]
    hero.health = 1
    hero.status = "trapped"
    hurt_hero(game.fight(), hero, [5], "a ghost", "ghost", armor=False)
    death = next(e for e in game.events if e.kind == "death")
    assert death.data["cause"] == "trap"


def test_a_repeated_class_is_averaged_over_its_heroes() -> None:
    config = GameConfig(party=("elf", "elf"), depth_limit=3)
    row, _, state = _played(config, 4)
    assert row["treasure.elf"] == sum(h.treasure for h in state.heroes) / 2
    assert "treasure.wizard" not in row
