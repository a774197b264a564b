"""Automated Card Crawl players for the balance lab and the table: cautious, aggressive,
mixed (alias sensible), and random.

All but the random one play the same way outside the stance they roll with. In a
fight: bring a fallen character back up with a heal, ward off the next blow when the
game master will go for them and they are down to two ready defence cards, burn a
regenerating troll with a torch, and otherwise attack the group with the fewest
creatures standing with the attack most likely to do the most. Between encounters:
heal what can be healed, take the gear lying in the room and equip the most useful,
ready a gear card's bonus for the rolls ahead, untap with Second wind, rest when
cards are tapped, and explore towards the nearest room not yet seen. No seat is
offered a tap of its last ready defence card (the rules do not offer it), and none
wards with no foe in the room. The cautious player always rolls 2d6, the aggressive
one 1d12, the mixed one whichever has the better exact chance of success for that
attack (seed 004: the stance "trades higher average and minimum for less chance at
high numbers"); ``sensible`` is the mixed player under the name ``undercroft
simulate``, ``undercroft audit`` and ``undercroft play cardcrawl`` take by default.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from undercroft.engine.agents import RandomAgent
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.checks import success_chance

WARD_FROM: Final = 2
"""A character the game master will go for wards when down to this many ready cards."""
INSPIRE_BELOW: Final = Fraction(1, 10)
"""A bard inspires an ally rather than attack only when its own hit is this unlikely."""

View = Mapping[str, Any]


class StanceAgent:
    """Plays sensibly, rolling with ``stance`` ("cautious", "aggressive" or "mixed")."""

    def __init__(self, stance: str, name: str | None = None) -> None:
        self.stance = stance
        self.name = name or stance

    def choose(self, view: View, legal: Sequence[Play], rng: Stream) -> Play:
        me = next(f for f in view["party"] if f["seat"] == view["turn"])
        fight = bool(view["foes"])
        for pick in (self._heal, self._ward, self._burn, self._inspire) if fight else \
                (self._heal, self._gear, self._ready_bonus, self._second_wind, self._rest):
            chosen = pick(view, me, legal)
            if chosen is not None:
                return chosen
        attacks = [play for play in legal if play.verb == "attack"]
        if attacks:
            return self._attack(view, me, attacks)
        move = _explore(view, [play for play in legal if play.verb == "move"])
        return move if move is not None else Play("wait")

    def _heal(self, view: View, me: View, legal: Sequence[Play]) -> Play | None:
        """A heal or Lay on hands for whoever needs it most: out of a fight anyone it can
        heal, in a fight only a character down or down to one ready card."""
        cards = {card["name"]: card for card in me["cards"]}
        party = {member["seat"]: member for member in view["party"]}
        heals = [play for play in legal
                 if (play.verb == "tap" and cards[play.card]["effect"] == "heal")
                 or (play.verb == "use" and play.card == "Lay on hands")]

        def need(play: Play) -> tuple[int, int]:
            target = party[play.target or me["seat"]]
            return (0 if target["incapacitated"] else 1, _ready(target))

        if not heals:
            return None
        best = min(heals, key=need)
        down, ready = need(best)
        return best if not view["foes"] or down == 0 or ready <= 1 else None

    def _ward(self, view: View, me: View, legal: Sequence[Play]) -> Play | None:
        """A ward when the game master will go for this character (the fewest ready
        defence cards of those standing) and it is down to two; the largest ward."""
        standing = [m for m in view["party"] if not m["incapacitated"]]
        mine = _ready(me)
        if mine > WARD_FROM or mine > min(_ready(m) for m in standing) or me["ward"]:
            return None
        cards = {card["name"]: card for card in me["cards"]}
        wards = [play for play in legal if play.verb == "tap" and not play.target
                 and cards[play.card]["effect"] == "ward"]
        return max(wards, key=lambda play: (cards[play.card]["value"], play.card),
                   default=None)

    def _burn(self, view: View, me: View, legal: Sequence[Play]) -> Play | None:
        """A torch against a troll that regenerates."""
        if not any(any(text.lower().startswith("regenerates") for text in foe["special"])
                   and not foe["burned"] for foe in view["foes"]):
            return None
        return next((play for play in legal if play.verb == "tap" and play.card == "Torch"),
                    None)

    def _inspire(self, view: View, me: View, legal: Sequence[Play]) -> Play | None:
        inspire = [play for play in legal if play.verb == "use" and play.card == "Inspire"]
        if not inspire or self._best_chance(view, me) >= INSPIRE_BELOW:
            return None
        party = {member["seat"]: member for member in view["party"]}
        return max(inspire, key=lambda play: (self._best_chance(view, party[play.target]),
                                              play.target))

    def _gear(self, view: View, me: View, legal: Sequence[Play]) -> Play | None:
        """Take what lies here; swap in a carried piece worth more than one equipped."""
        take = next((play for play in legal if play.verb == "take"), None)
        if take is not None:
            return take
        worth = {card["name"]: _gear_worth(card, me)
                 for card in [*me["cards"], *me["pack"]] if card["kind"] != "defence"}
        swaps = [play for play in legal if play.verb == "swap"
                 and worth[play.using] > worth[play.card]]
        return max(swaps, key=lambda play: (worth[play.using] - worth[play.card], play.text),
                   default=None)

    def _ready_bonus(self, view: View, me: View, legal: Sequence[Play]) -> Play | None:
        """Between encounters a gear card's roll bonus costs no turn in a fight: tap it
        while exploring is left to do, unless its bonus is already waiting."""
        if not any(not room["visited"] for room in view["rooms"]):
            return None
        cards = {card["name"]: card for card in me["cards"]}
        return next((play for play in legal if play.verb == "tap" and not play.target
                     and cards[play.card]["kind"] != "defence"
                     and cards[play.card]["effect"] == "boost"
                     and not any(skill in me["boosts"] for skill in cards[play.card]["skills"])),
                    None)

    def _second_wind(self, view: View, me: View, legal: Sequence[Play]) -> Play | None:
        return next((play for play in legal if play.verb == "use"
                     and play.card == "Second wind"), None)

    def _rest(self, view: View, me: View, legal: Sequence[Play]) -> Play | None:
        """A long rest when a defence card of the party is tapped (it cannot soak a hit),
        or when this character has several cards tapped (the cautious: one)."""
        rest = Play("rest")
        if rest not in legal:
            return None
        tapped_defence = any(card["kind"] == "defence" and card["state"] == "tapped"
                             for member in view["party"] for card in member["cards"])
        tapped = sum(1 for card in me["cards"] if card["state"] == "tapped")
        return rest if tapped_defence or tapped >= (1 if self.stance == "cautious" else 2) \
            else None

    def _numbers(self, view: View, me: View, foe: View
                 ) -> dict[str, tuple[int, int]]:
        """Each attack's bonus and difficulty against ``foe``."""
        any_skill = bool(view.get("any_skill", False))
        against = int(foe.get("defence", 3)) if view.get("attack_against") == "opponent" else 3
        numbers = {}
        for attack in me["attacks"]:
            skill = max((value + me["boosts"].get(skill, 0)
                         for skill, value in {**dict.fromkeys(me["boosts"], 0),
                                              **me["skills"]}.items()
                         if any_skill or skill in attack["skills"]), default=0)
            bonus = int(attack["bonus"] + skill + me["combo"].get(attack["name"], 0)
                        + me["focus"])
            numbers[attack["name"]] = (bonus, int(attack["difficulty"]) + against - 3)
        return numbers

    def _best_chance(self, view: View, me: View) -> Fraction:
        if not view["foes"]:
            return Fraction(0)
        weakest = _weakest(view["foes"])
        return max((max(success_chance(stance, bonus, difficulty)
                        for stance in ("cautious", "aggressive"))
                    for bonus, difficulty in self._numbers(view, me, weakest).values()),
                   default=Fraction(0))

    def _attack(self, view: View, me: View, attacks: Sequence[Play]) -> Play:
        weakest = _weakest(view["foes"])
        numbers = self._numbers(view, me, weakest)
        kinds = {a["name"]: a for a in me["attacks"]}

        def worth(name: str) -> tuple[bool, int, str]:
            bonus, difficulty = numbers[name]
            return (bool(kinds[name]["damage"]), bonus - difficulty + kinds[name]["extra"],
                    name)

        best = max(numbers, key=worth)
        bonus, difficulty = numbers[best]
        stance = self.stance
        if stance == "mixed":
            stance = max(("cautious", "aggressive"),
                         key=lambda s: success_chance(s, bonus, difficulty))
        wanted = Play("attack", weakest["id"], best, stance)
        return wanted if wanted in attacks else attacks[0]


def _ready(member: View) -> int:
    return sum(1 for card in member["cards"]
               if card["kind"] == "defence" and card["state"] == "ready")


def _weakest(foes: Sequence[View]) -> View:
    return min(foes, key=lambda g: (g["standing"], sum(map(sum, g["creatures"])), g["id"]))


def _gear_worth(card: View, me: View) -> int:
    """How much a piece of gear is worth equipped: healing most, then a bonus for the
    rolls this character's attacks make, then any other bonus."""
    if card["effect"] == "heal":
        return 10 + int(card["value"])
    if card["effect"] == "boost":
        mine = {skill for attack in me["attacks"] for skill in attack["skills"]}
        return (5 if mine & set(card["skills"]) else 2) + int(card["value"])
    return 1 if card["effect"] != "none" else 0


def _explore(view: View, moves: Sequence[Play]) -> Play | None:
    """The move on a shortest known path to the nearest room not yet visited."""
    if not moves:
        return None
    links: dict[int, list[int]] = {0: list(view["entrance_links"])}
    unvisited = set()
    for room in view["rooms"]:
        if room["visited"]:
            links.setdefault(room["room"], []).extend(room["links"])
            for other in room["links"]:
                links.setdefault(other, []).append(room["room"])
        else:
            unvisited.add(room["room"])
    start = view["where"]
    first: dict[int, int] = {}
    queue = deque([start])
    seen = {start}
    while queue:
        here = queue.popleft()
        if here in unvisited:
            target = first[here]
            return next((m for m in moves if m.target == _place(target)), moves[0])
        for nxt in sorted(links.get(here, [])):
            if nxt not in seen:
                seen.add(nxt)
                first[nxt] = first.get(here, nxt) if here != start else nxt
                queue.append(nxt)
    return None


def _place(room: int) -> str:
    return "entrance" if room == 0 else f"room {room}"


AGENTS: Final[dict[str, Any]] = {
    "sensible": lambda: StanceAgent("mixed", "sensible"),
    "cautious": lambda: StanceAgent("cautious"),
    "aggressive": lambda: StanceAgent("aggressive"),
    "mixed": lambda: StanceAgent("mixed"),
    "random": RandomAgent,
}
"""The automated players by name (the balance lab's --agents). ``sensible`` is the mixed
player under the name the balance lab, the audit and ``undercroft play cardcrawl`` take
by default, as in the other systems."""
