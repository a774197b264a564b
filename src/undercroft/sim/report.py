"""The balance lab's report: one self-contained HTML page a designer opens by double-click.

The page carries everything inline (CSS, and plots as base64 PNG ``data:`` URIs),
with no script and no link out, so it can be mailed, archived beside a run's rows
or opened offline and still show the same thing. It reads top-down: what was
played (system, games, seed, agents, what was swept), a headline table of means
with 95% intervals, then the plots, each with one sentence on how to read it. A
section whose columns the ruleset's spec does not name, or that no game filled,
is left out rather than drawn empty.
"""

from __future__ import annotations

import base64
import html
import json
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from undercroft.content import files
from undercroft.sim.run import ArmResult, RunResult
from undercroft.sim.stats import Mean, Rate, Summary

if TYPE_CHECKING:
    from matplotlib.figure import Figure

PAGE: Final = "index.html"
CSS: Final = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px;
       padding: 0 1em; color: #222; line-height: 1.45; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
.facts { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid #ddd; padding: 0.3em 0.8em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { border-bottom: 2px solid #888; vertical-align: bottom; }
tr.rate td { color: #335; }
figure { margin: 1.5em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption, .note { color: #555; font-size: 0.92em; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 0.85em; }
"""


def _places(value: float) -> int:
    """Decimals fitting a value's size: 1234, 19.3, 2.45, 0.052."""
    size = abs(value)
    return 0 if size >= 100 else 1 if size >= 10 else 2 if size >= 1 else 3


def format_mean(mean: Mean, places: int | None = None) -> str:
    """``19.3 (18.9–19.7)``: the mean and its 95% t interval, to the mean's precision
    unless ``places`` is given (a row of arms shares one, so its numbers line up)."""
    places = _places(mean.mean) if places is None else places
    low, high = mean.ci95()
    return f"{mean.mean:.{places}f} ({low:.{places}f}–{high:.{places}f})"


def format_rate(rate: Rate) -> str:
    """``45.0% (41.2–48.9)``: the rate and its 95% Wilson interval, in percent."""
    low, high = rate.ci95()
    return f"{100 * rate.p:.1f}% ({100 * low:.1f}–{100 * high:.1f})"


def _word_rate(summary: Summary, key: str) -> Rate:
    """``result=dead`` in one arm, zero hits when that arm never saw the word."""
    name, _, word = key.partition("=")
    counts = summary.words.get(name)
    return Rate(counts[word], sum(counts.values())) if counts else Rate()


@dataclass(frozen=True)
class Row:
    """One line of the headline table: a name and a cell per arm."""

    name: str
    cells: tuple[str, ...]
    rate: bool = False


def headline_rows(result: RunResult) -> list[Row]:
    """Games, then each headline figure's mean, then every rate (words and true/false)."""
    arms = result.arms
    spec = arms[0].spec
    rows = [Row("games", tuple(str(a.summary.games) for a in arms))]
    for metric in spec.headline:
        if not any(metric in a.summary.means for a in arms):
            continue
        unit = spec.unit(metric)
        means = [a.summary.means.get(metric) for a in arms]
        places = max(_places(m.mean) for m in means if m is not None)
        cells = tuple(format_mean(m, places) if m is not None else "–" for m in means)
        rows.append(Row(f"{metric} ({unit})" if unit else metric, cells))
    words = dict.fromkeys(key for a in arms for key in a.summary.word_rates())
    for key in words:
        rows.append(Row(key, tuple(format_rate(_word_rate(a.summary, key)) for a in arms),
                        rate=True))
    flags = dict.fromkeys(name for a in arms for name in a.summary.rates)
    for name in flags:
        rows.append(Row(name, tuple(format_rate(r) if (r := a.summary.rates.get(name)) else "–"
                                    for a in arms), rate=True))
    return rows


def _table(result: RunResult) -> str:
    heads = "".join(f"<th>{html.escape(a.arm.label)}</th>" for a in result.arms)
    body = []
    for row in headline_rows(result):
        cells = "".join(f"<td>{html.escape(cell)}</td>" for cell in row.cells)
        kind = ' class="rate"' if row.rate else ""
        body.append(f"<tr{kind}><td>{html.escape(row.name)}</td>{cells}</tr>")
    return (f"<table><thead><tr><th>figure</th>{heads}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>\n"
            '<p class="note">Numbers: mean per game with its 95% confidence interval '
            "(Student's t). Percentages: share of games, with a 95% Wilson interval.</p>")


def _swept(result: RunResult) -> str:
    """``countdown_every = 2, 4`` for each swept key, or the one arm's settings."""
    arms = result.arms
    if not result.is_sweep:
        return f"no sweep (one arm: {arms[0].arm.label})"
    values = {key: dict.fromkeys(a.arm.settings[key] for a in arms)
              for key in arms[0].arm.settings}
    swept = "; ".join(f"{key} = {', '.join(vals)}" for key, vals in values.items())
    return f"swept {swept} ({len(arms)} arms)"


def _heading(result: RunResult) -> str:
    plan = result.plan
    facts = [f"{plan.games} games per arm", f"seed {plan.seed}",
             f"agents: {', '.join(plan.agents)}", _swept(result)]
    config = html.escape(json.dumps(result.to_dict()["config"], indent=2), quote=False)
    shared = "Settings shared by every arm" if result.is_sweep else "Settings"
    return (f"<h1>Balance lab: {html.escape(plan.system)}</h1>\n"
            f'<p class="facts">{html.escape(" · ".join(facts))}</p>\n'
            f"<details><summary>{shared}</summary><pre>{config}</pre></details>")


@dataclass(frozen=True)
class Section:
    """A plot of the page: its heading, how to draw it, and how to read it."""

    title: str
    draw: Callable[[Sequence[ArmResult]], Figure | None]
    caption: str


def sections(sweep: bool) -> list[Section]:
    """The plots in page order (a sweep's side-by-side panels first: what it was run for)."""
    from undercroft.sim import plots

    each = "one outline per arm" if sweep else "bars"
    lines = ("one line per arm" if sweep else
             "the solid line is every game, a dashed line each group still alive at that depth")
    found = [
        Section("Effect of the sweep", plots.sweep,
                "Each panel shows one headline figure's mean and 95% interval for every arm; "
                "a trend from left to right is the effect of the swept setting."),
        Section("How deep games went", plots.survival,
                f"Read across: at each depth, the percentage of games that got at least that "
                f"deep ({lines}); higher and further right means deeper games."),
        Section("Distributions", plots.distributions,
                f"How many games ended on each value ({each}); a wide spread means games "
                "vary a lot, a long tail shows rare extreme games."),
        Section("Groups compared", plots.by_group,
                "Each bar is a group's mean per game with its 95% interval; error bars that do "
                "not overlap show a difference beyond chance."),
        Section("Causes of death", plots.causes,
                "Mean hero deaths per game from each cause with its 95% interval, the "
                "deadliest on top; causes that killed no one are left out."),
    ]
    return found if sweep else found[1:]


def _image(figure: Figure, alt: str) -> str:
    from undercroft.sim import plots

    data = base64.b64encode(plots.png(figure)).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def render(result: RunResult) -> str:
    """The whole page as text."""
    parts = [_heading(result), "<h2>Headline figures</h2>", _table(result)]
    for section in sections(result.is_sweep):
        figure = section.draw(result.arms)
        if figure is None:
            continue
        parts += [f"<h2>{html.escape(section.title)}</h2>",
                  f"<figure>{_image(figure, section.title)}"
                  f"<figcaption>{html.escape(section.caption)}</figcaption></figure>"]
        figure.clear()
    title = html.escape(f"Balance lab: {result.plan.system}")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{title}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(parts) + "\n</body>\n</html>\n")


def write_report(result: RunResult, folder: Path) -> Path:
    """Write the run's page as ``folder/index.html`` (:func:`write_page`)."""
    return write_page(render(result), folder)


def write_page(text: str, folder: Path) -> Path:
    """Write ``folder/index.html`` (the folder made if missing): :func:`write_html`."""
    folder.mkdir(parents=True, exist_ok=True)
    return write_html(text, folder / PAGE)


def write_html(text: str, page: Path) -> Path:
    """Write the page ``page`` all at once: a reader never sees half a page, and a failed
    write leaves the previous page in place. The page is made readable by all (``mkstemp``
    makes it private), as a report is meant to be shared. Only a regular file (or a link
    to one) is replaced; a folder or a FIFO there is BadInput, left as it is
    (:func:`files.check_replaceable`)."""
    folder = page.parent
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{page.stem}-",
                                         suffix=".html.tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o644)
        files.check_replaceable(page, str(page))
        os.replace(temporary, page)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return page
