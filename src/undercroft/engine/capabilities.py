"""Optional capabilities: what a ruleset may offer beyond the Game API.

Only some callers need these, so a ruleset offers them by having the methods, and a
caller asks with ``isinstance(ruleset, Capability)`` (each is a runtime-checkable
Protocol) before it uses one, saying plainly when the system has none. The audit's
methods are one more capability of this kind (engine.audit.Auditable).

- :class:`Simulated`: the balance lab's figures (``figure_spec``, ``watch``).
- :class:`HiddenFragments`: what no seat may see now, for the conformance suite's
  leak check.
- :class:`PlayersMap`: the map of the level as a seat's players have drawn it, for
  the web table and the terminal.
- :class:`Standing`: figures of where a game stands at any step, not only once it has
  ended (``undercroft replay --round``).
- :class:`ChoiceWords`: each legal choice said in words for a person (the phones and the
  terminal), with the choices that cannot help marked.
- :class:`LogChapters`: the part of the game the table's log holds now (a level, a floor,
  a stage), so that a log starts again where the game does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Protocol, runtime_checkable

from pydantic import BaseModel

from undercroft.engine.api import Action, Ruleset, Seat
from undercroft.engine.figures import FigureSpec, GameWatcher
from undercroft.errors import BadInput
from undercroft.maps.model import LevelMap


@runtime_checkable
class Simulated(Protocol):
    """A ruleset the balance lab can run: what one game yields, and a watcher for it."""

    def figure_spec(self, config: BaseModel) -> FigureSpec:
        """The figures one game of this config yields, and how a report draws them."""
        ...

    def watch(self, state: Any) -> GameWatcher:
        """A watcher for the simulator: ``see`` every step's events, then ``row``."""
        ...


@runtime_checkable
class HiddenFragments(Protocol):
    """A ruleset whose seats may not see everything (``GameInfo.hidden_information``)."""

    def hidden(self, state: Any) -> list[str]:
        """Fragments of a view's JSON (``json.dumps`` defaults) that no seat may see now:
        the conformance suite checks every seat's view against them."""
        ...


@runtime_checkable
class PlayersMap(Protocol):
    """A ruleset whose games have a level map the players draw as they explore."""

    def players_map(self, state: Any, seat: Seat | None) -> LevelMap:
        """The level as ``seat``'s players have mapped it: only the rooms and exits they
        have found, with no rolled contents or encounter notes and no seed in the
        title (None: the table's shared map)."""
        ...


@runtime_checkable
class Standing(Protocol):
    """A ruleset that can say where a game stands before it ends, in figures."""

    def standing(self, state: Any) -> dict[str, Any]:
        """Figures of the game at ``state`` (once it has ended, its outcome's summary and
        anything more the system reports)."""
        ...


@dataclass(frozen=True)
class Wording:
    """One legal choice said for a person: ``words`` first, the choice's id second in
    brackets (``Open the door north (c1)``, ``Take the stair down (1.1)``).

    ``futile`` says why the choice cannot help when the rules make it so (an attack that
    cannot hurt its target): the pages mark it. ``pointless`` choices are ones the rules
    leave legal but no player would want in play (the pages fold them away; typing the
    choice's text still works). Neither changes what is legal: records and agents see
    the same choices."""

    words: str
    futile: str | None = None
    pointless: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"words": self.words, "futile": self.futile, "pointless": self.pointless}

    def with_id(self, action: Action) -> Wording:
        """The same wording with ``action``'s text in brackets at the end
        (:func:`with_choice_id`)."""
        return replace(self, words=with_choice_id(self.words, action.text))


def with_choice_id(words: str, choice_id: str) -> str:
    """``words`` with the choice's id in brackets at the end, so a player can type either;
    words that already are the id are said once ("Wait", not "Wait (wait)")."""
    if words.strip().lower() == choice_id.strip().lower():
        return words
    return f"{words} ({choice_id})"


@runtime_checkable
class ChoiceWords(Protocol):
    """A ruleset that can say its choices in words."""

    def choice_words(self, state: Any, seat: Seat, actions: Sequence[Action]
                     ) -> list[Wording]:
        """One wording per action of ``actions`` (a seat's legal choices at ``state``),
        in the same order. Reads the state only."""
        ...


@runtime_checkable
class LogChapters(Protocol):
    """A ruleset whose games fall into parts a table's log is kept by."""

    def log_chapter(self, state: Any) -> str:
        """The part of the game ``state`` stands in, in words for a heading ("level 2",
        "floor 1", "town"): the web table's log holds one part, and starts again with
        the step after which this changes. Reads the state only."""
        ...


def log_chapter(ruleset: Ruleset[Any, Any], state: Any) -> str:
    """The part of the game the log holds (:class:`LogChapters`); a system without parts
    is one: "the game"."""
    if isinstance(ruleset, LogChapters):
        return ruleset.log_chapter(state)
    return "the game"


def choice_words(ruleset: Ruleset[Any, Any], state: Any, seat: Seat,
                 actions: Sequence[Action]) -> list[Wording]:
    """The ruleset's wording of ``actions`` (:class:`ChoiceWords`), else each choice's
    own text."""
    if isinstance(ruleset, ChoiceWords):
        worded = ruleset.choice_words(state, seat, actions)
        if len(worded) != len(actions):
            raise ValueError(f"{ruleset.name}: {len(worded)} wordings for "
                             f"{len(actions)} choices")
        return worded
    return [Wording(action.text) for action in actions]


def standing(ruleset: Ruleset[Any, Any], state: Any) -> dict[str, Any]:
    """Where the game at ``state`` stands, in figures: the ruleset's own (``Standing``),
    else its outcome's summary once it has ended, else none."""
    if isinstance(ruleset, Standing):
        return ruleset.standing(state)
    outcome = ruleset.outcome(state)
    return {} if outcome is None else dict(outcome.summary)


CAPABILITIES: Final[Mapping[str, type]] = {
    "players_map": PlayersMap, "standing": Standing, "simulated": Simulated,
    "hidden_fragments": HiddenFragments, "choice_words": ChoiceWords,
    "log_chapters": LogChapters}
"""Each capability by the name a client reads (the web table's state lists them)."""


def offered(ruleset: Ruleset[Any, Any]) -> list[str]:
    """The names of the capabilities ``ruleset`` offers, in :data:`CAPABILITIES`' order."""
    return [name for name, capability in CAPABILITIES.items()
            if isinstance(ruleset, capability)]


def simulated(ruleset: Ruleset[Any, Any]) -> Simulated:
    """``ruleset`` as one the balance lab can run; bad input when it is not."""
    if not isinstance(ruleset, Simulated):
        raise BadInput(f"{ruleset.name} declares no figures for the balance lab")
    return ruleset


def players_map(ruleset: Ruleset[Any, Any], state: Any, seat: Seat | None) -> LevelMap:
    """The players' map of the game at ``state``; bad input when the system has none."""
    if not isinstance(ruleset, PlayersMap):
        raise BadInput(f"{ruleset.name} has no level map")
    return ruleset.players_map(state, seat)
