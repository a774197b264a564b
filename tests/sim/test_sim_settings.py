"""The lab's settings: dotted paths into the config, sweeps as a grid, refusals in one line."""

from __future__ import annotations

import pytest

from undercroft.errors import BadInput
from undercroft.sim.settings import build_arms, parse_sets, read_config_file, setting_keys
from undercroft.systems.amulet.game.config import GameConfig


def test_keys_reach_into_nested_settings() -> None:
    keys = setting_keys(GameConfig)
    assert {"party", "countdown_every", "play.scaling", "level.level_size"} <= set(keys)
    assert "play" not in keys


def test_a_sweep_is_the_grid_of_every_combination_in_order() -> None:
    sweeps = parse_sets(["countdown_every=2,4", "play.scaling=true,false", "tokens=1"],
                        GameConfig)
    arms = build_arms(GameConfig, {}, sweeps)
    assert [dict(a.settings) for a in arms] == [
        {"countdown_every": e, "play.scaling": s} for e in ("2", "4") for s in ("true", "false")]
    configs = [a.config for a in arms]
    assert all(isinstance(c, GameConfig) for c in configs)
    assert [(c.countdown_every, c.play.scaling, c.tokens) for c in configs  # type: ignore[attr-defined]
            ] == [(2, True, 1), (2, False, 1), (4, True, 1), (4, False, 1)]
    assert arms[1].label == "countdown_every=2, play.scaling=false"
    plain = build_arms(GameConfig, {}, parse_sets(["tokens=1"], GameConfig))
    assert [(a.label, a.config.tokens) for a in plain] == [("as configured", 1)]  # type: ignore[attr-defined]


def test_a_list_setting_joins_its_items_with_plus() -> None:
    arms = build_arms(GameConfig, {}, parse_sets(["party=warrior+elf,wizard"], GameConfig))
    assert [a.config.party for a in arms] == [("warrior", "elf"), ("wizard",)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("sets", "fragment"), [
    (["bogus=1"], "setting 'bogus': unknown setting (valid: party, "),
    (["play.scaling=maybe"], "setting play.scaling=maybe: Input should be a valid boolean"),
    (["countdown_every=two"], "setting countdown_every=two: Input should be a valid integer"),
    (["countdown_every=0"], "greater than or equal to 1"),
    (["tokens"], "expected key=value"),
    (["tokens=1,,2"], "an empty value"),
    (["tokens=1", "tokens=2"], "given twice"),
    (["party=warrior+orc"], "unknown class 'orc'"),
])
def test_bad_settings_are_refused_naming_the_key(sets: list[str], fragment: str) -> None:
    with pytest.raises(BadInput) as refused:
        build_arms(GameConfig, {}, parse_sets(sets, GameConfig))
    assert fragment in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_config_file_is_toml_or_json_and_checked(tmp_path) -> None:  # type: ignore[no-untyped-def]
    toml = tmp_path / "rules.toml"
    toml.write_text("tokens = 5\n[play]\nscaling = false\n")
    arms = build_arms(GameConfig, read_config_file(toml), [])
    assert (arms[0].config.tokens, arms[0].config.play.scaling) == (5, False)  # type: ignore[attr-defined]
    broken = tmp_path / "broken.json"
    broken.write_text('{"tokens": -1}')
    with pytest.raises(BadInput, match="config file: tokens: Input should be greater"):
        build_arms(GameConfig, read_config_file(broken), [])
    unknown = tmp_path / "unknown.toml"
    unknown.write_text("tokenz = 1\n")
    with pytest.raises(BadInput, match="tokenz: Extra inputs are not permitted"):
        build_arms(GameConfig, read_config_file(unknown), [])
    garbled = tmp_path / "garbled.toml"
    garbled.write_text("tokens = \n")
    with pytest.raises(BadInput, match="not valid TOML"):
        read_config_file(garbled)
