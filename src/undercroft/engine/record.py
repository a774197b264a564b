"""Game records: (system, rules version, config, seed, choices), as JSON, and replay.

A record holds what the players chose, never the state: replaying the choices
from the seed reproduces every event exactly, in any process (DESIGN.md:
"Records are JSON; never pickle state"). A record that cannot be read, or
whose choices stop being legal, is bad input naming the file and the step.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from undercroft.content import files
from undercroft.engine.api import Event, Ruleset, Seat
from undercroft.engine.registry import get
from undercroft.errors import BadInput, first_problem

RECORD_FORMAT = 1


class Record(BaseModel):
    """Everything needed to replay a game: the choices, step by step."""

    model_config = ConfigDict(extra="forbid")

    format: int = RECORD_FORMAT
    system: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    choices: list[dict[Seat, str]] = Field(default_factory=list)
    """Per step, each seat's action as text."""

    def add(self, choices: Mapping[Seat, Any]) -> None:
        self.choices.append({seat: action.text for seat, action in choices.items()})


def new_record(ruleset: Ruleset[Any, Any], config: BaseModel, seed: int) -> Record:
    return Record(system=ruleset.name, rules_version=ruleset.version,
                  config=config.model_dump(mode="json"), seed=seed)


def save_record(record: Record, path: Path) -> None:
    """Write atomically: a crash mid-write never leaves half a record in place. The rename
    replaces a regular file (or a symbolic link to one: the link, not the file it names)
    and nothing else: a folder, a device or a FIFO at ``path`` is BadInput, left as it is
    (:func:`files.check_replaceable`)."""
    files.check_replaceable(path, str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    text = record.model_dump_json(indent=1)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_record(path: Path) -> Record:
    """Read a record; anything wrong is one line naming the file (a folder, a FIFO, a
    device, a file over 16 MiB or bytes that are not UTF-8: :func:`files.read_text`)."""
    text = files.read_text(path, "the record")
    try:
        record = Record.model_validate_json(text)
    except ValidationError as error:
        problem = first_problem(error)
        raise BadInput(f"{path}: not a game record ({problem.field or 'the file'}: "
                       f"{problem.message})") from None
    if record.format != RECORD_FORMAT:
        raise BadInput(f"{path}: record format {record.format} (this version reads "
                       f"{RECORD_FORMAT})")
    return record


def check_record_target(path: Path, where: str) -> None:
    """Before a game is played, that its record may be kept at ``path``: nothing is there,
    or a game record is (replaced as the game goes on). Another file is never overwritten
    (``--record notes.txt`` keeps the notes), nor a folder, a device or a FIFO
    (:func:`files.check_replaceable`, which also refuses a path through a file). The
    folder it goes in is made if missing. ``where`` (``--record game.json``) starts the
    line of bad input."""
    files.check_replaceable(path, where)
    if path.exists():
        try:
            load_record(path)
        except BadInput:
            raise BadInput(f"{where}: exists and is not a game record; not overwritten"
                           ) from None


def check_rules(ruleset: Ruleset[Any, Any], rules_version: str, where: str) -> None:
    """A game kept under ``rules_version`` replays only under those rules: BadInput if the
    ruleset is now another version (a rule change would make its choices mean other
    moves)."""
    if rules_version != ruleset.version:
        raise BadInput(f"{where}: made with {ruleset.name} rules {rules_version}, "
                       f"this is {ruleset.version}; it would not replay the same")


def start(record: Record, where: str = "the record") -> tuple[Ruleset[Any, Any], Any]:
    """The ruleset and the fresh state a record begins from."""
    ruleset = get(record.system)
    check_rules(ruleset, record.rules_version, where)
    try:
        config = ruleset.config_model().model_validate(record.config)
    except ValidationError as error:
        problem = first_problem(error)
        raise BadInput(f"{where}: config {problem.field}: {problem.message}") from None
    return ruleset, ruleset.new(config, record.seed)


def replay(record: Record, where: str = "the record", until: Callable[[Any], bool] | None = None,
           ) -> tuple[Ruleset[Any, Any], Any, list[Event]]:
    """Play a record's choices again from its seed; stop early when ``until(state)``."""
    ruleset, state = start(record, where)
    events: list[Event] = []
    for number, step in enumerate(record.choices, start=1):
        if until is not None and until(state):
            break
        try:
            events += ruleset.step(state, read_step(ruleset, state, step))
        except BadInput as error:
            raise BadInput(f"{where}: step {number}: {error}") from None
    return ruleset, state, events


def read_step(ruleset: Ruleset[Any, Any], state: Any, texts: Mapping[Seat, str]
              ) -> dict[Seat, Any]:
    """One recorded step's choices as actions, checked against who had to choose: exactly
    the seats in ``to_act`` with something to choose, as a game run by Undercroft (the
    terminal, the shared table, the lab) records them. A record with a step that skips a
    seat that had to choose, or names one that did not, is one that no game wrote; the
    rules would take such a step (a simultaneous round lets a seat sit a step out only
    when it has nothing to choose), so it is refused here, before it changes anything.
    Whether each choice is legal is the ruleset's own check, in ``step``."""
    required = {seat for seat in ruleset.to_act(state) if ruleset.legal(state, seat)}
    missing = sorted(required - set(texts))
    if missing:
        raise BadInput(f"no choice for {', '.join(missing)}, who had to choose")
    extra = sorted(set(texts) - required)
    if extra:
        raise BadInput(f"a choice for {', '.join(extra)}, who did not choose then")
    return {seat: ruleset.parse(text) for seat, text in texts.items()}


def state_hash(view: Mapping[str, Any]) -> str:
    """A fingerprint of a whole-truth view: equal states, equal hashes."""
    canonical = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()

