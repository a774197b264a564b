"""Hot-seat play at one terminal: the one loop every system's `undercroft play` runs.

The game is an engine :class:`~undercroft.engine.table.Table`: automated seats choose for
themselves, and each person's seat is asked by a :class:`Front`, the system's way of
showing the table and reading what was typed. :func:`hot_seat` asks the people who must
choose, lets the table take the step and keeps the record after every step, so
`undercroft replay FILE` plays the game again exactly. The turn-based systems (Card
Crawl, Labyrinth, Dungeon Squad!) share :func:`run_table` and its plain front, with their
own ``show``; Amulet's front (the map, announcements, claims) is in ``play_commands``.
Leaving (quit, end of input, Ctrl-C) saves the record and prints the one command that
goes on with it (``--resume``): replaying the record asks the automated seats again at
every step, so a game stopped and resumed goes on exactly as one never stopped.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Protocol, TextIO

import typer
from pydantic import ValidationError
from rich.console import Console

from undercroft.cli.outcome_words import outcome_line
from undercroft.engine.api import Event, Ruleset, Seat
from undercroft.engine.capabilities import Wording, choice_words
from undercroft.engine.record import Record, check_record_target, load_record, save_record
from undercroft.engine.registry import get
from undercroft.engine.table import Table, read_config
from undercroft.errors import BadInput, first_problem
from undercroft.rng import fresh_seed

SEED_LIMIT = 2**63
"""Seeds accepted: every game seed the balance lab reports (``sim.games.game_seed`` gives
63-bit numbers), so any simulated game can be played again at the terminal."""
NEW_SEED_BITS = 31
"""A seed drawn when none is given: short enough to read out and type again."""


class Leave(Exception):
    """The table wants to stop here: end of input or 'quit'. The record keeps the game."""


class Front(Protocol):
    """How one system's table is shown at the terminal and its people asked."""

    def before_step(self, table: Table, asking: Sequence[Seat]) -> None:
        """Before the choices of a step (``asking``: the people who choose in it)."""

    def ask(self, table: Table, seat: Seat) -> Any:
        """The action the person at ``seat`` chooses; :class:`Leave` to stop."""

    def after_step(self, table: Table, events: Sequence[Event]) -> None:
        """After a step is taken, with its events."""

    @staticmethod
    def standing(console: Console, ruleset: Ruleset[Any, Any], state: Any) -> None:
        """Where a game stands, drawn for someone reading it (`undercroft replay`)."""


def hot_seat(table: Table, front: Front, keep: Callable[[], None]) -> None:
    """Play ``table`` until its game ends: each step, the people who must choose are asked
    in seat order, the automated seats choose, the step is taken and ``keep`` saves the
    record. :class:`Leave` (or Ctrl-C) from ``front`` goes up to the caller, the step
    not taken."""
    while table.outcome is None:
        waiting = table.waiting_for()
        asking = [seat for seat in table.seats if seat in waiting]
        front.before_step(table, asking)
        for seat in asking:
            table.choose(seat, front.ask(table, seat))

        def stepped(events: Sequence[Event]) -> None:
            keep()
            front.after_step(table, events)

        table.run_automated(1, stepped)


def keep_record(record: Record, path: Path) -> None:
    """Save the record atomically; a place that cannot be written is bad input."""
    try:
        save_record(record, path)
    except OSError as error:
        raise BadInput(f"{path}: cannot save the game record "
                       f"({error.strerror or error})") from None


def free_path(path: Path) -> Path:
    """``path``, or ``name-2.json``, ``-3``... if taken: leaving never replaces another game."""
    candidate, number = path, 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def say_saved(console: Console, system: str, path: Path, steps: int,
              more: Sequence[str] = ()) -> None:
    """Where the game was saved and the command that goes on with it, on one unbroken
    line (never wrapped, the path quoted for the shell) so it can be copied whole.
    ``more``: options to give again (the seats automated, and by which player)."""
    again = shlex.join(["undercroft", "play", system, "--resume", str(path), *more])
    console.print(f"\nGame saved to {path} after step {steps}. Go on with: {again}",
                  markup=False, highlight=False, soft_wrap=True)


def menu_entry(wording: Wording) -> str:
    """A choice as a menu lists it: its words, and why it cannot help when it cannot."""
    text = wording.words
    if wording.futile:
        text += f" (futile: {wording.futile})"
    elif wording.pointless:
        text += " (of no use now)"
    return text


Sheet = Callable[[Table, Seat, str], list[str]]
"""A system's sheet for ``sheet NAME`` typed at ``seat``'s turn (NAME empty: the seat's
own), as lines; BadInput when NAME names no seat or hero."""

HELP: Final = """Type the number of an action, or its text or words in any case (a start
that fits only one action will do).
  sheet [NAME]  a seat's sheet (without a name: the one choosing now)
  ?             this help
  quit          save the game and leave (end of input and Ctrl-C do the same)"""


class PlainFront:
    """The turn-based systems' table: ``show`` draws what the acting seat sees, then the
    numbered choices in words (``choice_words``); a number, or the start of a choice's
    text or words, picks one; ``sheet [NAME]`` prints a sheet (the system's ``sheet``),
    ``?`` the help."""

    def __init__(self, console: Console, stdin: TextIO,
                 show: Callable[[Console, dict[str, Any], str, Sequence[Any]], None],
                 sheet: Sheet | None = None) -> None:
        self.console, self.stdin, self.show, self.sheet = console, stdin, show, sheet

    def before_step(self, table: Table, asking: Sequence[Seat]) -> None:
        return None

    def ask(self, table: Table, seat: Seat) -> Any:
        legal = table.legal(seat)
        self.show(self.console, table.view(seat), seat, legal)
        worded = choice_words(table.ruleset, table.state, seat, legal)
        for number, wording in enumerate(worded, start=1):
            self.console.print(f"  {number:>2}  {menu_entry(wording)}", markup=False)
        while True:
            self.console.print(f"{seat}> ", end="", markup=False)
            line = self.stdin.readline()
            typed = " ".join(line.split())
            if not line or typed.lower() == "quit":
                raise Leave
            if typed in ("?", "help"):
                self.console.print(HELP, markup=False)
                continue
            words = typed.split(" ", 1)
            if words[0].lower() == "sheet" and self.sheet is not None:
                self._show_sheet(table, seat, words[1] if len(words) > 1 else "")
                continue
            picked = pick(typed, legal, [wording.words for wording in worded])
            if picked is not None:
                return picked
            self.console.print("Type the number of an action or the start of its text or "
                               "words (one action only), ? for help, or quit.", markup=False)

    def _show_sheet(self, table: Table, seat: Seat, name: str) -> None:
        assert self.sheet is not None
        try:
            lines = self.sheet(table, seat, name)
        except BadInput as error:
            self.console.print(str(error), markup=False)
            return
        for line in lines:
            self.console.print(f"  {line}", markup=False)

    def after_step(self, table: Table, events: Sequence[Event]) -> None:
        for event in events:
            self.console.print(f"  {event.to_dict()['text']}", markup=False)

    @staticmethod
    def standing(console: Console, ruleset: Ruleset[Any, Any], state: Any) -> None:
        """The round, the last events and the outcome, in words."""
        truth = ruleset.view(state, None)
        console.print(f"{ruleset.name}: round {truth['round']}", markup=False)
        for event in truth.get("events", [])[-8:]:
            console.print(f"  {event['text']}", markup=False)
        outcome = ruleset.outcome(state)
        if outcome is not None:
            console.print(f"outcome: {outcome_line(outcome.result, outcome.summary)}",
                          markup=False)


def run_table(system: str, fields: dict[str, Any], seed: int | None, auto: str | None,
              agent: str, record_path: Path | None, console: Console, stdin: TextIO,
              show: Callable[[Console, dict[str, Any], str, Sequence[Any]], None], *,
              resume: Path | None = None, given: Mapping[str, str] | None = None,
              sheet: Sheet | None = None, default_auto: str | None = None) -> None:
    """Play ``system`` at this terminal until it ends or the people leave (quit, end of
    input, Ctrl-C: the record is saved and ``--resume`` goes on with it).

    ``fields``: the game's settings from the options, ``given`` naming those the person
    typed (a resumed game must not change them); ``sheet``: what ``sheet NAME`` prints;
    ``default_auto``: the seats ``--auto`` names when not given (the hint to go on names
    the seats only when they differ)."""
    ruleset = get(system)
    known = ruleset.agents()
    if agent not in known:
        raise BadInput(f"--agent {agent!r}: unknown (known: {', '.join(sorted(known))})")
    if resume is None:
        table, save_path, keep = _new_table(ruleset, fields, seed, auto, agent, record_path)
        console.print(f"{system}, seed {table.seed}: {len(table.seats)} seats (automated: "
                      f"{', '.join(table.automated) or 'none'})", markup=False)
        for event in table.view(None)["events"]:
            console.print(event["text"], markup=False)
    else:
        table, save_path = _resumed_table(ruleset, resume, fields, given or {}, seed, auto,
                                          agent, record_path)
        keep = True
        console.print(f"{system}, seed {table.seed}, resumed after step {table.steps}: "
                      f"{len(table.seats)} seats (automated: "
                      f"{', '.join(table.automated) or 'none'})", markup=False, soft_wrap=True)
        for event in table.last_events:
            console.print(f"  {event['text']}", markup=False)
    assert table.record is not None
    record = table.record

    def keep_it() -> None:
        if keep:
            keep_record(record, save_path)

    keep_it()
    try:
        hot_seat(table, PlainFront(console, stdin, show, sheet), keep_it)
    except (Leave, KeyboardInterrupt):
        keep_record(record, save_path)
        say_saved(console, system, save_path, len(record.choices),
                  _again(table, agent, default_auto))
        return
    outcome = table.outcome
    assert outcome is not None
    console.print(f"The game is over: {outcome_line(outcome.result, outcome.summary)}",
                  markup=False)
    if keep:
        console.print(f"Record: {save_path}", markup=False, soft_wrap=True)


def _new_table(ruleset: Ruleset[Any, Any], fields: dict[str, Any], seed: int | None,
               auto: str | None, agent: str, record_path: Path | None
               ) -> tuple[Table, Path, bool]:
    """A new game from the options; where its record goes, and whether after every step
    (--record) or only when the people leave."""
    try:
        config = ruleset.config_model().model_validate(fields)
    except ValidationError as error:
        problem = first_problem(error)
        option = problem.field.split(".")[0].replace("_", "-")
        raise BadInput(f"--{option} {problem.given}: {problem.message}") from None
    if record_path is not None:
        check_record_target(record_path, f"--record {record_path}")
    seed = fresh_seed(NEW_SEED_BITS) if seed is None else seed
    if not 0 <= seed < SEED_LIMIT:
        raise BadInput(f"--seed {seed}: expected 0 to {SEED_LIMIT - 1}")
    table = Table.start(ruleset, config, seed)
    automated = _auto_seats(auto, table.seats)
    table.automate({seat: agent for seat in automated}, "--agent")
    if record_path is not None:
        return table, record_path, True
    return table, free_path(Path(f"{ruleset.name}-{seed}.json")), False


def _resumed_table(ruleset: Ruleset[Any, Any], path: Path, fields: dict[str, Any],
                   given: Mapping[str, str], seed: int | None, auto: str | None, agent: str,
                   record_path: Path | None) -> tuple[Table, Path]:
    """The record at ``path`` replayed to where it stopped, its automated seats asked
    again at every step so that their own streams stand where they stood: the game goes
    on exactly as if it had never stopped. Its choices go on into the same file (or into
    --record's, which then gets the whole game)."""
    record = load_record(path)
    if record.system != ruleset.name:
        raise BadInput(f"{path}: a {record.system} record; `play {ruleset.name}` goes on "
                       f"with {ruleset.name} games")
    if seed is not None and seed != record.seed:
        raise BadInput(f"--seed {seed}: the record {path} was played with seed {record.seed}")
    config = read_config(ruleset, record.config, f"{path}: config")
    _check_same(ruleset, record, config, fields, given, path)
    seats = list(ruleset.seats(ruleset.new(config, record.seed)))
    automated = {seat: agent for seat in _auto_seats(auto, seats)}
    target = path
    if record_path is not None and record_path.resolve() != path.resolve():
        check_record_target(record_path, f"--record {record_path}")
        target = record_path
    table, _ = Table.resume(record, automated, str(path))
    return table, target


def _check_same(ruleset: Ruleset[Any, Any], record: Record, config: Any,
                fields: dict[str, Any], given: Mapping[str, str], path: Path) -> None:
    """The settings typed with --resume (``given``: each config field with its option)
    may repeat the record's, never change them."""
    for name, option in sorted(given.items()):
        try:
            wanted = ruleset.config_model().model_validate({**record.config,
                                                            name: fields[name]})
        except ValidationError as error:
            raise BadInput(f"{option}: {first_problem(error).message}") from None
        if wanted != config:
            raise BadInput(f"{option}: the record {path} was played with "
                           f"{name.replace('_', ' ')} {_said(record.config.get(name))}")


def _said(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def _again(table: Table, agent: str, default_auto: str | None) -> list[str]:
    """The options that seat the same players again when the game goes on."""
    automated = list(table.automated)
    if automated == _auto_seats(default_auto, table.seats):
        return ["--agent", agent] if automated else []
    return ["--auto", ",".join(automated) or "none", *(["--agent", agent] if automated
                                                        else [])]


def seat_named(name: str, seats: Sequence[Seat]) -> Seat:
    """The seat ``name`` names, whatever its case; BadInput naming the seats if none."""
    for seat in seats:
        if seat.lower() == name.strip().lower():
            return seat
    raise BadInput(f"sheet {name}: no such seat (seats: {', '.join(seats)})")


def given_options(ctx: typer.Context, fields: Mapping[str, str]) -> dict[str, str]:
    """The config fields whose options were typed, each with its option (``fields``: each
    option's parameter name to the config field it sets): a resumed game checks only
    these against its record."""
    sources = {name: ctx.get_parameter_source(name) for name in fields}
    return {field: f"--{name.replace('_', '-')}" for name, field in fields.items()
            if getattr(sources[name], "name", "DEFAULT") not in ("DEFAULT", "DEFAULT_MAP")}


def _auto_seats(text: str | None, seats: list[str]) -> list[str]:
    if text is None or text.strip().lower() == "none":
        return []
    if text.strip().lower() == "all":
        return seats
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    for name in chosen:
        if name not in seats:
            raise BadInput(f"--auto {name!r}: no such seat (seats: {', '.join(seats)}; or "
                           "'all' or 'none')")
    return [seat for seat in seats if seat in chosen]


def matching(typed: str, legal: Sequence[Any], words: Sequence[str] = ()) -> list[Any]:
    """The actions whose text, or words (``words``: one per action, as the menu says
    them), begin with ``typed``, whatever the case of either (names in choices are
    capitalised; people type as they like); a text or words typed in full (the words
    with or without the id in brackets) are the one action they name even when they
    also begin a longer one."""
    if not typed:
        return []
    wanted = typed.lower()
    said = [_names(action.text, words[index] if index < len(words) else None)
            for index, action in enumerate(legal)]
    whole = [action for action, names in zip(legal, said, strict=True) if wanted in names]
    return whole or [action for action, names in zip(legal, said, strict=True)
                     if any(name.startswith(wanted) for name in names)]


def _names(text: str, words: str | None) -> list[str]:
    """How an action may be typed: its text, its words, its words without the id."""
    names = [text.lower()]
    if words is not None and words.lower() != names[0]:
        names.append(words.lower())
        if words.endswith(")") and " (" in words:
            names.append(words[:words.rindex(" (")].lower())
    return names


def pick(typed: str, legal: Sequence[Any], words: Sequence[str] = ()) -> Any | None:
    """The action a person means by ``typed`` (a number on the menu, or text or words
    that fit one action), or None when it is not clear."""
    if typed.isdigit() and 1 <= int(typed) <= len(legal):
        return legal[int(typed) - 1]
    fits = matching(typed, legal, words)
    return fits[0] if len(fits) == 1 else None
