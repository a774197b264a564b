"""The numbers and tactics of monster kinds, looked up in play (``creatures`` says what
the tactics mean).

Apart from ``creatures`` so that mypyc compiles it (``creatures`` holds a pydantic
model, which it cannot): the rules ask these tens of thousands of times a game,
and a call into interpreted code cost more than the lookup itself.
"""

from __future__ import annotations

import re
from typing import Final

from undercroft.dice import DieStep
from undercroft.errors import BadInput
from undercroft.systems.amulet.generation.special_levels import mini_boss
from undercroft.systems.amulet.generation.tables import MonsterStats, monsters

_MINI_BOSS: Final = re.compile(r"mini-boss-([1-9][0-9]{0,5})-of-([1-9][0-9]{0,5})")
"""A mini-boss kind's name: its depth and the config's ``miniboss_every``."""


def mini_boss_kind(depth: int, every: int) -> str:
    """The kind of the mini-boss of the level at ``depth``.

    The name is all a game needs to know the boss's numbers (``stats`` works them out
    from it), so a game's state, which holds the name, is enough to go on with in any
    process: a snapshot read by a freshly started server knows its boss.
    """
    return f"mini-boss-{depth}-of-{every}"


def _mini_boss_stats(kind: str) -> MonsterStats | None:
    matched = _MINI_BOSS.fullmatch(kind)
    if matched is None:
        return None
    boss = mini_boss(int(matched[1]), int(matched[2]))
    return MonsterStats(health=boss.health, melee=boss.melee, shot=boss.shot,
                        speed=boss.speed, attacks=boss.attacks)


_KNOWN: dict[str, MonsterStats] = {}
_TACTICS: dict[str, frozenset[str]] = {}
_DICE: dict[str, DieStep | None] = {}
"""Lookups a game makes tens of thousands of times, answered from plain dictionaries
(``monsters()`` and ``DieStep.parse`` cost a call, a cache key and a regex each)."""


def stats(kind: str) -> MonsterStats:
    """The numbers of one monster kind (a mini-boss's worked out from its name); an
    unknown kind is bad input."""
    found = _KNOWN.get(kind)
    if found is not None:
        return found
    known = monsters()
    found = known.get(kind) or _mini_boss_stats(kind)
    if found is None:
        raise BadInput(f"monster {kind!r}: expected one of {', '.join(known)} or "
                       "mini-boss-DEPTH-of-EVERY")
    _KNOWN[kind] = found
    return found


_CONTENT_IDS: dict[str, str] = {}


def monster_id(kind: str) -> str:
    """The kind's content id for the audit (``engine.tally``): ``amulet.monster.ghost``, and
    one ``amulet.monster.mini-boss`` for every level's boss."""
    found = _CONTENT_IDS.get(kind)
    if found is None:
        name = "mini-boss" if _MINI_BOSS.fullmatch(kind) else kind
        found = _CONTENT_IDS[kind] = f"amulet.monster.{name}"
    return found


def has(kind: str, tactic: str) -> bool:
    """Whether monsters of ``kind`` follow ``tactic``."""
    tactics = _TACTICS.get(kind)
    if tactics is None:
        tactics = _TACTICS[kind] = frozenset(stats(kind).tactics)
    return tactic in tactics


def _die(expression: str) -> DieStep | None:
    if expression not in _DICE:
        _DICE[expression] = None if expression.strip() == "0" else DieStep.parse(expression)
    return _DICE[expression]


def die_sides(expression: str) -> int:
    """The sides of a monster's attack die ("d8" -> 8); 0 for no attack."""
    die = _die(expression)
    return 0 if die is None else die.sides


def die_bonus(expression: str) -> int:
    """What a monster adds to its attack die past d12 ("d12+2" -> 2)."""
    die = _die(expression)
    return 0 if die is None else die.bonus
