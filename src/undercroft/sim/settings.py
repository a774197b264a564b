"""Rule settings for a run: a config file, ``--set key=a,b,c`` sweeps, refused in one line.

A key is a config field's dotted path (``countdown_every``, ``play.scaling``).
Commas separate the values of a sweep; a list value (a party) joins its items with
``+`` (``party=warrior+elf,wizard+valkyrie`` sweeps two parties). Values are
checked by the ruleset's own config model, so a wrong type is refused before any
game is played, naming the key and what was expected.
"""

from __future__ import annotations

import itertools
import json
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from undercroft.content import files
from undercroft.errors import BadInput, first_problem

LIST_JOIN = "+"


def setting_keys(model: type[BaseModel], prefix: str = "") -> list[str]:
    """Every field a ``--set`` may name, as dotted paths into nested settings."""
    keys = []
    for name, info in model.model_fields.items():
        inner = _model_of(info.annotation)
        if inner is not None:
            keys += setting_keys(inner, f"{prefix}{name}.")
        else:
            keys.append(prefix + name)
    return keys


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        found = [a for a in typing.get_args(annotation) if _model_of(a) is not None]
        return _model_of(found[0]) if len(found) == 1 else None
    return None


def _is_list(model: type[BaseModel], key: str) -> bool:
    """Whether the field at ``key`` holds a sequence (its items are joined with '+')."""
    *path, last = key.split(".")
    for part in path:
        inner = _model_of(model.model_fields[part].annotation)
        assert inner is not None
        model = inner
    origin = typing.get_origin(model.model_fields[last].annotation)
    return origin in (tuple, list)


@dataclass(frozen=True)
class Sweep:
    """One ``--set``: a key and the values it takes (one value: a plain setting)."""

    key: str
    values: tuple[str, ...]


def parse_sets(texts: Sequence[str], model: type[BaseModel]) -> list[Sweep]:
    """``key=a,b,c`` texts, each key checked against the config's fields."""
    known = setting_keys(model)
    sweeps: list[Sweep] = []
    for text in texts:
        key, sep, values = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BadInput(f"setting {text!r}: expected key=value or key=a,b,c")
        if key not in known:
            raise BadInput(f"setting {key!r}: unknown setting (valid: {', '.join(known)})")
        if any(s.key == key for s in sweeps):
            raise BadInput(f"setting {key!r}: given twice")
        parts = tuple(v.strip() for v in values.split(","))
        if any(not v for v in parts):
            raise BadInput(f"setting {text!r}: an empty value")
        sweeps.append(Sweep(key, parts))
    return sweeps


def read_config_file(path: Path) -> dict[str, Any]:
    """Config fields from a TOML or JSON file (checked later against the model); the file
    is read by :mod:`undercroft.content.files`, which refuses what is no such file."""
    try:
        if path.suffix == ".json":
            data = files.read_json(path, "the config")
        else:
            data = files.read_toml(path, "the config")
    except BadInput as error:
        raise BadInput(f"config file {error}") from None
    if not isinstance(data, dict):
        raise BadInput(f"config file {path}: expected a table of settings")
    return data


@dataclass(frozen=True)
class Arm:
    """One point of a sweep's grid: its settings, and the config they make."""

    index: int
    settings: Mapping[str, str]
    config: BaseModel

    @property
    def label(self) -> str:
        if not self.settings:
            return "as configured"
        return ", ".join(f"{key}={value}" for key, value in self.settings.items())


def build_arms(model: type[BaseModel], base: Mapping[str, Any], sweeps: Sequence[Sweep],
               where: str = "config file") -> list[Arm]:
    """Every combination of the sweeps' values over ``base``, each a validated config.

    A ``--set`` with one value is a plain setting: it joins the base and names no arm."""
    _validate(model, dict(base), where)
    fixed: dict[str, Any] = json.loads(json.dumps(base))
    for sweep in [s for s in sweeps if len(s.values) == 1]:
        value = sweep.values[0]
        _put(fixed, sweep.key, value.split(LIST_JOIN) if _is_list(model, sweep.key) else value)
        _validate(model, fixed, f"setting {sweep.key}={value}")
    sweeps = [sweep for sweep in sweeps if len(sweep.values) > 1]
    arms = []
    grid = itertools.product(*[sweep.values for sweep in sweeps])
    for index, values in enumerate(grid):
        fields: dict[str, Any] = json.loads(json.dumps(fixed))
        settings = {}
        for sweep, value in zip(sweeps, values, strict=True):
            settings[sweep.key] = value
            parsed: Any = value.split(LIST_JOIN) if _is_list(model, sweep.key) else value
            _put(fields, sweep.key, parsed)
        given = ", ".join(f"{key}={value}" for key, value in settings.items())
        config = _validate(model, fields, f"setting {given}" if settings else where)
        arms.append(Arm(index, settings, config))
    return arms


def _put(fields: dict[str, Any], key: str, value: Any) -> None:
    *path, last = key.split(".")
    for part in path:
        inner = fields.get(part)
        if not isinstance(inner, dict):
            inner = fields[part] = {}
        fields = inner
    fields[last] = value


def _validate(model: type[BaseModel], fields: dict[str, Any], where: str) -> BaseModel:
    try:
        return model.model_validate(fields)
    except ValidationError as error:
        problem = first_problem(error)
        if f"{problem.field}=" in where:
            raise BadInput(f"{where}: {problem.message}") from None
        raise BadInput(f"{where}: {problem.field}: {problem.message}") from None


def config_dump(config: BaseModel) -> dict[str, Any]:
    """A config as plain JSON data (what the record and the report print)."""
    dumped: dict[str, Any] = json.loads(config.model_dump_json())
    return dumped
