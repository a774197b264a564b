"""Errors that mean "the input was wrong", kept apart from faults of ours.

The command line turns a :class:`BadInput` into one line on stderr and exit
code 2 (see DESIGN.md, Contracts); anything else is a fault of ours (exit 1).
"""


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
