"""Automated Labyrinth players: a careful one and a bold one, for the balance lab.

Both use their characters: they wear the equipment that makes their attack expect
the most damage (``agent_gear``: a warrior stays unarmed while its +4 is better, a
wizard keeps its unarmed +2 unless a weapon beats it, an archer takes the Sureshot
Shooter), attack the weakest monster with the better of Strength and a wizard's
Intelligence, brace as a hollow that may when one more hit could kill it, check
chests for traps before opening them, heal in empty rooms, sell the equipment they
would not wear, buy healing and the weapons that would help them, have a curse
lifted, and roll the Dragon Statue, making its choices in their favour.

Both go down every stairwell they find (healing first where they can): back in town,
the next trip deals the floor afresh, where each of the two Bugbear Bands is as likely
as the one Giant Floating Eyeball (the stairwell) to come first, and a band of four or
five bugbears kills most parties (docs/rules/labyrinth.md, "Play"). The careful player
leads the party back to town whenever anyone is hurt below :data:`RETREAT` of its
health and rolls the statue only in town; the bold one presses on until someone is
close to death and rolls the statue at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.dice import distribution
from undercroft.engine.agents import RandomAgent
from undercroft.rng import Stream
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.agent_gear import Gear

RETREAT: Final = {"careful": 0.6, "bold": 0.3}
"""Back to town when the party's most hurt adventurer falls below this share of its
maximum health."""
HEALING: Final = ("rations", "medical-supplies")
KEEP_HEALING: Final = 2
"""Healing cards a player buys until it carries this many."""
ATTACK_STATS: Final = {"wizard": "intelligence"}
"""The stat a class attacks with (Strength for the others)."""


class PartyAgent:
    """A careful or a bold member of the party (``name``)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: Mapping[str, Any], legal: Sequence[Choice], rng: Stream) -> Choice:
        by_verb: dict[str, list[Choice]] = {}
        for choice in legal:
            by_verb.setdefault(choice.verb, []).append(choice)
        me = next(m for m in view["party"] if m["seat"] == view["turn"])
        sheet = view["sheets"][me["seat"]]
        if view.get("statue") is not None:
            return self._statue(me, legal)
        if "attack" in by_verb:
            return self._attack(view, sheet, by_verb["attack"])
        gear = Gear(me, sheet, view.get("market_items", ()))
        wear = self._wear(gear, by_verb)
        if wear is not None:
            return wear
        for verb in ("search", "open"):
            if verb in by_verb:
                return by_verb[verb][0]
        uses = by_verb.get("use", [])
        heals = [c for c in uses if c.target.split("#")[0] in HEALING]
        if heals and me["health"] <= me["computed"]["max_health"] - 3:
            return max(heals, key=lambda c: c.target.startswith("medical")
                       if me["health"] <= me["computed"]["max_health"] - 8
                       else c.target.startswith("rations"))
        statues = [c for c in uses if c not in heals]
        if statues and (self.name == "bold" or view["phase"] == "town"):
            return statues[0]
        if view["phase"] == "town":
            return self._town(view, me, gear, by_verb)
        hurt = self._hurt(view)
        if view["phase"] == "stairs":
            return (by_verb.get("down") or by_verb["return"])[0]
        if "return" in by_verb and (hurt < RETREAT[self.name] or "next" not in by_verb):
            return by_verb["return"][0]
        if "next" in by_verb:
            return by_verb["next"][0]
        return by_verb["wait"][0]

    def _attack(self, view: Mapping[str, Any], sheet: Mapping[str, Any],
                attacks: list[Choice]) -> Choice:
        """The weakest monster, with the better of Strength and (a wizard's) Intelligence;
        bracing when one more hit could kill."""
        fight = view["fight"]
        health = {m["id"]: m["health"] for m in fight["monsters"]}
        bonus = sheet["attack"]
        ways = ["intelligence"] if bonus.get("intelligence", -99) > bonus["strength"] else []
        threat = max((max(distribution(fight["kinds"][m["kind"]]["damage"]))
                      for m in fight["monsters"] if m["health"] > 0), default=0)
        if sheet["health"] <= threat and any("brace" in c.ways for c in attacks):
            ways.append("brace")
        how = "+".join(ways)
        chosen = [c for c in attacks if c.how == how] or attacks
        return min(chosen, key=lambda c: (health.get(c.target, 0), c.target))

    @staticmethod
    def _wear(gear: Gear, by_verb: Mapping[str, list[Choice]]) -> Choice | None:
        """Unequip what the best set leaves out, then equip what it holds."""
        best = gear.best(gear.equipment())
        for choice in by_verb.get("unequip", []):
            if choice.target not in best:
                return choice
        for choice in by_verb.get("equip", []):
            if choice.target in best:
                return choice
        return None

    def _town(self, view: Mapping[str, Any], me: Mapping[str, Any], gear: Gear,
              by_verb: dict[str, list[Choice]]) -> Choice:
        """Lift a curse; sell the equipment it would not wear; buy healing while carrying
        fewer than two, and equipment that would improve its attack; then go down to the
        deepest floor unlocked."""
        if "lift" in by_verb:
            return by_verb["lift"][0]
        best = gear.best(gear.equipment())
        for choice in by_verb.get("sell", []):
            if choice.target in gear.equipment() and choice.target not in best:
                return choice
        owned = [item.split("#")[0] for item in me["items"]]
        for choice in by_verb.get("buy", []):
            card = choice.target.split("#")[0]
            if card in HEALING and sum(item in HEALING for item in owned) < KEEP_HEALING:
                return choice
            if gear.cards[choice.target].kind == "equipment" and gear.improves(choice.target):
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
