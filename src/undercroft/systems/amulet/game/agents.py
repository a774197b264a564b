"""Automated Amulet players for the whole game; they see only their seat's view.

The sensible player plays as a careful table would: it claims every
announcement it may, has a ward open a door of its own room (else the first
door waiting), spends level points as ``level_points`` says, races on treasure
levels, spends a token to come back or when nearly dead, eats when low, uses
potions on big swarms, fights what is in its room with its better die, grabs
treasure, potions and keys, opens doors with keys it holds, and keeps with the
party (``agent_party``): it gathers in the leader's room, and the heroes of a
room leave it together by the same way. The party heads for the stairs when a
hero is weak, one went down already, or nothing on the level is left to explore;
else it explores (``agent_map``: an open way onto a room not made yet, a room
seen but never entered), works at closed ways, and, the level done as far as it
can reach, goes down; with no Stair known it searches the walls or walks on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.rng import Stream
from undercroft.systems.amulet.game.agent_map import (
    LOCKED,
    PartyMap,
    RoomFacts,
    exit_to,
    has_stair,
    has_unexplored,
    map_of,
)
from undercroft.systems.amulet.game.agent_party import (
    DESPERATE,
    LOW_HEALTH,
    WANTED,
    WELL_FED,
    Party,
    big_swarm,
    busy,
    spread,
    works_at,
)
from undercroft.systems.amulet.game.level_points import sensible_ability
from undercroft.systems.amulet.room.actions import Action

WAIT: Final = Action("wait")
EXPLORE, SEARCH_OR_WALK, SEARCH, WALK = range(4)
"""What a choice the party shares is for (``spread``'s salt)."""


class SensibleAgent:
    """A careful hero (see the module's docstring)."""

    name = "sensible"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Stream) -> Action:
        pick = self._pick(view, legal)
        return pick.claiming() if view.get("claims") else pick

    def _pick(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        verbs = _Legal(legal)
        me = _me(view)
        if me["status"] == "dead":
            return verbs.find("token") or WAIT
        doors = [a for a in legal if a.verb == "ward"]
        if doors:
            here = f"{me['room']}."
            return next((a for a in doors if (a.target or "").startswith(here)), doors[0])
        if verbs.first("point") is not None:
            ability = sensible_ability(me["numbers"], view["level_bonus"])
            return verbs.find("point", ability) or verbs.first("point") or WAIT
        for verb in ("race", "escape"):
            found = verbs.find(verb)
            if found is not None:
                return found
        token = verbs.find("token")
        if me["health"] < DESPERATE and token is not None:
            return token
        known = map_of(view["rooms"])
        room = known.by_id[me["room"]].view
        contents = room.get("contents", [])
        if me["health"] < LOW_HEALTH:
            food = verbs.pick_up(contents, ("food", "ale"))
            if food is not None:
                return food
        if me["potions"] and any(big_swarm(s) for s in room.get("swarms", [])):
            potion = verbs.find("potion")
            if potion is not None:
                return potion
        attack = self._attack(me, room, verbs)
        if attack is not None:
            return attack
        full = me["keys"] + me["potions"] >= view["item_cap"]
        for kind in WANTED:
            if full and kind in ("potion", "key"):
                continue
            take = verbs.pick_up(contents, (kind,))
            if take is not None:
                return take
        if me["health"] < WELL_FED:
            food = verbs.pick_up(contents, ("food",))
            if food is not None:
                return food
        opener = verbs.first("open")
        if opener is not None:
            return opener
        return self._move(view, me, known, known.by_id[me["room"]], legal, verbs)

    def _attack(self, me: Mapping[str, Any], room: Mapping[str, Any],
                verbs: _Legal) -> Action | None:
        numbers = me["numbers"]
        better = "melee" if _sides(numbers["melee"]) >= _sides(numbers["shot"]) else "shot"
        foes = [*room.get("swarms", []), *room.get("monsters", []), *room.get("generators", [])]
        for foe in foes:
            if foe.get("kind") == "slime":
                continue
            blinks = foe.get("kind") == "wizard"
            mode = "shot" if blinks else better
            pick = verbs.find("attack", foe["id"], mode) or verbs.find("attack", foe["id"], "shot")
            if pick is not None:
                halved = pick.halved() if blinks and _half_is_even(numbers[pick.mode or mode]) \
                    else None
                return halved or pick
        return None

    def _move(self, view: Mapping[str, Any], me: Mapping[str, Any], known: PartyMap,
              room: RoomFacts, legal: Sequence[Action], verbs: _Legal) -> Action:
        """With nothing left to do in its room: to the party's gathering room; there, wait
        for comrades on their way and for those with something to do; then the party's
        way on (``_party_way``)."""
        party = Party(view, known)
        room_id: int = room.view["id"]
        leaves = [a for a in legal if a.verb in ("leave", "teleport")]
        ways = known.ways(room_id, leaves)
        gathering = party.gathering(me)
        if gathering != room_id:
            toward = ways.toward_room(gathering)
            if toward is not None:
                return toward
        elif party.expected(room_id) or any(
                busy(hero, room.view, view["item_cap"]) for hero in party.here(room_id)
                if hero["name"] != me["name"]):
            return WAIT
        return _party_way(view, me, party, known, room, leaves, legal, verbs)


def _party_way(view: Mapping[str, Any], me: Mapping[str, Any], party: Party, known: PartyMap,
               room: RoomFacts, leaves: list[Action], legal: Sequence[Action],
               verbs: _Legal) -> Action:
    """Where the party in this room goes, the same for every hero in it: down the stairs
    when it hurries or nothing on the level is left unexplored; else through an exit
    nobody has opened, or towards one; else work at a closed way out, here or on the
    nearest way to one; else, the level done as far as it can reach, down the stairs
    or towards them; else (no Stair known) search the walls or walk on."""
    room_id: int = room.view["id"]
    ways = known.ways(room_id, leaves)
    down = verbs.first("descend")
    if party.hurry or not known.unexplored:
        if down is not None:
            return down
        toward = ways.toward(has_stair, "stair")
        if toward is not None:
            return toward
    unexplored = [a for a in leaves if a.room is None and exit_to(room, a.target) is None]
    if unexplored:
        return unexplored[spread(view, room_id, len(unexplored), EXPLORE)]
    toward = ways.toward(has_unexplored, "unexplored")
    if toward is not None:
        return toward
    breaking = _breaking(legal)
    if breaking is not None:
        return breaking
    if any(works_at(hero, room.view) for hero in party.here(room_id)
           if hero["name"] != me["name"]):
        return WAIT  # a comrade works at a way this hero cannot (a treasure wall, a lock)
    doors = party.keys or _locks_give_way(room, verbs)
    toward = ways.toward(lambda r: r.has_breakable(doors), f"breakable {doors}")
    if toward is not None:
        return toward
    if down is not None:
        return down
    toward = ways.toward(has_stair, "stair")
    if toward is not None:
        return toward
    searches = [a for a in legal if a.verb == "search"]
    if searches and (not leaves or spread(view, room_id, 2, SEARCH_OR_WALK) == 0):
        mine = next((i for i, h in enumerate(party.here(room_id)) if h["name"] == me["name"]),
                    0)  # each hero of the party searches its own wall
        return searches[(spread(view, room_id, len(searches), SEARCH) + mine) % len(searches)]
    return leaves[spread(view, room_id, len(leaves), WALK)] if leaves else WAIT


def _me(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seat = view["seat"]
    heroes: list[Mapping[str, Any]] = view["heroes"]
    for hero in heroes:
        if hero["name"] == seat:
            return hero
    raise LookupError(f"no hero for seat {seat!r} in the view")


class _Legal:
    """The legal actions by verb, for a chooser that asks for a few exact ones (cheaper
    than a set of actions, which hashes every one of them each step)."""

    def __init__(self, legal: Sequence[Action]) -> None:
        self._by_verb: dict[str, list[Action]] = {}
        items = legal if isinstance(legal, list) else list(legal)  # a list is walked natively
        for action in items:
            same = self._by_verb.get(action.verb)
            if same is None:
                self._by_verb[action.verb] = [action]
            else:
                same.append(action)

    def find(self, verb: str, target: str | None = None,
             mode: str | None = None) -> Action | None:
        """The legal action ``Action(verb, target, mode)``, if there is one."""
        for action in self._by_verb.get(verb, ()):
            if (action.target == target and action.mode == mode and not action.half
                    and not action.claim):
                return action
        return None

    def first(self, verb: str) -> Action | None:
        """The first legal action with this verb, if any."""
        same = self._by_verb.get(verb)
        return same[0] if same else None

    def pick_up(self, contents: Sequence[Mapping[str, Any]],
                kinds: tuple[str, ...]) -> Action | None:
        """Picking up the first of the room's contents of these kinds that may be."""
        for content in contents:
            if content["kind"] in kinds:
                found = self.find("pick up", content["id"])
                if found is not None:
                    return found
        return None


def _breaking(legal: Sequence[Action]) -> Action | None:
    """Work at a closed way out: eat a food exit, take a treasure wall, bring down a
    crumbling wall (shooting food only when nothing else is left)."""
    through = [a for a in legal if "." in (a.target or "")
               and a.verb in ("pick up", "attack", "open")]
    through.sort(key=lambda a: (a.verb == "attack" and a.mode == "shot", a.verb != "pick up"))
    return through[0] if through else None


def _locks_give_way(room: RoomFacts, verbs: _Legal) -> bool:
    """Whether a closed door is worth walking to without a key: blows break locks where
    the rules say so (house rule ``lock_hits``, on by default), and a closed door here
    that no hero may attack shows they do not."""
    for exit_ in room.view.get("exits", ()):
        if exit_["kind"] in LOCKED and not exit_["open"]:
            return verbs.find("attack", exit_["id"], "melee") is not None
    return True


def _half_is_even(die: str) -> bool:
    """Whether taking half on this die ("d8" gives 4, "d12+1" gives 7) lands an even
    result: a wizard's blink stops every odd one (seed 000), so against wizards the
    sensible player takes half (Modos: "at any time") when it always lands."""
    body = die.lstrip("d").split("+")
    return (int(body[0]) // 2 + (int(body[1]) if len(body) > 1 else 0)) % 2 == 0


class RandomHeroAgent:
    """Any legal choice, uniformly, each choice that rolls also in its "take half" form
    (Modos: half the die's highest "at any time"): the baseline that tries what a
    careful player never does."""

    name = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Stream) -> Action:
        options = list(legal)
        options += [half for action in legal if (half := action.halved()) is not None]
        return rng.choice(options)


_SIDES: dict[str, int] = {}
"""Sides of each die text read so far (a hero's dice are read every choice)."""


def _sides(die: str) -> int:
    known = _SIDES.get(die)
    if known is None:
        body = die.lstrip("d").split("+")
        known = _SIDES[die] = int(body[0]) + (int(body[1]) if len(body) > 1 else 0)
    return known


AGENTS: Final[dict[str, type[Any]]] = {"sensible": SensibleAgent, "random": RandomHeroAgent}
