"""The rules-health audit of Labyrinth: each detector shown firing on a game made to have its
fault and silent on a clean one; the rule ids of the docs and the code agree; where the
steps go; the content a game reports is the catalogue's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from labyrinth_table import game, in_a_fight

from scripted_dice import Faces
from undercroft.engine import registry
from undercroft.engine.runner import play_out
from undercroft.engine.tally import tallying
from undercroft.engine.turns import TextEvent
from undercroft.sim.audit_game import GameAudit, audit_game
from undercroft.sim.rule_ids import fireable, rule_rows
from undercroft.systems.labyrinth import audit
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.adventurer.items import gain_item
from undercroft.systems.labyrinth.audit import (
    KINDS,
    LabyrinthAuditor,
    catalogue,
    fingerprint,
    may_do_nothing,
    refusals,
)
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.content.loader import load_content
from undercroft.systems.labyrinth.dungeon import enter_floor
from undercroft.systems.labyrinth.losses import hurt
from undercroft.systems.labyrinth.rules import step
from undercroft.systems.labyrinth.setup import new_game
from undercroft.systems.labyrinth.state import LabyrinthState

RULESET = registry.get("labyrinth")
DOCS = Path(__file__).parents[2] / "docs" / "rules"
ROW_ID = re.compile(r"^\|\s*`(labyrinth\.[^`]*)`")


def kinds(auditor: LabyrinthAuditor) -> list[str]:
    return [anomaly.kind for anomaly in auditor.findings.anomalies]


def play(state: LabyrinthState, auditor: LabyrinthAuditor, seat: str, choice: Choice,
         number: int = 1) -> list[TextEvent]:
    """One step of the game, shown to the auditor as the audit shows it."""
    events = step(state, {seat: choice})
    auditor.see(state, number, {seat: choice}, events)
    return events


def give(state: LabyrinthState) -> str:
    """Seat-1 takes the top card of the items deck (so it is in one place only)."""
    copy = state.items.take()
    assert copy is not None
    gain_item(state.party[0], copy)
    return copy


def audited(party: Sequence[str], seed: int, until: int | None = None) -> GameAudit:
    config = LabyrinthConfig(players=len(party), party=tuple(party))
    return audit_game(RULESET, config, ("careful",), seed, until=until)


# --- rule ids ------------------------------------------------------------------------------


def test_every_rule_row_has_one_id_and_every_fired_id_is_documented() -> None:
    ids = [found[1] for page in sorted(DOCS.glob("labyrinth*.md"))
           for line in page.read_text().splitlines() if (found := ROW_ID.match(line))]
    assert len(ids) == len(set(ids)) == len(rule_rows("labyrinth")) > 100
    assert all(re.fullmatch(r"labyrinth(\.[a-z0-9-]+){2}", rule) for rule in ids)
    assert sorted(fireable("labyrinth") - set(ids)) == []
    assert len(fireable("labyrinth")) > 75


def test_a_whole_game_fires_the_rules_of_what_happened() -> None:
    with tallying() as tally:
        state = in_a_fight("human:wizard:fire+water", health=2)
        state.dice = Faces(1, 3)  # a miss, then the backlash kills
        step(state, {"Seat-1": Choice("attack", "goblin-1")})
    assert tally.fired["labyrinth.class.wizard-backlash"] == 1
    assert tally.fired["labyrinth.character.zero-health"] == 1
    assert tally.drawn["labyrinth.monster.goblin"] == 2
    assert tally.used["labyrinth.special.backlash"] == 1
    assert set(tally.fired) <= fireable("labyrinth")


# --- death-skips-rules ------------------------------------------------------------------------


def test_a_death_that_skips_the_rules_is_found() -> None:
    state = game("human:warrior", "oxkin:medic")
    owned = give(state)
    auditor = LabyrinthAuditor(state, probe=False)
    state.party[0].take_damage(99)  # dead, and nothing else done
    state.turn = 1
    auditor.see(state, 1, {"Seat-1": Choice("wait")}, [])
    [found] = auditor.findings.anomalies
    assert found.kind == "labyrinth.death-skips-rules"
    assert found.detail.endswith(f"keeps {owned}; keeps 10 sp; no death told")


def test_a_wizard_killed_by_its_own_backlash_follows_the_death_rules() -> None:
    state = in_a_fight("human:wizard:fire+water", health=2)  # fire and water: destructive
    owned = give(state)
    auditor = LabyrinthAuditor(state)
    state.dice = Faces(1, 3)  # a miss, then 3 of backlash
    events = play(state, auditor, "Seat-1", Choice("attack", "goblin-1"))
    [death] = [e for e in events if e.kind == "death"]
    assert death.data["source"] == "destructive magic" and death.data["items"] == [owned]
    assert owned in state.items.draw and state.party[0].silver == 0
    assert kinds(auditor) == []


def test_a_death_by_a_monster_follows_the_death_rules() -> None:
    state = in_a_fight("human:wizard:fire", health=1)  # one element: no backlash
    owned = give(state)
    auditor = LabyrinthAuditor(state)
    state.dice = Faces(1, 19, 4)  # a miss; the first goblin hits for 4
    events = play(state, auditor, "Seat-1", Choice("attack", "goblin-1"))
    assert any(e.kind == "death" for e in events)
    assert owned in state.items.draw
    assert kinds(auditor) == []


def test_a_death_by_the_dragon_statue_follows_the_death_rules() -> None:
    state = game("human:warrior", "oxkin:medic")
    gain_item(state.party[0], "dragon-statue#1")
    state.items.draw.remove("dragon-statue#1")
    owned = give(state)
    auditor = LabyrinthAuditor(state)
    state.dice = Faces(1)  # "You die"
    play(state, auditor, "Seat-1", Choice("use", "dragon-statue#1"))
    assert not state.party[0].alive and owned in state.items.draw
    assert "dragon-statue#1" in state.items.discard  # used up by the roll
    assert kinds(auditor) == []


def test_whole_games_of_destructive_wizards_die_by_the_rules() -> None:
    wizards = ["human:wizard:fire+water", "hollow:wizard:metal+wood"]
    anomalies = [a for seed in range(12) for a in audited(wizards, seed).anomalies]
    assert "labyrinth.death-skips-rules" not in {a.kind for a in anomalies}
    backlash_deaths = 0
    for seed in range(12):
        state = new_game(LabyrinthConfig(players=2, party=tuple(wizards)), seed)
        agents = {seat: RULESET.agents()["careful"]() for seat in RULESET.seats(state)}
        play_out(RULESET, state, agents, seed)
        backlash_deaths += sum(e.kind == "death" and e.data["source"] == "destructive magic"
                               for e in state.events)
    assert backlash_deaths > 0  # the case above happens in whole games


# --- card-out-of-range ------------------------------------------------------------------------


def test_a_card_drawn_above_its_levels_is_out_of_range() -> None:
    state = game("human:warrior")
    enter_floor(state, 1)
    auditor = LabyrinthAuditor(state)
    state.encounters.draw.append("kobold-band#1")  # a card of levels 3-5, on floor 1
    play(state, auditor, "Seat-1", Choice("next"))
    [found] = auditor.findings.anomalies
    assert found.kind == "labyrinth.card-out-of-range"
    assert "kobold-band (room, levels 3-5) drawn from the encounters deck at level 1" \
        in found.detail


def test_a_market_laid_out_from_a_floor_not_unlocked_is_out_of_range() -> None:
    state = game("human:warrior")
    enter_floor(state, 1)
    auditor = LabyrinthAuditor(state)
    state.items.set_level(3, (), state.dice)  # the items deck runs ahead of the party
    play(state, auditor, "Seat-1", Choice("return"))
    assert "labyrinth.card-out-of-range" in kinds(auditor)


def test_a_deck_left_behind_the_floors_unlocked_is_out_of_range() -> None:
    state = game("human:warrior")
    state.unlocked = 3  # unlocked, but the decks were not rebuilt at level 3
    enter_floor(state, 1)
    state.encounters.set_level(1, (), state.dice)
    auditor = LabyrinthAuditor(state)
    play(state, auditor, "Seat-1", Choice("next"))
    assert kinds(auditor)[:1] == ["labyrinth.card-out-of-range"]


def test_rooms_and_markets_of_the_floor_are_in_range() -> None:
    state = game("human:warrior")
    auditor = LabyrinthAuditor(state)
    play(state, auditor, "Seat-1", Choice("enter", "1"))
    for number in range(2, 6):
        play(state, auditor, "Seat-1", Choice("next"), number)
        if state.phase != "explore" or state.ended:
            break
    assert "labyrinth.card-out-of-range" not in kinds(auditor)


# --- refused-choice ---------------------------------------------------------------------------


def test_a_choice_offered_and_then_refused_is_found_before_anyone_takes_it() -> None:
    state = game("human:warrior")
    copy = state.market[0]
    gain_item(state.party[0], copy)  # owned and for sale at once: "buy" is offered
    state.party[0].silver = 50
    auditor = LabyrinthAuditor(state)
    found = [a for a in auditor.findings.anomalies if a.kind == "labyrinth.refused-choice"]
    assert [a.step for a in found] == [0]
    assert f"Seat-1: buy {copy}: refused: Seat-1 already has" in found[0].detail


def test_trying_every_choice_leaves_the_game_as_it_was() -> None:
    state, twin = game("human:warrior", "oxkin:medic"), game("human:warrior", "oxkin:medic")
    state.party[0].silver = 50  # something to buy
    before = fingerprint(state)
    assert refusals(state) == []
    assert LabyrinthAuditor(state).findings.anomalies == []
    assert fingerprint(state) == before and len(state.events) == len(twin.events)
    assert state.dice.random() == twin.dice.random()


# --- unusable-item ----------------------------------------------------------------------------


def test_every_item_card_of_the_seed_held_can_be_used() -> None:
    state = game("human:warrior")
    me = state.party[0]
    for card in load_content().items.values():
        if card.kind != "treasure":
            gain_item(me, f"{card.id}#1", cursed=card.kind == "cursed")
            assert audit.unusable(state, "Seat-1", f"{card.id}#1") is None, card.id


def test_an_item_held_that_nothing_lets_its_holder_use_is_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = game("human:warrior")
    auditor = LabyrinthAuditor(state, probe=False)
    gain_item(state.party[0], "treasure-hoard#1")  # spent when found: never held in play
    state.items.draw.remove("treasure-hoard#1")
    auditor.see(state, 1, {"Seat-1": Choice("wait")}, [])
    [found] = auditor.findings.anomalies
    assert found.kind == "labyrinth.unusable-item" and "treasure-hoard#1" in found.detail
    from undercroft.systems.labyrinth import items_play
    monkeypatch.setattr(items_play, "in_empty_room", lambda state: False)  # a rule too tight
    state = game("human:warrior")
    auditor = LabyrinthAuditor(state, probe=False)
    gain_item(state.party[0], "rations#1")
    state.items.draw.remove("rations#1")
    auditor.see(state, 1, {"Seat-1": Choice("wait")}, [])
    assert "labyrinth.unusable-item" in kinds(auditor)
    assert "rations#1 held by Seat-1 (human warrior): never offered to use" in \
        " ".join(a.detail for a in auditor.findings.anomalies)


# --- the others -------------------------------------------------------------------------------


def test_one_copy_in_two_places_is_found() -> None:
    state = game("human:warrior")
    gain_item(state.party[0], state.items.draw[0])
    auditor = LabyrinthAuditor(state, probe=False)
    assert kinds(auditor) == ["labyrinth.card-twice"]
    assert kinds(LabyrinthAuditor(game("human:warrior"), probe=False)) == []


def test_a_sheet_that_breaks_a_rule_is_found() -> None:
    state = game("human:warrior")
    state.party[0].silver = -3
    [found] = LabyrinthAuditor(state, probe=False).findings.anomalies
    assert found.kind == "labyrinth.broken-sheet" and "silver" in found.detail


def test_a_dead_adventurer_asked_to_act_is_found() -> None:
    state = game("human:warrior", "oxkin:medic")
    state.party[0].alive = False  # its turn, as if death had not moved the turn on
    state.party[0].health = 0
    assert kinds(LabyrinthAuditor(state, probe=False)) == ["labyrinth.dead-acts"]


def test_a_floor_beyond_every_cards_levels_is_an_empty_floor() -> None:
    state = game("human:warrior")
    auditor = LabyrinthAuditor(state, probe=False)
    state.unlocked = 6  # as if a stairwell had led below the cards (play offers none)
    start = len(state.events)
    enter_floor(state, 6)
    auditor.see(state, 1, {"Seat-1": Choice("enter", "6")}, state.events[start:])
    assert state.floor == 6 and kinds(auditor) == ["labyrinth.empty-floor"]
    state = game("human:warrior")
    enter_floor(state, 1)
    state.phase = "stairs"
    auditor = LabyrinthAuditor(state)
    play(state, auditor, "Seat-1", Choice("down", "2"))
    assert kinds(auditor) == []


def test_a_party_wiped_out_on_floor_1_is_a_figure_to_watch() -> None:
    state = game("human:warrior")
    auditor = LabyrinthAuditor(state, probe=False)
    hurt(state, state.party[0], 99, "a test")
    state.ended = "defeated"
    auditor.finish(state, 5)
    assert kinds(auditor) == ["labyrinth.wiped-on-floor-1"]
    deeper = game("human:warrior")
    auditor = LabyrinthAuditor(deeper, probe=False)
    deeper.unlocked, deeper.ended = 2, "defeated"
    auditor.finish(deeper, 5)
    assert kinds(auditor) == []
    assert {kind.kind: kind.must_be_zero for kind in KINDS}["labyrinth.wiped-on-floor-1"] \
        is False


# --- where the steps go, idle choices, fingerprint, content -----------------------------------


def test_steps_are_counted_by_floor_and_by_what_they_do() -> None:
    game_audit = audit_game(RULESET, LabyrinthConfig(), ("careful",), 11)
    assert sum(game_audit.where.values()) == sum(game_audit.doing.values()) == game_audit.steps
    assert game_audit.where["floor 1"] > game_audit.where["town"] > 0
    assert game_audit.doing["fight"] > game_audit.doing["explore"] > 0
    assert set(game_audit.doing) <= set(audit.DOING.values())


def test_only_attacks_and_passes_may_change_nothing() -> None:
    assert may_do_nothing(Choice("attack", "goblin-1"))
    assert may_do_nothing(Choice("wait"))
    assert not may_do_nothing(Choice("next"))
    assert not may_do_nothing(Choice("buy", "rations#1"))


def test_the_fingerprint_ignores_counters_and_the_log_but_not_play() -> None:
    state = game("human:warrior")
    before = fingerprint(state)
    state.steps += 3
    state.round += 1
    state.say("note", "nothing happens")
    assert fingerprint(state) == before
    state.party[0].health -= 1
    assert fingerprint(state) != before


@pytest.mark.parametrize("agents", [("careful",), ("random",)])
def test_every_piece_of_content_a_game_reports_is_in_the_catalogue(agents: tuple[str, ...]
                                                                    ) -> None:
    config = LabyrinthConfig(packs=("monster-bands",))
    known = {item for items in catalogue(config).values() for item in items}
    reported: set[str] = set()
    for seed in range(6):
        game_audit = audit_game(RULESET, config, agents, seed)
        reported |= set(game_audit.drawn) | set(game_audit.used)
    assert reported <= known
    assert {"labyrinth.encounter.devil-band", "labyrinth.monster.devil",
            "labyrinth.special.backlash"} <= known
    assert "labyrinth.monster.dragon" not in catalogue(LabyrinthConfig())["monster"]
