"""What the rules-health audit looks for in whole games of Amulet (``engine.audit``).

A game of Amulet breaks when the party can no longer leave a level: nothing then ends
the level but the countdown, which drains every hero to death while they wait. The
auditor asks after every step whether a living hero can still reach a way down
(:func:`reach`): a Stair, a teleporter or an exit whose room is not made yet, through
ways that are open or can be opened (a key or blows for a lock, blows for a crumbling
wall, eating or shooting a food ward, collecting a treasure wall) and secret exits a
search can still find. A search, or a trapped hero's escape, is a Speed contest
against the Level Bonus with Scaling; deep enough, even a top roll loses it, and a
contest nobody can win is no way on.

It also counts where a game's steps go: per level (``level 3``, ``treasure level 4``,
``mini-boss level 10``) and per activity (fight, travel, opening ways, loot, search,
waiting, and the steps spent shut in on a sealed level).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from undercroft.engine.audit import AnomalyKind, Findings
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.level_play import Level
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.game.way_down import (
    exit_open_found,
    locks_at_hand,
    walk_opening_locks,
)
from undercroft.systems.amulet.generation.content_ids import (
    CONTENT_IDS,
    EXIT_IDS,
    GENERATOR_IDS,
    LEVEL_KIND_IDS,
    LONE_MONSTERS,
    SHAPE_IDS,
    special_id,
)
from undercroft.systems.amulet.generation.special_levels import secret_door_bonus, trap_bonus
from undercroft.systems.amulet.generation.tables import MONSTERS
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.fight_dice import CONTEST_DIE
from undercroft.systems.amulet.room.harm import COUNTDOWN
from undercroft.systems.amulet.room.scene import HeroState, Swarm

SPLIT_ROUNDS: Final = 20
"""Rounds living heroes may stand in different rooms before it is worth a look."""
DOWNSTAIRS_ROUNDS: Final = 50
"""Rounds a hero may wait below while comrades are still on the level above."""

KINDS: tuple[AnomalyKind, ...] = (
    AnomalyKind("amulet.sealed-level", "a level with no way down that a hero free to move "
                "can reach: no Stair, teleporter, unopened exit or findable secret exit"),
    AnomalyKind("amulet.unwinnable-contest", "the only way on is a contest no hero can win "
                "(even a top roll loses: a search or a trap's escape against the level)"),
    AnomalyKind("amulet.sealed-countdown-death", "a hero died of the countdown on a level "
                "the party could not leave"),
    AnomalyKind("amulet.no-stair", "every room of a level is made and none holds a Stair"),
    AnomalyKind("amulet.way-to-nowhere", "a hero left by an exit, or slipped through a "
                "wall, and found only rock beyond"),
    AnomalyKind("amulet.broken-state", "the game's state broke a rule that always holds (a "
                "swarm over its room's capacity or at its scatter size, a hero in no room, "
                "more keys and potions than a hero can carry)"),
    AnomalyKind("amulet.sealed-but-scroll", "a level with no way down on its map that a "
                "hero could leave only by reading a password's scroll held", must_be_zero=False),
    AnomalyKind("amulet.party-split", f"living heroes in different rooms for {SPLIT_ROUNDS} "
                "rounds or more", must_be_zero=False),
    AnomalyKind("amulet.waiting-downstairs", f"a hero waited below for {DOWNSTAIRS_ROUNDS} "
                "rounds or more while comrades stayed on the level", must_be_zero=False),
)
"""The faults this system's auditor can report."""


USABLE_KINDS: Final = frozenset({"content", "special", "exit-type", "monster", "generator"})
"""The catalogue's kinds that are there to be put to use: room contents (taken, eaten,
drunk, read, opened), Specials (their effect at work), exits (gone through), monsters
(attacking a hero) and generators (making a monster). Room shapes and level kinds are
only met."""


def catalogue(config: Any) -> Mapping[str, Sequence[str]]:
    """Every piece of content a game of ``config`` may draw, by kind (``content_ids``)."""
    if not isinstance(config, GameConfig):
        config = GameConfig()
    scaling = config.play.scaling
    contents = [cid for name, cid in CONTENT_IDS.items()
                if name != "special" or (config.level.specials and config.play.specials)]
    monsters = [f"amulet.monster.{name}" for name in (*MONSTERS, *LONE_MONSTERS)]
    if scaling:
        monsters.append("amulet.monster.mini-boss")
    return {
        "monster": monsters,
        "generator": [GENERATOR_IDS[name] for name in MONSTERS],
        "content": contents,
        "special": [special_id(name) for name in config.play.specials]
        if config.level.specials else [],
        "exit-type": list(EXIT_IDS.values()),
        "shape": list(SHAPE_IDS.values()),
        "level-kind": [cid for kind, cid in LEVEL_KIND_IDS.items()
                       if kind != "mini-boss" or scaling],
    }


def fingerprint(game: GameState) -> object:
    """What a player would see change: each hero's place, health, belongings, numbers and
    choices to come, the level, how much of it is made and seen and how many of its ways
    are open, and the foes, contents and exits of the rooms heroes stand in (the only
    rooms a step can change but by making or seeing rooms or opening ways from afar,
    which the counts show). Step and round counters, a swarm's rounds of
    swarming and the actions left on a Special change every step whatever is chosen,
    and are left out."""
    level = game.level
    heroes = tuple((h.status, h.gone_by, game.rooms.get(h.name), h.health, h.keys,
                    h.potions, h.treasure, h.scrolls, h.cover, h.alone, h.flanking,
                    game.tokens[h.name],
                    tuple(name for name, left in h.specials.items() if left > 0),
                    h.ward_door, h.points, h.hero.level_points)
                   for h in game.heroes)
    rooms = []
    for room_id in sorted({game.rooms[h.name] for h in game.heroes if h.present}):
        scene = level.scenes.get(room_id)
        if scene is None:
            continue
        rooms.append((room_id,
                      tuple((f.id, f.health, f.place) for f in scene.foes(None)),
                      tuple((c.id, c.opened) for c in scene.contents if not c.gone),
                      tuple((e.id, e.open, e.found, e.hits, e.collected)
                            for e in scene.exits)))
    table = game.table
    opened = sum(1 for e in level.exits.values() if e.open) + sum(
        1 for room in level.generator.level.rooms for e in room.exits if e.opened)
    return (level.depth, level.kind, len(level.generator.level.rooms), len(level.scenes),
            len(level.seen), opened, game.race_actions, table.friendly_fire,
            table.stairs_until > table.action, game.ended, len(game.awarded), heroes,
            tuple(rooms))


MAY_DO_NOTHING: Final = frozenset({"wait", "search", "flank", "escape", "sneak", "attack"})
"""Verbs the rules allow to change nothing: waiting; a search of a wall that hides
nothing, or a lost search; a lost flanking, escape or sneaking contest; an attack a
wizard blinks away or evades, that a slime's hide stops, or that misses its Speed
contest (``hero_attack = "contest"``)."""


def may_do_nothing(action: Any) -> bool:
    """Whether ``action`` may rightly change nothing (engine.audit.Auditable)."""
    return isinstance(action, Action) and action.verb in MAY_DO_NOTHING


# ------------------------------------------------------------------ a way down


def can_win(speed: int, against: int) -> bool:
    """Whether d20 + ``speed`` can ever beat d20 + ``against``: only a total above the
    defender's wins (a tie goes to the defender; a rerolled tie is a new contest of the
    same dice), so a top roll must beat the defender's lowest."""
    return CONTEST_DIE + speed > 1 + against


@dataclass
class Reach:
    """Where the living heroes on a level can get to, and the first way down found."""

    way: str | None = None
    """The way down found (None: none is within reach: the level is sealed)."""
    rooms: set[int] = field(default_factory=set)
    """Rooms reached before a way down was found (all of them, when none was)."""
    hidden: int = 0
    """Secret exits in reach that no hero there can find (a search nobody can win)."""
    held: list[str] = field(default_factory=list)
    """Heroes held by quicksand they can never escape."""
    free: list[str] = field(default_factory=list)
    """The other heroes on the level, who can go where the map lets them."""
    search: str = ""
    """The search contest of this level, written out (for the report)."""


def reach(game: GameState, findable: bool | None = None) -> Reach:
    """Whether a living hero on the level can reach a way down, and how far they get.

    Only heroes in a room count (those who went down wait below), and a hero held by
    quicksand only if the escape can still be won. A secret exit counts while the
    fastest free hero can still win its search (``findable`` overrides this: the
    audit asks whether a level would be open if searches could be won). A scroll a
    hero holds is not counted: it is a way off any level, and the auditor tells a
    level that only a scroll can open from the others. The walk is the rules' own
    (``way_down``), with these contests added.
    """
    level = game.level
    rules = game.config.play
    found = Reach()
    present = [h for h in game.heroes if h.present]
    if level.kind == "treasure" or not present:
        found.way = "the level ends by itself" if present else "nobody is on the level"
        return found
    trap = trap_bonus(level.bonus, rules.scaling, rules.trap_bonus)
    free: list[HeroState] = []
    for hero in present:
        if hero.status == "trapped" and not can_win(hero.hero.speed, trap):
            found.held.append(hero.name)
        else:
            free.append(hero)
    found.free = [h.name for h in free]
    if not free:
        return found
    if game.table.stairs_until > game.table.action:
        found.way = "the password's word (every wall a Stair)"
        return found
    best = max(h.hero.speed for h in free)
    secret = secret_door_bonus(level.bonus, rules.scaling, rules.secret_bonus)
    found.search = f"d{CONTEST_DIE}+{best} against d{CONTEST_DIE}+{secret}"
    if findable is None:
        findable = can_win(best, secret)
    slipping = any(h.has_special("teleportability") for h in free)
    keys = slipping or locks_at_hand(game)  # a slip crosses a locked door's wall
    walked = walk_opening_locks(level, {game.rooms[h.name] for h in free}, findable, keys)
    found.rooms, found.hidden = walked.rooms, walked.hidden
    if walked.stair is not None:
        exit_, room_id = walked.stair
        found.way = f"the Stair {level.name_of.get(exit_.id, exit_.id)} in room {room_id}"
    elif walked.frontier is not None:
        exit_, room_id = walked.frontier
        name = level.name_of.get(exit_.id, exit_.id)
        what = "secret exit" if not exit_open_found(level, exit_)[1] else exit_.type
        part = "" if exit_.to is None else "the rest of "
        found.way = f"{part}the {what} {name} of room {room_id}, not yet opened"
    return found


# ------------------------------------------------------------------ the auditor


TRAVEL: Final = frozenset({"leave", "sneak", "descend", "teleport", "slip"})
FIGHT: Final = frozenset({"potion", "flank", "alone", "formation", "cover"})


def level_name(level: Level) -> str:
    """Where a step is spent: ``level 3``, ``treasure level 4``, ``mini-boss level 10``."""
    return f"level {level.depth}" if level.kind == "normal" else \
        f"{level.kind} level {level.depth}"


def activity(choices: Mapping[str, Any]) -> str:
    """What the party did in a step, by the most telling choice made."""
    doing = "waiting"
    rank = 0
    for action in choices.values():
        verb = getattr(action, "verb", "wait")
        target = getattr(action, "target", None) or ""
        if (verb == "attack" and "." not in target) or verb in FIGHT:
            found, order = "fight", 7
        elif verb in TRAVEL:
            found, order = "travel", 6
        elif verb in ("attack", "open", "ward") or (verb == "pick up" and "." in target):
            found, order = "opening ways", 5
        elif verb in ("pick up", "read"):
            found, order = "loot", 4
        elif verb == "search":
            found, order = "search", 3
        elif verb == "escape":
            found, order = "caught in a trap", 2
        elif verb == "race":
            found, order = "treasure race", 1
        elif verb == "point":
            found, order = "level points", 1
        else:
            continue
        if order > rank:
            doing, rank = found, order
    return doing


class AmuletAuditor:
    """Follows one game of Amulet and reports the faults in ``KINDS``."""

    def __init__(self, state: GameState) -> None:
        self.findings = Findings()
        self.level: Level | None = None
        self.where = level_name(state.level)
        self.sealed = False
        self.sealed_reported = False
        self.scroll_only = False
        self.scroll_reported = False
        self.contest_reported = False
        self.held: set[str] = set()
        self.stair_checked = False
        self.split_since: tuple[int, int] | None = None
        self.split_rooms: dict[str, int | None] = {}
        self.below_since: tuple[int, int] | None = None
        self.below: list[str] = []
        self.broken: set[str] = set()
        self._look(state, 0)

    def see(self, state: GameState, step: int, choices: Mapping[str, Any],
            events: Sequence[Any]) -> None:
        sealed_before = self.sealed
        if sealed_before:
            doing = "shut in (sealed level)"
        elif self.scroll_only:
            doing = "shut in (a scroll unread)"
        elif choices:
            doing = activity(choices)
        else:
            doing = "nobody to act"
        self.findings.count(self.where, doing)
        for event in events:
            kind = getattr(event, "kind", "")
            if kind == "death" and sealed_before \
                    and event.data.get("cause") == COUNTDOWN:
                self.findings.add("amulet.sealed-countdown-death", step,
                                  f"{self.where}: {event.data.get('hero')} dies of the "
                                  "countdown, shut in since the level was sealed")
            elif kind == "no way":
                self.findings.add("amulet.way-to-nowhere", step,
                                  f"{self.where}: {event.text}")
        self._look(state, step)

    def finish(self, state: GameState, step: int) -> None:
        self._close_split(state, step)
        self._close_below(state, step)

    # ---------------------------------------------------------------- each step

    def _look(self, game: GameState, step: int) -> None:
        if game.level is not self.level:
            self._new_level(game, step)
        if game.ended is not None:
            return
        self._seal(game, step)
        self._no_stair(game, step)
        self._split(game, step)
        self._downstairs(game, step)
        self._state(game, step)

    def _new_level(self, game: GameState, step: int) -> None:
        self._close_split(game, step)
        self._close_below(game, step)
        self.level = game.level
        self.where = level_name(game.level)
        self.sealed = self.sealed_reported = self.contest_reported = False
        self.scroll_only = self.scroll_reported = False
        self.held = set()
        self.stair_checked = False

    def _seal(self, game: GameState, step: int) -> None:
        found = reach(game)
        for name in found.held:
            if name not in self.held:
                self.held.add(name)
                hero = game.hero(name)
                rules = game.config.play
                bonus = trap_bonus(game.level.bonus, rules.scaling, rules.trap_bonus)
                self.findings.add("amulet.unwinnable-contest", step,
                                  f"{self.where}: {name} is held by quicksand; its escape, "
                                  f"d{CONTEST_DIE}+{hero.hero.speed} against "
                                  f"d{CONTEST_DIE}+{bonus}, cannot be won")
        shut = found.way is None and bool(found.free)
        readers = [h.name for h in game.heroes
                   if h.present and h.scrolls and h.name not in found.held]
        scroll = shut and bool(readers)
        self.sealed = shut and not scroll
        self.scroll_only = scroll
        if scroll and not self.scroll_reported:
            self.scroll_reported = True
            self.findings.add("amulet.sealed-but-scroll", step,
                              f"{self.where}: no way down on the map within reach; only "
                              f"the scroll {', '.join(readers)} holds can open the level")
        if not self.sealed or self.sealed_reported:
            return
        self.sealed_reported = True
        level = game.level
        stairs = {room.id for room in level.generator.level.rooms for e in room.exits
                  if e.type == "stair"}
        waiting = {int(exit_id.split(".")[0]) for exit_id in level.generator.pending}
        detail = (f"{self.where}: no way down within reach of {', '.join(found.free)} (rooms "
                  f"{_ids(found.rooms)} reached of {len(level.generator.level.rooms)} made; "
                  f"exits still to open in rooms {_ids(waiting)}; Stairs in rooms "
                  f"{_ids(stairs)})")
        if found.hidden:
            detail += f"; {found.hidden} secret exits nobody can find ({found.search})"
        self.findings.add("amulet.sealed-level", step, detail)
        if found.hidden and not self.contest_reported:
            opened = reach(game, findable=True)
            if opened.way is not None:
                self.contest_reported = True
                self.findings.add("amulet.unwinnable-contest", step,
                                  f"{self.where}: the only way on is a secret exit, and "
                                  f"its search, {found.search}, cannot be won "
                                  f"(beyond it: {opened.way})")

    def _no_stair(self, game: GameState, step: int) -> None:
        level = game.level
        if self.stair_checked or level.kind == "treasure" or level.generator.pending:
            return
        self.stair_checked = True
        if not any(e.type == "stair" for room in level.generator.level.rooms
                   for e in room.exits):
            self.findings.add("amulet.no-stair", step,
                              f"{self.where}: all {len(level.generator.level.rooms)} rooms "
                              "made and none holds a Stair")

    def _split(self, game: GameState, step: int) -> None:
        rooms = {h.name: game.rooms.get(h.name) for h in game.heroes if h.present}
        if len(set(rooms.values())) > 1:
            if self.split_since is None:
                self.split_since = (step, game.table.round)
                self.split_rooms = rooms
        else:
            self._close_split(game, step)

    def _close_split(self, game: GameState, step: int) -> None:
        if self.split_since is None:
            return
        began, round_ = self.split_since
        self.split_since = None
        rounds = game.table.round - round_
        if rounds >= SPLIT_ROUNDS:
            apart = ", ".join(f"{name} in room {room}" for name, room in
                              self.split_rooms.items())
            self.findings.add("amulet.party-split", began,
                              f"{self.where}: apart for {rounds} rounds, from steps "
                              f"{began} to {step} ({apart} at first)")

    def _downstairs(self, game: GameState, step: int) -> None:
        below = [h.name for h in game.heroes if h.status == "gone" and h.gone_by == "stair"]
        if below and any(h.present for h in game.heroes):
            if self.below_since is None:
                self.below_since = (step, game.table.round)
                self.below = below
        else:
            self._close_below(game, step)

    def _close_below(self, game: GameState, step: int) -> None:
        if self.below_since is None:
            return
        began, round_ = self.below_since
        self.below_since = None
        rounds = game.table.round - round_
        if rounds >= DOWNSTAIRS_ROUNDS:
            self.findings.add("amulet.waiting-downstairs", began,
                              f"{self.where}: {', '.join(self.below)} waited below "
                              f"{rounds} rounds, from step {began} to {step}, while "
                              "comrades stayed on the level")

    def _state(self, game: GameState, step: int) -> None:
        level = game.level
        cap = game.config.play.item_cap
        for hero in game.heroes:
            if hero.keys + hero.potions > cap:
                self._broken(step, "items", f"{hero.name} carries {hero.keys} keys and "
                             f"{hero.potions} potions (at most {cap})")
            if hero.present and game.rooms.get(hero.name) not in level.scenes:
                self._broken(step, "no room", f"{hero.name} stands in room "
                             f"{game.rooms.get(hero.name)}, which is not in play")
        for room_id in {game.rooms[h.name] for h in game.heroes if h.present}:
            scene = level.scenes.get(room_id)
            if scene is None:
                continue
            for swarm in scene.swarms:
                if swarm.health <= 0:
                    continue
                if swarm.health > swarm.capacity:
                    self._broken(step, "over capacity", f"room {room_id}: {_swarm(swarm)} "
                                 f"holds more than its room's capacity ({swarm.capacity})")
                elif swarm.health <= swarm.threshold:
                    self._broken(step, "unscattered", f"room {room_id}: {_swarm(swarm)} is "
                                 f"at or below its scatter size ({swarm.threshold}) and not "
                                 "scattered")

    def _broken(self, step: int, key: str, what: str) -> None:
        """One report per kind of breakage a game (the first time it is seen)."""
        if key in self.broken:
            return
        self.broken.add(key)
        self.findings.add("amulet.broken-state", step, f"{self.where}: {what}")


def _ids(rooms: set[int]) -> str:
    return ", ".join(str(room) for room in sorted(rooms)) or "none"


def _swarm(swarm: Swarm) -> str:
    return f"{swarm.id} ({swarm.kind}s, {swarm.health} health)"


def auditor(state: GameState) -> AmuletAuditor:
    return AmuletAuditor(state)
