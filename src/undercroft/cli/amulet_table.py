"""The Amulet table in the terminal: the players' map, the heroes, what just happened.

Only drawing lives here: each function takes plain values (a seat's view, the
level's map, the last step's events) and returns a Rich renderable, so the game
loop in ``play_commands`` stays about rules and input, and a test can render a
table without playing. Everything drawn is what the players know: the map
leaves out undiscovered rooms and unfound exits, and the room notes come from a
seat's view rather than from the generator's rolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.box import SIMPLE_HEAD
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from undercroft.maps.ascii import render_ascii
from undercroft.maps.model import LevelMap, Room
from undercroft.systems.amulet.room.events import Event

CLAIM_HINT = "start your choice with ! to claim"


def players_map(level: LevelMap) -> str:
    """The players' map without the generator's notes on each room.

    ``render_ascii`` with ``player_view`` already hides undiscovered rooms and
    unfound exits, but its key prints each room's rolled contents and
    encounters, which a room seen through a door does not reveal (the seat's
    view hides them too). A copy of the rooms without those notes is drawn
    instead; the real level is never touched.
    """
    bare = [Room(room.id, room.polygon, room.size, room.shape, exits=room.exits,
                 murder_holes=room.murder_holes, discovered=room.discovered)
            for room in level.rooms]
    title = level.title.split(" - seed ")[0]  # the players do not see the game's seed
    return render_ascii(LevelMap(level.level_size, bare, title), player_view=True)


def header(view: Mapping[str, Any]) -> Text:
    """One line: where the party is and how far the game has gone."""
    kind = view.get("level_kind", "normal")
    text = Text(f"Amulet - level {view['depth']}", style="bold")
    if kind != "normal":
        text.append(f" ({kind} level)", style="bold magenta")
    text.append(f"   round {view['round']}, step {view['step']}")
    if "race_actions" in view:
        text.append(f", race actions left {view['race_actions']}")
    return text


def room_notes(view: Mapping[str, Any]) -> Table:
    """What is known of each seen room: who is there, foes, contents, exits."""
    grid = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("room", "heroes", "foes", "contents", "exits"):
        grid.add_column(column, overflow="fold")
    here: dict[int, list[str]] = {}
    for hero in view["heroes"]:
        if hero.get("room") is not None and hero["status"] != "dead":
            here.setdefault(hero["room"], []).append(hero["name"])
    for room in view["rooms"]:
        grid.add_row(f"{room['id']} {room['shape']} {room['size']}",
                     ", ".join(here.get(room["id"], [])), _foes(room),
                     ", ".join(f"{c['id']} {c['kind']}" for c in room.get("contents", [])),
                     ", ".join(_exit(e) for e in room["exits"]))
    return grid


def _foes(room: Mapping[str, Any]) -> str:
    """Living foes in play, or the encounter seen from outside a room nobody entered."""
    if "swarms" not in room:
        return "; ".join(room.get("encounters", []))
    parts = [_beyond(f"{s['id']} {s['kind']} swarm {s['health']}/{s['capacity']}", s)
             for s in room["swarms"]]
    parts += [_beyond(f"{m['id']} {m['health']}", m) for m in room["monsters"]]
    parts += [_beyond(f"{g['id']} {g['kind']} generator {g['health']}", g)
              for g in room["generators"]]
    return ", ".join(parts)


def _beyond(text: str, foe: Mapping[str, Any]) -> str:
    """A foe seen through an open murder hole is marked: it is not in the room itself."""
    return f"{text} (beyond)" if foe.get("place") == "beyond" else text


def _exit(exit_: Mapping[str, Any]) -> str:
    """An exit and where it leads: a wide way into each of its rooms, and "more" while
    part of it opens onto space where no room is made yet."""
    to = exit_.get("to")
    rooms = ", ".join(str(room) for room in to) if isinstance(to, list) else to
    where = f" -> {rooms}" if to is not None else ""
    where += " and more" if exit_.get("unmade") else ""
    state = "" if exit_["open"] else " shut"
    return f"{exit_['id']} {exit_['kind']} {exit_['wall']}{state}{where}"


def heroes(view: Mapping[str, Any]) -> Table:
    """Each hero's health, items, tokens and room; the dead are dimmed."""
    grid = Table(title="Heroes", title_justify="left", header_style="bold", box=SIMPLE_HEAD,
                 pad_edge=False, collapse_padding=True)
    for column in ("hero", "health", "keys", "potions", "treasure", "tokens", "room", "status"):
        grid.add_column(column, justify="left" if column in ("hero", "status") else "right",
                        no_wrap=column != "status")
    for hero in view["heroes"]:
        grid.add_row(hero["name"], str(hero["health"]), str(hero["keys"]),
                     str(hero["potions"]), str(hero["treasure"]), str(hero["tokens"]),
                     str(hero.get("room") or "-"), _status(hero),
                     style="dim" if hero["status"] == "dead" else None)
    return grid


def hero_sheet(hero: Mapping[str, Any]) -> Text:
    """One hero's whole sheet (``sheet NAME`` at the table): its class's numbers, what it
    carries, its tokens and specials, where it stands."""
    numbers = hero.get("numbers", {})
    lines = [f"{hero['name']}, {hero['class']}: health {hero['health']}, "
             f"{hero['tokens']} tokens, {hero['status']}"
             + (f" (room {hero['room']})" if hero.get("room") is not None else ""),
             "  " + ", ".join(f"{name} {value}" for name, value in numbers.items()),
             f"  keys {hero['keys']}, potions {hero['potions']}, scrolls "
             f"{hero.get('scrolls', 0)}, treasure {hero['treasure']}"]
    if hero.get("level_points"):
        lines.append(f"  level points {hero['level_points']}")
    specials = [f"{name} {left}" for name, left in hero.get("specials", {}).items()]
    if specials:
        lines.append("  specials: " + ", ".join(specials))
    state = _status(hero).split(", ")[1:]
    if state:
        lines.append("  now: " + ", ".join(state))
    return Text("\n".join(lines), style="dim" if hero["status"] == "dead" else "")


def _status(hero: Mapping[str, Any]) -> str:
    """Where the hero stands, and what else it carries or is doing."""
    parts = [hero["status"]]
    if hero.get("alone"):
        parts.append("alone")
    if hero.get("cover"):
        parts.append(f"behind {hero['cover']}")
    if hero.get("scrolls"):
        parts.append(f"scrolls {hero['scrolls']}")
    parts += [f"{name} {left}" for name, left in hero.get("specials", {}).items() if left]
    return ", ".join(parts)


def events(step_events: Sequence[Event]) -> Text:
    """The last step's events, each with the dice behind it (rolls dimmed)."""
    text = Text()
    for event in step_events:
        first, *rolls = event.explained().splitlines()
        text.append(first + "\n", style="bold" if event.kind == "announcement" else None)
        for line in rolls:
            text.append(line + "\n", style="dim")
    return text


def announcements(step_events: Iterable[Event]) -> list[str]:
    """The words of every announcement made in these events, in order."""
    return [str(event.data["announcement"]) for event in step_events
            if event.kind == "announcement" and "announcement" in event.data]


def announcement_panel(words: Sequence[str], claimable: bool = True) -> Panel:
    """Announcements stand out: they are shouted at the table, and claimable for a token."""
    body = Text("\n".join(words), style="bold yellow")
    return Panel(body, title="Announcement!", subtitle=CLAIM_HINT if claimable else None,
                 border_style="bold red")


def table(level: LevelMap, view: Mapping[str, Any], step_events: Sequence[Event],
          claimable: bool = True) -> Group:
    """The whole table, redrawn after each step (``claimable``: someone here may claim)."""
    parts: list[RenderableType] = [header(view), Text(players_map(level)), room_notes(view),
                                   heroes(view)]
    if step_events:
        parts.append(Panel(events(step_events), title="Last step", title_align="left"))
    words = announcements(step_events)
    if words:
        parts.append(announcement_panel(words, claimable))
    return Group(*parts)


def choices(seat: str, legal: Sequence[str], claims: Sequence[str]) -> Text:
    """The numbered actions a seat may take, and the announcements it may claim."""
    text = Text(f"{seat} chooses:\n", style="bold")
    width = len(str(len(legal)))
    for number, action in enumerate(legal, start=1):
        text.append(f"  {number:>{width}}  {action}\n")
    if claims:
        text.append(f"  claimable ({CLAIM_HINT}): {'; '.join(claims)}\n", style="yellow")
    return text


def outcome(result: str, summary: Mapping[str, Any]) -> Panel:
    """The end of the game: how it ended and the figures a table compares."""
    treasure = summary.get("treasure", {})
    lines = [f"The game is over: {result}.",
             f"Deepest level reached: {summary.get('depth_reached')}",
             f"Rounds: {summary.get('rounds')}",
             "Treasure: " + ", ".join(f"{hero} {amount}" for hero, amount in treasure.items())
             + f" (total {sum(treasure.values())})",
             "Alive: " + (", ".join(summary.get("alive", [])) or "nobody")]
    return Panel("\n".join(lines), title="Outcome", border_style="bold")


def scores(rows: Sequence[Any], mine: int | None) -> Table:
    """The table's best games, this one marked (rows are high-score ``Score`` values)."""
    grid = Table(title="Top scores at this table", title_justify="left", header_style="bold")
    for column in ("#", "depth", "treasure", "rounds", "seed", "when"):
        grid.add_column(column, justify="right" if column != "when" else "left")
    for row in rows:
        grid.add_row(str(row.rank), str(row.depth), str(row.total_treasure), str(row.rounds),
                     str(row.seed), row.when.astimezone().strftime("%Y-%m-%d %H:%M"),
                     style="bold green" if row.id == mine else None)
    return grid
