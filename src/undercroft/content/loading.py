"""Reading rule data files and turning every mistake into one line naming where.

A designer edits a TOML table without touching Python; when they get it wrong
the error must name the file, the entry and the field, never a traceback.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from undercroft.errors import BadInput

M = TypeVar("M", bound=BaseModel)


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed document, or BadInput naming the file and the line."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise BadInput(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as error:
        raise BadInput(f"{path}: not valid TOML: {error}") from None


def validate(model: type[M], data: Any, where: str) -> M:
    """``model`` built from ``data``; the first problem becomes one line naming ``where``."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "(top level)"
        raise BadInput(f"{where}, field {field}: {first['msg']} (got {first.get('input')!r})") \
            from None
