"""The sensible Hero Guide: heroes who use their characters, and help each other.

In a fight a hero, in this order: spends its 1HP tokens on a badly hurt hero (no
action); flees when it is about to fall with no heal at hand (unless it is the last
hero in the fight); heals the worst hurt hero with a Heal when it is badly hurt or
misses a whole roll of the spell's die; opens a big fight (a boss, or three monsters
or more) with its spell on heroes where it is not yet in place (Shield and Mirror
Image on the hero the monsters go for, Bless and Haste on the party's best attacker,
Invisibility on a hurt hero, Summon); sets a trap with a good Explorer die on two
monsters or more; else attacks, with the Stuff most likely to hurt, the monster it
can best finish. It always says "spending loot" where loot could help (tokens are
spent only on a failure they can save), and uses its special where it pays: in a big
fight, or where the extra damage finishes a monster.

After a fight: a failed roll the party's 1E can save is saved; a boss's Stuff goes to
the hero it adds most to; each finder takes the Loot Type its Stuff rolls for. In
camp: pursue a fled monster when the party is fit; spend 1HP tokens on the wounded;
give a token to a hero who uses it when the holder does not; buy, with 5 pennies,
the step that adds most to any standing hero (another hero's is worth a little more:
those coins leave play and the stage gets no tougher), raising the special as well as
the Stuff; then ready.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.rng import Stream
from undercroft.systems.squad.heroes.spells import spell
from undercroft.systems.squad.play.actions import Move

View = Mapping[str, Any]
Sheet = Mapping[str, Any]

FLEE_AT: Final = 3
"""Hit Points at which a hero with no heal at hand runs from a fight."""
HEAL_AT: Final = 7
"""Hit Points at which a hero is healed with a spell (under half of 15)."""
MEND_GAP: Final = 3
"""Hit Points a hero must miss before a 1HP token is spent on it in a fight."""
BIG_FIGHT: Final = 3
"""Monsters that make a fight worth a spell on heroes or a special without a boss."""
PRICE: Final = 5
SPECIAL_WORTH: Final = {"deadly-strike": 0.9, "blurring-speed": 1.0, "arcane-vigor": 0.8,
                        "divine-insight": 0.6, "inhuman-alacrity": 1.0,
                        "hardy-resilience": 0.7}
"""What one more level of each Special Ability is worth, in mean damage (or damage
saved) a turn, against one step of the hero's best Stuff."""
LOOT_FOR: Final = {"weapon": "W", "spell": "M"}


def sides(die: object) -> int:
    return int(str(die).lstrip("d"))


def hit(hero: Sheet, ability: str) -> float:
    """The chance of an Ability roll at Difficulty 4."""
    count = sides(hero["abilities"][ability])
    return (count - 3) / count


def attacks(piece: Mapping[str, Any]) -> bool:
    """A weapon or a damaging spell."""
    return piece["kind"] == "weapon" or (
        piece["kind"] == "spell" and spell(piece["spell"]).effect == "damage")


def attack_value(hero: Sheet, piece: Mapping[str, Any]) -> float:
    """Mean damage a turn with an attacking piece: the chance to hit times its mean die."""
    ability = "warrior" if piece["kind"] == "weapon" else "mage"
    return hit(hero, ability) * (sides(piece["die"]) + 1) / 2


def best_attack(hero: Sheet) -> Mapping[str, Any] | None:
    return max((s for s in hero["stuff"] if attacks(s)), key=lambda s: attack_value(hero, s),
               default=None)


def piece_worth(hero: Sheet, piece: Mapping[str, Any]) -> float:
    """What a piece of Stuff adds to a hero: for a weapon or a damaging spell, the mean
    damage a turn over its best attack now; for armour, the mean soak over its best
    armour; for a spell on heroes, something to a caster that holds none."""
    held = hero["stuff"]
    if attacks(piece):
        best = best_attack(hero)
        return attack_value(hero, piece) - (attack_value(hero, best) if best else 0.0)
    if piece["kind"] == "armour":
        armour = max((sides(s["die"]) for s in held if s["kind"] == "armour"), default=0)
        return (sides(piece["die"]) - armour) / 2
    helping = any(s["kind"] == "spell" and not attacks(s) for s in held)
    return hit(hero, "mage") * (0.5 if helping else 2.0)


class SensibleHero:
    name = "sensible"

    def choose(self, view: View, legal: Sequence[Move], rng: Stream) -> Move:
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
        return Fight(view, legal).choose()

    def _loot(self, view: View, legal: Sequence[Move]) -> Move:
        """The token the hero's own rolls use most: its best attack's Ability first, then
        Hit Points, a finishing 1C, and Explorer rolls (dodging, searching, fleeing)."""
        me = view["heroes"][legal[0].actor]
        best = best_attack(me)
        order = [f"1{LOOT_FOR[best['kind']]}"] if best else []
        order += ["1HP", "1C", "1E", "1W", "1M"]
        return min(legal, key=lambda m: order.index(m.item) if m.item in order else 99)

    def _camp(self, view: View, legal: Sequence[Move]) -> Move:
        heroes = view["heroes"]
        fit = all(h["hit_points"] * 2 >= h["max_hit_points"] for h in heroes.values()
                  if h["hit_points"] > 0)
        pursue = [m for m in legal if m.verb == "pursue"]
        if pursue and fit:
            return pursue[0]
        mends = [m for m in legal if m.verb == "mend"]
        if mends:
            return min(mends, key=lambda m: heroes[m.target]["hit_points"])
        gifts = [m for m in legal if m.verb == "give" and _uses(heroes[m.target], m.item)
                 and not _uses(heroes[m.actor], m.item)]
        if gifts:
            return gifts[0]
        buys = [(self._buy_worth(view, m), m) for m in legal if m.verb in ("improve", "raise")]
        worth, buy = max(buys, key=lambda pair: pair[0], default=(0.0, None))
        if buy is not None and worth > 0:
            return buy
        return next(m for m in legal if m.verb == "ready")

    def _buy_worth(self, view: View, move: Move) -> float:
        """What 5 pennies buy for the hero they are spent on, per turn of a fight; spent on
        another hero they are worth a little more (the stage gets no tougher)."""
        hero = view["heroes"][move.target or move.actor]
        gift = 0.1 if move.target else 0.0
        if move.verb == "raise":
            if hero["special_level"] >= hero_special_top(hero):
                return 0.0
            return SPECIAL_WORTH[hero["special"]] / int(hero["special_level"]) + gift
        piece = next(s for s in hero["stuff"] if s["name"] == move.item)
        if attacks(piece):
            best = best_attack(hero)
            if best is not None and best["name"] != piece["name"]:
                return 0.0  # only the best attack is worth a step
            ability = "warrior" if piece["kind"] == "weapon" else "mage"
            return hit(hero, ability) + gift
        if piece["kind"] == "armour":
            return 0.6 + gift
        return 0.3 * hit(hero, "mage") + gift


def hero_special_top(hero: Sheet) -> int:
    """The level past which a special is not worth raising for this hero: a special that
    adds targets is worth little past the monsters a fight has."""
    return 3 if hero["special"] in ("arcane-vigor", "divine-insight") else 5


def _uses(hero: Sheet, token: str) -> bool:
    """Whether a hero has a roll of its own a token adds to."""
    kind = token.lstrip("1")
    if kind == "W":
        return any(s["kind"] == "weapon" for s in hero["stuff"])
    if kind == "M":
        return any(s["kind"] == "spell" for s in hero["stuff"])
    return True


class Fight:
    """One choice of a hero's turn in a fight."""

    def __init__(self, view: View, legal: Sequence[Move]) -> None:
        self.view, self.legal = view, legal
        self.heroes: Mapping[str, Sheet] = view["heroes"]
        self.scene = {m["id"]: m for m in view["scene"] if m["hit_points"] > 0
                      and not m["fled"]}
        self.actor = legal[0].actor
        self.me = self.heroes[self.actor]
        self.present = [h for h, sheet in self.heroes.items() if sheet["hit_points"] > 0
                        and not view["effects"].get(h, {}).get("fled")]
        self.big = any(m["boss"] for m in self.scene.values()) or len(self.scene) >= BIG_FIGHT

    def choose(self) -> Move:
        for rule in (self._mend, self._flee, self._heal, self._help, self._trap):
            move = rule()
            if move is not None:
                return move
        return self._strike() or next(m for m in self.legal if m.verb == "wait")

    def _of(self, verb: str) -> list[Move]:
        return [m for m in self.legal if m.verb == verb]

    def _hp(self, hero_id: str) -> int:
        return int(self.heroes[hero_id]["hit_points"])

    def _mend(self) -> Move | None:
        mends = [m for m in self._of("mend") if self.heroes[m.target]["max_hit_points"]
                 - self._hp(m.target) >= MEND_GAP]
        return min(mends, key=lambda m: self._hp(m.target)) if mends else None

    def _flee(self) -> Move | None:
        """Run when about to fall with no heal at hand, unless it is the last hero in the
        fight: someone must see it through, or the party would only run."""
        if self._hp(self.actor) > FLEE_AT or self._heals() or len(self.present) < 2:
            return None
        flights = self._of("flee")
        return max(flights, key=lambda m: m.how == "loot") if flights else None

    def _heals(self) -> list[Move]:
        return [m for m in self._of("cast")
                if self._spell_of(m.item) == "heal" and m.how in ("", "special")]

    def _spell_of(self, item: str) -> str:
        piece = next(s for s in self.me["stuff"] if s["name"] == item)
        return spell(piece["spell"]).effect if piece["kind"] == "spell" else ""

    def _heal(self) -> Move | None:
        """Heal the worst hurt hero under ``HEAL_AT``, or one missing a whole roll of the
        spell's die (nothing of the roll is lost)."""
        rating = {s["name"]: sides(s["die"]) for s in self.me["stuff"]}
        hurt = [m for m in self._heals() if self._hp(m.target) <= HEAL_AT
                or self.heroes[m.target]["max_hit_points"] - self._hp(m.target)
                >= rating[m.item]]
        if not hurt:
            return None
        worst = min(self._hp(m.target) for m in hurt)
        aimed = [m for m in hurt if self._hp(m.target) == worst]
        others_hurt = sum(1 for h in self.present if self._hp(h) <= HEAL_AT) > 1
        return max(aimed, key=lambda m: m.how == "special" and others_hurt)

    def _help(self) -> Move | None:
        """A spell on heroes that opens a big fight, where it is not yet in place."""
        if not self.big:
            return None
        effects = self.view["effects"]
        ranked = sorted(self.present, key=lambda h: (self._hp(h), h))
        attacker = max(self.present, key=lambda h: max(
            (attack_value(self.heroes[h], s) for s in self.heroes[h]["stuff"] if attacks(s)),
            default=0.0))
        wanted = {"armour": ranked[0], "illusions": ranked[0], "reroll": attacker,
                  "extra-action": attacker, "companion": self.actor,
                  "untargetable": ranked[0] if self._hp(ranked[0]) <= HEAL_AT else ""}
        mark = {"armour": "shield", "illusions": "illusions", "reroll": "bless",
                "extra-action": "haste", "companion": "companion", "untargetable": "invisible"}
        for move in self._of("cast"):
            effect = self._spell_of(move.item)
            if effect in ("heal", "damage", "") or move.target != wanted.get(effect):
                continue
            if effects.get(move.target, {}).get(mark[effect], 0):
                continue
            if move.how in ("loot", "both"):
                continue
            if move.how == "special" or not any(
                    m.how == "special" for m in self._of("cast") if m.item == move.item
                    and m.target == move.target):
                return move
        return None

    def _trap(self) -> Move | None:
        if sides(self.me["abilities"]["explorer"]) < 8 or len(self.scene) < 2:
            return None
        traps = [m for m in self._of("trap") if int(m.item) >= 2]
        if not traps:
            return None
        return max(traps, key=lambda m: (int(m.item) if int(m.item) <= 3 else 0,
                                         m.how == "loot"))

    def _strike(self) -> Move | None:
        strikes = [m for m in self.legal if m.verb in ("attack", "cast")
                   and m.target in self.scene]
        if not strikes:
            return None

        def worth(move: Move) -> tuple[float, int, int]:
            piece = next(s for s in self.me["stuff"] if s["name"] == move.item)
            special = move.how in ("special", "both") and self._special_pays(move)
            wants = (2 if move.how in ("loot", "both") else 0) + (1 if special else 0) \
                - (5 if move.how in ("special", "both") and not special else 0)
            return (attack_value(self.me, piece), wants, -self.scene[move.target]["hit_points"])

        return max(strikes, key=worth)

    def _special_pays(self, move: Move) -> bool:
        """A special is worth its penny in a big fight, or where Deadly Strike's damage
        may finish the monster; Hardy Resilience is readied for free when the hero is
        hurt or the fight is big."""
        special = self.me["special"]
        if special == "hardy-resilience":
            return self.big or self._hp(self.actor) * 2 < int(self.me["max_hit_points"])
        if self.big:
            return True
        if special == "deadly-strike":
            piece = next(s for s in self.me["stuff"] if s["name"] == move.item)
            target = int(self.scene[move.target]["hit_points"])
            level = int(self.me["special_level"])
            return sides(piece["die"]) < target <= sides(piece["die"]) + level
        return special in ("blurring-speed", "inhuman-alacrity") and len(self.scene) >= 2
