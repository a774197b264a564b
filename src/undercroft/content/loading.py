"""Reading rule data files and turning every mistake into one line naming where.

A designer edits a TOML table without touching Python; when they get it wrong
the error must name the file, the entry and the field, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from undercroft.content import files
from undercroft.errors import BadInput, first_problem

M = TypeVar("M", bound=BaseModel)


def read_toml(path: Path, what: str = "the TOML file") -> dict[str, Any]:
    """The parsed document, or BadInput naming the file and the line. Read through
    :mod:`undercroft.content.files`: a folder, a FIFO, a device, bytes that are not
    UTF-8, a file over 1 MiB or a document nested too deep are refused there."""
    return files.read_toml(path, what)


def validate(model: type[M], data: Any, where: str) -> M:
    """``model`` built from ``data``; the first problem becomes one line naming ``where``
    and the field, and never quoting the value: a file's contents stay out of messages
    (the shared table's answers carry them to whoever asked; docs/security.md)."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problem = first_problem(error)
        raise BadInput(f"{where}, field {problem.field or '(top level)'}: "
                       f"{problem.message}") from None
