"""Amulet's special levels (seed 001, SPECIAL LEVELS) and Scaling's level bonus, as pure rules.

Seed 001: "some dungeon levels are not the normal type of madness". A *treasure
level* follows a killed mini-boss or a level on which no hero picked up a
treasure; there the heroes race for 10 actions. A *mini-boss level* comes every
10 levels for groups using the Scaling rules. The Scaling chapter itself was
never published (notes/sources.md), so the mini-boss's numbers, what the level
bonus counts and how monsters harden with depth are house rules, each explained
where it is defined.

Nothing here rolls a die or holds game state: the whole-game loop asks which
kind of level comes next, hands the race its own dice through a callable, and
builds the mini-boss level from :func:`mini_boss` and :data:`MINI_BOSS_ROOM_MIN_SIZE`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from undercroft.dice import DieStep
from undercroft.errors import BadInput

LevelKind = Literal["normal", "treasure", "mini-boss"]
LEVEL_KINDS: Final[tuple[LevelKind, ...]] = ("normal", "treasure", "mini-boss")

MINI_BOSS_EVERY: Final = 10
"""Seed 001: mini-boss levels "appear every 10 levels, for groups using the Scaling rules"."""
TREASURE_ACTIONS: Final = 10
"""Seed 001: "On a treasure level, characters have 10 actions to collect as many treasures"."""
TREASURE_THRESHOLD: Final = 10
"""Seed 001: a racer "collects a treasure for each point of his contest over 10"."""


def _check_depth(depth: int) -> None:
    if depth < 1:
        raise BadInput(f"dungeon depth must be 1 or more (1 is the first level), got {depth}")


def _check_every(every: int) -> None:
    if every < 1:
        raise BadInput(f"mini-boss levels come every N levels: N must be 1 or more, got {every}")


def is_mini_boss_depth(depth: int, scaling: bool, every: int = MINI_BOSS_EVERY) -> bool:
    """Whether the level at ``depth`` is a mini-boss level by the schedule alone.

    Only with Scaling, at every ``every``-th depth (10, 20, ...), and never the
    first level (see :func:`next_level_kind`).
    """
    _check_depth(depth)
    _check_every(every)
    return scaling and depth > 1 and depth % every == 0


def next_level_kind(depth: int, previous: LevelKind | None, treasure_taken: bool,
                    boss_killed: bool, scaling: bool, every: int = MINI_BOSS_EVERY) -> LevelKind:
    """The kind of the level at ``depth`` (1 = first), given how the previous level ended.

    ``previous`` is the previous level's kind (None: there was none);
    ``treasure_taken`` says whether any hero picked up a treasure on it (read
    only after a normal level); ``boss_killed`` whether its mini-boss was
    killed (read only after a mini-boss level).

    The seed's rules:

    - a mini-boss level every ``every`` levels (10, 20, ...), only with Scaling;
    - a treasure level "immediately after a mini-boss level" whose mini-boss
      was killed: "if the characters do not kill the mini-boss, the Stairs will
      lead to a normal dungeon level instead of a treasure level";
    - a treasure level "immediately after a level on which no PC picked up a treasure";
    - after a treasure level, "a new, normal level".

    House rules, where the seed is silent:

    - Every level entered counts as a depth, treasure levels included: the
      seed calls them "dungeon levels" and they are reached by Stairs, so the
      depth is simply how many levels the party has entered (the Level Bonus
      counts normal levels only, see :func:`level_bonus`).
    - The first level is normal: "immediately after" needs a level before it,
      and a mini-boss before the heroes have seen a room would be a wall.
    - A mini-boss depth wins every collision: the schedule "every 10 levels"
      stays fixed, so the bosses come at 10, 20, 30 whatever happened before.
      A treasure level owed to that depth is not carried forward, since the
      mini-boss level offers its own treasure level as the reward for a kill
      (and carrying it would need memory of more than the previous level).
    - A treasure level never follows a treasure level (the seed sends the
      party to "a new, normal level"), so a race in which nobody collects
      cannot start an endless chain of treasure levels.
    - A mini-boss level has "no contents", so nobody can pick up a treasure on
      it; its explicit rule (treasure level only for a kill) wins over the
      no-treasure trigger, which would otherwise always fire.
    """
    _check_depth(depth)
    _check_every(every)
    if previous is not None and previous not in LEVEL_KINDS:
        raise BadInput(f"level kind {previous!r}: expected one of {', '.join(LEVEL_KINDS)}")
    if depth == 1:
        return "normal"
    if is_mini_boss_depth(depth, scaling, every):
        return "mini-boss"
    if previous == "mini-boss":
        return "treasure" if boss_killed else "normal"
    if previous == "normal" and not treasure_taken:
        return "treasure"
    return "normal"


def race_treasures(results: Mapping[str, int]) -> dict[str, int]:
    """The treasures each racer collects in one action of a treasure level.

    ``results`` maps each competing hero to his Speed contest result (d20 +
    Speed); a hero who does not race this action is left out. Seed 001:

    - alone, a hero "collects a treasure for each point of his contest over 10":
      17 collects 7, 8 collects nothing;
    - with two or more competing, "the character with the highest result
      collects a number of treasures equal to his contest less the next highest
      contest or 10, whichever is greater. No other competing characters
      collect treasure during that action": 17 against 14 collects 3, 17
      against 6 collects 7 (10 is greater than 6).

    So the winner always collects his result less the greater of 10 and the
    runner-up's result, never less than nothing.

    House rule: a tie at the top gives nobody treasure. No one has "the
    highest result", and the seed's own arithmetic agrees, since the leader's
    contest less the next highest (the same number) is 0. A reroll would add a
    second contest the seed does not have. Every hero named gets an entry (0 for none).
    """
    treasures = dict.fromkeys(results, 0)
    if not results:
        return treasures
    ranked = sorted(results.items(), key=lambda item: item[1], reverse=True)
    leader, best = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else TREASURE_THRESHOLD
    # A tie at the top needs no branch: the leader's result less the runner-up's is 0.
    treasures[leader] = max(0, best - max(runner_up, TREASURE_THRESHOLD))
    return treasures


def roll_race(speeds: Mapping[str, int],
              d20: Callable[[str], int]) -> tuple[dict[str, int], dict[str, int]]:
    """One action's race: each hero's d20 (asked by name) plus Speed, and the treasures.

    The caller passes its own dice (``d20(hero)`` returns that hero's face), so
    every roll goes through the game's stream and its log, in the order of
    ``speeds``. Returns (results, treasures).
    """
    results: dict[str, int] = {}
    for hero, speed in speeds.items():
        face = d20(hero)
        if not 1 <= face <= 20:
            raise BadInput(f"a d20 for {hero!r} came up {face!r}: expected 1 to 20")
        results[hero] = face + speed
    return results, race_treasures(results)


@dataclass(frozen=True)
class TreasureRace:
    """Where a treasure level's race stands: actions left and treasures collected so far.

    Seed 001: "After the 10th round, the level dissolves into oblivion, and
    characters find themselves in a new, normal level." ``over`` tells the
    game loop when to move the party on; the totals are what each hero carries
    off. ``collected`` is kept as sorted (hero, treasures) pairs so the value
    stays immutable and comparable.
    """

    actions_left: int = TREASURE_ACTIONS
    collected: tuple[tuple[str, int], ...] = ()

    @property
    def over(self) -> bool:
        """Whether the level has dissolved (no action left)."""
        return self.actions_left <= 0

    def totals(self) -> dict[str, int]:
        """Treasures collected on this level so far, by hero."""
        return dict(self.collected)

    def after(self, treasures: Mapping[str, int]) -> TreasureRace:
        """The race after one action that gave ``treasures`` (see :func:`race_treasures`)."""
        if self.over:
            raise BadInput("the treasure level has dissolved: no action is left to race")
        if any(count < 0 for count in treasures.values()):
            raise BadInput(f"treasures collected must not be negative, got {dict(treasures)!r}")
        totals = self.totals()
        for hero, count in treasures.items():
            totals[hero] = totals.get(hero, 0) + count
        return TreasureRace(self.actions_left - 1, tuple(sorted(totals.items())))


MINI_BOSS_ROOM_MIN_SIZE: Final = 2
"""The mini-boss level's layout (seed 001, Mini-boss levels).

"This level has two rooms. The first room, where the characters begin, is a
randomly rolled room with a minimum size of 2, which has no contents and only
one encounter: a mini-boss (see Scaling). Behind the mini-boss is a Door,
leading to a room with Stairs, which lead to a treasure level. When the
mini-boss is defeated, it drops a magic key. The characters can use normal
swarm rules to attempt to circumvent the mini-boss and open the door."
Its Stairs lead to a treasure level only if the mini-boss was killed (see
:func:`next_level_kind`). The magic key opens the Door; a party that slips
past the boss needs a key of its own.
"""


def mini_boss_room_size(rolled: int) -> int:
    """The first room's size from a Room Size roll: the roll, but never below 2.

    House rule: a smaller roll is raised to the minimum rather than rolled again,
    so the room costs one roll, like every other room.
    """
    if rolled < 1:
        raise BadInput(f"a rolled room size must be 1 or more, got {rolled}")
    return max(rolled, MINI_BOSS_ROOM_MIN_SIZE)


MINI_BOSS_TITLES: Final = ("Gatekeeper", "Bone Colossus", "Lich", "Wyrm")
"""Names for the bosses of levels 10, 20, 30 and 40; deeper ones cycle with their level."""
MINI_BOSS_HEALTH_PER_LEVEL: Final = 25
MINI_BOSS_MAX_ATTACKS: Final = 4


@dataclass(frozen=True)
class MiniBoss:
    """A mini-boss's numbers, in the form of ``data/monsters.toml`` plus two more.

    Dice are die steps (``d12+2``: a d12 plus 2; read them with
    :meth:`DieStep.parse`, whose ``bonus`` is added to the roll). ``attacks`` is
    how many attacks it makes each monster phase (one per hero at most);
    ``key_drop`` says it drops the magic key that opens the Door when killed.
    """

    name: str
    depth: int
    health: int
    melee: str
    shot: str
    speed: int
    attacks: int
    key_drop: bool = True


def mini_boss(depth: int, every: int = MINI_BOSS_EVERY) -> MiniBoss:
    """The mini-boss of the level at ``depth`` (house rule: Scaling was never published).

    With tier = depth // every (at least 1; tier 1 is level 10):

    - health 25 x depth: 250 at level 10, two and a half wraiths (100, the
      toughest monster in monsters.toml); four starting heroes land about 19
      damage a round (d10 + d8 + d8 + d8 averages, every hero attack lands by
      default), so the fight lasts about 13 rounds. Health grows in step with
      the depth because the heroes' dice grow with the level points they earn
      on the way down.
    - melee d12 + 2 x tier (d12+2 at level 10): above every monster's die (d10
      at most); the +2 a tier follows the ladder heroes climb past d12.
    - shot one die step per tier above d8 (d10 at level 10, d12 at 20, then
      d12+1 ...): weaker than its melee, so engaging it in melee is the risk.
    - speed 5 + tier (6 at level 10): above every monster (4 at most) and two to
      three above a starting hero (3 or 4), so it wins about 60% of its attack
      contests against a starting hero.
    - attacks 1 + tier, at most 4 (2 at level 10): a boss facing four heroes
      must threaten more than one; at most one attack a hero of a full party.

    At level 10 with the default house rules (attack contests against the
    hero's Speed, Armor off each attack), its two melee attacks take about 6
    health a round, so the party loses about 80 of its 400 health killing it:
    an effort that should not kill a party that arrives healthy. Deeper bosses
    expect heroes who have spent level points: the level-20 boss would take
    about 360 health from a starting party. With the
    ``hero_attack = "contest"`` house rule the heroes hit it only about a third
    of the time, and the fight becomes deadly; the game loop may want a
    smaller boss there. Its speed already includes its depth: do not add
    :func:`monster_speed_bonus` on top.
    """
    _check_depth(depth)
    _check_every(every)
    tier = max(1, depth // every)
    return MiniBoss(
        name=f"the {MINI_BOSS_TITLES[(tier - 1) % len(MINI_BOSS_TITLES)]} of level {depth}",
        depth=depth,
        health=MINI_BOSS_HEALTH_PER_LEVEL * depth,
        melee=str(DieStep.parse("d12").up(2 * tier)),
        shot=str(DieStep.parse("d8").up(tier)),
        speed=5 + tier,
        attacks=min(1 + tier, MINI_BOSS_MAX_ATTACKS))


def level_bonus(normal_levels: int, scaling: bool) -> int:
    """Scaling's Level Bonus: the normal levels reached (this one included) when Scaling,
    else 0.

    Seed 001 says a secret door may "use the Dungeon Level as a bonus if you're
    Scaling" and a trap gets "+1 to its contest, or Level Bonus if you are
    Scaling". House rule: the dungeon level counted here is the normal levels
    reached, not every level entered. Treasure levels "dissolve into oblivion"
    and mini-boss levels are "a different type of madness" (seed 001, SPECIAL
    LEVELS); neither has a trap or a secret exit, and counting them would make the
    bonus outrun the level points a hero gains, one every other level, until no
    search or escape could be won. Without Scaling there is no level bonus: 0, and
    each feature keeps its own fixed bonus (see :func:`trap_bonus`).
    """
    _check_depth(normal_levels)
    return normal_levels if scaling else 0


def trap_bonus(normal_levels: int, scaling: bool, fixed: int = 1) -> int:
    """A trap's bonus in the escape contest: "+1 ..., or Level Bonus if you are Scaling".

    The level bonus replaces the +1 (it is not added to it). ``fixed`` is the
    house rule field ``trap_bonus``.
    """
    return level_bonus(normal_levels, scaling) if scaling else fixed


def secret_door_bonus(normal_levels: int, scaling: bool, fixed: int = 0) -> int:
    """The opposing bonus when searching for a secret door: "+0 ..., or the Dungeon Level"
    (the Level Bonus, :func:`level_bonus`).

    ``fixed`` is the house rule field ``secret_bonus``.
    """
    return level_bonus(normal_levels, scaling) if scaling else fixed


def generator_interval(depth: int, scaling: bool, base: int, every: int = 5) -> int:
    """Rounds between a generator's monsters at ``depth`` (house rule).

    notes/sources.md: a generator dispenses "every 10 rounds" and "Scaling may
    raise the rate", with no numbers. With Scaling, one round less per
    ``every`` levels (the same slope as the monsters' speed), never below half
    of ``base``: every 9 rounds at level 5, every 5 from level 25 with the
    default 10. Without Scaling, ``base`` (``PlayRules.generator_every``).
    """
    _check_depth(depth)
    if every < 1:
        raise BadInput(f"generators speed up every N levels: N must be 1 or more, got {every}")
    if not scaling:
        return base
    return max((base + 1) // 2, base - depth // every)


def monster_speed_bonus(depth: int, scaling: bool, every: int = 5) -> int:
    """Speed added to every monster at ``depth`` (house rule; 0 without Scaling).

    Seed 000 promises "increasing dungeon level difficulty" and a later post
    "deeper levels bring more danger" (notes/sources.md), but no numbers. With
    Scaling, monsters gain +1 Speed per ``every`` levels (+1 at level 5, +2 at
    10 ...). Speed is the monsters' bonus in every contest (their attacks,
    swarming, pursuit), so each point moves those contests about 5% their way:
    a gentle slope that keeps the monsters' dice and health as the seed's table
    gives them. Without Scaling the seed's numbers stand.
    """
    _check_depth(depth)
    if every < 1:
        raise BadInput(f"monsters gain speed every N levels: N must be 1 or more, got {every}")
    return depth // every if scaling else 0
