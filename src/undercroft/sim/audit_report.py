"""The audit's report: one self-contained HTML page, like the balance lab's.

Top-down: what was played and the share of games that broke; the anomalies, each kind
with its examples and the command that replays each to its step; where the steps went
(by place and by activity, with plots); the rules, fired and never fired; the content
never drawn, and drawn but never used.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from undercroft.sim.report import CSS, write_html, write_page
from undercroft.sim.rule_ids import rule_rows

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def _e(value: object) -> str:
    return html.escape(str(value))


def _heading(doc: Mapping[str, Any]) -> str:
    broken = doc["broken_games"]
    sets = ", ".join(doc["sets"]) or "the default rules"
    return (f"<h1>Rules health: {_e(doc['system'])}</h1>"
            f"<p class=\"facts\">{doc['games']:,} games, seed {doc['seed']}, agents "
            f"{_e(','.join(doc['agents']) or 'default')}, {_e(sets)}.</p>"
            f"<p><strong>{broken['count']:,} games ({100 * broken['share']:.1f}%) show a "
            "fault that must be zero.</strong></p>")


def _anomalies(doc: Mapping[str, Any]) -> str:
    rows = []
    for kind, found in doc["anomalies"].items():
        if not found["games"]:
            continue
        examples = "".join(
            f"<li>game {ex['game']}, step {ex['step']}: {_e(ex['detail'])}"
            f"<pre>{_e(ex['replay'])}</pre></li>" for ex in found["examples"])
        rows.append(f"<tr><td>{_e(kind)}{' (must be zero)' if found['must_be_zero'] else ''}"
                    f"<br><span class=\"note\">{_e(found['meaning'])}</span></td>"
                    f"<td>{found['games']:,}</td><td>{found['times']:,}</td>"
                    f"<td style=\"text-align:left\"><ul>{examples}</ul></td></tr>")
    if not rows:
        return "<h2>Anomalies</h2><p>None in these games.</p>"
    return ("<h2>Anomalies</h2><table><thead><tr><th>kind</th><th>games</th><th>times</th>"
            "<th>examples (and the command that replays each to its step)</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def _bars(counts: Mapping[str, int], title: str, total: int) -> Figure | None:
    if not counts:
        return None
    from undercroft.sim.plots import bars

    return bars(counts, title, "share of all steps", total)


def _length(doc: Mapping[str, Any]) -> str:
    length = doc["length"]
    steps = length["steps"]
    parts = ["<h2>Game length</h2>",
             f"<p>Steps a game: mean {steps['mean']:.1f}, median {steps['median']:.0f}, "
             f"longest {steps['max']:,}. Results: "
             + ", ".join(f"{_e(word)} {count:,}" for word, count in length["results"].items())
             + ".</p>"]
    total = sum(length["where"].values()) or sum(length["doing"].values()) or 1
    for key, title, caption in (
            ("where", "Where the steps go", "Share of all steps spent at each place of the "
             "game (a level, a floor, a stage), most first."),
            ("doing", "What the steps are spent on", "Share of all steps spent on each "
             "activity (fighting, travelling, waiting...).")):
        figure = _bars(length[key], title, total)
        if figure is not None:
            parts.append(f"<h3>{_e(title)}</h3><figure>{_image(figure, title)}"
                         f"<figcaption>{_e(caption)}</figcaption></figure>")
    return "".join(parts)


def _image(figure: Figure, alt: str) -> str:
    import base64

    from undercroft.sim import plots

    data = base64.b64encode(plots.png(figure)).decode("ascii")
    return f'<img alt="{_e(alt)}" src="data:image/png;base64,{data}">'


def _rules(doc: Mapping[str, Any]) -> str:
    rules = doc["rules"]
    rows = rule_rows(doc["system"])
    lines = []
    for rule in sorted(rules["fired"]) + rules["never_fired"]:
        row = rows.get(rule)
        counted = rules["fired"].get(rule, {"games": 0, "times": 0})
        never = "" if counted["games"] else " style=\"background:#fde\""
        lines.append(f"<tr{never}><td>{_e(rule)}</td><td style=\"text-align:left\">"
                     f"{_e(row.rule if row else '(not in docs/rules)')}</td>"
                     f"<td>{_e(row.status if row else '')}</td>"
                     f"<td>{counted['games']:,}</td><td>{counted['times']:,}</td></tr>")
    not_counted = ", ".join(_e(rule) for rule in rules["not_counted"]) or "none"
    undocumented = ", ".join(_e(rule) for rule in rules["undocumented"]) or "none"
    return (f"<h2>Rules</h2><p>{rules['documented']:,} rules documented, "
            f"{rules['fireable']:,} counted in play, {len(rules['never_fired']):,} of those "
            "never fired (shaded).</p><table><thead><tr><th>rule</th><th>what</th>"
            "<th>status in docs/rules</th>"
            f"<th>games</th><th>times</th></tr></thead><tbody>{''.join(lines)}</tbody>"
            f"</table><p class=\"note\">Not counted (they hold by construction, or fire at "
            f"no moment of play): {not_counted}.</p><p class=\"note\">Fired but not in "
            f"docs/rules: {undocumented}.</p>")


def _content(doc: Mapping[str, Any]) -> str:
    content = doc["content"]
    catalogue = ", ".join(f"{count:,} {_e(kind)}" for kind, count in
                          content["catalogue"].items())
    return ("<h2>Content</h2>"
            f"<p>In the catalogue: {catalogue or 'nothing declared'}.</p>"
            f"<p>Never drawn: {_list(content['never_drawn'])}.</p>"
            f"<p>Drawn but never used (of the kinds there to be used: "
            f"{_list(content['usable_kinds'])}): {_list(content['drawn_never_used'])}.</p>"
            f"<p>Drawn or used but not in the catalogue: "
            f"{_list(content['not_in_catalogue'])}.</p>")


def _list(items: Sequence[str]) -> str:
    return ", ".join(_e(item) for item in items) or "none"


def render(doc: Mapping[str, Any]) -> str:
    parts = [_heading(doc), _anomalies(doc), _length(doc), _rules(doc), _content(doc)]
    title = _e(f"Rules health: {doc['system']}")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{title}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            + "\n".join(parts) + "\n</body>\n</html>\n")


def write_audit_report(doc: Mapping[str, Any], target: Path) -> Path:
    """The page for an audit's JSON document: ``target`` itself when it names an .html
    file, else ``target/index.html``."""
    if target.suffix.lower() in (".html", ".htm"):
        return write_html(render(doc), target)
    return write_page(render(doc), target)
