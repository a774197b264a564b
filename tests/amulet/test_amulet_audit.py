"""The rules-health audit of Amulet: each detector shown firing on a game made to have its
fault and silent on a clean one; the rule ids of the docs and the code agree; the content a
game reports is the catalogue's; where the steps go; a whole game's fault replays to its
step."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from laid_out import door, lay_out, out_of_reach, room

from undercroft.engine import registry
from undercroft.engine.tally import tallying
from undercroft.sim.audit_game import audit_game
from undercroft.sim.games import game_seed
from undercroft.sim.rule_ids import fireable, rule_rows
from undercroft.systems.amulet.game import audit
from undercroft.systems.amulet.game.audit import (
    KINDS,
    AmuletAuditor,
    catalogue,
    fingerprint,
    may_do_nothing,
    reach,
)
from undercroft.systems.amulet.game.config import GameConfig
from undercroft.systems.amulet.game.level_play import build_scene
from undercroft.systems.amulet.game.meta_dungeon import new_game
from undercroft.systems.amulet.game.rules import step
from undercroft.systems.amulet.game.state import GameState
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.events import Event
from undercroft.systems.amulet.room.house_rules import PlayRules
from undercroft.systems.amulet.room.scene import Content, Swarm

RULESET = registry.get("amulet")
DOCS = Path(__file__).parents[2] / "docs" / "rules"
ROW_ID = re.compile(r"^\|\s*`(amulet\.[^`]*)`")
WAIT = Action("wait")


def game(**fields: Any) -> GameState:
    return new_game(GameConfig(**fields), 3)


def kinds(auditor: AmuletAuditor) -> list[str]:
    return [anomaly.kind for anomaly in auditor.findings.anomalies]


def wait_a_step(state: GameState, auditor: AmuletAuditor, number: int) -> None:
    choices = {seat: WAIT for seat in RULESET.to_act(state)}
    auditor.see(state, number, choices, step(state, choices))


def rounds_pass(state: GameState, auditor: AmuletAuditor, rounds: int) -> None:
    """Rounds go by with nobody doing anything (the auditor only reads the round)."""
    for number in range(1, rounds + 1):
        state.table.round += 1
        auditor.see(state, number, {}, [])


# --- rule ids and content ---------------------------------------------------------------------


def test_every_rule_row_has_one_id_and_every_fired_id_is_documented() -> None:
    ids = [found[1] for page in sorted(DOCS.glob("amulet*.md"))
           for line in page.read_text().splitlines() if (found := ROW_ID.match(line))]
    assert len(ids) == len(set(ids)) == len(rule_rows("amulet")) > 150
    assert all(re.fullmatch(r"amulet(\.[a-z0-9-]+){2}", rule) for rule in ids)
    assert sorted(fireable("amulet") - set(ids)) == []
    assert len(fireable("amulet")) > 120


def test_whole_games_fire_documented_rules_and_report_catalogued_content() -> None:
    config = GameConfig()
    fired: Counter[str] = Counter()
    met: set[str] = set()
    for game_number in range(3):
        played = audit_game(RULESET, config, ("sensible",), game_seed(1, game_number),
                            until=400)
        assert set(played.fired) <= fireable("amulet")
        fired.update(played.fired)
        met |= set(played.drawn) | set(played.used)
    for rule in ("amulet.create.mapper", "amulet.game.countdown", "amulet.combat.armor",
                 "amulet.swarm.swarming", "amulet.hero.level-points", "amulet.game.stairs"):
        assert fired[rule] > 0, rule
    listed = {item for items in catalogue(config).values() for item in items}
    assert met <= listed
    assert {"amulet.monster.ghost", "amulet.exit-type.stair", "amulet.shape.square",
            "amulet.level-kind.normal"} <= met


def test_the_catalogue_follows_scaling_and_specials() -> None:
    full = catalogue(GameConfig())
    assert "amulet.monster.mini-boss" in full["monster"]
    assert "amulet.level-kind.mini-boss" in full["level-kind"]
    assert "amulet.content.special" in full["content"]
    assert full["special"] == ["amulet.special.reflective-shot", "amulet.special.repulsiveness",
                               "amulet.special.teleportability"]
    plain = catalogue(GameConfig(play=PlayRules(max_rounds=10_000, scaling=False, specials=())))
    assert "amulet.monster.mini-boss" not in plain["monster"]
    assert "amulet.level-kind.mini-boss" not in plain["level-kind"]
    assert "amulet.content.special" not in plain["content"]
    assert plain["special"] == []
    assert set(full) >= audit.USABLE_KINDS


def test_reading_a_scroll_is_what_puts_a_password_to_use() -> None:
    state = game()
    hero = state.heroes[0]
    hero.scrolls = 1
    with tallying() as tally:
        step(state, {hero.name: Action("read")} | {h.name: WAIT for h in state.heroes[1:]})
    assert tally.used["amulet.content.password"] == 1
    assert tally.fired["amulet.item.password"] == 1


# --- sealed levels ------------------------------------------------------------------------------


def test_a_level_with_a_stair_or_an_exit_yet_to_open_is_not_sealed() -> None:
    stair = lay_out(game(), room(1, door("1.1", "stair")))
    assert reach(stair).way == "the Stair 1.1 in room 1"
    frontier = lay_out(game(), room(1, door("1.1", "crumble")), pending=("1.1",))
    assert reach(frontier).way == "the crumble 1.1 of room 1, not yet opened"
    auditor = AmuletAuditor(frontier)
    assert kinds(auditor) == []
    assert not auditor.sealed


def test_a_level_whose_ways_lead_only_to_rooms_without_a_way_down_is_sealed_at_step_0() -> None:
    state = lay_out(game(), room(1, door("1.1", "open", to=2)),
                    room(2, door("2.1", "open", to=1)), out_of_reach(), pending=("9.1",))
    found = reach(state)
    assert found.way is None
    assert found.rooms == {1, 2}
    auditor = AmuletAuditor(state)
    assert kinds(auditor) == ["amulet.sealed-level"]
    assert auditor.findings.anomalies[0].step == 0
    assert "rooms 1, 2 reached" in auditor.findings.anomalies[0].detail


def test_a_wide_way_leads_into_every_room_behind_it() -> None:
    """A walldoor onto rooms 2 and 3 leads into both: room 3's Stair is within reach; and
    the rest of a wide way not yet made is a way on, as an exit not yet opened is."""
    wide = door("1.1", "walldoor", to=[2, 3], opened=True)
    both = lay_out(game(), room(1, wide), room(2, door("2.1", "walldoor", to=1)),
                   room(3, door("3.1", "walldoor", to=1), door("3.2", "stair")))
    assert reach(both).way == "the Stair 3.2 in room 3"
    partly = lay_out(game(), room(1, door("1.1", "walldoor", to=2, opened=True)),
                     room(2, door("2.1", "walldoor", to=1)), pending=("1.1",))
    assert reach(partly).way == "the rest of the walldoor 1.1 of room 1, not yet opened"


def test_a_locked_door_is_a_way_while_blows_a_key_or_a_ward_can_open_it() -> None:
    locks = GameConfig(play=PlayRules(max_rounds=10_000, scaling=True, lock_hits=0))

    def locked_in(config: GameConfig, contents: tuple[str, ...] = ()) -> GameState:
        state = lay_out(new_game(config, 3), room(1, door("1.1", "door"), contents=contents),
                        pending=("1.1",))
        state.level.scenes[1].contents = [Content(f"c{i}", kind)
                                          for i, kind in enumerate(contents, 1)]
        return state

    assert reach(locked_in(locks)).way is None
    assert reach(locked_in(GameConfig())).way is not None  # six blows break a lock
    assert reach(locked_in(locks, ("ward",))).way is not None
    keyed = locked_in(locks)
    keyed.heroes[2].keys = 1
    assert reach(keyed).way is not None


def test_a_scroll_held_is_told_apart_from_a_sealed_level() -> None:
    state = lay_out(game(), room(1), out_of_reach(), pending=("9.1",))
    state.heroes[1].scrolls = 1
    auditor = AmuletAuditor(state)
    assert kinds(auditor) == ["amulet.sealed-but-scroll"]
    assert not auditor.sealed


def test_a_countdown_death_on_a_sealed_level_is_found_and_on_an_open_one_is_not() -> None:
    for exits, expected in (((), ["amulet.sealed-level", "amulet.sealed-countdown-death"]),
                            ((door("1.1", "stair"),), [])):
        state = lay_out(game(final_stair_in_reach=False), room(1, *exits), out_of_reach(),
                        pending=("9.1",))
        state.heroes[0].health = 1
        auditor = AmuletAuditor(state)
        wait_a_step(state, auditor, 1)
        wait_a_step(state, auditor, 2)
        assert state.heroes[0].status == "dead"
        assert sorted(set(kinds(auditor))) == sorted(expected)
        if expected:
            death = auditor.findings.anomalies[-1]
            assert death.step == 2
            assert death.detail.startswith(f"level 1: {state.heroes[0].name} dies of")


# --- contests nobody can win --------------------------------------------------------------------


def test_a_search_nobody_can_win_as_the_only_way_on_is_found() -> None:
    def secret_only(depth: int) -> AmuletAuditor:
        state = lay_out(game(), room(1, door("1.1", "secret", found=False)), pending=("1.1",))
        state.level.depth = state.level.bonus = depth
        return AmuletAuditor(state)

    # The elf's d20+4 can beat the lowest d20+22 (24 > 23), not d20+23.
    assert kinds(secret_only(22)) == []
    deep = secret_only(23)
    assert kinds(deep) == ["amulet.sealed-level", "amulet.unwinnable-contest"]
    assert "d20+4 against d20+23, cannot be won" in deep.findings.anomalies[1].detail
    without_scaling = GameConfig(play=PlayRules(max_rounds=10_000, scaling=False))
    state = lay_out(new_game(without_scaling, 3), room(1, door("1.1", "secret", found=False)),
                    pending=("1.1",))
    state.level.depth = state.level.bonus = 40
    assert kinds(AmuletAuditor(state)) == []


def test_quicksand_no_roll_can_escape_is_found_once() -> None:
    state = lay_out(game(), room(1, door("1.1", "stair")))
    state.level.depth = state.level.bonus = 30
    warrior = state.heroes[0]
    warrior.status = "trapped"
    auditor = AmuletAuditor(state)
    assert kinds(auditor) == ["amulet.unwinnable-contest"]
    assert auditor.findings.anomalies[0].detail == (
        "level 30: Warrior is held by quicksand; its escape, d20+3 against d20+30, cannot be "
        "won")
    assert not auditor.sealed  # the others can still reach the Stair
    auditor.see(state, 1, {}, [])
    assert kinds(auditor) == ["amulet.unwinnable-contest"]
    state.level.depth = state.level.bonus = 20
    warrior.status = "trapped"
    assert kinds(AmuletAuditor(state)) == []


def test_heroes_held_for_good_are_unwinnable_contests_not_a_sealed_map() -> None:
    """The map still has its Stair: what keeps them is the contest, reported hero by hero,
    and their countdown deaths are put down to it, not to the map."""
    state = lay_out(game(), room(1, door("1.1", "stair")))
    state.level.depth = state.level.bonus = 30
    for hero in state.heroes:
        hero.status = "trapped"
        hero.health = 1
    auditor = AmuletAuditor(state)
    assert kinds(auditor) == ["amulet.unwinnable-contest"] * 4
    assert not auditor.sealed
    wait_a_step(state, auditor, 1)
    wait_a_step(state, auditor, 2)
    assert all(hero.status == "dead" for hero in state.heroes)
    assert kinds(auditor) == ["amulet.unwinnable-contest"] * 4


# --- the party apart --------------------------------------------------------------------------


def two_rooms() -> GameState:
    state = lay_out(game(), room(1, door("1.1", "open", to=2), door("1.2", "stair")),
                    room(2, door("2.1", "open", to=1)))
    level = state.level
    build_scene(level, 2, state.config.play, state.table, state.dice, state.events)
    return state


def test_heroes_apart_for_20_rounds_are_a_figure_to_watch() -> None:
    state = two_rooms()
    state.rooms["Elf"] = 2
    auditor = AmuletAuditor(state)
    rounds_pass(state, auditor, 19)
    auditor.finish(state, 19)
    assert kinds(auditor) == []
    state = two_rooms()
    state.rooms["Elf"] = 2
    auditor = AmuletAuditor(state)
    rounds_pass(state, auditor, 20)
    auditor.finish(state, 20)
    assert kinds(auditor) == ["amulet.party-split"]
    split = auditor.findings.anomalies[0]
    assert split.step == 0
    assert "apart for 20 rounds" in split.detail and "Elf in room 2" in split.detail
    assert not next(k for k in KINDS if k.kind == "amulet.party-split").must_be_zero


def test_a_hero_waiting_below_for_50_rounds_is_a_figure_to_watch() -> None:
    state = two_rooms()
    valkyrie = state.hero("Valkyrie")
    valkyrie.status, valkyrie.gone_by = "gone", "stair"
    auditor = AmuletAuditor(state)
    rounds_pass(state, auditor, 49)
    valkyrie.enter_room()
    auditor.see(state, 50, {}, [])
    assert kinds(auditor) == []
    valkyrie.status, valkyrie.gone_by = "gone", "stair"
    auditor.see(state, 51, {}, [])
    rounds_pass(state, auditor, 50)
    auditor.finish(state, 100)
    assert kinds(auditor) == ["amulet.waiting-downstairs"]
    assert auditor.findings.anomalies[0].step == 51


# --- other faults -----------------------------------------------------------------------------


def test_a_whole_level_without_a_stair_is_found() -> None:
    assert kinds(AmuletAuditor(lay_out(game(), room(1, door("1.1", "stair"))))) == []
    assert kinds(AmuletAuditor(lay_out(game(), room(1)))) == ["amulet.sealed-level",
                                                               "amulet.no-stair"]
    unmade = lay_out(game(), room(1), out_of_reach(), pending=("9.1",))
    assert kinds(AmuletAuditor(unmade)) == ["amulet.sealed-level"]


def test_a_hero_who_finds_only_rock_beyond_is_a_way_to_nowhere() -> None:
    """The rules no longer offer a way into rock (Teleportability crosses only walls with
    a way known: ``test_teleportability_slips_only_into_rooms_across_a_wall``); the
    detector still reads the step's "no way" event."""
    state = lay_out(game(), room(1, door("1.1", "stair")))
    auditor = AmuletAuditor(state)
    rock = Event(state.table.round, "no way", "Warrior finds only rock beyond; Warrior stays",
                 data={"hero": "Warrior"})
    auditor.see(state, 1, {h.name: WAIT for h in state.heroes}, [rock])
    assert kinds(auditor) == ["amulet.way-to-nowhere"]
    auditor.see(state, 2, {h.name: WAIT for h in state.heroes}, [])
    assert kinds(auditor) == ["amulet.way-to-nowhere"]


def test_a_swarm_under_its_scatter_size_or_over_its_capacity_is_a_broken_state() -> None:
    state = lay_out(game(), room(1, door("1.1", "stair")))
    swarms = state.level.scenes[1].swarms
    swarms.append(Swarm("swarm-1", "barbarian", 40, 40))
    assert kinds(AmuletAuditor(state)) == []
    swarms[0].health = 21  # three barbarians' health: it should have scattered
    assert kinds(AmuletAuditor(state)) == ["amulet.broken-state"]
    swarms[0].health, swarms[0].capacity = 60, 40
    auditor = AmuletAuditor(state)
    assert kinds(auditor) == ["amulet.broken-state"]
    assert "holds more than its room's capacity (40)" in auditor.findings.anomalies[0].detail
    state.heroes[1].potions = 13
    assert kinds(AmuletAuditor(state)) == ["amulet.broken-state"] * 2


# --- steps, fingerprint, idle choices ---------------------------------------------------------


def test_steps_are_counted_by_level_and_by_what_the_party_does() -> None:
    played = audit_game(RULESET, GameConfig(), ("sensible",), game_seed(1, 0), until=60)
    assert sum(played.where.values()) == sum(played.doing.values()) == 60
    assert set(played.where) <= {"level 1", "level 2", "treasure level 2"}
    assert played.doing["fight"] > 0 and played.doing["travel"] > 0
    assert audit.activity({"Elf": Action("attack", "swarm-1", "melee"),
                           "Wizard": Action("leave", "1.2")}) == "fight"
    assert audit.activity({"Elf": Action("attack", "1.2", "melee")}) == "opening ways"
    assert audit.activity({"Elf": Action("search", "north"), "Wizard": WAIT}) == "search"
    assert audit.activity({"Elf": WAIT}) == "waiting"
    state = lay_out(game(), room(1), out_of_reach(), pending=("9.1",))
    auditor = AmuletAuditor(state)
    wait_a_step(state, auditor, 1)
    assert auditor.findings.doing == {"shut in (sealed level)": 1}
    assert auditor.findings.where == {"level 1": 1}


def test_only_rolls_that_can_fail_and_waiting_may_change_nothing() -> None:
    for verb in ("wait", "search", "flank", "escape", "sneak", "attack"):
        assert may_do_nothing(Action(verb, "north"))
    for verb in ("leave", "pick up", "open", "descend", "teleport", "slip", "potion", "token"):
        assert not may_do_nothing(Action(verb, "1.1"))


def test_the_fingerprint_ignores_counters_but_not_play() -> None:
    state = two_rooms()
    scene = state.level.scenes[1]
    scene.swarms.append(Swarm("swarm-1", "barbarian", 40, 40))
    seen = fingerprint(state)
    state.table.round += 5
    state.table.action += 5
    state.steps += 5
    scene.swarms[0].rounds += 3
    state.events.clear()
    assert fingerprint(state) == seen
    scene.swarms[0].health -= 4
    assert fingerprint(state) != seen
    seen = fingerprint(state)
    state.heroes[0].health -= 1
    assert fingerprint(state) != seen
    seen = fingerprint(state)
    state.rooms["Elf"] = 2
    assert fingerprint(state) != seen


@pytest.mark.parametrize("agents", [("sensible",), ("random",)])
def test_sound_stretches_of_play_show_no_idle_choice_stall_or_exception(
        agents: tuple[str, ...]) -> None:
    played = audit_game(RULESET, GameConfig(), agents, game_seed(1, 1), until=300)
    assert [a for a in played.anomalies
            if a.kind in ("game.idle-choice", "game.stalled", "game.exception")] == []


# --- a whole game -------------------------------------------------------------------------------


def test_a_sealed_level_in_a_whole_game_replays_to_the_step_it_began() -> None:
    """Without the final-room Stair in the party's reach (the rules' default), levels
    are sealed again: the detector finds one, and the game replays to that step."""
    config = GameConfig(final_stair_in_reach=False)
    for index in range(12):
        seed = game_seed(1, index)
        played = audit_game(RULESET, config, ("sensible",), seed, index)
        sealed = [a for a in played.anomalies if a.kind == "amulet.sealed-level"]
        if sealed:
            break
    else:
        raise AssertionError("no game of the first 12 is sealed without the rule")
    began = sealed[0].step
    again = audit_game(RULESET, config, ("sensible",), seed, index, until=began)
    assert [a for a in again.anomalies if a.kind == "amulet.sealed-level"] == [sealed[0]]
    before = audit_game(RULESET, config, ("sensible",), seed, index, until=began - 1)
    assert [a for a in before.anomalies if a.kind == "amulet.sealed-level"] == []
