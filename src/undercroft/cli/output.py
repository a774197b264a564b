"""Writing command output safely: JSON on stdout alone, files replaced whole or not at all."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from undercroft.errors import BadInput


def new_seed() -> int:
    """A fresh seed for a command run without --seed (reported so it can be repeated)."""
    return int.from_bytes(os.urandom(4), "big")


def write_text(path: Path, text: str, option: str) -> None:
    """Write through a temporary file and a rename: a failure leaves nothing half-written."""
    write_bytes(path, text.encode(), option)


def check_folder(path: Path, option: str) -> Path:
    """The folder ``path`` will be written in; BadInput if it does not exist."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise BadInput(f"{option} {path}: folder {str(folder)!r} does not exist")
    return folder


def write_bytes(path: Path, data: bytes, option: str) -> None:
    folder = check_folder(path, option)
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except OSError as error:
        raise BadInput(f"{option} {path}: cannot write: {error.strerror}") from None


def _umask() -> int:
    """The process's file-creation mask (read by setting it, then restoring it)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def emit_json(document: Any, target: str, option: str = "--json") -> None:
    """One JSON document to stdout (target "-") or to a file."""
    text = json.dumps(document, indent=2, sort_keys=False) + "\n"
    if target == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        write_text(Path(target), text, option)
