"""The Game API written once: a ruleset is its info, its config model and its rule
functions, and :class:`RulesetBase` forwards the API's calls to them.

A system's ``ruleset.py`` derives from :class:`RulesetBase` (or
:class:`AuditedRuleset`, which adds the audit's methods) and writes only what is its
own: who sits at the table (``seats``), how a game ended (``outcome``) and the
optional capabilities it offers (engine.capabilities).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from undercroft.engine.agents import Agent
from undercroft.engine.api import Event, Outcome, Seat
from undercroft.engine.audit import AnomalyKind, GameAuditor
from undercroft.engine.game_info import GameInfo
from undercroft.errors import BadInput

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ConfigT = TypeVar("ConfigT", bound=BaseModel)


@dataclass(frozen=True)
class Rules(Generic[StateT, ActionT, ConfigT]):
    """A system's rule functions, as the Game API calls them (DESIGN.md)."""

    new: Callable[[ConfigT, int], StateT]
    to_act: Callable[[StateT], Iterable[Seat]]
    legal: Callable[[StateT, Seat], list[ActionT]]
    parse: Callable[[str], ActionT]
    step: Callable[[StateT, Mapping[Seat, ActionT]], Sequence[Event]]
    view: Callable[[StateT, Seat | None], dict[str, Any]]


class RulesetBase(ABC, Generic[StateT, ActionT, ConfigT]):
    """One game system behind the Game API: its info, config model, rules and agents."""

    def __init__(self, info: GameInfo, config_type: type[ConfigT],
                 rules: Rules[StateT, ActionT, ConfigT],
                 agents: Mapping[str, Callable[[], Agent]]) -> None:
        self.info = info
        self._config_type = config_type
        self._rules = rules
        self._agents = dict(agents)

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def version(self) -> str:
        return self.info.version

    @property
    def simultaneous(self) -> bool:
        return self.info.simultaneous

    def config_model(self) -> type[BaseModel]:
        return self._config_type

    def config(self, config: BaseModel) -> ConfigT:
        """``config`` as this system's config model; another model is bad input."""
        if not isinstance(config, self._config_type):
            raise BadInput(f"{self.name} needs a {self._config_type.__name__}, "
                           f"got {type(config).__name__}")
        return config

    def new(self, config: BaseModel, seed: int) -> StateT:
        return self._rules.new(self.config(config), seed)

    @abstractmethod
    def seats(self, state: StateT) -> Sequence[Seat]: ...

    def to_act(self, state: StateT) -> set[Seat]:
        return set(self._rules.to_act(state))

    def legal(self, state: StateT, seat: Seat) -> list[ActionT]:
        return self._rules.legal(state, seat)

    def parse(self, text: str) -> ActionT:
        return self._rules.parse(text)

    def step(self, state: StateT, choices: Mapping[Seat, ActionT]) -> Sequence[Event]:
        return self._rules.step(state, choices)

    def view(self, state: StateT, seat: Seat | None) -> dict[str, Any]:
        return self._rules.view(state, seat)

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None: ...

    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        """The automated players by name ("random" is always one of them)."""
        return dict(self._agents)


@dataclass(frozen=True)
class AuditParts:
    """A system's rules-health audit (engine.audit.Auditable), as its parts."""

    kinds: Sequence[AnomalyKind]
    usable: frozenset[str]
    catalogue: Callable[[Any], Mapping[str, Sequence[str]]]
    auditor: Callable[[Any], GameAuditor]
    fingerprint: Callable[[Any], object]
    may_do_nothing: Callable[[Any], bool]


class AuditModule(Protocol):
    """A system's audit module (``systems/<system>/audit.py``) as ``audit_parts`` reads it."""

    @property
    def KINDS(self) -> Sequence[AnomalyKind]: ...

    @property
    def USABLE(self) -> frozenset[str]: ...

    def catalogue(self, config: Any) -> Mapping[str, Sequence[str]]: ...

    def auditor(self, state: Any) -> GameAuditor: ...

    def fingerprint(self, state: Any) -> object: ...

    def may_do_nothing(self, action: Any) -> bool: ...


def audit_parts(module: AuditModule) -> AuditParts:
    """The parts of an audit module that names them as the audit does."""
    return AuditParts(kinds=module.KINDS, usable=module.USABLE, catalogue=module.catalogue,
                      auditor=module.auditor, fingerprint=module.fingerprint,
                      may_do_nothing=module.may_do_nothing)


class AuditedRuleset(RulesetBase[StateT, ActionT, ConfigT]):
    """A ruleset that offers the audit (engine.audit.Auditable) from its parts."""

    def __init__(self, info: GameInfo, config_type: type[ConfigT],
                 rules: Rules[StateT, ActionT, ConfigT],
                 agents: Mapping[str, Callable[[], Agent]], audit: AuditParts) -> None:
        super().__init__(info, config_type, rules, agents)
        self._audit = audit

    def audit_kinds(self) -> Sequence[AnomalyKind]:
        return self._audit.kinds

    def catalogue(self, config: BaseModel) -> Mapping[str, Sequence[str]]:
        return self._audit.catalogue(config)

    def usable_kinds(self) -> frozenset[str]:
        return self._audit.usable

    def auditor(self, state: Any) -> GameAuditor:
        return self._audit.auditor(state)

    def fingerprint(self, state: Any) -> object:
        return self._audit.fingerprint(state)

    def may_do_nothing(self, action: Any) -> bool:
        return self._audit.may_do_nothing(action)
