"""The balance lab's plots: matplotlib figures drawn from a run's summaries, as PNG bytes.

Every function takes the arms of a run and returns one figure (one or more panels),
or None when the ruleset's figure spec does not name the columns it needs or no
game gave them, so the report leaves that section out. Figures are built with
:class:`matplotlib.figure.Figure` on an Agg canvas, never through pyplot: no global
state, no window, safe in threads, and nothing to close (a figure is freed with its
last reference). Each arm keeps its colour (``C0``, ``C1``...) in every panel, and
every axis says its unit (``FigureSpec.unit``) so a plot reads without the code.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Final

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from undercroft.engine.figures import FigureSpec
from undercroft.sim.run import ArmResult
from undercroft.sim.stats import Mean

DPI: Final = 100
MAX_BARS: Final = 60
"""Whole-number values spanning more than this are binned into ``BINS`` bins."""
BINS: Final = 40
PANEL: Final = (5.2, 3.8)
"""Size of one panel, in inches."""
PANELS_PER_ROW: Final = 3
LONG_TICK: Final = 8
"""Arm labels longer than this (characters) are drawn slanted."""


def png(figure: Figure) -> bytes:
    """The figure as PNG bytes, without a timestamp or software tag (same plot, same bytes)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return buffer.getvalue()


def axis_label(spec: FigureSpec, column: str, name: str | None = None) -> str:
    """``name (unit)`` for a column, or the name alone when the spec gives no unit."""
    unit = spec.unit(column)
    text = name or column
    return f"{text} ({unit})" if unit else text


def _panels(count: int, height: float = PANEL[1]) -> tuple[Figure, list[Axes]]:
    """A figure of ``count`` panels, up to ``PANELS_PER_ROW`` a row (spare ones hidden)."""
    columns = min(PANELS_PER_ROW, count)
    rows = math.ceil(count / columns)
    figure = Figure(figsize=(PANEL[0] * columns, height * rows), layout="constrained")
    FigureCanvasAgg(figure)
    grid = figure.subplots(rows, columns, squeeze=False)
    axes = [ax for row in grid for ax in row]
    for spare in axes[count:]:
        spare.set_visible(False)
    return figure, axes[:count]


def _spec(arms: Sequence[ArmResult]) -> FigureSpec:
    return arms[0].spec


def _prefixed(arms: Sequence[ArmResult], prefix: str) -> list[str]:
    """The names after ``prefix`` of every arm's columns, in column order (arms sweeping
    the party have different groups)."""
    names: dict[str, None] = {}
    for arm in arms:
        for column in arm.spec.columns:
            if column.startswith(prefix):
                names[column.removeprefix(prefix)] = None
    return list(names)


def _error(mean: Mean) -> tuple[float, float]:
    """Distances below and above the mean to its 95% interval's ends (for error bars)."""
    low, high = mean.ci95()
    return (max(0.0, mean.mean - low), max(0.0, high - mean.mean))


def _legend(ax: Axes, title: str | None = None) -> None:
    if len(ax.get_legend_handles_labels()[1]) > 1:
        ax.legend(fontsize="small", title=title, title_fontsize="small")


def survival(arms: Sequence[ArmResult]) -> Figure | None:
    """Share of games reaching at least each depth: a line per arm, and for a single arm
    a dashed line per group (how deep each class went alive)."""
    spec = _spec(arms)
    if spec.depth is None:
        return None
    lines: list[tuple[str, list[tuple[float, float]], str, str]] = []
    if len(arms) > 1:
        for arm in arms:
            curve = arm.summary.share_at_least(spec.depth)
            lines.append((arm.arm.label, curve, f"C{arm.arm.index}", "-"))
    else:
        summary = arms[0].summary
        lines.append(("whole game", summary.share_at_least(spec.depth), "black", "-"))
        groups = _prefixed(arms, spec.depth_by_group) if spec.depth_by_group else []
        for offset, group in enumerate(groups):
            curve = summary.share_at_least(f"{spec.depth_by_group}{group}")
            lines.append((f"{group} alive", curve, f"C{offset}", "--"))
    lines = [line for line in lines if line[1]]
    if not lines:
        return None
    figure, (ax,) = _panels(1, height=4.4)
    figure.set_figwidth(8.0)
    for label, curve, colour, style in lines:
        xs = [value for value, _ in curve]
        ys = [100.0 * share for _, share in curve]
        ax.step(xs, ys, where="pre", label=label, color=colour, linestyle=style, marker=".")
    ax.set_ylim(0, 105)
    ax.set_title(f"Share of games reaching each depth ({spec.depth})")
    ax.set_xlabel(axis_label(spec, spec.depth))
    ax.set_ylabel("games reaching at least this depth (%)")
    ax.grid(alpha=0.3)
    _legend(ax)
    return figure


def _edges(histograms: Sequence[Mapping[float, int]]) -> np.ndarray:
    """Common bin edges: one bin per whole number when few, else ``BINS`` equal bins."""
    values = sorted({value for histogram in histograms for value in histogram})
    low, high = values[0], values[-1]
    if all(float(v).is_integer() for v in values) and high - low < MAX_BARS:
        return low - 0.5 + np.arange(int(high - low) + 2, dtype=float)
    if low == high:
        return np.array([low - 0.5, high + 0.5])
    return np.linspace(low, high, BINS + 1)


def distributions(arms: Sequence[ArmResult]) -> Figure | None:
    """A histogram panel per ``spec.distributions`` column: bars for one arm, an outline
    per arm for a sweep."""
    spec = _spec(arms)
    panels: list[tuple[str, list[tuple[ArmResult, dict[float, int]]]]] = []
    for column in spec.distributions:
        found = [(arm, h) for arm in arms if (h := arm.summary.histogram(column))]
        if found:
            panels.append((column, found))
    if not panels:
        return None
    figure, axes = _panels(len(panels))
    for ax, (column, found) in zip(axes, panels, strict=True):
        edges = _edges([histogram for _, histogram in found])
        for arm, histogram in found:
            counts, _ = np.histogram(list(histogram), bins=edges,
                                     weights=list(histogram.values()))
            colour = f"C{arm.arm.index}"
            if len(arms) == 1:
                ax.bar(edges[:-1], counts, width=np.diff(edges), align="edge", color=colour,
                       edgecolor="white", linewidth=0.5)
            else:
                ax.stairs(counts, edges, label=arm.arm.label, color=colour, linewidth=1.6)
        ax.set_title(f"Distribution of {column}")
        ax.set_xlabel(axis_label(spec, column))
        ax.set_ylabel("games (count)")
        _legend(ax)
    return figure


def _grouped_bars(ax: Axes, arms: Sequence[ArmResult], names: Sequence[str],
                  column: Callable[[str], str], horizontal: bool = False) -> None:
    """A bar per name and arm, arms side by side (the first arm on the left, or on top when
    horizontal, as in the legend), with 95% interval error bars."""
    width = 0.8 / len(arms)
    for slot, arm in enumerate(arms):
        places, heights, errors = [], [], []
        for place, name in enumerate(names):
            mean = arm.summary.means.get(column(name))
            if mean is not None and mean.n:
                shift = width * (slot + 0.5) - 0.4
                places.append(place - shift if horizontal else place + shift)
                heights.append(mean.mean)
                errors.append(_error(mean))
        spread = np.array(errors, dtype=float).T.reshape(2, -1)
        colour, label = f"C{arm.arm.index}", arm.arm.label
        if horizontal:
            ax.barh(places, heights, height=width, xerr=spread, color=colour, label=label,
                    capsize=3)
        else:
            ax.bar(places, heights, width=width, yerr=spread, color=colour, label=label,
                   capsize=3)
    ticks = list(range(len(names)))
    if horizontal:
        ax.set_yticks(ticks, list(names))
    else:
        ax.set_xticks(ticks, list(names))


def by_group(arms: Sequence[ArmResult]) -> Figure | None:
    """A panel per ``spec.by_group`` prefix: each group's mean with its 95% interval,
    arms side by side."""
    spec = _spec(arms)
    panels = []
    for prefix in spec.by_group:
        groups = [g for g in _prefixed(arms, prefix)
                  if any(prefix + g in arm.summary.means for arm in arms)]
        if groups:
            panels.append((prefix, groups))
    if not panels:
        return None
    figure, axes = _panels(len(panels))
    for ax, (prefix, groups) in zip(axes, panels, strict=True):
        name = prefix.rstrip(".")
        _grouped_bars(ax, arms, groups, prefix.__add__)
        ax.set_title(f"{name} by group (mean, 95% CI)")
        ax.set_xlabel("group")
        ax.set_ylabel(axis_label(spec, prefix, name))
        ax.grid(axis="y", alpha=0.3)
    if len(arms) > 1:
        figure.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center",
                      ncols=min(len(arms), 4), fontsize="small")
    return figure


def causes(arms: Sequence[ArmResult]) -> Figure | None:
    """Mean deaths per game by cause, longest bar on top; causes nobody died of left out."""
    spec = _spec(arms)
    if spec.causes is None:
        return None
    prefix = spec.causes

    def size(cause: str) -> float:
        return max((m.mean for arm in arms if (m := arm.summary.means.get(prefix + cause))),
                   default=0.0)

    found = sorted((c for c in _prefixed(arms, prefix) if size(c) > 0), key=size)
    if not found:
        return None
    height = 1.2 + 0.3 * len(found) * max(1, len(arms) * 0.6)
    figure, (ax,) = _panels(1, height=height)
    figure.set_figwidth(8.0)
    _grouped_bars(ax, arms, found, prefix.__add__, horizontal=True)
    ax.set_title("Causes of death (mean per game, 95% CI)")
    ax.set_xlabel(axis_label(spec, prefix, "mean deaths from the cause"))
    ax.set_ylabel("cause")
    ax.grid(axis="x", alpha=0.3)
    _legend(ax)
    return figure


def arm_ticks(arms: Sequence[ArmResult]) -> tuple[list[str], str]:
    """Tick labels for arms and the axis's label: the values alone when one key is swept."""
    keys = {tuple(arm.arm.settings) for arm in arms}
    if len(keys) == 1 and len(key := next(iter(keys))) == 1:
        return [arm.arm.settings[key[0]] for arm in arms], f"{key[0]} (setting)"
    return [arm.arm.label for arm in arms], "arm (settings)"


def sweep(arms: Sequence[ArmResult]) -> Figure | None:
    """For a sweep, a panel per headline figure: each arm's mean with its 95% interval."""
    spec = _spec(arms)
    if len(arms) < 2:
        return None
    metrics = [m for m in spec.headline if any(m in arm.summary.means for arm in arms)]
    if not metrics:
        return None
    ticks, xlabel = arm_ticks(arms)
    slanted = max(len(t) for t in ticks) > LONG_TICK or len(ticks) > 6
    figure, axes = _panels(len(metrics))
    for ax, metric in zip(axes, metrics, strict=True):
        for place, arm in enumerate(arms):
            mean = arm.summary.means.get(metric)
            if mean is None or not mean.n:
                continue
            low, high = _error(mean)
            ax.errorbar([place], [mean.mean], yerr=[[low], [high]], fmt="o", capsize=4,
                        color=f"C{arm.arm.index}")
        ax.set_xticks(range(len(arms)), ticks, rotation=30 if slanted else 0,
                      ha="right" if slanted else "center")
        ax.set_xlim(-0.5, len(arms) - 0.5)
        ax.set_title(f"{metric} (mean, 95% CI)")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(axis_label(spec, metric))
        ax.grid(axis="y", alpha=0.3)
    return figure


def bars(counts: Mapping[str, int], title: str, label: str, total: int) -> Figure:
    """Horizontal bars of each count's share of ``total``, largest on top (at most
    ``MAX_BARS``; the rest summed as "others")."""
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    if len(ordered) > MAX_BARS:
        rest = sum(count for _, count in ordered[MAX_BARS - 1:])
        ordered = [*ordered[:MAX_BARS - 1], ("others", rest)]
    figure, (ax,) = _panels(1, height=max(2.0, 0.28 * len(ordered) + 1.0))
    names = [name for name, _ in reversed(ordered)]
    shares = [100 * count / max(total, 1) for _, count in reversed(ordered)]
    ax.barh(names, shares, color="C0")
    ax.set_xlabel(f"{label} (%)")
    ax.set_title(title)
    return figure
