"""A dice stream for rules tests: the faces given, in order, then the real stream's."""

from __future__ import annotations

from undercroft.rng import ScriptedStream as Faces

__all__ = ["Faces"]
