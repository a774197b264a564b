"""The whole game (seed 000's meta-dungeon): countdown, tokens and claimed announcements,
stairs and new levels, treasure levels, level points, moving between rooms, fog."""

from __future__ import annotations

from typing import Any, Final

import laid_out
import pytest

from undercroft.engine.table import Table
from undercroft.errors import BadInput
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.level_play import adopt_exits, mark_seen, populate
from undercroft.systems.amulet.game.meta_dungeon import new_game
from undercroft.systems.amulet.game.rules import (
    TRAPPED_OUT,
    _swarms_follow,
    _trapped_out,
    legal_for,
    step,
    to_act,
)
from undercroft.systems.amulet.game.state import Claim, GameState
from undercroft.systems.amulet.game.view import view
from undercroft.systems.amulet.room.actions import parse_action
from undercroft.systems.amulet.room.fight import Fight
from undercroft.systems.amulet.room.scene import (
    Content,
    ExitState,
    Generator,
    Monster,
    Scene,
    Swarm,
)
from undercroft.systems.amulet.ruleset import RULESET


def game(seed: int = 1, **fields: Any) -> GameState:
    """A new game whose first room holds no monsters (so only the rule under test acts)."""
    state = new_game(GameConfig.model_validate(fields), seed)
    scene = state.level.scenes[1]
    scene.swarms, scene.monsters, scene.generators = [], [], []
    return state


def act(state: GameState, **choices: str) -> list[Any]:
    return step(state, {seat: parse_action(text) for seat, text in choices.items()})


def texts(state: GameState, kind: str) -> list[str]:
    """The last step's events of this kind (the state keeps only the last step's)."""
    return [e.text for e in state.events if e.kind == kind]


def test_the_countdown_drains_every_hero_every_second_round() -> None:
    state = game(party=["warrior", "elf"])
    act(state)
    assert [h.health for h in state.heroes] == [100, 100]
    act(state)
    assert [h.health for h in state.heroes] == [99, 99]
    state.heroes[0].health = 51
    act(state)
    act(state)
    assert "Warrior, your life force is running out." in texts(state, "announcement")


def test_the_first_other_player_to_claim_an_announcement_earns_a_token_once() -> None:
    state = game(party=["warrior", "elf", "valkyrie"])
    state.heroes[0].health = 51
    act(state)
    act(state)  # the countdown: the Warrior's health reaches 50
    assert [c.cause for c in state.claims] == ["Warrior"]
    with pytest.raises(BadInput, match="nothing to announce"):
        act(state, Warrior="wait, and announce")
    act(state, Valkyrie="wait, and announce", Elf="wait, and announce")
    assert state.tokens == {"Warrior": 3, "Elf": 4, "Valkyrie": 3}  # the Elf sits first
    state.claims = [Claim("Warrior, your life force is running out.", "Warrior",
                          "Warrior, your life force is running out.|Warrior")]
    act(state, Elf="wait, and announce")
    assert state.tokens["Elf"] == 4  # no token twice for the same cause


def test_a_token_heals_the_living_and_brings_back_the_dead() -> None:
    state = game(party=["warrior", "elf"], tokens=1)
    act(state, Warrior="spend a token")
    assert state.heroes[0].health == 150 and state.tokens["Warrior"] == 0
    assert "token" not in {a.verb for a in legal_for(state, "Warrior")}
    elf = state.heroes[1]
    elf.health, elf.status = 0, "dead"
    assert "Elf" in to_act(state)
    assert {a.text for a in legal_for(state, "Elf")} == {"wait", "spend a token"}
    act(state)
    act(state, Elf="spend a token")  # round 3: no countdown this round
    assert (elf.status, elf.health, state.rooms["Elf"]) == ("in room", 100, 1)
    elf.health, elf.status = 0, "dead"
    assert "Elf" not in to_act(state)


def test_a_party_that_falls_at_once_can_still_spend_its_tokens() -> None:
    state = game(party=["warrior", "elf"])
    for hero in state.heroes:
        hero.health, hero.status = 0, "dead"
    assert to_act(state) == {"Warrior", "Elf"} and state.ended is None
    act(state, Elf="spend a token")
    assert state.heroes[1].status == "in room" and state.rooms["Elf"] == 1


def test_the_game_ends_when_every_hero_is_dead_and_out_of_tokens() -> None:
    state = game(party=["warrior"], tokens=0)
    state.heroes[0].health = 1
    act(state)
    act(state)
    outcome = RULESET.outcome(state)
    assert outcome is not None and outcome.result == "dead"
    assert set(outcome.summary) >= {"depth_reached", "treasure", "rounds", "alive"}
    with pytest.raises(BadInput, match="over"):
        act(state)


def _descend_all(state: GameState) -> None:
    state.table.stairs_until = state.table.action + 5  # the password's word
    act(state, **{h.name: "descend by north" for h in state.heroes if h.present})


def test_stairs_take_the_party_down_with_10_health_each_and_friendly_fire_on() -> None:
    state = game(party=["warrior", "elf"], advance_every=0)
    state.level.treasure_taken = True
    state.table.friendly_fire = "announced"
    state.heroes[1].health = 60
    state.table.stairs_until = state.table.action + 5
    act(state, Warrior="descend by north")
    assert state.depth == 1  # one hero down: the level goes on
    act(state, Elf="descend by north")
    assert state.depth == 2 and state.level.kind == "normal"
    # the Elf was downstairs when the countdown ticked:
    assert [h.health for h in state.heroes] == [110, 70]
    assert state.rooms == {"Warrior": 1, "Elf": 1} and state.table.friendly_fire == "on"


def test_a_level_without_treasure_is_followed_by_a_ten_action_treasure_race() -> None:
    state = game(party=["warrior", "elf"], advance_every=0)
    _descend_all(state)
    assert state.level.kind == "treasure"
    assert {a.text for a in legal_for(state, "Elf")} == {"wait", "race for treasure",
                                                         "spend a token"}
    races = [e for _ in range(10)
             for e in act(state, Warrior="race for treasure", Elf="race for treasure")
             if e.kind == "race"]
    assert len(races) == 10
    assert sum(h.treasure for h in state.heroes) == sum(
        sum(e.data["treasures"].values()) for e in races)
    assert state.depth == 3 and state.level.kind == "normal"


def test_each_hero_spends_its_level_point_on_any_ability_at_once() -> None:
    """Seed 000: "When characters gain level points ..., a die amount (d#) increases by
    one die type, or a number increases by one": each player chooses which, Speed
    included, in a step that takes no time."""
    state = game(party=["warrior", "elf"], advance_every=1)
    state.level.treasure_taken = True
    _descend_all(state)
    assert [h.points for h in state.heroes] == [1, 1]
    assert to_act(state) == {"Warrior", "Elf"}
    assert [a.text for a in legal_for(state, "Warrior")] == [
        f"spend a level point on {ability}"
        for ability in ("melee", "speed", "shot", "armor", "magic")]
    round_, action = state.table.round, state.table.action
    act(state, Warrior="spend a level point on speed", Elf="spend a level point on magic")
    warrior, elf = (h.hero for h in state.heroes)
    assert (warrior.speed, warrior.level_points, str(elf.magic)) == (4, 1, "d10")
    assert (state.table.round, state.table.action) == (round_, action)
    assert [h.points for h in state.heroes] == [0, 0]
    assert "wait" in {a.text for a in legal_for(state, "Warrior")}


def test_a_wards_gift_dies_with_its_toucher_and_level_points_wait_for_the_dead() -> None:
    from undercroft.systems.amulet.room.harm import hurt_hero

    state = game(party=["warrior", "elf"])
    warrior = state.hero("Warrior")
    warrior.ward_door, warrior.points = True, 1
    hurt_hero(state.fight(1), warrior, [500], "a test", "countdown")
    assert (warrior.status, warrior.ward_door, warrior.points) == ("dead", False, 1)
    assert to_act(state) == {"Warrior", "Elf"}  # no free step for the dead
    act(state, Warrior="spend a token")
    assert to_act(state) == {"Warrior"}  # back: the point is spent at once
    assert [a.verb for a in legal_for(state, "Warrior")] == ["point"] * 5


def test_the_level_bonus_counts_normal_levels_only() -> None:
    """House rule: the Level Bonus of traps and secret exits is the normal levels reached;
    a treasure level (and a mini-boss level) is not counted, the depth counts them all."""
    state = game(party=["warrior"], advance_every=0)
    state.level.treasure_taken = True
    _descend_all(state)
    assert (state.depth, state.level.kind, state.level.bonus) == (2, "normal", 2)
    assert state.level.scenes[1].level_bonus == 2
    assert view(state, "Warrior")["level_bonus"] == 2
    _descend_all(state)  # nobody took a treasure on level 2: a treasure level
    assert (state.depth, state.level.kind, state.level.bonus) == (3, "treasure", 2)
    for _ in range(10):
        act(state, Warrior="race for treasure")
    assert (state.depth, state.level.kind, state.level.bonus) == (4, "normal", 3)


def test_the_depth_limit_ends_the_game_at_the_stairs() -> None:
    state = game(party=["warrior"], depth_limit=1)
    _descend_all(state)
    assert state.ended == "depth limit" and RULESET.outcome(state) is not None


def _seed_with_open_exit() -> tuple[GameState, str]:
    for seed in range(200):
        state = game(seed, party=["warrior", "elf"])
        for exit_ in state.level.scenes[1].exits:
            if exit_.kind == "open":
                return state, exit_.id
    raise AssertionError("no seed with an open exit from the first room")


def test_leaving_by_an_exit_makes_the_room_behind_and_the_seat_sees_it() -> None:
    state, exit_id = _seed_with_open_exit()
    assert len(state.level.scenes) == 1
    unseen = {r.id for r in state.level.generator.level.rooms} - state.level.seen
    shown = {r["id"] for r in view(state, "Warrior")["rooms"]}
    assert not shown & unseen
    act(state, Warrior=f"leave by {exit_id}")
    target = state.rooms["Warrior"]
    assert target != 1 and target in state.level.scenes and target in state.level.seen
    assert target in {r["id"] for r in view(state, "Elf")["rooms"]}


def test_pursuing_swarms_follow_heroes_who_all_flee_the_room() -> None:
    state, exit_id = _seed_with_open_exit()
    scene = state.level.scenes[1]
    scene.swarms = [Swarm("swarm-1", "barbarian", 30, scene.capacity("room"))]
    act(state, Warrior=f"leave by {exit_id}", Elf=f"leave by {exit_id}")
    target = state.level.scenes[state.rooms["Warrior"]]
    assert state.rooms["Elf"] == state.rooms["Warrior"]
    assert not scene.swarms
    assert any(s.kind == "barbarian" for s in target.swarms)
    assert "pursuit" in [e.kind for e in state.events]


def test_a_swarm_cut_to_its_scatter_size_by_a_smaller_room_is_scattered() -> None:
    """A pursuing swarm squeezed into a one-unit room (20 health) is no longer a swarm of
    barbarians (21 or less): three barbarians at full health come in, never more health
    than the swarm had."""
    state = game(party=["warrior"])
    level = state.level
    level.scenes[1].swarms = [Swarm("swarm-1", "barbarian", 60, 100)]
    small = level.scenes[99] = Scene(state.config.play, 1, [], table=state.table)
    _swarms_follow(state, 1, 99, "pursuit", "pursues the heroes into")
    assert not [s for s in small.swarms if s.health > 0]
    assert [(m.kind, m.health) for m in small.monsters] == [("barbarian", 7)] * 3
    roomy = level.scenes[98] = Scene(state.config.play, 2, [], table=state.table)
    level.scenes[1].swarms = [Swarm("swarm-1", "barbarian", 60, 100)]
    _swarms_follow(state, 1, 98, "pursuit", "pursues the heroes into")
    assert [(s.kind, s.health) for s in roomy.swarms] == [("barbarian", 40)]


def test_a_swarm_size_of_1_is_one_lone_monster_and_25_percent_three() -> None:
    """Seed 000, SIZE: "1 – means that one creature is present, not a swarm"; a 25% swarm
    of a one-unit room (5 health) "is likely to scatter": three ghosts."""
    state = game()
    room = state.level.room(1)
    for size, health, ghosts in (("1", 5, 1), ("25%", 5, 3)):
        room.details["encounters"] = [{"kind": "swarm", "monster": "ghost",
                                       "swarm_size": size, "swarm_health": health}]
        scene = Scene(state.config.play, 1, [], table=state.table)
        populate(Fight(scene, state.dice, state.events), room, "room")
        assert [(m.kind, m.health) for m in scene.monsters] == [("ghost", 5)] * ghosts
        assert not scene.swarms


def test_lets_see_you_get_out_of_here_needs_a_full_swarm_ahead_and_half_behind() -> None:
    state = game()
    rules = state.config.play

    def room(health: int) -> Scene:
        return Scene(rules, 2, [], swarms=[Swarm("swarm-1", "ghost", health, 40)])

    _trapped_out(state, room(19), room(40))
    _trapped_out(state, room(20), room(39))
    assert TRAPPED_OUT not in texts(state, "announcement")
    _trapped_out(state, room(20), room(40))
    assert TRAPPED_OUT in texts(state, "announcement")


def test_clearing_one_room_is_not_bravery_while_the_level_has_unmade_rooms() -> None:
    state = game(party=["warrior"])
    act(state)
    assert state.level.generator.pending
    assert "I've not seen such bravery!" not in texts(state, "announcement")


def test_a_mini_boss_level_has_two_rooms_a_boss_a_door_and_stairs_behind() -> None:
    state = game(party=["warrior", "elf"], advance_every=0, miniboss_every=2,
                 play={"scaling": True, "max_rounds": 10_000})
    state.level.treasure_taken = True
    _descend_all(state)
    assert (state.depth, state.level.kind) == (2, "mini-boss")
    rooms = state.level.generator.level.rooms
    assert len(rooms) == 2 and rooms[0].size >= 2
    scene = state.level.scenes[1]
    assert scene.contents == [] and not scene.swarms and not scene.generators
    (boss,) = scene.monsters
    assert (boss.id, boss.health) == ("mini-boss", 50)  # 25 x depth
    assert [e.kind for e in scene.exits] == ["door"]
    assert [e.type for e in rooms[1].exits] == ["door", "stair"]
    boss.health = 1
    act(state, Warrior="attack mini-boss with shot")
    assert state.level.boss_killed
    assert [c.id for c in scene.contents if not c.gone] == ["magic-key"]
    assert "I've not seen such bravery!" in texts(state, "announcement")
    act(state, Elf="pick up magic-key")
    act(state, Elf=f"open {scene.exits[0].id}")
    assert scene.exits[0].open


def test_a_mini_boss_strikes_several_heroes_with_its_bonus() -> None:
    state = game(party=["warrior", "elf", "valkyrie", "wizard"], advance_every=0,
                 miniboss_every=2, play={"scaling": True, "max_rounds": 10_000,
                                         "monster_attack": "damage"})
    state.level.treasure_taken = True
    _descend_all(state)
    events = act(state)
    hits = [e for e in events if e.kind == "hurt" and "mini-boss" in e.text]
    assert len(hits) == 2  # 1 + tier attacks, tier 1 at depth 2 with every 2
    rolls = [r for e in hits for r in e.rolls if r.label == "monster melee"]
    assert all(r.result == r.dice[0] + 2 for r in rolls)  # d12+2


@pytest.mark.parametrize(("depth", "scaling", "speed"),
                         [(4, True, 4), (5, True, 5), (10, True, 6), (10, False, 4)])
def test_with_scaling_monsters_gain_a_speed_point_every_5_levels(
        depth: int, scaling: bool, speed: int) -> None:
    state = game(play={"scaling": scaling, "max_rounds": 10_000})
    scene = state.level.scenes[1]
    scene.level = depth
    assert scene.speed_of("ghost") == speed  # a ghost's own Speed is 4
    scene.monsters = [Monster("ghost-1", "ghost", 5)]
    events = act(state)
    contest = next(r for e in events for r in e.rolls if r.label == "monster attack")
    assert contest.what.startswith(f"d20+{speed} ")


def test_a_shot_at_a_swarm_whose_swarmed_hero_has_left_hurts_nobody_else() -> None:
    state = game(party=["elf", "wizard"], play={"actions_per_round": 2, "max_rounds": 10_000})
    scene = state.level.scenes[1]
    swarm = Swarm("swarm-1", "barbarian", 40, scene.capacity("room"))
    swarm.swarmed = ["Wizard"]
    scene.swarms = [swarm]
    state.heroes[1].status, state.heroes[1].gone_by = "gone", "stair"
    act(state, Elf="attack swarm-1 with shot")
    assert swarm.health < 40


def test_blows_break_a_lock_when_no_key_is_at_hand() -> None:
    from undercroft.systems.amulet.room.scene import ExitState

    state = game(party=["warrior"], play={"lock_hits": 2, "max_rounds": 10_000})
    scene = state.level.scenes[1]
    door = ExitState("9.9", "door", "north")
    scene.exits.append(door)
    act(state, Warrior="attack 9.9 with melee")
    assert not door.open
    act(state, Warrior="attack 9.9 with melee")
    assert door.open


def test_a_secret_exit_on_a_45_degree_wall_is_found_from_either_direction() -> None:
    from undercroft.systems.amulet.game.level_play import wall_name
    from undercroft.systems.amulet.room.scene import ExitState

    assert wall_name("SE") == "south east"
    state = game(party=["elf"])
    secret = ExitState("9.9", "secret", wall_name("SE"), found=False)
    state.level.scenes[1].exits = [secret]
    state.dice.force("search", "win")
    act(state, Elf="search east")
    assert secret.found


def test_a_mimic_beyond_a_closed_murder_hole_stays_a_mimic_until_its_room_is_entered() -> None:
    for seed in range(40):
        state = new_game(GameConfig(), seed)
        if any(m.kind == "mimic" and m.place == "beyond"
               for m in state.level.scenes[1].monsters):
            break
    else:
        raise AssertionError("no seed with a mimic beyond the first room's murder hole")
    assert not [c for c in state.level.scenes[1].contents if "mimic" in c.id]
    assert "mimic" not in [e.kind for e in state.events]


def test_mini_bosses_of_different_intervals_live_side_by_side() -> None:
    for every in (2, 4):
        state = game(party=["warrior"], advance_every=0, miniboss_every=every,
                     play={"scaling": True, "max_rounds": 10_000})
        state.level.treasure_taken = True
        for _ in range(every - 1):
            state.level.treasure_taken = True
            _descend_all(state)
            state.level.treasure_taken = True
        assert state.level.kind == "mini-boss"


def test_felling_the_mini_boss_is_an_announcement_others_can_claim() -> None:
    state = game(party=["warrior", "elf"], advance_every=0, miniboss_every=2,
                 play={"scaling": True, "max_rounds": 10_000})
    state.level.treasure_taken = True
    _descend_all(state)
    state.level.scenes[1].monsters[0].health = 1
    act(state, Warrior="attack mini-boss with shot")
    assert ("I've not seen such bravery!", "Warrior") in [(c.text, c.cause)
                                                          for c in state.claims]


def test_a_treasure_level_is_a_bare_room_and_gives_no_stair_health_when_it_dissolves() -> None:
    state = game(party=["warrior"], advance_every=0, countdown_drain=0)
    _descend_all(state)
    assert state.level.kind == "treasure"
    scene = state.level.scenes[1]
    assert (scene.contents, scene.exits, scene.foes(None)) == ([], [], [])
    health = state.heroes[0].health
    for _ in range(10):
        act(state, Warrior="wait")
    assert state.depth == 3 and state.heroes[0].health == health


def _seed_with_secret_before_a_found_exit() -> GameState:
    """A first room whose generator made an unfound secret exit before a found one."""
    for seed in range(300):
        state = game(seed, party=["elf"])
        found = [e.found for e in state.level.scenes[1].exits]
        if False in found and True in found[found.index(False):]:
            return state
    raise AssertionError("no seed with a secret exit before a found one in the first room")


def _exit_names(state: GameState, seat: str, room_id: int) -> list[str]:
    room = next(r for r in view(state, seat)["rooms"] if r["id"] == room_id)
    return [e["id"] for e in room["exits"]]


def test_exits_are_numbered_in_the_order_found_so_no_gap_tells_of_a_secret_one() -> None:
    state = _seed_with_secret_before_a_found_exit()
    exits = state.level.scenes[1].exits
    found = sum(1 for e in exits if e.found)
    assert _exit_names(state, "Elf", 1) == [f"1.{n}" for n in range(1, found + 1)]
    secret = next(e for e in exits if not e.found)
    state.dice.force("search", "win")
    act(state, Elf=f"search {secret.wall.split()[0]}")
    assert secret.found and secret.id == f"1.{found + 1}"
    assert _exit_names(state, "Elf", 1) == [f"1.{n}" for n in range(1, found + 2)]
    behind = state.level.room(1).exits[exits.index(secret)]
    act(state, Elf=f"leave by {secret.id}")
    assert state.rooms["Elf"] == behind.to != 1


@pytest.mark.parametrize("seed", range(6))
def test_no_seat_ever_sees_a_gap_in_a_rooms_exit_numbers(seed: int) -> None:
    from undercroft.engine.agents import RandomAgent
    from undercroft.engine.runner import choose_all

    state = new_game(GameConfig(max_rounds=120), seed)
    agents = {seat: RandomAgent() for seat in RULESET.seats(state)}
    streams: dict[str, Any] = {}
    while RULESET.outcome(state) is None:
        for room in view(state, "Warrior")["rooms"]:
            names = sorted(int(e["id"].split(".")[1]) for e in room["exits"])
            assert names == list(range(1, len(names) + 1)), room["exits"]
            assert all(e["id"].split(".")[0] == str(room["id"]) for e in room["exits"])
        RULESET.step(state, choose_all(RULESET, state, agents, streams, seed))


def _map_knowledge(state: GameState) -> tuple[Any, ...]:
    level = state.level
    return (set(level.seen), dict(level.by_name),
            [(e.id, e.open, e.found) for e in level.exits.values()],
            [(e.id, e.found, e.opened) for room in level.players_map().rooms
             for e in room.exits],
            [r.discovered for r in level.generator.level.rooms])


GAMES_TO_CHECK: Final = [(seed, agent, True, 300) for seed in range(4)
                         for agent in ("sensible", "random")] + [
    (110, "sensible", False, 800), (111, "sensible", False, 800),
    (116, "sensible", False, 800), (6, "random", False, 800)]
"""Short games of both players, and long ones where a wide way once passed an opening
on to a third room, and where a room's exit names once changed as it came into play."""


@pytest.mark.parametrize(("seed", "agent", "scaling", "rounds"), GAMES_TO_CHECK)
def test_what_a_step_updates_room_by_room_matches_a_fresh_look_at_every_room(
        seed: int, agent: str, scaling: bool, rounds: int) -> None:
    """Steps sync exits, mark the map and remake the seats' room views only for the rooms
    they may have changed; doing it all afresh after any step changes nothing. Every
    exit of a room in play is in play, even one the generator added later. And an
    exit's name, once given, names the same exit for the rest of its level."""
    from undercroft.engine.runner import choose_all
    from undercroft.systems.amulet.game.agents import AGENTS
    from undercroft.systems.amulet.game.level_play import mark_seen, name_found_exits
    from undercroft.systems.amulet.room.house_rules import PlayRules

    config = GameConfig(max_rounds=rounds, play=PlayRules(max_rounds=10_000, scaling=scaling))
    state = new_game(config, seed)
    agents = {seat: AGENTS[agent]() for seat in RULESET.seats(state)}
    streams: dict[str, Any] = {}
    named: dict[str, tuple[int, str, str]] = {}
    level = state.level
    while RULESET.outcome(state) is None:
        RULESET.step(state, choose_all(RULESET, state, agents, streams, seed))
        known = _map_knowledge(state)
        name_found_exits(state.level)
        mark_seen(state.level)
        assert _map_knowledge(state) == known
        kept = view(state, "Elf")
        state.forget()
        state.forget_views()
        assert view(state, "Elf") == kept
        if state.level is not level:
            level, named = state.level, {}
        if level.kind != "treasure":
            assert all(len(scene.exits) == len(level.room(room_id).exits)
                       for room_id, scene in level.scenes.items())
        for room in kept["rooms"]:
            for exit_ in room["exits"]:
                what = (room["id"], exit_["kind"], exit_["wall"])
                assert named.setdefault(exit_["id"], what) == what, (state.steps, exit_)


def _hero_view(state: GameState, seat: str, name: str) -> dict[str, Any]:
    return next(h for h in view(state, seat)["heroes"] if h["name"] == name)


def test_a_heros_view_is_made_again_whenever_anything_it_shows_changes() -> None:
    """A hero's view is kept from step to step while what it shows is the same: every
    one of its figures, its room and its tokens shows the moment it changes, as a
    fresh look shows it."""
    state = game(party=["warrior", "elf"])
    warrior = state.hero("Warrior")
    changes: list[tuple[str, Any]] = [
        ("health", 80), ("keys", 1), ("potions", 2), ("treasure", 5), ("scrolls", 1),
        ("specials", {"teleportability": 3}), ("status", "trapped"), ("gone_by", "stair"),
        ("alone", True), ("cover", "c1"), ("ward_door", True), ("points", 1),
        ("hero", warrior.hero.raised("speed")), ("health", 70)]
    for field, value in changes:
        before = _hero_view(state, "Elf", "Warrior")
        setattr(warrior, field, value)
        state.forget()  # as every step does
        shown = _hero_view(state, "Elf", "Warrior")
        state.forget_views()
        assert shown == _hero_view(state, "Elf", "Warrior") != before, field
    for where in ("room", "tokens"):
        before = _hero_view(state, "Elf", "Warrior")
        if where == "room":
            state.rooms["Warrior"] = 2
        else:
            state.tokens["Warrior"] -= 1
        state.forget()
        shown = _hero_view(state, "Elf", "Warrior")
        assert shown[where] == (2 if where == "room" else state.tokens["Warrior"])
        assert shown != before
    state.forget()
    assert _hero_view(state, "Elf", "Warrior") is _hero_view(state, "Warrior", "Warrior")


def _room_view(state: GameState, seat: str, room_id: int) -> dict[str, Any]:
    return next(r for r in view(state, seat)["rooms"] if r["id"] == room_id)


def test_a_rooms_view_shows_every_change_in_the_room_and_nothing_else_is_made_again() -> None:
    """A room a step may have changed is looked at again: what changed shows, for every
    seat, and the room's view is the same dict while nothing in it changed (the
    sensible player reads a room again only when its view is a new dict)."""
    state = game(party=["warrior", "elf"])
    scene = state.level.scenes[1]
    scene.monsters = [Monster("ghost-1", "ghost", 5)]
    state.forget()
    state.forget_rooms(None)
    before = _room_view(state, "Elf", 1)
    assert before["monsters"] == [{"id": "ghost-1", "kind": "ghost", "health": 5,
                                   "place": "room"}]
    state.forget()
    state.forget_rooms([1])  # as a step where the heroes stand in room 1
    assert _room_view(state, "Warrior", 1) is before
    scene.monsters[0].health = 3
    state.forget()
    state.forget_rooms([1])
    after = _room_view(state, "Warrior", 1)
    assert after["monsters"][0]["health"] == 3 and before["monsters"][0]["health"] == 5
    assert after["exits"] is before["exits"] and after["contents"] is before["contents"]
    assert _room_view(state, "Elf", 1) is after
    scene.monsters[0].health = 0
    state.forget()
    state.forget_rooms([1])
    assert _room_view(state, "Elf", 1)["monsters"] == []
    state.forget_views()
    assert _room_view(state, "Elf", 1) == _room_view(state, "Warrior", 1)


def test_a_view_shows_each_value_of_a_swarm_a_foe_a_content_and_an_exit_by_name() -> None:
    """``shown()`` gives what a view shows, and ``to_dict()`` names it: the game's view
    compares the one and shows the other, so they must agree."""
    swarm = Swarm("swarm-2", "wizard", 45, 100, "beyond", rounds=3)
    assert swarm.to_dict() == {"id": "swarm-2", "kind": "wizard", "health": 45,
                               "capacity": 100, "place": "beyond", "rounds": 3,
                               "head_count": swarm.head_count}
    for foe in (Monster("ghost-1", "ghost", 5, "beyond"), Generator("gen-1", "orc", 20)):
        assert foe.to_dict() == {"id": foe.id, "kind": foe.kind, "health": foe.health,
                                 "place": foe.place}
    assert Content("c2", "ward", opened=True).to_dict() == {
        "id": "c2", "kind": "ward", "gone": False, "opened": True}
    assert ExitState("3.1", "door", "north west", 2, open=True, found=False).to_dict() == {
        "id": "3.1", "kind": "door", "wall": "north west", "units": 2, "open": True,
        "found": False}
    for thing in (swarm, Monster("ghost-1", "ghost", 5), Content("c1", "food"),
                  ExitState("1.1", "open", "south")):
        assert tuple(thing.to_dict().values()) == thing.shown()


def test_each_seat_sees_the_claims_it_may_make_and_the_same_table() -> None:
    """The seats' views share the table but for the seat and its claims: a seat never
    sees the announcement its own hero caused among its claims."""
    state = game(party=["warrior", "elf", "valkyrie"])
    state.claims = [Claim("Warrior, your life force is running out.", "Warrior",
                          "Warrior, your life force is running out.|Warrior")]
    shown = {seat: view(state, seat) for seat in ("Warrior", "Elf", "Valkyrie")}
    assert [v["claims"] for v in shown.values()] == [
        [], ["Warrior, your life force is running out."],
        ["Warrior, your life force is running out."]]
    assert [v["seat"] for v in shown.values()] == ["Warrior", "Elf", "Valkyrie"]
    tables = [{k: v for k, v in seen.items() if k not in ("seat", "claims")}
              for seen in shown.values()]
    assert tables[0] == tables[1] == tables[2]
    assert list(shown["Elf"])[-2:] == ["seat", "claims"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_rooms_scene_holds_the_heroes_in_it_after_every_step_and_every_choice(
        seed: int) -> None:
    """``GameState.scene`` keeps each room's heroes until one moves: whenever the rules or
    the legal lists ask, a room holds exactly the heroes a fresh look finds there."""
    from undercroft.engine.runner import choose_all
    from undercroft.systems.amulet.game.agents import AGENTS

    def check() -> None:
        for room_id in set(state.rooms.values()):
            if room_id in state.level.scenes:
                fresh = [h for h in state.heroes if state.rooms[h.name] == room_id
                         and h.status != "gone"]
                assert state.scene(room_id).heroes == fresh, (state.steps, room_id)

    state = new_game(GameConfig(max_rounds=300), seed)
    agents = {seat: AGENTS["sensible"]() for seat in RULESET.seats(state)}
    streams: dict[str, Any] = {}
    moved = 0
    while RULESET.outcome(state) is None:
        where = dict(state.rooms)
        choices = choose_all(RULESET, state, agents, streams, seed)
        check()
        RULESET.step(state, choices)
        check()
        moved += where != state.rooms
    assert moved > 10


def _open_ways_from_the_first_room(state: GameState) -> list[str]:
    level = state.level
    return [state.level.exits[e.id].id for e in level.room(1).exits
            if e.type == "open" and e.to is None and e.id in level.generator.pending]


def test_heroes_who_stay_a_step_see_the_room_behind_an_open_exit_and_its_chasers_come() -> None:
    """Seed 001, Open: an open area not investigated at once has its room rolled, "to see
    if any monsters will want to attack"."""
    from undercroft.systems.amulet.game.level_play import way_out
    from undercroft.systems.amulet.room.exits import pursuers

    came = 0
    for seed in range(60):
        state = game(seed, party=["warrior", "elf"])
        ways = _open_ways_from_the_first_room(state)
        if not ways:
            continue
        rooms_before = len(state.level.generator.level.rooms)
        act(state, Warrior="wait", Elf="wait")
        assert not _open_ways_from_the_first_room(state)
        behind = [way_out(state.level, name) for name in ways]
        assert len(state.level.generator.level.rooms) > rooms_before
        for target in behind:
            assert target is not None and target in state.level.seen
            assert not pursuers(state.level.scenes[target])
            seen = next(r for r in view(state, "Elf")["rooms"] if r["id"] == target)
            assert "swarms" in seen
        came += len(texts(state, "open way"))
    assert came > 0, "no seed's first room had an open exit"


def test_a_swarm_that_chases_comes_through_an_open_way_nobody_went_through() -> None:
    for seed in range(200):
        state = game(seed, party=["elf"])
        if not _open_ways_from_the_first_room(state):
            continue
        act(state, Elf="wait")
        arrivals = [e for e in state.events if e.kind == "open way" and "swarm" in e.text]
        if arrivals:
            assert all("comes through the open way into room 1" in e.text for e in arrivals)
            assert state.level.scenes[1].swarms
            return
    raise AssertionError("no seed sent a swarm through an open way")


def test_without_the_house_rule_rooms_behind_open_exits_wait_to_be_entered() -> None:
    for seed in range(60):
        state = game(seed, party=["elf"], roll_behind_open_exits=False)
        ways = _open_ways_from_the_first_room(state)
        if ways:
            act(state, Elf="wait")
            assert _open_ways_from_the_first_room(state) == ways
            return
    raise AssertionError("no seed's first room had an open exit")


def test_a_whole_game_gets_harder_with_depth_unless_the_table_turns_scaling_off() -> None:
    """Seed 000 promises "increasing dungeon level difficulty": a whole game plays with
    Scaling unless its config says otherwise."""
    from undercroft.systems.amulet.characters.creatures import stats
    from undercroft.systems.amulet.generation.special_levels import is_mini_boss_depth
    from undercroft.systems.amulet.room.house_rules import PlayRules

    for config, harder in ((GameConfig(), True),
                           (GameConfig(play=PlayRules(max_rounds=10_000)), False)):
        scene = new_game(config, 1).level.scenes[1]
        scene.level = 10
        assert (scene.speed_of("ghost") > stats("ghost").speed) is harder
        assert (scene.generator_every() < scene.rules.generator_every) is harder
        assert is_mini_boss_depth(10, scene.rules.scaling, config.miniboss_every) is harder


def test_heroes_who_just_walked_in_have_not_yet_passed_up_a_rooms_open_exits() -> None:
    """Two heroes swap rooms in one step: neither stayed a step anywhere, so no open exit
    of either room has been passed up."""
    for seed in range(300):
        state = game(seed, party=["warrior", "elf"])
        way = next((e.id for e in state.level.scenes[1].exits if e.passable), None)
        if way is None:
            continue
        act(state, Elf=f"leave by {way}")
        room = state.rooms["Elf"]
        level = state.level
        back = next((level.exits[e.id].id for e in level.room(room).exits
                     if e.to == 1 and level.exits[e.id].passable), None)
        pending = [e.id for e in level.room(room).exits if e.type == "open"
                   and e.to is None and e.id in level.generator.pending]
        if room == 1 or back is None or not pending:
            continue
        act(state, Warrior=f"leave by {way}", Elf=f"leave by {back}")
        assert (state.rooms["Warrior"], state.rooms["Elf"]) == (room, 1)
        assert [e.id for e in level.room(room).exits if e.id in pending and e.to is None] \
            == pending
        return
    raise AssertionError("no seed led into a room with an open exit and a way back")


def test_the_state_keeps_only_the_last_steps_events_and_a_step_returns_them() -> None:
    state = game(seed=4)
    for _ in range(30):
        events = act(state, **{seat: "wait" for seat in ("Warrior", "Elf", "Valkyrie",
                                                         "Wizard")})
        assert events == state.events and events is not state.events


def test_a_ward_opens_any_discovered_door_of_the_level_its_toucher_chooses() -> None:
    """Seed 001: the ward's toucher "may immediately open any previously discovered Door
    or Walldoor": any on the level (here in room 3, seen through an open way), chosen
    in a step in which only that hero chooses and no time passes."""
    door, room = laid_out.door, laid_out.room
    state = laid_out.lay_out(game(party=["warrior", "elf"]),
                             room(1, door("1.1", "door", to=2), door("1.2", "open", to=3)),
                             room(2, door("2.1", "door", to=1)),
                             room(3, door("3.1", "open", to=1), door("3.2", "walldoor")),
                             pending=("3.2",))
    level = state.level
    adopt_exits(level, 1, level.scenes[1])
    mark_seen(level)
    warrior = state.hero("Warrior")
    warrior.ward_door = True
    round_, action = state.table.round, state.table.action
    assert to_act(state) == {"Warrior"}
    assert [a.text for a in legal_for(state, "Warrior")] == [
        "open 1.1 with the ward", "open 3.2 with the ward", "wait"]
    with pytest.raises(BadInput, match="not possible"):
        act(state, Warrior="open 1.1")
    act(state, Warrior="open 3.2 with the ward")
    assert (state.table.round, state.table.action) == (round_, action)
    assert not warrior.ward_door
    shown = next(r for r in view(state, "Elf")["rooms"] if r["id"] == 3)
    assert [(e["id"], e["open"]) for e in shown["exits"]] == [("3.1", True), ("3.2", True)]
    assert to_act(state) == {"Warrior", "Elf"}



def test_a_wide_way_leads_into_every_room_behind_it_as_each_hero_chooses() -> None:
    """Seed 001, Walldoor: "the remaining portion of walldoor leads to yet another room".
    Going through a way onto several rooms is one choice per room, and only those."""
    door, room = laid_out.door, laid_out.room
    state = laid_out.lay_out(game(party=["warrior", "elf"]),
                             room(1, door("1.1", "walldoor", to=[2, 3], opened=True)),
                             room(2, door("2.1", "walldoor", to=1, opened=True),
                                  door("2.2", "stair")),
                             room(3, door("3.1", "walldoor", to=1, opened=True)))
    level = state.level
    adopt_exits(level, 1, level.scenes[1])
    mark_seen(level)
    leaves = [a.text for a in legal_for(state, "Warrior") if a.verb == "leave"]
    assert leaves == ["leave by 1.1 into room 2", "leave by 1.1 into room 3"]
    with pytest.raises(BadInput, match="not possible"):
        act(state, Warrior="leave by 1.1")
    table = Table(RULESET, state, 3, {})
    assert table.read("Warrior", "leave by 1.1 into room 3") == parse_action(
        "leave by 1.1 into room 3")  # the web table takes the choice as the terminal does
    with pytest.raises(BadInput):
        table.read("Warrior", "leave by 1.1 into room 4")
    act(state, Warrior="leave by 1.1 into room 3", Elf="leave by 1.1 into room 2")
    assert (state.rooms["Warrior"], state.rooms["Elf"]) == (3, 2)
    assert [a.text for a in legal_for(state, "Warrior") if a.verb == "leave"] == [
        "leave by 3.1"]


def test_the_rest_of_a_wide_way_is_made_when_a_hero_goes_through_it() -> None:
    """A walldoor whose first room was made (here by another way's room) still opens
    onto unmade space: "leave by" without a room makes what lies there and goes in;
    the room already made is its own choice."""
    state = game(126, party=["warrior", "elf"])
    level = state.level
    level.generator.open(level.generator.pending[0])  # room 2 takes part of walldoor 1.2
    _, walldoor = level.generator.level.find_exit("1.2")
    assert walldoor.to == 2 and "1.2" in level.generator.pending
    name = level.name_of["1.2"]
    level.exits["1.2"].open = True
    mark_seen(level)
    state.forget()
    assert [a.text for a in legal_for(state, "Warrior") if a.target == name] == [
        f"leave by {name} into room 2", f"leave by {name}"]
    shown = next(e for r in view(state, "Elf")["rooms"] if r["id"] == 1 for e in r["exits"]
                 if e["id"] == name)
    assert (shown["to"], shown["unmade"]) == (2, True)
    act(state, Warrior=f"leave by {name}", Elf=f"leave by {name}")
    made = state.rooms["Warrior"]
    assert made not in (1, 2) and state.rooms["Elf"] == made
    assert isinstance(walldoor.to, list) and walldoor.to[:2] == [2, made]


def test_teleportability_slips_only_into_rooms_across_a_wall() -> None:
    """Seed 001: Teleportability "allows the character to teleport across walls". House
    rule: across a wall where the players know of a way, into each room seen behind
    such a way, or into what they have not seen there; a blank wall offers nothing."""
    door, room = laid_out.door, laid_out.room
    state = laid_out.in_play(laid_out.lay_out(
        game(party=["warrior", "elf"]),
        room(1, door("1.1", "door", to=2), door("1.2", "open", to=3)),
        room(2, door("2.1", "door", to=1)),
        room(3, door("3.1", "open", to=1), door("3.2", "stair"))))
    state.hero("Warrior").specials["teleportability"] = 10
    state.forget()
    slips = [a.text for a in legal_for(state, "Warrior") if a.verb == "slip"]
    assert slips == ["slip through north into room 3", "slip through north"]
    act(state, Warrior="slip through north")
    assert state.rooms["Warrior"] == 2  # behind the closed door: not seen before
    assert [e.kind for e in state.events if e.kind == "no way"] == []



def test_random_seats_take_half_too_and_the_game_takes_it() -> None:
    """Modos' "take half ... at any time": the random player chooses among every legal
    choice and the half form of each that rolls, so the rule is played by automated
    seats too (the conformance suite's and the audit's random games)."""
    from undercroft.engine.agents import agent_stream
    from undercroft.engine.tally import tallying
    from undercroft.systems.amulet.game.agents import AGENTS

    agent = AGENTS["random"]()
    state = new_game(GameConfig(), 5)
    streams = {h.name: agent_stream(5, h.name) for h in state.heroes}
    halves = 0
    with tallying() as tally:
        while state.ended is None and state.steps < 300:
            choices = {seat: agent.choose(view(state, seat), legal_for(state, seat),
                                          streams[seat]) for seat in to_act(state)}
            halves += sum(1 for action in choices.values() if action.half)
            step(state, choices)
    assert halves > 0 and tally.fired["amulet.combat.take-half"] > 0


def test_the_sensible_player_takes_half_on_a_blinking_wizard_when_half_is_even() -> None:
    """A wizard's blink stops every odd damage result (seed 000): a d8 taken at half (4)
    always lands, a d6's half (3) never does."""
    from undercroft.rng import Stream
    from undercroft.systems.amulet.game.agents import SensibleAgent

    state = game(party=["elf", "valkyrie"])
    state.level.scenes[1].swarms = [Swarm("swarm-1", "wizard", 60, 100)]
    state.forget()
    state.forget_rooms(None)
    agent = SensibleAgent()
    chose = {seat: agent.choose(view(state, seat), legal_for(state, seat), Stream(1, seat))
             for seat in ("Elf", "Valkyrie")}
    assert chose["Elf"].plain() == parse_action("attack swarm-1 with shot")
    assert (chose["Elf"].half, chose["Valkyrie"].half) == (True, False)
