"""Reading a file a person named, and checking a path a command will write, safely.

Every file a command reads (a game record, a scenario, a content pack, a saved
character, a config) comes from a person, so anything may be at the path: a
folder, a FIFO that blocks forever, ``/dev/zero`` that never ends, bytes that
are not UTF-8, a document nested ten thousand deep or a number of five thousand
digits. Each of these is bad input, one :class:`BadInput` line naming the file
(DESIGN.md, Contracts), never a hang or a traceback; the readers here are the
one place that knows how to refuse them:

* anything but a regular file (or a link to one) is refused before it is
  opened, and the file is opened without blocking (``O_NONBLOCK``: a FIFO put
  there meanwhile opens at once) and refused unless ``fstat`` says it is
  still a regular file;
* at most ``max_bytes`` are read (by default :data:`MAX_BYTES`, 16 MiB, and
  :data:`MAX_TOML_BYTES`, 1 MiB, for TOML); a larger file is refused, never
  read in part;
* the bytes must be UTF-8 (a leading byte-order mark is dropped); a bad byte is
  named by its offset;
* JSON and TOML documents may nest at most :data:`MAX_DEPTH` deep and hold no
  number past Python's digit limit, and JSON's ``NaN``/``Infinity`` and lone
  surrogates (``"\\ud800"``, text no file can hold) are refused, so nothing a
  document holds can fail later, far from the file.

:func:`check_replaceable` is the writing side: output replaces a regular file (or
nothing) and never a device, a FIFO or a folder.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Final

from undercroft.errors import BadInput

MAX_BYTES: Final = 16 * 1024 * 1024
"""The default limit on a file read: 16 MiB. Rule data, scenarios and characters are a
few kilobytes, and a game record of 10,000 rounds of four heroes about two megabytes;
anything past this is not a file of ours, and would only cost memory and time."""
MAX_TOML_BYTES: Final = 1024 * 1024
"""The default limit on a TOML file: 1 MiB. Rule data, content packs and scenarios are
kilobytes (the largest of ours, Card Crawl's cards, 15 KB), and Python's TOML reader,
written in Python, takes about half a second and 50 MB per MiB."""
MAX_DEPTH: Final = 64
"""The deepest a JSON or TOML document may nest (a record nests 3 deep, a character
sheet 4): deeper documents are refused before anything walks them recursively."""

_READ_CHUNK: Final = 1024 * 1024
_KINDS: Final = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
                 (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                 (stat.S_ISSOCK, "a socket"))


def kind_of(mode: int) -> str | None:
    """What a non-regular file is, in words ("a folder"); None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_bytes(path: Path, what: str, max_bytes: int = MAX_BYTES) -> bytes:
    """The whole of the regular file at ``path`` (``what`` it should be, "the scenario",
    names it in errors); BadInput if it is anything else, missing, or over ``max_bytes``.

    What the path is, is asked before it is opened (opening a device can do things, and
    opening a FIFO wakes its writer), and again of the open file, which is what is read
    (the path may have changed in between)."""
    try:
        _refuse_irregular(os.stat(path).st_mode, path, what)
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        raise BadInput(f"{path}: cannot read {what}: {_problem(error)}") from None
    try:
        status = os.fstat(handle)
        _refuse_irregular(status.st_mode, path, what)
        if status.st_size > max_bytes:
            raise BadInput(_too_large(path, what, max_bytes))
        return _read_at_most(handle, path, what, max_bytes)
    except OSError as error:
        raise BadInput(f"{path}: cannot read {what}: {_problem(error)}") from None
    finally:
        os.close(handle)


def _refuse_irregular(mode: int, path: Path, what: str) -> None:
    kind = kind_of(mode)
    if kind is not None:
        raise BadInput(f"{path}: cannot read {what}: {kind}, not a regular file")


def _problem(error: OSError) -> str:
    """The system's words for why a file cannot be read, "file not found" for the
    commonest (the words the loaders used before)."""
    if isinstance(error, FileNotFoundError):
        return "file not found"
    return str(error.strerror or error)


def _read_at_most(handle: int, path: Path, what: str, max_bytes: int) -> bytes:
    """Read to the end, refusing (not truncating) a file that grows past ``max_bytes``:
    the size ``fstat`` gave may be stale, or 0 for files the kernel makes up as read."""
    data = bytearray()
    while True:
        chunk = os.read(handle, min(_READ_CHUNK, max_bytes + 1 - len(data)))
        if not chunk:
            return bytes(data)
        data += chunk
        if len(data) > max_bytes:
            raise BadInput(_too_large(path, what, max_bytes))


def _too_large(path: Path, what: str, max_bytes: int) -> str:
    return f"{path}: cannot read {what}: larger than {_size(max_bytes)}, the limit"


def _size(count: int) -> str:
    if count >= 1024 * 1024 and count % (1024 * 1024) == 0:
        return f"{count // (1024 * 1024)} MiB"
    return f"{count:,} bytes"


def read_text(path: Path, what: str, max_bytes: int = MAX_BYTES) -> str:
    """The file as text: strict UTF-8 (one leading byte-order mark, as some editors
    write, is dropped); a byte that is not UTF-8 is named by its offset."""
    data = read_bytes(path, what, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadInput(f"{path}: {what} is not UTF-8 text: byte 0x{data[error.start]:02x} "
                       f"at offset {error.start} ({error.reason})") from None
    return text.removeprefix("\ufeff")


def read_json(path: Path, what: str, max_bytes: int = MAX_BYTES) -> Any:
    """The file's JSON document, checked as the module says; any fault names the file."""
    text = read_text(path, what, max_bytes)
    try:
        document = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise BadInput(f"{path}: not valid JSON: {error.msg} (line {error.lineno}, "
                       f"column {error.colno})") from None
    except RecursionError:
        raise BadInput(f"{path}: not valid JSON: {_too_deep()}") from None
    except ValueError as error:
        raise BadInput(f"{path}: not valid JSON: {_number_problem(error)}") from None
    return check_document(document, path, "JSON")


def read_toml(path: Path, what: str = "the file", max_bytes: int = MAX_TOML_BYTES
              ) -> dict[str, Any]:
    """The file's TOML document (a table), checked as the module says."""
    text = read_text(path, what, max_bytes)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BadInput(f"{path}: not valid TOML: {error}") from None
    except RecursionError:
        raise BadInput(f"{path}: not valid TOML: {_too_deep()}") from None
    except ValueError as error:
        raise BadInput(f"{path}: not valid TOML: {_number_problem(error)}") from None
    checked: dict[str, Any] = check_document(document, path, "TOML")
    return checked


def _no_constant(name: str) -> Any:
    """JSON has no NaN nor Infinity; Python's reader would take them (a ValueError,
    caught as the other number problems are)."""
    raise ValueError(f"{name} is not a JSON number")


def _too_deep() -> str:
    return f"nested more than {MAX_DEPTH} deep"


def _number_problem(error: ValueError) -> str:
    """Python's words for a number it will not read, shorter: its digit limit or the
    NaN/Infinity refusal; any other reason as Python gives it."""
    if "integer string conversion" in str(error):
        return f"a number of more than {sys.get_int_max_str_digits():,} digits"
    return str(error)


def check_document(document: Any, path: Path, kind: str) -> Any:
    """``document`` itself, once every container in it is found at most :data:`MAX_DEPTH`
    deep and every text in it encodable as UTF-8 (walked without recursion, so that a
    document too deep to walk recursively is refused rather than crashing the walk)."""
    pending: list[tuple[Any, int]] = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            _check_text(value, path, kind)
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > MAX_DEPTH:
            raise BadInput(f"{path}: not valid {kind}: {_too_deep()}")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str):
                _check_text(key, path, kind)
            pending.append((item, depth + 1))
    return document


def _check_text(text: str, path: Path, kind: str) -> None:
    """A lone surrogate (JSON's ``"\\ud800"``) is no text: refused here, as writing it
    anywhere later would fail."""
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise BadInput(f"{path}: not valid {kind}: a lone surrogate "
                       f"{text[error.start]!r} is not text") from None


def check_replaceable(path: Path, where: str) -> None:
    """Refuse to write a file at ``path`` over anything but a regular file (``where``,
    such as "--json out.json", starts the error line).

    Output is written beside the target and renamed over it, which replaces
    whatever the path holds: run as root, ``--json /dev/full`` would swap the device
    for a file. So the path must hold nothing, a regular file, or a symbolic link
    to one (the link itself is then replaced by the new file, as before: the file it
    pointed to is left as it was); a dangling link counts as nothing. A folder, a
    device, a FIFO or a socket at the path, or a link to one, is one line of bad
    input. (A path changed between this check and the rename is not caught: this
    guards against mistakes, not against another program racing the command.)
    """
    try:
        mode: int | None = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise BadInput(f"{where}: cannot write there: {error.strerror or error}") from None
    kind = None if mode is None else kind_of(mode)
    if kind is not None:
        raise BadInput(f"{where}: is {kind}, not a regular file; not replaced")


def check_can_create(folder: Path, where: str) -> None:
    """BadInput unless a file can be made in ``folder``. Tried, not guessed from the
    permission bits (root passes those, a read-only disk does not show in them): a
    temporary file is made and removed at once. For output written only after a long
    run, which must not end in a write that fails."""
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".undercroft-probe-")
    except OSError as error:
        raise BadInput(f"{where}: cannot write in {str(folder)!r}: "
                       f"{error.strerror or error}") from None
    os.close(handle)
    os.unlink(temporary)
