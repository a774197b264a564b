"""A base for the small immutable values a game makes by the thousand every second.

A frozen dataclass would do, but its ``__init__`` sets each field through
``object.__setattr__`` in interpreted code, even in a module mypyc compiles,
which makes a value several times slower to build than a compiled class's own
``__init__`` would. A subclass declares its fields ``Final`` in its
``__init__`` (read-only once compiled; mypy refuses assignments everywhere),
names them in ``__match_args__`` and returns them from ``_fields``; this base
gives it equality, hashing, a repr, and copying and pickling by fields.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Value:
    """Equality, hash, repr and pickling from ``_fields`` (see the module's docstring)."""

    __match_args__: ClassVar[tuple[str, ...]] = ()

    def _fields(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Value)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}"
                          for name, value in zip(self.__match_args__, self._fields(),
                                                 strict=True))
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[type[Value], tuple[Any, ...]]:
        return (type(self), self._fields())
