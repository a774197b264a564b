"""The rolls of a game as the table sees them: one value per roll, one log, one way to force.

Every system's events carry the rolls behind them, in one shape (:class:`Rolled`:
label, what was rolled, the dice, the result, whether it was forced, and what it was
against), so a table can check each number whatever the game. A :class:`RollLog` keeps
the rolls made since the last event and the results waiting to be forced; a
:class:`LoggedStream` is a game's dice stream that writes each die it rolls into its log.

Forcing works one way in every system: a test or a scenario gives faces in order
(``LoggedStream(..., faces=[...])``: the next dice show them, then the stream rolls
on) or results by label (``log.force("damage", 7)``: the next roll with that label
gives 7 without rolling). A forced roll is logged with ``forced`` set.

(The value is ``Rolled`` because ``undercroft.dice.Roll`` is already a roll's
working: a sum, comparison or contest from :func:`undercroft.dice.roll`.)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any, Final, Literal, final

from undercroft.dice.live import SumRoll, roll
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.values import Value

Forced = int | Literal["win", "lose", "yes", "no"]
"""A result a scenario forces: a total, a contest's result for its first side, or a
chance's."""


@final
class Rolled(Value):
    """One roll as the log keeps it: label, what was rolled, the dice, the result, and
    what it was against in words ("difficulty 4", "AC 15", "Warrior's armour 3"; empty
    when nothing: a damage roll against a foe without armour, a count)."""

    __match_args__ = ("label", "what", "dice", "result", "forced", "against")

    def __init__(self, label: str, what: str, dice: tuple[int, ...], result: int | bool,
                 forced: bool = False, against: str = "") -> None:
        self.label: Final = label
        self.what: Final = what
        self.dice: Final = dice
        self.result: Final = result
        self.forced: Final = forced
        self.against: Final = against

    def _fields(self) -> tuple[str, str, tuple[int, ...], int | bool, bool, str]:
        return (self.label, self.what, self.dice, self.result, self.forced, self.against)

    def facing(self, against: str) -> Rolled:
        """The same roll, made against ``against``."""
        return Rolled(self.label, self.what, self.dice, self.result, self.forced, against)

    def to_dict(self) -> dict[str, Any]:
        """The one shape every event's ``rolls`` list holds (web/static/dice.js reads it)."""
        return {"label": self.label, "what": self.what, "dice": list(self.dice),
                "result": self.result, "forced": self.forced, "against": self.against}


def rolls_dicts(rolls: Iterable[Rolled]) -> list[dict[str, Any]]:
    """An event's rolls as plain data."""
    return [rolled.to_dict() for rolled in rolls]


class RollLog:
    """The rolls made since an event last took them, and the results waiting to be forced.

    A plain class (no dataclass): `make fast` compiles it, and Amulet logs thousands of
    rolls a game.
    """

    def __init__(self, forced: dict[str, deque[Forced]] | None = None,
                 rolls: list[Rolled] | None = None, made: int = 0) -> None:
        self.forced: dict[str, deque[Forced]] = {} if forced is None else forced
        self.rolls: list[Rolled] = [] if rolls is None else rolls
        self.made = made
        """Rolls made in all (a check that every roll reached an event)."""

    def __reduce__(self) -> tuple[type[RollLog], tuple[Any, ...]]:
        """How copy and snapshots rebuild it (compiled classes need telling)."""
        return (RollLog, ({label: deque(waiting) for label, waiting in self.forced.items()},
                          list(self.rolls), self.made))

    def force(self, label: str, result: Forced) -> None:
        """The next roll with ``label`` gives ``result`` instead of the dice."""
        self.forced.setdefault(label, deque()).append(result)

    def next_forced(self, label: str) -> Forced | None:
        """The result forced on the next roll of ``label``, used up; None if none waits."""
        waiting = self.forced.get(label)
        return waiting.popleft() if waiting else None

    def unused(self) -> list[str]:
        """Forced results never reached, as ``label=result`` (a scenario may want to know)."""
        return [f"{label}={value}" for label, waiting in self.forced.items()
                for value in waiting]

    def record(self, rolled: Rolled) -> None:
        self.rolls.append(rolled)
        self.made += 1

    def facing(self, results: list[int], against: str) -> None:
        """Say that the latest rolls, whose results are ``results`` (in order), were made
        against ``against`` (a rule that learns it after the roll: armour taken off the
        damage). Nothing changes when the latest rolls are not those."""
        count = len(results)
        if not against or not count or len(self.rolls) < count:
            return
        latest = self.rolls[-count:]
        if [rolled.result for rolled in latest] != results:
            return
        self.rolls[-count:] = [rolled.facing(against) for rolled in latest]

    def take(self) -> tuple[Rolled, ...]:
        """The rolls made since the last call (an event carries the rolls it caused)."""
        done = tuple(self.rolls)
        self.rolls = []
        return done


class LoggedStream(Stream):
    """A game's dice stream that logs every die it rolls, for the next event to carry.

    Dice (``die``, ``dice``, ``total``) are logged, under a label where the rule names
    one; other draws (a shuffle, an agent's choice) are not dice and are not logged.
    ``faces`` are shown first, in order (a scripted example of play), each checked
    against its die; ``log.force`` sets a labelled roll's result. Either way the roll
    is logged as forced. The stream's own draws are those of a plain :class:`Stream`
    of the same seed and name, so logging changes no game.
    """

    def __init__(self, seed: int = 0, name: str = "main", faces: Iterable[int] = (),
                 log: RollLog | None = None) -> None:
        super().__init__(seed, name)
        self.faces: list[int] = list(faces)
        self.log: RollLog = RollLog() if log is None else log

    def __reduce__(self) -> tuple[type[Stream], tuple[Any, ...], dict[str, Any]]:
        state = self._state()
        state["faces"] = list(self.faces)
        state["log"] = self.log
        return (LoggedStream, (self.seed, self.name), state)

    def _face(self, sides: int) -> tuple[int, bool]:
        """One face and whether a script gave it."""
        if self.faces:
            face = self.faces.pop(0)
            if not 1 <= face <= sides:
                raise ValueError(f"scripted face {face} does not fit a d{sides}")
            return face, True
        return Stream.die(self, sides), False

    def _faces(self, count: int, sides: int) -> tuple[tuple[int, ...], bool]:
        faces: list[int] = []
        scripted = False
        for _ in range(count):
            face, given = self._face(sides)
            faces.append(face)
            scripted = scripted or given
        return tuple(faces), scripted

    def die(self, sides: int, label: str = "", against: str = "") -> int:
        """One die, logged under ``label`` (``d20`` when the rule names none), as rolled
        against ``against`` (words: "difficulty 4", "AC 15")."""
        what = f"d{sides}"
        forced = self.log.next_forced(label) if label else None
        if isinstance(forced, int):
            self.log.record(Rolled(label, what, (), forced, True, against))
            return forced
        face, given = self._face(sides)
        self.log.record(Rolled(label or what, what, (face,), face, given, against))
        return face

    def dice(self, count: int, sides: int, label: str = "") -> list[int]:
        """``count`` dice, logged as one roll whose result is their sum."""
        faces, given = self._faces(count, sides)
        what = f"{count}d{sides}"
        self.log.record(Rolled(label or what, what, faces, sum(faces), given))
        return list(faces)

    def total(self, label: str, count: int, sides: int, bonus: int = 0,
              against: str = "") -> int:
        """``count`` dice of ``sides`` plus ``bonus``, logged as one roll under ``label``,
        as rolled against ``against``."""
        what = f"{count}d{sides}" + (f"{bonus:+d}" if bonus else "")
        forced = self.log.next_forced(label)
        if isinstance(forced, int):
            self.log.record(Rolled(label, what, (), forced, True, against))
            return forced
        faces, given = self._faces(count, sides)
        result = sum(faces) + bonus
        self.log.record(Rolled(label, what, faces, result, given, against))
        return result

    def sum_of(self, label: str, expression: str) -> int:
        """A dice sum (``1d4+1``) rolled as :func:`undercroft.dice.roll` rolls it, logged
        as one roll under ``label``."""
        forced = self.log.next_forced(label)
        if isinstance(forced, int):
            self.log.record(Rolled(label, expression, (), forced, forced=True))
            return forced
        mark, made = len(self.log.rolls), self.log.made
        rolled = roll(expression, self)
        parts = self.log.rolls[mark:]
        del self.log.rolls[mark:]
        self.log.made = made
        if not isinstance(rolled, SumRoll):
            raise BadInput(f"{expression!r}: expected a sum of dice, not a comparison")
        faces = tuple(face for part in parts for face in part.dice)
        self.log.record(Rolled(label, expression, faces, rolled.value,
                               any(part.forced for part in parts)))
        return rolled.value

    def take(self) -> tuple[Rolled, ...]:
        """The rolls made since the last call (see :meth:`RollLog.take`)."""
        return self.log.take()
