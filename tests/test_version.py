"""`undercroft --version` says the version and which build runs."""

from __future__ import annotations

from importlib.metadata import version

import pytest

from undercroft import rng
from undercroft.cli import build_kind, main


def test_version_names_the_version_and_the_running_build(
        capsys: pytest.CaptureFixture[str]) -> None:
    main(["--version"])
    compiled = not rng.__file__.endswith(".py")
    kind = "compiled with mypyc" if compiled else "plain Python"
    assert capsys.readouterr().out == f"undercroft {version('undercroft')} ({kind})\n"


@pytest.mark.parametrize(("file", "kind"), [
    ("/src/undercroft/rng.py", "plain Python"),
    ("/src/undercroft/rng.cpython-311-x86_64-linux-gnu.so", "compiled with mypyc"),
])
def test_the_build_is_told_by_the_hot_modules_file(
        monkeypatch: pytest.MonkeyPatch, file: str, kind: str) -> None:
    monkeypatch.setattr(rng, "__file__", file)
    assert build_kind() == kind
