"""`make fast` compiles hot modules with mypyc; a compiled module must never hide newer source."""

from __future__ import annotations

import os
from pathlib import Path

import undercroft

SOURCE = Path(undercroft.__file__).parent


def stale_extensions(root: Path) -> list[str]:
    """Compiled modules older than the source they were built from."""
    stale = []
    for extension in root.rglob("*.so"):
        source = extension.with_name(extension.name.split(".")[0] + ".py")
        if source.exists() and source.stat().st_mtime > extension.stat().st_mtime:
            stale.append(str(source.relative_to(root)))
    return stale


def test_no_compiled_module_is_older_than_its_source() -> None:
    stale = stale_extensions(SOURCE)
    assert not stale, f"run `make fast` again (or `make unfast`): stale compiled {stale}"


def test_the_staleness_check_notices_an_edited_source(tmp_path: Path) -> None:
    source = tmp_path / "lattice.py"
    extension = tmp_path / "lattice.cpython-311-x86_64-linux-gnu.so"
    extension.write_bytes(b"")
    source.write_text("x = 1\n")
    os.utime(extension, (1, 1))
    assert stale_extensions(tmp_path) == ["lattice.py"]
    os.utime(extension, None)
    os.utime(source, (1, 1))
    assert stale_extensions(tmp_path) == []
