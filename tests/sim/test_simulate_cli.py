"""`undercroft simulate`: the contract's JSON, the same figures however many workers (or a
Dask cluster) play, rows for pandas, sweeps, and bad input refused in one line."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import Result, assert_bad_input, run
from undercroft.sim.games import game_seed

SHORT = ("--set", "depth_limit=2")
"""Games that end at depth 2: whole games, quickly."""
EXAMPLE = Path(__file__).parents[2] / "examples" / "scenarios" / "ghost-swarm-party.toml"


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    result = run(capsys, "simulate", "amulet", *args, "--json")
    assert result.code == 0, result.err
    document: dict[str, Any] = json.loads(result.out)
    return document


def test_the_json_document_has_the_contracts_fields(capsys: pytest.CaptureFixture[str]) -> None:
    document = _json(capsys, "--games", "6", "--seed", "3", "--workers", "1", *SHORT)
    assert {"system", "games", "seed", "config", "metrics", "rates"} <= set(document)
    assert (document["system"], document["games"], document["seed"]) == ("amulet", 6, 3)
    assert document["config"]["depth_limit"] == 2
    metrics, rates = document["metrics"], document["rates"]
    for name in ("depth_reached", "rounds", "treasure_per_hero", "tokens_spent",
                 "announcements", "food_eaten", "deaths_by.countdown", "deaths_by.ghost",
                 "deaths_by.trap", "deaths_by.poison", "deaths_by.friendly fire",
                 "treasure.elf", "rounds_alive.wizard"):
        lo, hi = metrics[name]["ci95"]
        assert lo <= metrics[name]["mean"] <= hi
        assert metrics[name]["n"] == 6
    for name in ("alive_at_end.warrior", "alive_at_end.elf"):
        lo, hi = rates[name]["ci95"]
        assert 0 <= lo <= rates[name]["p"] <= hi <= 1
    results = [name for name in rates if name.startswith("result=")]
    assert sum(rates[name]["count"] for name in results) == 6


def test_the_same_figures_whatever_the_number_of_workers(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "8", "--seed", "11", *SHORT)
    alone = _json(capsys, *args, "--workers", "1")
    assert _json(capsys, *args, "--workers", "2") == alone
    assert _json(capsys, *args, "--workers", "1") == alone


def test_a_dask_cluster_gives_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    args = ("--games", "6", "--seed", "5", *SHORT)
    local = _json(capsys, *args, "--workers", "2")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = _json(capsys, *args, "--scheduler", cluster.scheduler_address)
    assert remote == local


def test_a_sweep_is_a_grid_played_on_the_same_seeds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = tmp_path / "rows.csv"
    document = _json(capsys, "--games", "3", "--seed", "2", "--workers", "1", *SHORT,
                     "--set", "tokens=0,2", "--set", "countdown_every=1,3", "--out", str(rows))
    assert document["sweep"] == {"tokens": ["0", "2"], "countdown_every": ["1", "3"]}
    arms = document["arms"]
    assert [a["settings"] for a in arms] == [
        {"tokens": t, "countdown_every": c} for t in ("0", "2") for c in ("1", "3")]
    assert [a["config"]["tokens"] for a in arms] == [0, 0, 2, 2]
    assert all(a["metrics"]["depth_reached"]["n"] == 3 for a in arms)
    assert document["metrics"]["depth_reached"]["n"] == 12
    with rows.open() as handle:
        table = list(csv.DictReader(handle))
    assert len(table) == 12
    assert [r["seed"] for r in table[:3]] == [r["seed"] for r in table[9:]] == [
        str(game_seed(2, i)) for i in range(3)]
    assert {r["tokens"] for r in table} == {"0", "2"}
    no_tokens = [r for r in table if r["tokens"] == "0"]
    # Starting with none, the heroes spend only the tokens announcements earn them.
    assert all(int(r["tokens_spent"]) <= int(r["tokens_earned"]) for r in no_tokens)


def test_rows_as_parquet_hold_what_csv_holds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parquet = pytest.importorskip("pyarrow.parquet")
    args = ("--games", "4", "--seed", "9", "--workers", "1", *SHORT)
    _json(capsys, *args, "--out", str(tmp_path / "rows.csv"))
    _json(capsys, *args, "--out", str(tmp_path / "rows.parquet"))
    table = parquet.read_table(tmp_path / "rows.parquet").to_pylist()
    with (tmp_path / "rows.csv").open() as handle:
        from_csv = list(csv.DictReader(handle))
    assert len(table) == len(from_csv) == 4
    assert [r["depth_reached"] for r in table] == [int(r["depth_reached"]) for r in from_csv]
    assert [r["result"] for r in table] == [r["result"] for r in from_csv]
    assert isinstance(table[0]["alive_at_end.elf"], bool)


def test_stdout_holds_only_the_json_and_the_seed_repeats(
        capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "simulate", "amulet", "--games", "2", "--seed", "4", "--workers", "1",
                *SHORT, "--json")
    second = run(capsys, "simulate", "amulet", "--games", "2", "--seed", "4", "--workers", "1",
                 *SHORT, "--json")
    assert first.out == second.out
    json.loads(first.out)


def test_the_table_without_json_names_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "simulate", "amulet", "--games", "2", "--seed", "4", "--workers", "1",
                 *SHORT)
    assert result.code == 0
    assert "depth_reached" in result.out and "result=" in result.out


def test_game_seeds_never_change() -> None:
    """Published results name their run seed: game i's seed must stay what it was."""
    assert game_seed(0, 0) == game_seed(0, 0)
    assert [game_seed(0, i) for i in range(3)] == [
        int.from_bytes(__import__("hashlib").sha256(f"undercroft|simulate|0|{i}".encode())
                       .digest()[:8], "little") >> 1 for i in range(3)]
    assert len({game_seed(s, i) for s in range(20) for i in range(20)}) == 400


@pytest.mark.parametrize(("args", "fragment"), [
    (("nosuch", "--games", "3"),
     "system 'nosuch': unknown (known: amulet, amulet-encounter, cardcrawl, labyrinth, "
     "squad)"),
    (("amulet", "--games", "0"), "--games 0: expected 1 to"),
    (("amulet",), "--games: required"),
    (("amulet", "--games", "2", "--set", "bogus=1"), "valid: party, play.actions_per_round"),
    (("amulet", "--games", "2", "--set", "play.scaling=maybe"), "valid boolean"),
    (("amulet", "--games", "2", "--set", "tokens=many"), "--set tokens=many: Input should be"),
    (("amulet", "--games", "2", "--agents", "smart"), "--agents 'smart': unknown"),
    (("amulet", "--games", "2", "--workers", "0"), "--workers 0"),
    (("amulet", "--games", "2", "--party", "warrior,orc"), "unknown class 'orc'"),
    (("amulet", "--games", "2", "--out", "rows.txt"), "expected a .csv or .parquet"),
    (("amulet", "--runs", "3"), "--scenario and --runs go together"),
    (("amulet", "--scenario", str(EXAMPLE), "--runs", "0"), "--runs 0"),
    (("amulet", "--scenario", str(EXAMPLE), "--runs", "3", "--games", "2"), "takes only"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          args: tuple[str, ...], fragment: str) -> None:
    assert_bad_input(run(capsys, "simulate", *args), fragment)


def test_bad_input_leaves_a_saved_rows_file_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = tmp_path / "rows.csv"
    rows.write_text("earlier results\n")
    result: Result = run(capsys, "simulate", "amulet", "--games", "2", "--set", "tokens=x",
                         "--out", str(rows))
    assert_bad_input(result, "tokens=x")
    assert rows.read_text() == "earlier results\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.csv"]


def test_an_encounter_run_gives_win_lose_flee_rates_and_damage(
        capsys: pytest.CaptureFixture[str]) -> None:
    document = _json(capsys, "--scenario", str(EXAMPLE), "--runs", "60", "--seed", "1")
    assert (document["system"], document["runs"], document["seed"]) == ("amulet", 60, 1)
    rates = document["rates"]
    assert sum(rates[name]["count"] for name in ("win", "lose", "flee", "time up")) == 60
    for name in ("win", "lose", "flee"):
        lo, hi = rates[name]["ci95"]
        assert lo <= rates[name]["p"] <= hi
    damage = document["metrics"]["damage_taken"]
    assert damage["n"] == 60 and damage["mean"] > 0


def _no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make playing a fault: a test with this passes only if the command stops before."""
    def played(*args: object) -> None:
        raise AssertionError("games were played before the output paths were checked")

    monkeypatch.setattr("undercroft.cli.simulate_command._play", played)


def _missing_folder(tmp: Path) -> Path:
    return tmp / "missing" / "rows.csv"


def _folder_rows(tmp: Path) -> Path:
    (tmp / "rows.csv").mkdir()
    return tmp / "rows.csv"


def _fifo_rows(tmp: Path) -> Path:
    os.mkfifo(tmp / "rows.csv")
    return tmp / "rows.csv"


def _file_report(tmp: Path) -> Path:
    (tmp / "report.txt").write_text("notes")
    return tmp / "report.txt"


def _report_under_a_file(tmp: Path) -> Path:
    (tmp / "notes").write_text("notes")
    return tmp / "notes" / "report"


def _folder_page(tmp: Path) -> Path:
    (tmp / "report" / "index.html").mkdir(parents=True)
    return tmp / "report"


def _fifo_page(tmp: Path) -> Path:
    (tmp / "report").mkdir()
    os.mkfifo(tmp / "report" / "index.html")
    return tmp / "report"


@pytest.mark.parametrize(("make", "option", "fragment"), [
    (_missing_folder, "--out", "no folder"),
    (_folder_rows, "--out", "is a folder, not a regular file; not replaced"),
    (_fifo_rows, "--out", "is a FIFO (named pipe), not a regular file; not replaced"),
    (_file_report, "--report", "not a folder"),
    (_report_under_a_file, "--report", "is not a folder"),
    (_folder_page, "--report", "index.html: is a folder, not a regular file; not replaced"),
    (_fifo_page, "--report", "index.html: is a FIFO (named pipe)"),
])
def test_an_output_that_cannot_be_written_is_refused_before_the_run(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        make: Callable[[Path], Path], option: str, fragment: str) -> None:
    _no_games(monkeypatch)
    target: Path = make(tmp_path)
    before = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))
    result = run(capsys, "simulate", "amulet", "--games", "2", "--workers", "1", *SHORT,
                 option, str(target), "--json")
    assert_bad_input(result, f"{option} {target}")
    assert fragment in result.err
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == before


def test_a_report_folder_not_made_yet_is_made_after_the_run(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = tmp_path / "runs" / "today"
    result = run(capsys, "simulate", "amulet", "--games", "1", "--workers", "1", *SHORT,
                 "--report", str(report), "--json")
    assert result.code == 0, result.err
    assert (report / "index.html").is_file()
