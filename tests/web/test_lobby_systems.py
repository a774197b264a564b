"""The lobby's systems list (GET /api/systems) says each system in words: a name and a
line a person understands, the agent the command line defaults to, and the seats each
player count (or party) will make."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import new_app

from undercroft.engine.registry import default_agent, get, names


def systems(tmp_path: Path) -> dict[str, dict[str, Any]]:
    answer = TestClient(new_app(tmp_path)).get("/api/systems")
    assert answer.status_code == 200
    return {system["name"]: system for system in answer.json()}


def test_every_system_has_a_name_and_a_line_in_words(tmp_path: Path) -> None:
    offered = systems(tmp_path)
    titles = [system["title"] for system in offered.values()]
    assert len(set(titles)) == len(titles)
    for name, system in offered.items():
        assert system["title"][:1].isupper(), name
        assert len(system["description"].split()) >= 8, name
        assert "_" not in system["description"], name
    assert offered["squad"]["title"] == "Dungeon Squad! + Coin-Op"
    assert "without a game master" in offered["amulet"]["description"]


def test_the_lobby_default_agent_is_the_command_lines(tmp_path: Path) -> None:
    for name, system in systems(tmp_path).items():
        assert system["default_agent"] == default_agent(name), name
        assert system["default_agent"] in system["agents"]
    assert systems(tmp_path)["labyrinth"]["default_agent"] == "careful"


def test_the_seats_follow_the_player_count_as_the_rulesets_make_them(tmp_path: Path) -> None:
    offered = systems(tmp_path)
    for name in ("cardcrawl", "labyrinth", "squad"):
        rule = offered[name]["seats_by"]
        assert rule["field"] == "players"
        ruleset = get(name)
        bounds = ruleset.config_model().model_fields["players"].metadata
        top = next(bound.le for bound in bounds if hasattr(bound, "le"))
        assert sorted(rule["seats"], key=int) == [str(count) for count in range(1, top + 1)]
        for count, seats in rule["seats"].items():
            config = ruleset.config_model()(players=int(count))
            assert seats == list(ruleset.seats(ruleset.new(config, 0))), (name, count)
    assert offered["squad"]["seats_by"]["seats"]["3"] == ["Guide-1", "Guide-2", "Guide-3", "GM"]
    assert offered["amulet"]["seats_by"] == {"field": "party", "capitalised": True}


def test_house_rules_have_titles_in_words(tmp_path: Path) -> None:
    for name in names():
        schema = get(name).config_model().model_json_schema()
        for field, rule in schema["properties"].items():
            made_up = field.replace("_", " ").title()
            if name in ("amulet", "cardcrawl", "labyrinth", "squad") and "_" in field:
                assert rule.get("title") != made_up, (name, field)
    squad = get("squad").config_model().model_json_schema()["properties"]
    assert squad["gm_group"]["title"] == "Monsters the GM brings per standing hero"
