"""Running the `undercroft` command in tests, in this process or in a fresh one."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass

import pytest

from undercroft.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str


def run(capsys: pytest.CaptureFixture[str], *args: str) -> Result:
    """Run the command in-process and capture what it printed."""
    code = 0
    try:
        main(list(args))
    except SystemExit as done:
        code = int(done.code or 0)
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def run_process(*args: str, stdin: str | None = None) -> Result:
    """Run ``python -m undercroft`` in a fresh process."""
    done = subprocess.run([sys.executable, "-m", "undercroft", *args], input=stdin,
                          capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL if stdin is None else None)
    return Result(done.returncode, done.stdout, done.stderr)


def assert_bad_input(result: Result, fragment: str = "") -> None:
    """Exit 2, one line on stderr naming the problem, nothing on stdout, no traceback."""
    assert result.code == 2, result
    assert result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("undercroft: error: "), result.err
    assert fragment in lines[0]
    assert "Traceback" not in result.err
