"""Content packs by name: where a game's extra cards come from.

A game's config names its packs (``packs = ["monster-bands"]``), never their paths. A
config can come from anyone who reaches the shared table's lobby, and is stored and read
again at every restart; a path there would let a stranger make the server open any file
it can read (and say whether it exists, or block on a FIFO). A name is looked up in the
system's own pack folder, shipped with Undercroft, then in the folders the operator adds:
``undercroft serve --packs DIR``, ``undercroft play labyrinth --cards FILE`` (its folder),
or the environment variable ``UNDERCROFT_PACKS`` (folders separated as in ``PATH``),
which the commands set so that the lab's worker processes find the same packs.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from undercroft.errors import BadInput

VARIABLE: Final = "UNDERCROFT_PACKS"
SUFFIX: Final = ".toml"
NAME: Final = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
"""A pack's name: its file's name without ``.toml``, lower case, no path."""


def check_name(name: str) -> str:
    """``name`` if it can name a pack; ValueError (for a config's validator) if not."""
    if not NAME.fullmatch(name):
        raise ValueError(f"{name[:70]!r} is not a pack name (lower-case letters, digits, "
                         "'-' and '_'; a pack is chosen by name, never by path)")
    return name


def operator_folders() -> list[Path]:
    """The folders the operator added, in order."""
    return [Path(part) for part in os.environ.get(VARIABLE, "").split(os.pathsep) if part]


def add_folder(folder: Path, option: str) -> None:
    """Look for packs in ``folder`` too (for this process and the ones it starts)."""
    if not folder.is_dir():
        raise BadInput(f"{option} {folder}: not a folder")
    known = operator_folders()
    resolved = folder.resolve()
    if resolved not in known:
        os.environ[VARIABLE] = os.pathsep.join(str(path) for path in [*known, resolved])


def available(own: Path) -> list[str]:
    """Every pack name that can be chosen: the system's own, then the operator's."""
    found: dict[str, None] = {}
    for folder in (own, *operator_folders()):
        if folder.is_dir():
            found.update({path.stem: None for path in sorted(folder.glob(f"*{SUFFIX}"))
                          if NAME.fullmatch(path.stem)})
    return list(found)


def find(names: Sequence[str], own: Path) -> tuple[Path, ...]:
    """The file of each named pack (the system's own folder first); BadInput naming a
    pack that is in none of the folders."""
    found = []
    for name in names:
        check_name(name)
        path = next((folder / f"{name}{SUFFIX}" for folder in (own, *operator_folders())
                     if (folder / f"{name}{SUFFIX}").is_file()), None)
        if path is None:
            choices = ", ".join(available(own)) or "none"
            raise BadInput(f"packs: no pack {name!r} (packs here: {choices})")
        found.append(path)
    return tuple(found)
