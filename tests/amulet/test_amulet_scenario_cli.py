"""`undercroft amulet scenario FILE [--seed N] [--json] [--runs N]`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run

EXAMPLES = Path(__file__).parents[2] / "examples" / "scenarios"
POTION = EXAMPLES / "potion-example.toml"


def test_the_potion_example_plays_as_seed_001_says(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "amulet", "scenario", str(POTION), "--seed", "5", "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    final = document["final"]
    assert [s["health"] for s in final["swarms"]] == [60]
    assert [(g["id"], g["health"]) for g in final["generators"]] == [("gen-3", 10)]
    destroyed = [e["foe"] for e in document["events"] if e["kind"] == "destroyed"]
    assert destroyed == ["gen-1", "gen-2"]


def test_the_text_log_explains_every_roll(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "amulet", "scenario", str(POTION), "--seed", "5")
    assert result.code == 0
    assert "potion: 6d10 forced -> 40" in result.out
    assert "swarming: d20+3 vs d20+4 [" in result.out
    assert "Outcome:" in result.out


def test_same_seed_same_fight(capsys: pytest.CaptureFixture[str]) -> None:
    example = EXAMPLES / "potion-example.toml"
    first = run(capsys, "amulet", "scenario", str(example), "--seed", "9", "--json")
    second = run(capsys, "amulet", "scenario", str(example), "--seed", "9", "--json")
    other = run(capsys, "amulet", "scenario", str(example), "--seed", "10", "--json")
    assert first.out == second.out != other.out


def test_runs_count_every_outcome(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "duel.toml"
    path.write_text('[room]\nsize = 3\n[[heroes]]\nclass = "warrior"\n'
                    '[[swarms]]\nmonster = "barbarian"\nsize = "100%"\n'
                    '[rules]\nmax_rounds = 30\n')
    result = run(capsys, "amulet", "scenario", str(path), "--seed", "1", "--runs", "40",
                 "--json")
    assert result.code == 0, result.err
    tally = json.loads(result.out)
    assert tally["runs"] == 40 and sum(tally["outcomes"].values()) == 40
    assert set(tally["outcomes"]) <= {"cleared", "escaped", "descended", "wiped out", "time up"}
    again = run(capsys, "amulet", "scenario", str(path), "--seed", "1", "--runs", "40", "--json")
    assert again.out == result.out
    text = run(capsys, "amulet", "scenario", str(path), "--seed", "1", "--runs", "40")
    assert "40 runs from seed 1" in text.out


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_example_scenario_plays(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    result = run(capsys, "amulet", "scenario", str(example), "--seed", "1", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["outcome"] in ("cleared", "escaped", "descended",
                                                 "wiped out", "time up")


@pytest.mark.parametrize(("text", "fragment"), [
    ('[room]\nsize = 2\n[[heroes]]\nclass = "paladin"\n', "unknown class 'paladin'"),
    ('[room]\nsize = 9\n[[heroes]]\nclass = "elf"\n', "room.size"),
    ('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[swarms]]\nmonster = "orc"\nsize = "50%"\n',
     "unknown monster 'orc'"),
    ('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[rounds]]\nElf = "dance"\n',
     "'dance': not an action"),
    ('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[rounds]]\nBob = "wait"\n',
     "no hero named 'Bob'"),
    ('[room]\nsize = 1\n[[heroes]]\nclass = "elf"\n[[swarms]]\nmonster = "demon"\n'
     'health = 90\n', "capacity"),
    ('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[rounds]]\nElf = "use potion"\n',
     "round 1, Elf: 'use potion' is not possible now"),
    ('[room\nsize = 2', "not valid TOML"),
])
def test_a_broken_scenario_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path, text: str,
                                                 fragment: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text)
    result = run(capsys, "amulet", "scenario", str(path), "--seed", "1")
    assert_bad_input(result, fragment)
    assert str(path) in result.err
    assert path.read_text() == text


def test_bad_runs_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert_bad_input(run(capsys, "amulet", "scenario", str(POTION), "--runs", "0"), "--runs 0")


@pytest.mark.parametrize(("force", "fragment"), [
    ('roll = "swarming"\ntotal = 4', "'swarming' is a contest: give result = win or lose"),
    ('roll = "potion"\nresult = "yes"', "'potion' is a total: give total = N"),
    ('roll = "dragon breath"\ntotal = 4', "force.0.roll"),
])
def test_a_forced_roll_must_fit_its_label(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          force: str, fragment: str) -> None:
    path = tmp_path / "forced.toml"
    path.write_text(f'[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[force]]\n{force}\n')
    assert_bad_input(run(capsys, "amulet", "scenario", str(path), "--seed", "1"), fragment)


def test_forced_rolls_never_reached_are_reported(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    path = tmp_path / "forced.toml"
    path.write_text('[room]\nsize = 2\n[[heroes]]\nclass = "elf"\n[[force]]\nroll = "ale"\n'
                    'result = "yes"\n')
    result = run(capsys, "amulet", "scenario", str(path), "--seed", "1", "--json")
    assert json.loads(result.out)["unused_forced"] == ["ale=yes"]


# --- limits: a small file must not ask for unbounded work (docs/amulet-scenarios.md, Limits) --

LONE_WIZARD = '[room]\nsize = 5\n[[heroes]]\nclass = "wizard"\nagent = "wait"\n'


def _entries(table: str, body: str, count: int) -> str:
    return f"[[{table}]]\n{body}\n" * count


@pytest.mark.parametrize(("text", "field", "limit"), [
    (LONE_WIZARD + _entries("swarms", 'monster = "demon"\nhealth = 5', 9), "swarms",
     "at most 8 items"),
    (LONE_WIZARD + _entries("monsters", 'kind = "hobbit"', 17), "monsters", "at most 16 items"),
    (LONE_WIZARD + _entries("generators", 'monster = "demon"', 9), "generators",
     "at most 8 items"),
    (LONE_WIZARD + _entries("exits", 'kind = "door"\nwall = "north"', 17), "exits",
     "at most 16 items"),
    (LONE_WIZARD + _entries("force", 'roll = "melee"\ntotal = 3', 257), "force",
     "at most 256 items"),
    (LONE_WIZARD + _entries("rounds", 'Wizard = "wait"', 1001), "rounds", "at most 1000 items"),
    ('[room]\nsize = 5\ncontents = [' + '"key", ' * 17 + ']\n[[heroes]]\nclass = "elf"\n',
     "room.contents", "at most 16 items"),
    ('[room]\nsize = 5\nlevel = 1001\n[[heroes]]\nclass = "elf"\n', "room.level", "1000"),
    ('[room]\nsize = 5\n[[heroes]]\nclass = "elf"\nhealth = 10001\n', "heroes.0.health",
     "less than or equal to 10000"),
    ('[room]\nsize = 5\n[[heroes]]\nclass = "elf"\npotions = 1001\n', "heroes.0.potions",
     "less than or equal to 1000"),
    ('[room]\nsize = 5\n[[heroes]]\nclass = "elf"\nlevel_points = { armor = 101 }\n',
     "heroes.0.level_points.armor", "less than or equal to 100"),
    (LONE_WIZARD + '[[monsters]]\nkind = "hobbit"\nhealth = 10001\n', "monsters.0.health",
     "less than or equal to 10000"),
    (LONE_WIZARD + '[[generators]]\nmonster = "demon"\nhealth = 10001\n',
     "generators.0.health", "less than or equal to 10000"),
    (LONE_WIZARD + '[[force]]\nroll = "melee"\ntotal = 10001\n', "force.0.total",
     "less than or equal to 10000"),
    (LONE_WIZARD + '[[swarms]]\nmonster = "demon"\nsize = "100%"\n[rules]\nmax_rounds = 10000\n',
     "rules", "is 110,000, more than the limit 20,000: at most 1,818 rounds here"),
])
def test_a_scenario_past_a_limit_is_one_line_naming_field_and_limit(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, field: str,
        limit: str) -> None:
    path = tmp_path / "too-much.toml"
    path.write_text(text)
    result = run(capsys, "amulet", "scenario", str(path), "--seed", "1", "--json")
    assert_bad_input(result, f"{path}, field {field}: ")
    assert limit in result.err
    runs = run(capsys, "simulate", "amulet", "--scenario", str(path), "--runs", "2")
    assert_bad_input(runs, f"{path}, field {field}: ")


def test_the_issues_200_generators_are_refused_at_once(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """The reported file: 1.5 KB of generators that once played 43 s in 3.3 GB."""
    path = tmp_path / "generators.toml"
    path.write_text(LONE_WIZARD + _entries("generators", 'monster = "slime"', 200))
    result = run(capsys, "amulet", "scenario", str(path), "--seed", "1")
    assert_bad_input(result, "field generators: List should have at most 8 items after "
                             "validation, not 200")
    assert len(result.err) < 300


def test_any_mix_within_the_limits_plays_the_default_rounds(tmp_path: Path) -> None:
    """Documented: the default 60 rounds fit every mix the other limits allow."""
    from undercroft.systems.amulet.encounter.scenario import read_scenario

    path = tmp_path / "crowded.toml"
    heroes = "".join(f'[[heroes]]\nclass = "{name}"\n'
                     for name in ("warrior", "elf", "valkyrie", "wizard"))
    path.write_text('[room]\nsize = 5\n' + heroes
                    + _entries("swarms", 'monster = "demon"\nhealth = 5', 8)
                    + _entries("monsters", 'kind = "hobbit"', 16)
                    + _entries("generators", 'monster = "demon"', 8)
                    + "[rules]\nactions_per_round = 3\nmax_rounds = 60\n")
    scenario = read_scenario(path)
    assert (len(scenario.swarms), len(scenario.monsters), len(scenario.generators)) == (8, 16, 8)
    assert scenario.rules.max_rounds == 60 and scenario.rules.actions_per_round == 3
