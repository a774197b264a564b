"""Errors that mean "the input was wrong", kept apart from faults of ours.

The command line turns a :class:`BadInput` into one line on stderr and exit
code 2 (see DESIGN.md, Contracts); anything else is a fault of ours (exit 1).
"""


class BadInput(ValueError):
    """Input from a person or a file was wrong; the message says what and where."""
