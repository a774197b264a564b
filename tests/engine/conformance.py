"""Checks every ruleset must pass (DESIGN.md, the conformance suite), as plain functions
so a test can also show that each check catches what it is for."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from undercroft.engine import snapshot
from undercroft.engine.agents import agent_stream
from undercroft.engine.api import Ruleset
from undercroft.engine.capabilities import ChoiceWords, PlayersMap, choice_words
from undercroft.engine.record import Record, new_record, state_hash
from undercroft.engine.runner import choose_all
from undercroft.maps.data import players_map_data

Policy = Callable[[Ruleset[Any, Any], Any, str, list[Any], int], Any]


def random_policy(ruleset: Ruleset[Any, Any], state: Any, seat: str, legal: list[Any],
                  step: int) -> Any:
    return agent_stream(step, seat).choice(legal)


def scripted_policy(ruleset: Ruleset[Any, Any], state: Any, seat: str, legal: list[Any],
                    step: int) -> Any:
    """A fixed script: the first legal action, then the second, round and round."""
    return legal[step % len(legal)]


def play(ruleset: Ruleset[Any, Any], config: Any, seed: int, policy: Policy,
         max_steps: int, after: Callable[[Any], None] | None = None) -> tuple[Any, Record]:
    """Play to the end or the bound; ``after(state)`` runs after every step."""
    state = ruleset.new(config, seed)
    record = new_record(ruleset, config, seed)
    for number in range(max_steps):
        if ruleset.outcome(state) is not None:
            break
        choices = {}
        for seat in sorted(ruleset.to_act(state)):
            legal = ruleset.legal(state, seat)
            if legal:
                choices[seat] = policy(ruleset, state, seat, legal, number)
        ruleset.step(state, choices)
        record.add(choices)
        if after is not None:
            after(state)
    return state, record


def leaks(ruleset: Ruleset[Any, Any], state: Any) -> list[str]:
    """Every hidden fragment some seat's view shows, or the players' map the table draws
    (its data as the web table sends it), when the system has one (empty when nothing
    leaks)."""
    found = []
    hidden = ruleset.hidden(state)
    for seat in ruleset.seats(state):
        text = json.dumps(ruleset.view(state, seat), default=str)
        found += [f"{seat}: {fragment}" for fragment in hidden if fragment in text]
    if isinstance(ruleset, PlayersMap):
        text = json.dumps(players_map_data(ruleset.players_map(state, None)))
        found += [f"the players' map: {fragment}" for fragment in hidden if fragment in text]
    return found


def misfits(ruleset: Ruleset[Any, Any], state: Any) -> list[str]:
    """Every view (each seat's, and the whole truth) that does not fit its ruleset's
    schema, as it goes over the wire (JSON text), with the first problem found."""
    found = []
    for seat in [*ruleset.seats(state), None]:
        schema = ruleset.info.truth_schema if seat is None else ruleset.info.view_schema
        try:
            schema.model_validate_json(json.dumps(ruleset.view(state, seat), default=str))
        except ValidationError as error:
            problem = error.errors()[0]
            where = ".".join(str(part) for part in problem["loc"])
            found.append(f"{seat}: {where}: {problem['msg']}")
    return found


def badly_worded(ruleset: Ruleset[Any, Any], state: Any) -> list[str]:
    """Every seat's legal choices that are not each said in words, with the choice's id
    in brackets at the end (engine.capabilities.Wording; words that are the id itself
    stand alone), and any wording that changes
    the game's truth by being read."""
    found = []
    before = truth_hash(ruleset, state)
    for seat in ruleset.to_act(state):
        legal = ruleset.legal(state, seat)
        try:
            worded = choice_words(ruleset, state, seat, legal)
        except ValueError as error:
            found.append(f"{seat}: {error}")
            continue
        for action, wording in zip(legal, worded, strict=True):
            if not wording.words.strip() or "\n" in wording.words:
                found.append(f"{seat}: {action.text!r} worded {wording.words!r}")
            elif isinstance(ruleset, ChoiceWords) and not wording.words.endswith(")") \
                    and wording.words.strip().lower() != action.text.strip().lower():
                found.append(f"{seat}: {action.text!r} worded {wording.words!r} (no id "
                             "in brackets at the end, nor the id itself)")
    if truth_hash(ruleset, state) != before:
        found.append("wording the choices changed the game's truth")
    return found


def truth_hash(ruleset: Ruleset[Any, Any], state: Any) -> str:
    return state_hash(ruleset.view(state, None))


def resumed_differs(ruleset: Ruleset[Any, Any], config: Any, seed: int, agent: str, at: int,
                    bound: int, lose: str | None = None) -> str | None:
    """Play ``agent`` in every seat; after step ``at`` write a snapshot of the state, the
    agents and their streams, read it back and play the copy on beside the original; and
    read the same snapshot in a fresh Python process, which must go on exactly as the
    original does too (:func:`resumed_elsewhere_differs`). Where they first differ, or
    None. ``lose`` leaves one part out of the snapshot (the test that shows this check
    can fail)."""
    state = ruleset.new(config, seed)
    agents = {seat: ruleset.agents()[agent]() for seat in ruleset.seats(state)}
    streams: dict[str, Any] = {}
    for _ in range(at):
        if ruleset.outcome(state) is not None:
            break
        ruleset.step(state, choose_all(ruleset, state, agents, streams, seed))
    parts = {"state": state, "agents": agents, "streams": streams}
    text = snapshot.dumps({name: part for name, part in parts.items() if name != lose})
    copy = snapshot.loads(text) | ({"streams": {}} if lose == "streams" else {})
    twin, twin_agents, twin_streams = copy["state"], copy["agents"], copy["streams"]
    if truth_hash(ruleset, twin) != truth_hash(ruleset, state):
        return f"read back after step {at}, the state is not the same"
    mine = []
    for number in range(at + 1, bound + 1):
        if ruleset.outcome(state) is not None:
            break
        choices = choose_all(ruleset, state, agents, streams, seed)
        twin_choices = choose_all(ruleset, twin, twin_agents, twin_streams, seed)
        if _texts(choices) != _texts(twin_choices):
            return f"step {number}: chose {_texts(twin_choices)}, not {_texts(choices)}"
        events = [event.to_dict() for event in ruleset.step(state, choices)]
        if [event.to_dict() for event in ruleset.step(twin, twin_choices)] != events:
            return f"step {number}: other events"
        mine.append(state_hash({"choices": _texts(choices), "events": events}))
    if ruleset.outcome(twin) != ruleset.outcome(state):
        return "another outcome"
    if truth_hash(ruleset, twin) != truth_hash(ruleset, state):
        return "another end"
    mine.append(truth_hash(ruleset, state))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "snapshot.json"
        path.write_text(text)
        return _elsewhere_differs(ruleset, path, seed, at, bound, mine)


def _texts(choices: dict[str, Any]) -> dict[str, str]:
    return {seat: action.text for seat, action in choices.items()}


def resumed_elsewhere_differs(ruleset: Ruleset[Any, Any], config: Any, seed: int, agent: str,
                              bound: int, folder: Path,
                              ready: Callable[[Any], bool]) -> str | None:
    """As :func:`resumed_differs`, but the snapshot is read and played on by a fresh
    Python process only: the first step after which ``ready(state)`` holds is written,
    and a new interpreter, which has made nothing in memory, must go on exactly as this
    one does. Where they first differ, or None."""
    state = ruleset.new(config, seed)
    agents = {seat: ruleset.agents()[agent]() for seat in ruleset.seats(state)}
    streams: dict[str, Any] = {}
    at = 0
    while not ready(state):
        if ruleset.outcome(state) is not None or at >= bound:
            return f"never ready within {bound} steps"
        ruleset.step(state, choose_all(ruleset, state, agents, streams, seed))
        at += 1
    path = folder / "snapshot.json"
    path.write_text(snapshot.dumps({"state": state, "agents": agents, "streams": streams}))
    here = _digest(ruleset, state, agents, streams, seed, at, bound)
    return _elsewhere_differs(ruleset, path, seed, at, bound, here)


def _elsewhere_differs(ruleset: Ruleset[Any, Any], path: Path, seed: int, at: int, bound: int,
                       here: list[str]) -> str | None:
    """Read the snapshot at ``path`` in a fresh interpreter and play on from step ``at``:
    where its digests first differ from ``here`` (this process's), or None."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("resume_elsewhere.py")), str(path),
         ruleset.name, str(seed), str(at), str(bound)],
        capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0:
        return f"the fresh process failed: {done.stderr.strip().splitlines()[-1:]}"
    there = json.loads(done.stdout)
    for number, (mine, theirs) in enumerate(zip(here, there, strict=False), start=at + 1):
        if mine != theirs:
            return f"step {number}: {theirs} in the fresh process, not {mine}"
    if len(here) != len(there):
        return f"{len(there)} steps in the fresh process, not {len(here)}"
    return None


def _digest(ruleset: Ruleset[Any, Any], state: Any, agents: Any, streams: Any, seed: int,
            at: int, bound: int) -> list[str]:
    """Each step's choices and events from step ``at`` on, hashed, then the end's."""
    found = []
    for _ in range(at, bound):
        if ruleset.outcome(state) is not None:
            break
        choices = choose_all(ruleset, state, agents, streams, seed)
        events = [event.to_dict() for event in ruleset.step(state, choices)]
        found.append(state_hash({"choices": _texts(choices), "events": events}))
    found.append(truth_hash(ruleset, state))
    return found
