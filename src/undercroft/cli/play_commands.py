"""`undercroft play amulet` (hot-seat play at one terminal) and `undercroft replay FILE`.

The game is an engine ``Table`` run by the one hot-seat loop (``play_turns.hot_seat``):
what Amulet's front adds is drawing the table (``amulet_table``), reading each human
seat's choice (with claims and help), speaking announcements and keeping the score, so
that a game played here replays exactly anywhere. The terminal's console and input
stream are parameters of :class:`HotSeat`, so tests drive whole games with scripted
input.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Final, TextIO

import typer
from rich.console import Console
from rich.text import Text

from undercroft.cli import amulet_table as draw
from undercroft.cli import play_cardcrawl, play_labyrinth, play_squad
from undercroft.cli.play_choices import read_choice
from undercroft.cli.play_seats import auto_seats, game_config, make_agent
from undercroft.cli.play_turns import (
    Leave,
    free_path,
    hot_seat,
    keep_record,
    menu_entry,
    say_saved,
    seat_named,
)
from undercroft.engine.api import Ruleset, Seat
from undercroft.engine.capabilities import choice_words, players_map
from undercroft.engine.record import Record, check_record_target, load_record
from undercroft.engine.registry import default_agent, get
from undercroft.engine.table import Table, read_config
from undercroft.errors import BadInput
from undercroft.rng import fresh_seed
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.events import Event

SYSTEM: Final = "amulet"
SEED_BITS: Final = 31
SEED_LIMIT: Final = 2**SEED_BITS
HELP: Final = """Type the number of an action, or its text or words (a start that fits
only one action will do: "pick" when only one "pick up ..." is possible). Any
action may also be typed in full with ", take half" where the rules allow it.
  !<choice>     also claim the last step's announcements (a token for the first
                to claim)
  sheet [NAME]  a hero's sheet (without a name: the one choosing now)
  ?             this help
  quit          save the game and leave (end of input and Ctrl-C do the same)"""

play_app = typer.Typer(help="Play a whole game at this terminal (hot seat).",
                       no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add `play ...` to the `undercroft` command (Amulet here, Card Crawl in its module)."""
    play_cardcrawl.register(play_app)
    play_labyrinth.register(play_app)
    play_squad.register(play_app)
    app.add_typer(play_app, name="play")


# --- the session at the table -----------------------------------------------------------------


@dataclass
class Game:
    """A game ready to go on: its table, and where its record is kept."""

    table: Table
    save_path: Path
    """Where the record goes when the table leaves (and after every step if ``keep``)."""
    keep: bool
    """Write the record after every step (--record or --resume)."""
    ended_before: bool = False
    """A resumed record that had already ended: its score was kept when it ended."""

    @property
    def ruleset(self) -> Ruleset[Any, Any]:
        return self.table.ruleset

    @property
    def state(self) -> GameState:
        state: GameState = self.table.state
        return state

    @property
    def record(self) -> Record:
        assert self.table.record is not None
        return self.table.record


@dataclass
class HotSeat:
    """Amulet's front at one terminal (``play_turns.Front``): draws the table, asks the
    humans; the table's agents play the other seats."""

    game: Game
    humans: list[str]
    console: Console
    stdin: TextIO
    speaker: Any = None
    """A ``cli.speech.Speaker`` (or None: silent)."""
    agent: str = "sensible"
    """The automated player of the other seats (named in the hint to go on)."""
    last: list[Event] = field(default_factory=list)
    drawn: bool = False

    def run(self) -> None:
        """Play to the end, or save and stop when the table leaves."""
        try:
            hot_seat(self.game.table, self, self._keep)
        except (KeyboardInterrupt, Leave):
            self._leave()
            return
        self.console.print(self._table())
        self._finish()

    def _keep(self) -> None:
        if self.game.keep:
            keep_record(self.game.record, self.game.save_path)

    def before_step(self, table: Table, asking: Sequence[Seat]) -> None:
        """The full table whenever a human must choose (and first of all); else the last
        step's events."""
        if asking or not self.drawn:
            self.console.print(self._table())
            self.drawn = True
        else:
            self._show_events()

    def ask(self, table: Table, seat: Seat) -> Action:
        legal = table.legal(seat)
        return self._ask(seat, legal, list(table.view(seat)["claims"]))

    def after_step(self, table: Table, events: Sequence[Any]) -> None:
        self.last = list(events)
        self._speak(self.last)

    @staticmethod
    def standing(console: Console, ruleset: Ruleset[Any, Any], state: Any) -> None:
        """The level, the heroes and (once it has ended) the outcome."""
        view = ruleset.view(state, ruleset.seats(state)[0])
        console.print(draw.header(view))
        console.print(draw.heroes(view))
        outcome = ruleset.outcome(state)
        if outcome is not None:
            console.print(draw.outcome(outcome.result, outcome.summary))

    def _show_events(self) -> None:
        """Steps nobody here chooses in (agents alone): their events, without the map."""
        if not self.last:
            return
        self.console.print(draw.events(self.last), end="")
        words = draw.announcements(self.last)
        if words:
            self.console.print(draw.announcement_panel(words, claimable=False))

    def _table(self) -> Any:
        ruleset, state = self.game.ruleset, self.game.state
        seat = ruleset.seats(state)[0]
        view = ruleset.view(state, seat)
        return draw.table(players_map(ruleset, state, seat), view, self.last,
                          bool(self.humans))

    def _ask(self, seat: str, legal: Sequence[Action], claims: list[str]) -> Action:
        """Ask until the answer is one of the seat's actions; bad answers only ask again."""
        worded = choice_words(self.game.ruleset, self.game.state, seat, legal)
        self.console.print(draw.choices(seat, [menu_entry(wording) for wording in worded],
                                        claims))
        words = [wording.words for wording in worded]
        while True:
            self.console.print(f"{seat}> ", end="", markup=False, highlight=False)
            line = self.stdin.readline()
            if not line:
                self.console.print()
                raise Leave
            typed = line.strip()
            if typed.lower() in ("quit", "q"):
                raise Leave
            if typed in ("?", "help"):
                self.console.print(HELP, markup=False, highlight=False)
                continue
            try:
                if typed.split(" ", 1)[0].lower() == "sheet":
                    self._sheet(seat, typed[len("sheet"):].strip())
                    continue
                return read_choice(typed, legal, bool(claims), words)
            except BadInput as error:
                self.console.print(Text(str(error), style="red"))

    def _sheet(self, seat: str, name: str) -> None:
        """``sheet NAME``: a hero's sheet, as the heroes' table shows it to everyone."""
        view = self.game.table.view(seat)
        wanted = seat_named(name or seat, [hero["name"] for hero in view["heroes"]])
        hero = next(hero for hero in view["heroes"] if hero["name"] == wanted)
        self.console.print(draw.hero_sheet(hero))

    def _speak(self, events: Sequence[Event]) -> None:
        if self.speaker is None:
            return
        for words in draw.announcements(events):
            self.speaker.say(words)

    def _leave(self) -> None:
        path = self.game.save_path
        keep_record(self.game.record, path)
        automated = list(self.game.table.automated)
        again = ["--auto", ",".join(automated), "--agent", self.agent] if automated else []
        say_saved(self.console, SYSTEM, path, len(self.game.record.choices), again)

    def _finish(self) -> None:
        """The outcome, then the score into the table's high-score list."""
        outcome = self.game.ruleset.outcome(self.game.state)
        assert outcome is not None
        self.console.print(draw.outcome(outcome.result, outcome.summary))
        if self.game.keep:
            self.console.print(f"Record: {self.game.save_path}", markup=False, soft_wrap=True)
        if self.game.ended_before:
            self.console.print("(this record had already ended: its score was kept then)")
            return
        self._score(outcome.summary)

    def _score(self, figures: Mapping[str, Any]) -> None:
        from undercroft.store import highscores

        path = highscores.default_path()
        players = self.players()
        mine = highscores.record_score(
            path, system=SYSTEM, players=players, depth=int(figures["depth_reached"]),
            treasure=dict(figures["treasure"]), seed=self.game.state.seed,
            rounds=int(figures["rounds"]), when=datetime.now())
        rows = highscores.top_scores(path, system=SYSTEM, players=players)
        self.console.print(draw.scores(rows, mine))
        self.console.print(f"Scores are kept in {path}", markup=False, soft_wrap=True)

    def players(self) -> list[str]:
        """Who sat at the table: heroes played here by name, agents' seats marked as theirs,
        so that games the agents played alone keep a high-score table of their own."""
        agents = self.game.table.agents
        return [seat if seat in self.humans else f"{seat} ({agents[seat].name})"
                for seat in self.game.ruleset.seats(self.game.state)]


# --- setting a game up from the options -------------------------------------------------------


@dataclass(frozen=True)
class PlayOptions:
    """`play amulet`'s options as given (None: not given)."""

    party: str | None = None
    seed: int | None = None
    auto: str | None = None
    record: Path | None = None
    speak: bool = False
    resume: Path | None = None
    agent: str = default_agent(SYSTEM)
    depth_limit: int | None = None


def new_game(options: PlayOptions, console: Console) -> Game:
    """A fresh game, or the resumed one, with the path its record is kept at."""
    if options.resume is not None:
        return resumed_game(options)
    config = game_config(options.party, options.depth_limit)
    auto_seats(options.auto, config)
    if options.record is not None:
        check_target(options.record)
    seed = options.seed
    if seed is None:
        seed = fresh_seed(SEED_BITS)
        console.print(f"Seed {seed} (play this game again with --seed {seed})",
                      markup=False, highlight=False, soft_wrap=True)
    check_seed(seed)
    if options.record is not None:
        save_path, keep = options.record, True
    else:
        save_path, keep = free_path(Path(f"amulet-{seed}.json")), False
    return Game(Table.start(get(SYSTEM), config, seed), save_path, keep)


def resumed_game(options: PlayOptions) -> Game:
    """The record replayed to where it stopped; its choices go on into the same file
    (or into --record's, which then gets the whole game)."""
    assert options.resume is not None
    path = options.resume
    record = load_record(path)
    if record.system != SYSTEM:
        raise BadInput(f"{path}: a {record.system} record; `play amulet` goes on with "
                       "amulet games")
    config = read_config(get(SYSTEM), record.config, f"{path}: config")
    assert isinstance(config, GameConfig)
    check_same(options, record, config)
    automated = {seat: options.agent.strip().lower()
                 for seat in auto_seats(options.auto, config)}
    table, _ = Table.resume(record, automated, str(path))
    target = path
    if options.record is not None and options.record.resolve() != path.resolve():
        check_target(options.record)
        target = options.record
    return Game(table, target, keep=True, ended_before=table.outcome is not None)


def check_same(options: PlayOptions, record: Record, config: GameConfig) -> None:
    """--seed, --party and --depth-limit may repeat a resumed record's, never change them."""
    if options.seed is not None and options.seed != record.seed:
        raise BadInput(f"--seed {options.seed}: the record {options.resume} was played with "
                       f"seed {record.seed}")
    if options.party is not None or options.depth_limit is not None:
        wanted = game_config(options.party or ",".join(config.party),
                             config.depth_limit if options.depth_limit is None
                             else options.depth_limit)
        if wanted != config:
            raise BadInput(f"--party/--depth-limit: the record {options.resume} was played "
                           f"with party {','.join(config.party)} and depth limit "
                           f"{config.depth_limit}")


def check_seed(seed: int) -> None:
    if seed < 0:
        raise BadInput(f"--seed {seed}: expected a whole number of 0 or more")


def check_target(path: Path) -> None:
    """--record may replace a game record, never some other file, nor a folder, a device
    or a FIFO (:func:`files.check_replaceable`)."""
    check_record_target(path, f"--record {path}")


def speaker_for(speak: bool, console: Console) -> Any:
    """A Speaker when --speak (None otherwise)."""
    if not speak:
        return None
    from undercroft.cli.speech import Speaker

    speaker = Speaker.detect(True)
    console.print(speaker.describe(), markup=False, highlight=False)
    return speaker


def play(options: PlayOptions, console: Console, stdin: TextIO) -> None:
    """Set the game up from the options and play it at this console."""
    make_agent(options.agent)
    game = new_game(options, console)
    config = game.state.config
    automated = auto_seats(options.auto, config)
    humans = [seat for seat in config.hero_names() if seat not in automated]
    if options.resume is None:  # a resumed table has its agents, asked again at each step
        game.table.automate({seat: options.agent.strip().lower() for seat in automated},
                            "--agent")
    if game.keep:
        keep_record(game.record, game.save_path)
    HotSeat(game, humans, console, stdin, speaker_for(options.speak, console),
            options.agent.strip().lower()).run()


@play_app.command("amulet")
def play_amulet(
    party: Annotated[str | None, typer.Option(
        "--party", help="The heroes' classes, comma-separated (default "
        "warrior,elf,valkyrie,wizard).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; same seed and choices, "
                                             "same game.")] = None,
    auto: Annotated[str | None, typer.Option(
        "--auto", help="Seats the agent plays: seat or class names, comma-separated, or "
        "'all'.")] = None,
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write the game record to FILE after every step.")] = None,
    speak: Annotated[bool, typer.Option("--speak", help="Say announcements aloud "
                                        "(espeak-ng).")] = False,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="Go on with a saved game record (choices are added to it).")] = None,
    agent: Annotated[str, typer.Option("--agent", help="The automated player: sensible or "
                                       "random.")] = default_agent(SYSTEM),
    depth_limit: Annotated[int | None, typer.Option(
        "--depth-limit", help="End the game on leaving this level (0: no limit).")] = None,
) -> None:
    """Play Amulet hot-seat: each hero's player chooses in turn; agents play --auto seats."""
    options = PlayOptions(party, seed, auto, record, speak, resume, agent, depth_limit)
    play(options, Console(highlight=False), sys.stdin)
