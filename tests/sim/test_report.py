"""The balance lab's report: one self-contained page, plots that say what they show."""

from __future__ import annotations

import base64
import dataclasses
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from matplotlib.figure import Figure as Chart

from undercroft.engine.figures import Figure, FigureSpec
from undercroft.sim import plots
from undercroft.sim.report import format_mean, format_rate, headline_rows, write_report
from undercroft.sim.run import ArmResult, Plan, RunResult, run
from undercroft.sim.settings import Arm, build_arms, parse_sets
from undercroft.sim.stats import Mean, Rate, Summary
from undercroft.sim.workers import Workers
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.figures import figure_spec

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
DEPTHS = (2, 4, 6)


def synthetic_row(spec: FigureSpec, game: int, shift: int = 0) -> dict[str, Figure]:
    """A plausible row with every column of ``spec``; game ``game`` of three."""
    depth = DEPTHS[game % len(DEPTHS)] + shift
    row: dict[str, Figure] = {}
    for column in spec.columns:
        if column == "result":
            row[column] = "dead" if game % 3 else "time"
        elif column.startswith("alive_at_end."):
            row[column] = game % 2 == 0
        elif column == "depth_reached":
            row[column] = depth
        elif column.startswith("depth_alive."):
            row[column] = depth - (game % 2) * 0.5
        elif column == "deaths_by.countdown":
            row[column] = 1 + game % 2
        elif column == "deaths_by.trap":
            row[column] = game % 2
        elif column.startswith("deaths_by."):
            row[column] = 0
        else:
            row[column] = 10 * depth + game
    return row


def synthetic_result(sets: Sequence[str] = (), games: int = 3,
                     spec_change: dict[str, object] | None = None) -> RunResult:
    """A run built by hand: ``games`` synthetic rows per arm, no game played."""
    arms = build_arms(GameConfig, {}, parse_sets(list(sets), GameConfig))
    plan = Plan(system="amulet", games=games, seed=0, arms=arms, agents=("sensible",))
    results, pooled = [], Summary()
    for arm in arms:
        assert isinstance(arm.config, GameConfig)
        spec = figure_spec(arm.config)
        if spec_change:
            spec = dataclasses.replace(spec, **spec_change)  # type: ignore[arg-type]
        result = ArmResult(arm, spec)
        for game in range(games):
            row = synthetic_row(spec, game, shift=arm.index)
            result.summary.add(row)
            pooled.add(row)
        results.append(result)
    return RunResult(plan, results, pooled)


def images(page: str) -> list[bytes]:
    return [base64.b64decode(data) for data in
            re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)]


def assert_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<html") == 1 and page.rstrip().endswith("</html>")
    assert "http://" not in page and "https://" not in page
    assert "<script" not in page and "<link" not in page
    sources = re.findall(r'src="([^"]*)"', page)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)
    assert all(png.startswith(PNG_MAGIC) for png in images(page))


def assert_labelled(chart: Chart | None) -> None:
    assert chart is not None
    axes = [ax for ax in chart.axes if ax.get_visible()]
    assert axes
    for ax in axes:
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


def test_single_arm_page(tmp_path: Path) -> None:
    result = synthetic_result()
    page_path = write_report(result, tmp_path / "new" / "report")
    assert page_path == tmp_path / "new" / "report" / "index.html"
    page = page_path.read_text(encoding="utf-8")
    assert_self_contained(page)
    # survival, distributions, groups, causes (no sweep panel for one arm)
    assert len(images(page)) == 4
    assert "3 games per arm" in page and "seed 0" in page and "sensible" in page
    assert "no sweep" in page
    assert "4.00 (" in page  # depth_reached: mean of 2, 4, 6
    assert "result=dead" in page and "66.7% (" in page  # 2 of 3 games
    assert "Causes of death" in page and "Effect of the sweep" not in page


def test_sweep_page_has_every_arm(tmp_path: Path) -> None:
    result = synthetic_result(["countdown_every=2,4"])
    page = write_report(result, tmp_path).read_text(encoding="utf-8")
    assert_self_contained(page)
    assert len(images(page)) == 5  # the sweep's panels as well
    assert "countdown_every=2" in page and "countdown_every=4" in page
    assert "countdown_every = 2, 4" in page
    assert "4.00 (" in page and "5.00 (" in page  # each arm's depth_reached


def test_rewrite_replaces_the_page_and_leaves_no_temporary(tmp_path: Path) -> None:
    write_report(synthetic_result(), tmp_path)
    write_report(synthetic_result(["countdown_every=2,4"]), tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["index.html"]
    assert "countdown_every=4" in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_formats() -> None:
    mean = Mean()
    for value in (10, 20, 30):
        mean.add(value)
    assert format_mean(mean) == "20.0 (10.0–30.0)"  # the t interval, kept within the values
    assert format_mean(mean, 2) == "20.00 (10.00–30.00)"
    assert format_rate(Rate(hits=0, n=10)).startswith("0.0% (0.0–")
    assert format_rate(Rate(hits=5, n=10)).startswith("50.0% (")


def test_headline_rows_follow_the_spec() -> None:
    rows = headline_rows(synthetic_result(["countdown_every=2,4"]))
    names = [row.name for row in rows]
    assert names[:3] == ["games", "depth_reached (level)", "rounds (rounds)"]
    assert "result=dead" in names and "result=time" in names
    assert all(len(row.cells) == 2 for row in rows)
    # a row's arms share one precision so the numbers line up
    depth = rows[1]
    assert depth.cells[0].startswith("4.00 (") and depth.cells[1].startswith("5.00 (")


@pytest.mark.parametrize("sets", [(), ("countdown_every=2,4",)])
def test_every_plot_has_title_and_labelled_axes(sets: tuple[str, ...]) -> None:
    arms = synthetic_result(sets).arms
    for draw in (plots.survival, plots.distributions, plots.by_group, plots.causes):
        assert_labelled(draw(arms))
    chart = plots.sweep(arms)
    if len(arms) > 1:
        assert_labelled(chart)
    else:
        assert chart is None


def test_axes_carry_units() -> None:
    arms = synthetic_result().arms
    survival = plots.survival(arms)
    assert survival is not None
    (ax,) = survival.axes
    assert ax.get_xlabel() == "depth_reached (level)"
    assert "%" in ax.get_ylabel()
    labels = ax.get_legend_handles_labels()[1]
    assert "whole game" in labels and "elf alive" in labels  # a line per class
    groups = plots.by_group(arms)
    assert groups is not None
    assert [ax.get_ylabel() for ax in groups.axes] == [
        "treasure (treasures per hero)", "rounds_alive (rounds)", "depth_alive (level)"]
    causes = plots.causes(arms)
    assert causes is not None
    assert "(deaths per game)" in causes.axes[0].get_xlabel()
    # only the causes someone died of, the deadliest on top
    assert [t.get_text() for t in causes.axes[0].get_yticklabels()] == ["trap", "countdown"]


def test_sweep_plots_label_arms() -> None:
    arms = synthetic_result(["countdown_every=2,4"]).arms
    survival = plots.survival(arms)
    assert survival is not None
    assert survival.axes[0].get_legend_handles_labels()[1] == [
        "countdown_every=2", "countdown_every=4"]
    sweep = plots.sweep(arms)
    assert sweep is not None
    assert len(sweep.axes) >= len(arms[0].spec.headline)
    first = sweep.axes[0]
    assert [t.get_text() for t in first.get_xticklabels()] == ["2", "4"]
    assert first.get_xlabel().startswith("countdown_every")
    assert first.get_ylabel() == "depth_reached (level)"


def test_a_party_sweep_compares_the_union_of_classes() -> None:
    result = synthetic_result(["party=warrior+elf,wizard"])
    groups = plots.by_group(result.arms)
    assert groups is not None
    ticks = [t.get_text() for t in groups.axes[0].get_xticklabels()]
    assert ticks == ["warrior", "elf", "wizard"]
    assert plots.png(groups).startswith(PNG_MAGIC)


def test_missing_sections_are_left_out(tmp_path: Path) -> None:
    result = synthetic_result(spec_change={"causes": None, "distributions": (), "depth": None})
    arms = result.arms
    assert plots.causes(arms) is None
    assert plots.distributions(arms) is None
    assert plots.survival(arms) is None
    page = write_report(result, tmp_path).read_text(encoding="utf-8")
    assert_self_contained(page)
    assert len(images(page)) == 1  # only the groups compared
    assert "Causes of death" not in page and "Distributions" not in page


def test_no_data_no_plot() -> None:
    arms = synthetic_result().arms
    summary = arms[0].summary
    for column in arms[0].spec.distributions:
        summary.means[column].counts = None  # too many distinct values: no histogram
    assert plots.distributions(arms) is None
    for column, mean in summary.means.items():
        if column.startswith("deaths_by."):
            mean.mean = 0.0  # nobody died
    assert plots.causes(arms) is None
    bare = Arm(0, {}, GameConfig())
    empty = [ArmResult(bare, FigureSpec(columns=("x",), headline=("x",), depth="x"))]
    for draw in (plots.survival, plots.distributions, plots.by_group, plots.causes,
                 plots.sweep):
        assert draw(empty) is None


def test_a_real_run(tmp_path: Path) -> None:
    arms = build_arms(GameConfig, {}, [])
    plan = Plan(system="amulet", games=3, seed=0, arms=arms, agents=("sensible",))
    result = run(plan, Workers(), 1)
    page = write_report(result, tmp_path).read_text(encoding="utf-8")
    assert_self_contained(page)
    assert len(images(page)) >= 3
    assert format_mean(result.arms[0].summary.means["depth_reached"]) in page
