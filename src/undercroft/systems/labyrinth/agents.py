"""Automated Labyrinth players: a careful one and a bold one, for the balance lab.

Both attack the weakest monster, equip what they find (three at most), sell what
they cannot use, buy rations and weapons, check chests for traps before opening
them, and heal in empty rooms. The careful player goes back to town when the
party is hurt and never rolls the Dragon Statue (one face in six kills); the bold
one presses on until someone is close to death, and goes down every stairwell.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.engine.agents import RandomAgent
from undercroft.rng import Stream
from undercroft.systems.labyrinth.actions import Choice

RETREAT: Final = {"careful": 0.6, "bold": 0.3}
HEALING: Final = ("rations", "medical-supplies")
"""Back to town when the party's health falls below this share of its maximum."""
WEAPONS: Final = ("kobold-knife", "brainsucker-stick", "sureshot-shooter")
ATTACK_STATS: Final = {"wizard": "intelligence"}
"""The stat a class attacks with (Strength for the others)."""


class PartyAgent:
    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: Mapping[str, Any], legal: Sequence[Choice], rng: Stream) -> Choice:
        by_verb: dict[str, list[Choice]] = {}
        for choice in legal:
            by_verb.setdefault(choice.verb, []).append(choice)
        me = next(m for m in view["party"] if m["seat"] == view["turn"])
        if view.get("statue") is not None:
            return self._statue(me, legal)
        if "attack" in by_verb:
            return self._attack(view, view["sheets"][me["seat"]], by_verb["attack"])
        for verb in ("equip", "search", "open"):
            if verb in by_verb:
                return by_verb[verb][0]
        heals = [c for c in by_verb.get("use", []) if "statue" not in c.target]
        if heals and me["health"] < me["computed"]["max_health"] - 3:
            return heals[0]
        if view["phase"] == "town":
            return self._town(view, me, by_verb)
        hurt = self._hurt(view)
        if view["phase"] == "stairs":
            if "down" in by_verb and (self.name == "bold" or hurt > 0.8):
                return by_verb["down"][0]
            return by_verb["return"][0]
        if "return" in by_verb and (hurt < RETREAT[self.name] or "next" not in by_verb):
            return by_verb["return"][0]
        if "next" in by_verb:
            return by_verb["next"][0]
        return by_verb["wait"][0]

    def _attack(self, view: Mapping[str, Any], sheet: Mapping[str, Any],
                attacks: list[Choice]) -> Choice:
        """The weakest monster, with the better of Strength and (a wizard's) Intelligence."""
        health = {m["id"]: m["health"] for m in view["fight"]["monsters"]}
        bonus = sheet["attack"]
        way = "intelligence" if bonus.get("intelligence", -99) > bonus["strength"] else ""
        chosen = [c for c in attacks if c.how == way] or attacks
        return min(chosen, key=lambda c: (health.get(c.target, 0), c.target))

    def _town(self, view: Mapping[str, Any], me: Mapping[str, Any],
              by_verb: dict[str, list[Choice]]) -> Choice:
        """Lift a curse; buy rations while carrying fewer than two, and a weapon when
        carrying none; then go down to the deepest floor unlocked."""
        if "lift" in by_verb:
            return by_verb["lift"][0]
        owned = [item.split("#")[0] for item in me["items"]]
        for choice in by_verb.get("buy", []):
            card = choice.target.split("#")[0]
            if card in HEALING and sum(item in HEALING for item in owned) < 2:
                return choice
            if card in WEAPONS and not any(item in WEAPONS for item in owned):
                return choice
        floors = by_verb.get("enter", [])
        return max(floors, key=lambda c: int(c.target)) if floors else by_verb["wait"][0]

    @staticmethod
    def _statue(me: Mapping[str, Any], legal: Sequence[Choice]) -> Choice:
        """A Dragon Statue's choice that helps: raise the stat the class attacks with
        (Intelligence for a wizard, else Strength), lower Luck, swap Luck with the attack
        stat only when Luck is higher."""
        attack = ATTACK_STATS.get(me["class"], "strength")
        stats = me["stats"]
        wanted = [Choice("raise", attack), Choice("lower", "luck")]
        if stats["luck"] > stats[attack]:
            wanted.append(Choice("swap", attack))
        return next((c for c in wanted if c in legal), None) \
            or next((c for c in legal if c.verb == "keep"), legal[0])

    @staticmethod
    def _hurt(view: Mapping[str, Any]) -> float:
        """The most hurt living adventurer's share of their maximum health."""
        return min((float(m["health"]) / m["computed"]["max_health"]
                    for m in view["party"] if m["alive"]), default=1.0)


AGENTS: Final[dict[str, Any]] = {
    "careful": lambda: PartyAgent("careful"),
    "bold": lambda: PartyAgent("bold"),
    "random": RandomAgent,
}
