"""A game in progress: its ruleset, state, seats and their agents, record and snapshots.

Every place that runs a game goes through a :class:`Table`: the balance lab plays whole
games with automated seats (``engine.runner.play_out``), the terminal asks the people at
it for their seats' choices (the hot-seat loop in ``cli.play_turns``), and the shared
table's server hands a table the rows its store keeps and sends on what it returns
(``web.live``). So there is one way a game asks its agents, takes a step and writes its
record, and a game played in one place replays exactly in the others.

A seat is automated (it has an agent) or waits for a person. A person's choice is held
(:meth:`Table.choose`) until every seat that must choose now has chosen; the automated
seats then choose, each from its own view with its own stream of the game's seed
(``engine.agents.agent_stream``), and the step is taken (:meth:`Table.run_automated`).
Replaying a record asks the automated seats again for the steps they chose in, so their
streams (and whatever an agent keeps) stand where they stood before.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Final, Protocol

from pydantic import BaseModel, ValidationError

from undercroft.engine import registry, snapshot
from undercroft.engine.agents import Agent, agent_stream
from undercroft.engine.api import Event, Outcome, Ruleset, Seat
from undercroft.engine.record import Record, check_rules, read_step, state_hash
from undercroft.errors import BadInput, first_problem
from undercroft.rng import Stream

MAX_CHOICE: Final = 200
"""Characters in a typed choice's text (docs/web-api.md)."""
WAIT: Final = "wait"
"""The text every system gives the choice to do nothing this step."""
MAX_SNAPSHOT: Final = 64 * 1024 * 1024
"""Bytes of JSON a snapshot may hold when read (an Amulet game's is about 150 KB)."""

Guard = Callable[[int, Mapping[Seat, str]], AbstractContextManager[Any]]
"""What a step is taken inside, given its number and choices as text (the shared table's
store writes the step's row in the same transaction)."""


class StepWatcher(Protocol):
    """What follows the automated steps as they are taken (the audit: ``sim.audit_game``)."""

    def offered(self, legal: Mapping[Seat, list[Any]]) -> None:
        """Before a step: each automated seat's legal choices (only seats with some)."""

    def stepped(self, choices: Mapping[Seat, Any], events: Sequence[Event]) -> None:
        """After a step: every seat's choice in it, and its events."""


@dataclass(frozen=True)
class TableSnapshot:
    """A table as it stood after step ``number``, as ``engine.snapshot`` JSON (compressed).

    A cache of where the record leads, never the truth: ``code`` says which build wrote
    it (only the same build reads it) and ``truth`` which game and state it stands for."""

    number: int
    code: str
    truth: str
    data: bytes


def agents_named(ruleset: Ruleset[Any, Any], names: Mapping[Seat, str],
                 where: str = "agent") -> dict[Seat, Agent]:
    """A fresh agent per seat from the ruleset's agents by name; an unknown name is bad
    input beginning with ``where``."""
    known = ruleset.agents()
    for seat, name in names.items():
        if name not in known:
            raise BadInput(f"{where}: seat {seat[:64]}: no agent {name[:64]!r} (known: "
                           f"{', '.join(sorted(known))})")
    return {seat: known[name]() for seat, name in names.items()}


def read_config(ruleset: Ruleset[Any, Any], raw: Mapping[str, Any], where: str = "config"
                ) -> BaseModel:
    """The system's config from JSON data; a wrong field is one line naming it."""
    try:
        return ruleset.config_model().model_validate(dict(raw))
    except ValidationError as error:
        problem = first_problem(error)
        field = f"{where}.{problem.field}" if problem.field else where
        raise BadInput(f"{field}: {problem.message}") from None


def claiming_form(action: Any) -> Any | None:
    """The action that also claims the last step's announcements (Amulet's
    ``Action.claiming``); None in a system that has no announcements to claim."""
    claiming = getattr(action, "claiming", None)
    return claiming() if callable(claiming) else None


class Table:
    """One game in progress. Not thread-safe: a caller shared by threads holds a lock."""

    def __init__(self, ruleset: Ruleset[Any, Any], state: Any, seed: int,
                 agents: Mapping[Seat, Agent], *, config: BaseModel | None = None,
                 record: Record | None = None, automated: Mapping[Seat, str] | None = None
                 ) -> None:
        """A table around ``state`` as it stands (usually :meth:`start` or :meth:`resume`).

        ``record`` (None: none kept) gets every step taken from here on; ``config`` lets
        the table rebuild itself from its record; ``automated`` names each seat's agent
        (by default, the agent's own name)."""
        self.ruleset = ruleset
        self.state = state
        self.seed = seed
        self.config = config
        self.agents = dict(agents)
        self.automated = dict(automated) if automated is not None else {
            seat: getattr(agent, "name", "") for seat, agent in self.agents.items()}
        self.record = record
        self.streams: dict[Seat, Stream] = {}
        self.seats: list[Seat] = [] if state is None else list(ruleset.seats(state))
        self.pending: dict[Seat, Any] = {}
        """Choices made by people in a round not yet complete (never recorded until the
        step is taken)."""
        self.steps = len(record.choices) if record is not None else 0
        self.changes = 0
        """Counts every change of the state, so what is worked out from it is kept until
        the next (who must choose; a server's payloads)."""
        self.events: Sequence[Event] = ()
        """The last step's events."""
        self._event_dicts: list[dict[str, Any]] | None = []
        self._waiting: tuple[int, list[Seat]] = (-1, [])

    # --- starting and resuming --------------------------------------------------------

    @classmethod
    def start(cls, ruleset: Ruleset[Any, Any], config: BaseModel, seed: int,
              agents: Mapping[Seat, Agent] | None = None,
              automated: Mapping[Seat, str] | None = None) -> Table:
        """A new game of ``config`` on ``seed``, with a fresh record. ``agents`` play their
        seats; or ``automated`` names them (a seat that is not one is bad input)."""
        state = ruleset.new(config, seed)
        if agents is None:
            agents = agents_named(ruleset, automated or {}, "automated")
        table = cls(ruleset, state, seed, agents, config=config,
                    record=Record(system=ruleset.name, rules_version=ruleset.version,
                                  config=config.model_dump(mode="json"), seed=seed),
                    automated=automated)
        for seat in table.agents:
            if seat not in table.seats:
                raise BadInput(f"automated: no seat {seat[:64]!r} (seats: "
                               f"{', '.join(table.seats)})")
        return table

    @classmethod
    def resume(cls, record: Record, automated: Mapping[Seat, str], where: str = "the record",
               saved: TableSnapshot | None = None) -> tuple[Table, str | None]:
        """The game a record leads to, its seats automated as ``automated`` names: from
        ``saved`` and the steps after it when that fits the record, else the whole record
        replayed from its seed. Returns the table and why ``saved`` was not used (None if
        it was, or there was none). BadInput, beginning with ``where``, if the record does
        not replay: its rules changed, its config no longer fits, a step is not legal, an
        agent is gone."""
        ruleset = registry.get(record.system)
        check_rules(ruleset, record.rules_version, where)
        try:
            config = read_config(ruleset, record.config)
        except BadInput as error:
            raise BadInput(f"{where}: {error}") from None
        agents_named(ruleset, automated, where)  # an unknown agent: the record cannot go on
        steps = list(record.choices)
        refused = None
        if saved is not None:
            table = cls(ruleset, None, record.seed, {}, config=config,
                        record=record.model_copy(update={"choices": steps[:saved.number]}),
                        automated=automated)
            try:
                refused = table._read(saved, steps)
                if refused is None:
                    table.replay(steps[saved.number:], where)
                    return table, None
            except Exception as error:  # a cache that fails in any way is passed over
                refused = str(error) or type(error).__name__
        table = cls(ruleset, ruleset.new(config, record.seed), record.seed,
                    agents_named(ruleset, automated, where), config=config,
                    record=record.model_copy(update={"choices": []}), automated=automated)
        table.replay(steps, where)
        return table, refused

    def automate(self, names: Mapping[Seat, str], where: str = "agent") -> None:
        """Let the ruleset's agents named by ``names`` play those seats from here on, each
        with its own stream from the start (the other seats wait for people)."""
        self.agents = agents_named(self.ruleset, names, where)
        self.automated = dict(names)
        self.streams = {}
        self.changes += 1

    def replay(self, steps: Sequence[Mapping[Seat, str]], where: str = "the record") -> None:
        """Take recorded steps (choices as text), asking the automated seats again so that
        their streams stand where they stood; BadInput naming the step if one does not fit."""
        self.pending.clear()
        for number, texts in enumerate(steps, start=self.steps + 1):
            try:
                choices = read_step(self.ruleset, self.state, texts)
                for seat in sorted(choices):
                    if seat in self.agents:
                        self.agent_choice(seat, self.ruleset.legal(self.state, seat))
                self._take(choices, texts=texts)
            except BadInput as error:
                raise BadInput(f"{where}: step {number}: {error}") from None
        self.changes += 1

    def rebuild(self) -> None:
        """Stand again where the record says, from the seed (after a step that failed
        half-way, say): state, agents and streams made afresh."""
        if self.config is None or self.record is None:
            raise RuntimeError("a table without its config and record cannot rebuild itself")
        steps = list(self.record.choices)
        self.record.choices.clear()
        self.steps = 0
        self.state = self.ruleset.new(self.config, self.seed)
        self.seats = list(self.ruleset.seats(self.state))
        self.agents = agents_named(self.ruleset, self.automated)
        self.streams = {}
        self.events, self._event_dicts = (), []
        self.replay(steps)

    # --- who chooses, and choosing ----------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self.ruleset.outcome(self.state)

    def who_must_choose(self) -> list[Seat]:
        """The seats that must choose now (acting, with something to choose), sorted."""
        if self.outcome is not None:
            return []
        return [seat for seat in sorted(self.ruleset.to_act(self.state))
                if self.ruleset.legal(self.state, seat)]

    def waiting_for(self) -> list[Seat]:
        """The people's seats that must choose now, worked out once a change. A seat whose
        only choice is to wait is not waited for (:func:`only_waits`): the table waits for
        it (:meth:`run_automated`), as if its person had tapped "wait"."""
        changes, seats = self._waiting
        if changes != self.changes:
            seats = [seat for seat in self.who_must_choose() if seat not in self.agents
                     and not only_waits(self.ruleset.legal(self.state, seat))]
            self._waiting = (self.changes, seats)
        return list(seats)

    def legal(self, seat: Seat) -> list[Any]:
        return list(self.ruleset.legal(self.state, seat))

    def view(self, seat: Seat | None) -> dict[str, Any]:
        return self.ruleset.view(self.state, seat)

    def read(self, seat: Seat, text: str) -> Any:
        """The action ``seat`` means by ``text``, or BadInput saying why it cannot be taken
        now. ``text`` must be one of the seat's legal choices (or its "take half" form);
        a leading ``!`` also claims the last step's announcements (Amulet's
        ``Action.claiming``)."""
        if len(text) > MAX_CHOICE:
            raise BadInput(f"choice: at most {MAX_CHOICE} characters (got {len(text)})")
        if self.outcome is not None:
            raise BadInput("the game is over: nobody chooses now")
        if seat in self.pending:
            raise BadInput(f"{seat} has already chosen this round "
                           f"({self.pending[seat].text!r}); waiting for the others")
        if seat not in self.waiting_for():
            acting = ", ".join(sorted(self.ruleset.to_act(self.state))) or "nobody"
            raise BadInput(f"{seat} does not choose now (now: {acting})")
        body = " ".join(text.split())
        claim = body.startswith("!")
        if claim:
            body = body[1:].strip()
        legal = self.legal(seat)
        by_text = {action.text: action for action in legal} | {
            variant.text: variant for variant in half_forms(legal).values()}
        try:
            action = by_text.get(self.ruleset.parse(body).text) if body else None
        except ValueError:
            action = None
        if action is None:
            raise BadInput(f"{body!r} is not one of {seat}'s choices now")
        return self._claiming(seat, action) if claim else action

    def means(self, said: str) -> str | None:
        """The text a record keeps for the action ``said`` stands for (a leading ``!`` as
        its claiming form); None if it stands for none."""
        claim = said.startswith("!")
        try:
            action = self.ruleset.parse(said.removeprefix("!").strip())
        except ValueError:
            return None
        if claim:
            action = claiming_form(action)
        return None if action is None else str(action.text)

    def _claiming(self, seat: Seat, action: Any) -> Any:
        claiming = claiming_form(action)
        if claiming is None:
            raise BadInput(f"a leading '!' claims announcements, which {self.ruleset.name} "
                           "does not have")
        if not self.view(seat).get("claims"):
            raise BadInput("nothing to claim now: '!' claims the last step's announcements, "
                           "and there are none that another hero caused")
        return claiming

    def choose(self, seat: Seat, choice: Any) -> None:
        """Hold a person's choice (an action, or its text: :meth:`read`) for the step that
        is taken once every seat that must choose now has chosen (:meth:`run_automated`)."""
        if isinstance(choice, str):
            self.pending[seat] = self.read(seat, choice)
            return
        if seat in self.pending or seat not in self.waiting_for():
            raise BadInput(f"{seat} does not choose now")
        self.pending[seat] = choice

    # --- taking steps -----------------------------------------------------------------

    def run_automated(self, limit: int = 100_000,
                      after_step: Callable[[Sequence[Event]], None] | None = None,
                      guard: Guard | None = None, watcher: StepWatcher | None = None
                      ) -> tuple[int, bool]:
        """Take every step nobody has to wait for, at most ``limit``: until a person must
        choose (and has not), or the game ends. Returns how many were taken and whether
        more are due (the limit stopped it). ``guard`` wraps each step (if the step or the
        guard fails, the table rebuilds itself from its record and the error is raised);
        ``after_step`` sees each step's events; ``watcher`` sees the automated seats'
        legal choices before they choose and every step's choices and events."""
        ruleset, state, agents = self.ruleset, self.state, self.agents
        taken = 0
        while ruleset.outcome(state) is None:
            acting = sorted(ruleset.to_act(state))
            waits = {seat: self._waits(seat) for seat in acting
                     if seat not in agents and seat not in self.pending}
            waits = {seat: wait for seat, wait in waits.items() if wait is not None}
            if any(seat not in agents and seat not in self.pending and seat not in waits
                   and ruleset.legal(state, seat) for seat in acting):
                break
            if taken >= limit:
                return taken, True
            offered = {seat: ruleset.legal(state, seat) for seat in acting if seat in agents}
            offered = {seat: legal for seat, legal in offered.items() if legal}
            if watcher is not None:
                watcher.offered(offered)
            choices: dict[Seat, Any] = {}
            for seat in acting:
                if seat in offered:
                    choices[seat] = self.agent_choice(seat, offered[seat])
                elif seat in self.pending:
                    choices[seat] = self.pending[seat]
                elif seat in waits:
                    choices[seat] = waits[seat]
            events = self._take(choices, guard)
            taken += 1
            if watcher is not None:
                watcher.stepped(choices, events)
            if after_step is not None:
                after_step(events)
        return taken, False

    def _waits(self, seat: Seat) -> Any | None:
        """The wait a person's seat is held to, when waiting is its only choice."""
        legal = self.ruleset.legal(self.state, seat)
        return legal[0] if only_waits(legal) else None

    def agent_choice(self, seat: Seat, legal: Sequence[Any]) -> Any:
        """An automated seat's choice, from its view and its own stream of the seed."""
        stream = self.streams.get(seat)
        if stream is None:
            stream = self.streams[seat] = agent_stream(self.seed, seat)
        return self.agents[seat].choose(self.ruleset.view(self.state, seat), legal, stream)

    def _take(self, choices: Mapping[Seat, Any], guard: Guard | None = None,
              texts: Mapping[Seat, str] | None = None) -> Sequence[Event]:
        """Take one step, and record it (as ``texts`` when replaying a record's step)."""
        if guard is None:
            events = self.ruleset.step(self.state, choices)
            if self.record is not None:
                if texts is None:
                    self.record.add(choices)
                else:
                    self.record.choices.append(dict(texts))
        else:
            texts = {seat: action.text for seat, action in choices.items()}
            try:
                with guard(self.steps + 1, texts):
                    self.changes += 1
                    events = self.ruleset.step(self.state, choices)
            except BaseException:
                self.rebuild()
                raise
            if self.record is not None:
                self.record.choices.append(texts)
        self.steps += 1
        self.changes += 1
        self.pending.clear()
        self.events, self._event_dicts = events, None
        return events

    @property
    def last_events(self) -> list[dict[str, Any]]:
        """The last step's events as dictionaries."""
        if self._event_dicts is None:
            self._event_dicts = [event.to_dict() for event in self.events]
        return self._event_dicts

    # --- snapshots --------------------------------------------------------------------

    def snapshot(self) -> TableSnapshot:
        """The table as it stands: its state, agents, their streams and the last step's
        events, in one graph (so objects they share stay shared)."""
        text = snapshot.dumps({"state": self.state, "agents": self.agents,
                               "streams": self.streams, "last_events": self.last_events})
        return TableSnapshot(self.steps, snapshot.code_fingerprint(),
                             self._truth(self.state, self.steps),
                             zlib.compress(text.encode(), 6))

    def _truth(self, state: Any, number: int) -> str:
        """What a snapshot stands for: this game (its seed, config and choices up to step
        ``number``) and the state they lead to, as one hash."""
        assert self.config is not None and self.record is not None
        return state_hash({"seed": str(self.seed), "config": self.config.model_dump(mode="json"),
                           "record": self.record.choices[:number],
                           "state": state_hash(self.ruleset.view(state, None))})

    def _read(self, saved: TableSnapshot, steps: Sequence[Mapping[Seat, str]]) -> str | None:
        """Stand where ``saved`` stood (its steps are the first of ``steps``); why it cannot
        be used, or None once it is."""
        if saved.code != snapshot.code_fingerprint():
            return "written by another build of Undercroft"
        if not 0 <= saved.number <= len(steps):
            return f"it stands after step {saved.number}, the record has {len(steps)}"
        try:
            graph = snapshot.loads(_inflated(saved.data))
        except (BadInput, zlib.error) as error:
            return str(error)
        if not isinstance(graph, dict) or set(graph) != {"state", "agents", "streams",
                                                         "last_events"}:
            return "not a table's snapshot"
        if self._truth(graph["state"], saved.number) != saved.truth:
            return "it is not this table's game as its record has it"
        agents = graph["agents"]
        if not isinstance(agents, dict) or {seat: getattr(agent, "name", None) for seat, agent
                                            in agents.items()} != self.automated:
            return "its automated seats are not the table's"
        self.state, self.agents, self.streams = graph["state"], agents, graph["streams"]
        self.events, self._event_dicts = (), graph["last_events"]
        self.seats = list(self.ruleset.seats(self.state))
        self.changes += 1
        return None


def only_waits(legal: Sequence[Any]) -> bool:
    """Whether a seat's one legal choice is to wait: nothing for its person to decide, so
    the table makes that choice for them (a record shows it as if they had tapped it)."""
    return len(legal) == 1 and str(legal[0].text) == WAIT


def half_forms(legal: Sequence[Any]) -> dict[str, Any]:
    """Each legal choice's "take half" form (Modos: half the die's highest instead of
    rolling; Amulet's ``Action.halved``, which the terminal offers too), by the choice's
    text; empty for a system without it."""
    found = {}
    for action in legal:
        halved = getattr(action, "halved", None)
        variant = halved() if callable(halved) else None
        if variant is not None:
            found[action.text] = variant
    return found


def _inflated(data: bytes) -> bytes:
    """A snapshot's JSON; refused past ``MAX_SNAPSHOT`` bytes (a damaged row must not fill
    memory)."""
    inflater = zlib.decompressobj()
    text = inflater.decompress(data, MAX_SNAPSHOT)
    if inflater.unconsumed_tail:
        raise BadInput(f"snapshot: more than {MAX_SNAPSHOT:,} bytes of JSON")
    return text

