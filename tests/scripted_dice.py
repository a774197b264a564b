"""Scripted dice for rules tests, the one way every system forces rolls.

``Faces(3, 5)`` is a game's logged dice stream (``undercroft.dice.roll_log``) whose next
dice show 3 and 5, then roll as the stream of ``seed`` would; ``Faces().log.force(label,
result)`` forces a labelled roll instead. Either way the roll is logged as forced.
"""

from __future__ import annotations

from undercroft.dice.roll_log import LoggedStream


def Faces(*faces: int, seed: int = 0, name: str = "scripted") -> LoggedStream:
    """A logged stream that shows ``faces`` first (named as a class: tests read it so)."""
    return LoggedStream(seed, name, faces)


__all__ = ["Faces"]
