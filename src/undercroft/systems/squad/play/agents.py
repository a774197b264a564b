"""Automated seats at a Dungeon Squad! table: the Gamemaster and sensible heroes.

The GM (policy, docs/rules/squad.md): it sets each scene with about the table's
``gm_group`` monsters per standing hero, of the most dangerous kind the spare Stage
Value can pay that many of; every other scene it brings the most dangerous kind it
can pay for at all, as many as it can up to that number; it springs a trap every
third scene when it can pay for every hero, and brings the boss when nothing else
can be paid for or after five scenes. Each monster attacks what it can hurt most
easily, the hero (or summoned companion) with the fewest Hit Points ("it should be
to the detriment of the characters"), a boss with its biggest Stuff; the last
monster standing, badly hurt (a third of its Hit Points or less), tries to run
("Sometimes it will be more interesting for Monsters to run away"), and one that
cannot attack (everyone invisible) flees if it is alone, else holds. The sensible
heroes are ``hero_agent``'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.engine.agents import RandomAgent
from undercroft.engine.tally import fired
from undercroft.rng import Stream
from undercroft.systems.squad.gm.denizens import bestiary
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.hero_agent import SensibleHero

SCENES_BEFORE_BOSS: Final = 5
"""Scenes the GM sets before it brings the boss, whatever coins are left: heroes who
spend coins on themselves give them back to the Stage's Value, and a stage must end."""


class GameMaster:
    name = "gm"

    def __init__(self, group: float = 1.0, scenes_before_boss: int = SCENES_BEFORE_BOSS) -> None:
        self.group = group
        self.scenes_before_boss = scenes_before_boss
        self.scenes = 0
        self.stage = -1

    def choose(self, view: Mapping[str, Any], legal: Sequence[Move], rng: Stream) -> Move:
        if view["phase"] == "gm":
            return self._scene(view, legal, rng)
        attacks = [m for m in legal if m.verb == "monster"]
        me = next(m for m in view["scene"] if m["id"] == legal[-1].actor)
        alone = sum(1 for m in view["scene"] if m["hit_points"] > 0 and not m["fled"]) == 1
        if alone and not me["boss"] and me["hit_points"] * 3 <= me["full"]:
            return next(m for m in legal if m.verb == "flee")  # the last one, badly hurt
        if attacks:
            fired("squad.gm.detriment")
            return min(attacks, key=lambda m: (_hit_points(view, m), -_damage_die(view, m),
                                               m.target, m.how))
        standing = [m for m in view["scene"] if m["hit_points"] > 0 and not m["fled"]]
        flee = next((m for m in legal if m.verb == "flee"), None)
        if flee is not None and len(standing) == 1:
            return flee
        return next(m for m in legal if m.verb == "hold")

    def _scene(self, view: Mapping[str, Any], legal: Sequence[Move], rng: Stream) -> Move:
        if view["stage_index"] != self.stage:
            self.stage, self.scenes = view["stage_index"], 0
        self.scenes += 1
        if self.scenes > self.scenes_before_boss:
            return next(m for m in legal if m.verb == "boss")
        standing = sum(1 for h in view["heroes"].values() if h["hit_points"] > 0)
        traps = [m for m in legal if m.verb == "spring"]
        if traps and self.scenes % 3 == 0:
            return traps[0]
        groups = [m for m in legal if m.verb == "bring"]
        if not groups:
            fired("squad.end.boss-comes")
            return next(m for m in legal if m.verb == "boss")
        group = float(view.get("gm_group", self.group))  # the table's setting
        wanted = max(1, round(group * standing))
        table = bestiary().monsters

        brutes = self.scenes % 2 == 0  # every other scene: the strongest kind first

        def key(move: Move) -> tuple[int, int, int]:
            count, die = min(int(move.item), wanted), table[move.target].die
            return (die, count, -abs(int(move.item) - wanted)) if brutes \
                else (count, die, -abs(int(move.item) - wanted))

        best = max(key(m) for m in groups)
        return rng.choice([m for m in groups if key(m) == best])  # kinds alike: either


def _hit_points(view: Mapping[str, Any], move: Move) -> int:
    """The Hit Points of what a monster's move attacks: a hero, or a hero's companion."""
    if move.how == "companion":
        return int(view["effects"].get(move.target, {}).get("companion_hp", 0))
    return int(view["heroes"][move.target]["hit_points"])


def _damage_die(view: Mapping[str, Any], move: Move) -> int:
    """The die a monster's move rolls for damage: a boss's Stuff's, else the monster's."""
    monster = next(m for m in view["scene"] if m["id"] == move.actor)
    die = next((s["die"] for s in monster["stuff"] if s["name"] == move.item), monster["die"])
    return int(str(die).lstrip("d"))


class SensibleSeat:
    """The GM's policy at the GM seat, a sensible hero's at a Guide's: one name for the
    balance lab's ``--agents`` whichever seat it sits in."""

    name = "sensible"

    def __init__(self) -> None:
        self.gm = GameMaster()
        self.hero = SensibleHero()

    def choose(self, view: Mapping[str, Any], legal: Sequence[Move], rng: Stream) -> Move:
        if view["turn"] == "GM":
            return self.gm.choose(view, legal, rng)
        return self.hero.choose(view, legal, rng)


AGENTS: Final[dict[str, Any]] = {"sensible": SensibleSeat, "random": RandomAgent}
