"""The ``amulet-encounter`` ruleset: a scenario is its config, its script an agent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import assert_bad_input, run
from undercroft.engine.registry import get
from undercroft.engine.runner import play_out
from undercroft.errors import BadInput
from undercroft.systems.amulet.encounter.agents import FighterAgent, ScenarioAgent
from undercroft.systems.amulet.encounter.config import BUILT_IN, EncounterConfig
from undercroft.systems.amulet.encounter.scenario import read_scenario
from undercroft.systems.amulet.room.actions import Action

EXAMPLES = Path(__file__).parents[2] / "examples" / "scenarios"
ENCOUNTER = get("amulet-encounter")


def _config(**fields: Any) -> EncounterConfig:
    document: dict[str, Any] = {"room": {"size": 2}, "heroes": [{"class": "elf"}], **fields}
    return EncounterConfig.model_validate(document)


def test_a_config_without_room_or_party_plays_the_built_in_scenario() -> None:
    assert EncounterConfig().name == BUILT_IN["name"]
    tuned = EncounterConfig.model_validate({"rules": {"max_rounds": 5}})
    assert tuned.rules.max_rounds == 5 and tuned.swarms == EncounterConfig().swarms
    own = _config()
    assert own.swarms == [] and own.name == ""


def test_a_scenario_file_is_a_config_that_replays_from_its_dump() -> None:
    scenario = read_scenario(EXAMPLES / "murder-hole.toml")
    config = EncounterConfig.model_validate(scenario.model_dump(mode="json"))
    assert config.model_dump() == scenario.model_dump()


def test_the_scenario_agent_plays_the_script_and_forced_rolls_come_from_the_config() -> None:
    """Seed 001's potion example: the script says "use potion", the config forces 40."""
    state = ENCOUNTER.new(read_scenario(EXAMPLES / "potion-example.toml"), 5)
    events: list[Any] = list(state.events)
    seats = {seat: ScenarioAgent(strict=True) for seat in ENCOUNTER.seats(state)}
    outcome = play_out(ENCOUNTER, state, seats, 5, after_step=events.extend)
    assert outcome is not None and outcome.summary["unused_forced"] == []
    potion = next(e for e in events if e.kind == "action")
    assert potion.data["action"] == "use potion"
    assert any(r.label == "potion" and r.forced and r.result == 40
               for e in events for r in e.rolls)


def test_a_strict_script_refuses_a_choice_not_possible_now() -> None:
    state = ENCOUNTER.new(_config(rounds=[{"Elf": "use potion"}]), 1)
    seats = {seat: ScenarioAgent(strict=True) for seat in ENCOUNTER.seats(state)}
    with pytest.raises(BadInput, match="round 1, Elf: 'use potion' is not possible now"):
        play_out(ENCOUNTER, state, seats, 1)


def test_a_stale_script_falls_back_to_the_heros_agent_and_is_counted() -> None:
    config = _config(swarms=[{"monster": "ghost", "size": "25%"}], rules={"max_rounds": 3},
                     rounds=[{"Elf": "use potion"}, {"Elf": "wait"}])
    state = ENCOUNTER.new(config, 1)
    play_out(ENCOUNTER, state, {"Elf": ScenarioAgent()}, 1)
    assert ENCOUNTER.watch(state).row()["script_fallbacks"] == 1 == state.off_script


def test_a_cleared_room_goes_on_while_the_script_has_steps() -> None:
    config = _config(room={"size": 2, "contents": ["treasure"]},
                     rounds=[{"Elf": "wait"}, {"Elf": "pick up c1"}])
    state = ENCOUNTER.new(config, 1)
    assert ENCOUNTER.outcome(state) is None
    ENCOUNTER.step(state, {"Elf": Action("wait")})
    assert ENCOUNTER.outcome(state) is None
    ENCOUNTER.step(state, {"Elf": Action("pick up", "c1")})
    outcome = ENCOUNTER.outcome(state)
    assert outcome is not None and outcome.result == "cleared"
    assert state.scene.hero("Elf").treasure == 1


def test_a_seat_sees_its_script_and_agent_but_not_beyond_a_closed_murder_hole() -> None:
    state = ENCOUNTER.new(read_scenario(EXAMPLES / "murder-hole.toml"), 1)
    seen = ENCOUNTER.view(state, "Arwen")
    assert (seen["script"], seen["agent"]) == ("open c1", "wait")
    assert seen["swarms"] == [] and seen["generators"] == []
    truth = ENCOUNTER.view(state, None)
    assert [s["place"] for s in truth["swarms"]] == ["beyond"] and "seed" in truth
    ENCOUNTER.step(state, {"Arwen": Action("open", "c1")})
    assert [s["place"] for s in ENCOUNTER.view(state, "Arwen")["swarms"]] == ["beyond"]


@pytest.mark.parametrize(("hero", "better"), [("warrior", "melee"), ("elf", "shot")])
def test_the_fighter_reads_its_view_and_attacks_with_its_better_die(hero: str,
                                                                     better: str) -> None:
    config = _config(room={"size": 3}, heroes=[{"class": hero, "name": "H"}],
                     swarms=[{"monster": "barbarian", "size": "100%"}])
    state = ENCOUNTER.new(config, 1)
    view = json.loads(json.dumps(ENCOUNTER.view(state, "H")))
    choice = FighterAgent().choose(view, ENCOUNTER.legal(state, "H"), None)  # type: ignore[arg-type]
    assert choice == Action("attack", "swarm-1", better)


def test_an_encounter_records_and_replays_like_every_game() -> None:
    from undercroft.engine.record import new_record, replay

    config = read_scenario(EXAMPLES / "ghost-swarm-party.toml")
    state = ENCOUNTER.new(config, 3)
    record = new_record(ENCOUNTER, config, 3)
    agents = {seat: ENCOUNTER.agents()["scenario"]() for seat in ENCOUNTER.seats(state)}
    play_out(ENCOUNTER, state, agents, 3, record=record)
    _, again, _ = replay(record)
    assert ENCOUNTER.view(again, None) == ENCOUNTER.view(state, None)


def test_auditing_the_encounter_is_one_line_naming_the_audited_systems(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "audit", "amulet-encounter", "--games", "1")
    assert_bad_input(result, "system 'amulet-encounter': no rules audit (audited: amulet,")
