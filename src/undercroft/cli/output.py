"""Writing command output safely: JSON on stdout alone, files replaced whole or not at all."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from undercroft.content import files
from undercroft.errors import BadInput
from undercroft.rng import fresh_seed


def new_seed() -> int:
    """A fresh 32-bit seed for a command run without --seed (reported so it can be
    repeated)."""
    return fresh_seed(32)


def write_text(path: Path, text: str, option: str) -> None:
    """Write through a temporary file and a rename: a failure leaves nothing half-written."""
    write_bytes(path, text.encode(), option)


def check_target(path: Path, option: str) -> Path:
    """The folder ``option``'s file ``path`` will be written in, checked before any work:
    BadInput if that folder does not exist, or if ``path`` holds something a written file
    must not replace (a folder, a device, a FIFO: :func:`files.check_replaceable`; a
    regular file, or a symbolic link to one, is replaced)."""
    files.check_replaceable(path, f"{option} {path}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise BadInput(f"{option} {path}: folder {str(folder)!r} does not exist")
    return folder


def check_folder_target(folder: Path, page: str, option: str) -> None:
    """Before a long run, refuse ``option``'s folder if the file ``page`` could not be
    written in it at the end: the path is something other than a folder, ``page`` in it
    is not a regular file (:func:`files.check_replaceable`), or nothing can be made
    there. A folder that does not exist yet is made when written (its parents too), so
    then the nearest folder that exists above it must take a new file."""
    where = f"{option} {folder}"
    if folder.exists() or folder.is_symlink():
        if not folder.is_dir():
            raise BadInput(f"{where}: not a folder")
        files.check_replaceable(folder / page, f"{where}: {page}")
        files.check_can_create(folder, where)
        return
    above = next(parent for parent in folder.absolute().parents
                 if parent.exists() or parent == parent.parent)
    if not above.is_dir():
        raise BadInput(f"{where}: {str(above)!r} is not a folder")
    files.check_can_create(above, where)


def write_bytes(path: Path, data: bytes, option: str) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file beside it, renamed
    over it). Only a regular file, a symbolic link to one (the link is replaced, the file
    it named is left as it was) or nothing may be at ``path``: a device, a FIFO or a
    folder is refused (:func:`check_target`) rather than replaced by a file."""
    folder = check_target(path, option)
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.")
    except OSError as error:
        raise BadInput(f"{option} {path}: cannot write: {error.strerror}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise BadInput(f"{option} {path}: cannot write: {error.strerror}") from None
        raise


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
