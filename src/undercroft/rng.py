"""Per-game random streams that are stable across processes and platforms.

Every game has one integer seed. Named sub-streams ("map", "encounters",
"agents", ...) are derived from it with hashlib, so adding a roll in one stream
never shifts the rolls of another, and ``hash(str)`` randomisation never leaks
in. Each stream is numpy's PCG64, whose output is fixed by its algorithm, started
from SHAKE-256 of the seed and the stream's name.

Live play draws one die at a time; to keep that cheap the stream takes uniform
doubles from PCG64 in blocks and turns each into one die face. Blocks are read in
order, so the doubles are PCG64's own sequence whatever the block size, and
results do not depend on how many dice a caller asks for at once. Bulk draws
(``Stream.numpy``) come from a separate PCG64 derived the same way.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any, Final, TypeVar

import numpy as np
from numpy.random.bit_generator import ISeedSequence

T = TypeVar("T")

_BLOCK: Final = 256


def fresh_seed(bits: int) -> int:
    """A seed for a game or a roll asked for without one, drawn from the system's secure
    source so that nobody can guess it: uniform over ``bits`` bits. It is reported
    (printed, recorded) so that the game can be played again."""
    return secrets.randbits(bits)


def _key(seed: int, name: str) -> bytes:
    """What a stream's state is derived from: the game's seed and the stream's name."""
    return ("undercroft|" + str(int(seed)) + "|" + name).encode()


def _pcg64(key: bytes) -> np.random.Generator:
    state: Any = _DerivedState(key)  # numpy's stubs do not know registered ISeedSequences
    return np.random.Generator(np.random.PCG64(state))


class _DerivedState:
    """Seeds PCG64 straight from a hash of the stream's name (numpy's ISeedSequence).

    numpy's own SeedSequence would mix an already well-mixed hash a second
    time; reading the state words from SHAKE-256 instead makes a stream about
    five times cheaper to start, and every generated level starts two. The
    words are read little-endian, so streams agree across platforms.
    """

    __slots__ = ("_key",)

    def __init__(self, key: bytes) -> None:
        self._key = key

    def __reduce__(self) -> tuple[type[_DerivedState], tuple[bytes]]:
        """How copy and pickle rebuild it, inside a copied generator (compiled classes
        need telling)."""
        return (_DerivedState, (self._key,))

    def generate_state(self, n_words: int, dtype: Any = np.uint32) -> Any:
        kind = np.dtype(dtype)
        data = hashlib.shake_256(self._key).digest(n_words * kind.itemsize)
        return np.frombuffer(data, dtype=kind.newbyteorder("<"), count=n_words).astype(kind)


ISeedSequence.register(_DerivedState)


class Stream:
    """One named random stream of a game; draw dice and choices from it."""

    __slots__ = ("_block", "_generator", "_index", "name", "seed")

    def __init__(self, seed: int, name: str = "main") -> None:
        self.seed = int(seed)
        self.name = name
        self._generator = _pcg64(_key(self.seed, name))
        self._block: list[float] = []
        self._index = _BLOCK

    def __reduce__(self) -> tuple[type[Stream], tuple[Any, ...], dict[str, Any]]:
        """How copy and snapshots (engine/snapshot.py) rebuild it, at the same place in its
        stream (compiled classes need telling)."""
        return (Stream, (self.seed, self.name), self._state())

    def _state(self) -> dict[str, Any]:
        return {"_generator": self._generator, "_block": self._block, "_index": self._index}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        if self._index >= _BLOCK:
            self._block = self._generator.random(_BLOCK).tolist()
            self._index = 0
        value = self._block[self._index]
        self._index += 1
        return value

    def die(self, sides: int) -> int:
        """One roll of a die with ``sides`` faces, 1..sides."""
        return int(self.random() * sides) + 1

    def dice(self, count: int, sides: int) -> list[int]:
        """``count`` rolls of a ``sides``-faced die, in the order rolled."""
        return [int(self.random() * sides) + 1 for _ in range(count)]

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + int(self.random() * (high - low + 1))

    def chance(self, probability: float) -> bool:
        """True with the given probability."""
        return self.random() < probability

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``, uniformly."""
        if not options:
            raise ValueError("choice from an empty sequence")
        return options[int(self.random() * len(options))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a random order (Fisher-Yates)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            result[i], result[j] = result[j], result[i]
        return result

    def numpy(self, name: str = "bulk") -> np.random.Generator:
        """A numpy Generator for vectorised draws, derived from this stream's name."""
        return _pcg64(_key(self.seed, self.name + "/" + name + "|bulk"))
