"""Errors that mean "the input was wrong", kept apart from faults of ours.

The command line turns a :class:`BadInput` into one line on stderr and exit
code 2 (see DESIGN.md, Contracts); anything else is a fault of ours (exit 1).
:func:`first_problem` reads a validator's error (pydantic's, or FastAPI's for a
request) so that every place that checks a document words its one line the same way.

Code below the command line words its bad input in its own terms ("database
sqlite:///x: cannot open it", "depth 0: ..."); the command line, which knows which
option gave the value, names that option instead with :func:`flag`.
"""

from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final, Protocol


class BadInput(ValueError):
    """Input from a person or a file was wrong; the message says what and where."""


def one_line(message: str) -> str:
    """``message`` with every character that is not printable written as its escape
    (``\\n``, ``\\x1b``, ``\\ud800``). A message quotes what came from a file or a
    person (a TOML key, a field's name), which may hold a line break (making the one
    line of bad input two), a terminal's escape sequence, or a lone surrogate that
    stderr, or a JSON answer in UTF-8, cannot encode."""
    if message.isprintable():
        return message
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode()
                   for char in message)


@contextmanager
def flag(option: str, subject: str = "") -> Iterator[None]:
    """Inside, a :class:`BadInput` whose line starts with ``subject`` (the domain's words
    for the value: ``database``; by default the option's own words, ``max tables`` for
    ``--max-tables``) is raised again with ``option`` in their place, so that a person
    reads the option they typed; any other line passes unchanged."""
    words = subject or option.lstrip("-").replace("-", " ")
    try:
        yield
    except BadInput as error:
        line = str(error)
        if not line.startswith(words) or line[len(words):][:1] not in (" ", ":"):
            raise
        raise BadInput(option + line[len(words):]) from None


VALUE_ERROR: Final = "Value error, "
"""What pydantic puts before the message of a ``ValueError`` a validator raised."""


class Validation(Protocol):
    """What a validator's error offers: pydantic's ``ValidationError`` and FastAPI's
    ``RequestValidationError`` both list their problems this way."""

    def errors(self) -> Sequence[Mapping[str, object]]: ...


@dataclass(frozen=True)
class Problem:
    """The first problem a validator found in a document."""

    field: str
    """Where: the field's dotted path (``stuff.0.die``), empty for the whole document."""
    message: str
    """What: the validator's own words; a ``ValueError`` of ours reads as its own message
    (without the "Value error, " pydantic puts in front of it)."""
    given: object
    """The value found there (for messages about a person's own option, never a file's)."""


def first_problem(error: Validation, leave_out: Collection[str] = ()) -> Problem:
    """The first of ``error``'s problems; path parts in ``leave_out`` are dropped (FastAPI
    puts ``body`` before a request's fields). An error that lists none reads as empty."""
    found = error.errors()
    first = found[0] if found else {}
    path = first.get("loc", ())
    parts = path if isinstance(path, tuple | list) else ()
    return Problem(".".join(str(part) for part in parts if part not in leave_out),
                   str(first.get("msg", "")).removeprefix(VALUE_ERROR), first.get("input"))
