"""Automated seats at a Dungeon Squad! table: the Gamemaster and sensible heroes.

The GM (policy, docs/rules/squad.md): it sets each scene with about ``gm_group``
monsters per standing hero, of the most dangerous kind the spare Stage Value can
pay to attack, springs a trap every third scene when it can pay for every hero,
and brings the boss when nothing else can be paid for or after five scenes; each monster attacks the
standing hero with the fewest Hit Points ("it should be to the detriment of the
characters"); a monster that cannot attack (everyone invisible) flees if it is
alone, else holds.
The heroes heal a hero below a third of their Hit Points, otherwise attack the
monster with the fewest Hit Points with the Stuff most likely to hurt it, spend
loot only on a failed roll (the moves say so), use their special on the boss,
take the loot of their best Ability, and raise their best attack in camp.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.engine.agents import RandomAgent
from undercroft.engine.tally import fired
from undercroft.rng import Stream
from undercroft.systems.squad.denizens import bestiary
from undercroft.systems.squad.moves import Move

LOW: Final = 5
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
            return self._scene(view, legal)
        attacks = [m for m in legal if m.verb == "monster"]
        if attacks:
            fired("squad.gm.detriment")
            return min(attacks, key=lambda m: (_hit_points(view, m), -_damage_die(view, m),
                                               m.target, m.how))
        standing = [m for m in view["scene"] if m["hit_points"] > 0 and not m["fled"]]
        flee = next((m for m in legal if m.verb == "flee"), None)
        if flee is not None and len(standing) == 1:
            return flee
        return next(m for m in legal if m.verb == "hold")

    def _scene(self, view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
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
        wanted = max(1, round(self.group * standing))
        table = bestiary().monsters
        return max(groups, key=lambda m: (min(int(m.item), wanted), table[m.target].die,
                                          -abs(int(m.item) - wanted)))


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


def _sides(die: object) -> int:
    return int(str(die).lstrip("d"))


def _hit(hero: Mapping[str, Any], ability: str) -> float:
    sides = _sides(hero["abilities"][ability])
    return (sides - 3) / sides


def _attack_value(hero: Mapping[str, Any], piece: Mapping[str, Any]) -> float:
    """Mean damage a turn with an attacking piece: the chance to hit times its mean die."""
    ability = "warrior" if piece["kind"] == "weapon" else "mage"
    return _hit(hero, ability) * (_sides(piece["die"]) + 1) / 2


def _attacks(piece: Mapping[str, Any]) -> bool:
    return piece["kind"] == "weapon" or piece.get("spell") == "fireball"


def piece_worth(hero: Mapping[str, Any], piece: Mapping[str, Any]) -> float:
    """What a piece of Stuff adds to a hero: for a weapon or a damaging spell, the mean
    damage a turn over its best attack now; for armour, the mean soak over its best
    armour; for a spell on heroes, something to a caster that holds none."""
    held = hero["stuff"]
    if _attacks(piece):
        best = max((_attack_value(hero, s) for s in held if _attacks(s)), default=0.0)
        return _attack_value(hero, piece) - best
    if piece["kind"] == "armour":
        best = max((_sides(s["die"]) for s in held if s["kind"] == "armour"), default=0)
        return (_sides(piece["die"]) - best) / 2
    helping = any(s["kind"] == "spell" and not _attacks(s) for s in held)
    return _hit(hero, "mage") * (0.5 if helping else 2.0)


class SensibleHero:
    name = "sensible"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Move], rng: Stream) -> Move:
        verbs = {m.verb for m in legal}
        if "rescue" in verbs:  # a failed dodge or search the party's 1E can save
            return next(m for m in legal if m.verb == "rescue")
        if "claim" in verbs:
            return max(legal, key=lambda m: piece_worth(view["heroes"][m.actor],
                                                         view["spoils"][0]))
        if "take" in verbs:
            return self._loot(view, legal)
        if "ready" in verbs:
            return self._camp(view, legal)
        return self._fight(view, legal)

    def _fight(self, view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
        heroes = view["heroes"]
        hurt = [m for m in legal if m.verb == "cast" and heroes.get(m.target, {}).get(
            "hit_points", 99) <= LOW and "Heal" in m.item]
        if hurt:
            return hurt[0]
        scene = {m["id"]: m for m in view["scene"]}
        strikes = [m for m in legal if m.verb in ("attack", "cast") and m.target in scene]
        if not strikes:
            return legal[-1]
        me = heroes[strikes[0].actor]
        boss = any(scene[m.target]["boss"] for m in strikes)

        def worth(move: Move) -> tuple[float, int, int]:
            stuff = next(s for s in me["stuff"] if s["name"] == move.item)
            ability = "warrior" if stuff["kind"] == "weapon" else "mage"
            sides = int(str(me["abilities"][ability]).lstrip("d"))
            hit = (sides - 3) / sides
            wants = {"": 1, "loot": 2, "both": 4 if boss else 0,
                     "special": 3 if boss else 0}[move.how]
            return (hit * (int(str(stuff["die"]).lstrip("d")) + 1) / 2, wants,
                    -scene[move.target]["hit_points"])

        return max(strikes, key=worth)

    def _loot(self, view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
        me = view["heroes"][legal[0].actor]
        best = max(me["abilities"], key=lambda a: int(str(me["abilities"][a]).lstrip("d")))
        key = {"warrior": "1W", "mage": "1M", "explorer": "1E"}[best]
        return next((m for m in legal if m.item == key), legal[0])

    def _camp(self, view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
        own = [m for m in legal if m.verb == "improve" and not m.target
               and view["heroes"][m.actor]["stuff"] and any(
                   s["name"] == m.item and s["kind"] != "armour"
                   for s in view["heroes"][m.actor]["stuff"])]
        if own:
            return own[0]
        return next(m for m in legal if m.verb == "ready")


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
