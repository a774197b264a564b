"""Automated Card Crawl players for the balance lab: cautious, aggressive and mixed.

All three play the same way outside the stance they roll with: finish the group
with the fewest creatures standing, use a combo when one is ready, raise a guard
when down to their last defence card, heal what can be healed, rest when tapped
out and the room is quiet, and explore towards the nearest room not yet seen.
The cautious player always rolls 2d6, the aggressive one 1d12, the mixed one
whichever has the better exact chance of success for that attack (seed 004: the
stance "trades higher average and minimum for less chance at high numbers"); the
mixed one is also the ``sensible`` player the balance lab and the audit default to.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.engine.agents import RandomAgent
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.checks import success_chance
from undercroft.systems.cardcrawl.play_actions import Play


class StanceAgent:
    """Plays sensibly, rolling with ``stance`` ("cautious", "aggressive" or "mixed")."""

    def __init__(self, stance: str, name: str | None = None) -> None:
        self.stance = stance
        self.name = name or stance

    def choose(self, view: Mapping[str, Any], legal: Sequence[Play], rng: Stream) -> Play:
        me = next(f for f in view["party"] if f["seat"] == view["turn"])
        by_text = {play.text: play for play in legal}
        taps = [play for play in legal if play.verb == "tap"]
        cards = {card["name"]: card for card in me["cards"]}
        ready = sum(1 for c in me["cards"] if c["kind"] == "defence" and c["state"] == "ready")
        heal = next((play for play in taps if cards[play.card]["effect"] == "heal"), None)
        if heal is not None:
            return heal
        attacks = [play for play in legal if play.verb == "attack"]
        if attacks:
            guard = next((play for play in taps if cards[play.card]["effect"] == "ward"), None)
            if guard is not None and ready <= (2 if self.stance == "cautious" else 1):
                return guard
            return self._attack(view, me, attacks)
        take = next((play for play in legal if play.verb == "take"), None)
        if take is not None:
            return take
        rest = by_text.get("rest")
        tapped = sum(1 for c in me["cards"] if c["state"] == "tapped")
        if rest is not None and tapped >= (1 if self.stance == "cautious" else 2):
            return rest
        move = _explore(view, [play for play in legal if play.verb == "move"])
        return move if move is not None else by_text["wait"]

    def _attack(self, view: Mapping[str, Any], me: Mapping[str, Any],
                attacks: Sequence[Play]) -> Play:
        foes = view["foes"]
        weakest = min(foes, key=lambda g: (g["standing"], sum(map(sum, g["creatures"])),
                                           g["id"]))
        numbers = {a["name"]: a for a in me["attacks"]}
        any_skill = bool(view.get("any_skill", False))
        against = int(weakest.get("defence", 3)) if view.get("attack_against") == "opponent" \
            else 3

        def bonus(name: str) -> int:
            attack = numbers[name]
            skill = max((value for skill, value in me["skills"].items()
                         if any_skill or skill in attack["skills"]), default=0)
            return int(attack["bonus"] + skill + me["combo"].get(name, 0) + me["focus"])

        def difficulty(name: str) -> int:
            return int(numbers[name]["difficulty"]) + against - 3

        best = max(numbers, key=lambda name: (bonus(name) - difficulty(name)
                                              + numbers[name]["extra"], name))
        stance = self.stance
        if stance == "mixed":
            stance = max(("cautious", "aggressive"),
                         key=lambda s: success_chance(s, bonus(best), difficulty(best)))
        wanted = Play("attack", weakest["id"], best, stance)
        return wanted if wanted in attacks else attacks[0]


def _explore(view: Mapping[str, Any], moves: Sequence[Play]) -> Play | None:
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
    "cautious": lambda: StanceAgent("cautious"),
    "aggressive": lambda: StanceAgent("aggressive"),
    "mixed": lambda: StanceAgent("mixed"),
    "sensible": lambda: StanceAgent("mixed", "sensible"),
    "random": RandomAgent,
}
"""The automated players by name (the balance lab's --agents). ``sensible`` is the mixed
player under the name the balance lab and the audit take by default, as in the other
systems (``undercroft play cardcrawl`` plays it too)."""
