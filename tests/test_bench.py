"""The benchmarks in bench/ still run: a small run of each prints its figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent.parent / "bench"


def run(script: str, *args: str) -> list[str]:
    done = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()


def test_the_game_benchmark_prints_its_figures() -> None:
    lines = run("amulet_games.py", "--games", "2", "--seed", "5")
    last: dict[str, Any] = json.loads(lines[-1])
    assert set(last) == {"games_per_second", "rounds_per_second"}
    assert last["games_per_second"] > 0 and last["rounds_per_second"] > last["games_per_second"]


def test_the_game_benchmark_json_is_one_document_of_every_figure() -> None:
    document = json.loads("\n".join(run("amulet_games.py", "--games", "2", "--json")))
    assert document["games"] == 2 and document["mean_depth_reached"] >= 1
    assert sum(document["results"].values()) == 1.0


def test_the_generation_benchmark_prints_its_figure() -> None:
    lines = run("amulet_generate.py", "--seconds", "0.2", "--json")
    assert json.loads(lines[-1])["levels_per_second"] > 0


def test_the_scaling_benchmark_plays_the_same_games_on_each_count() -> None:
    document = json.loads(run("sim_scaling.py", "--games", "4", "--workers", "1,2",
                              "--json")[-1])
    assert document["same_figures"] is True
    assert set(document["games_per_second"]) == {"1", "2"}
    assert document["speedup_over_first"]["1"] == 1.0


def test_the_dungeon_benchmark_prints_its_figure() -> None:
    figures = json.loads(run("cardcrawl_dungeons.py", "--seconds", "0.2", "--json")[-1])
    assert figures["dungeons_per_second"] > 0 and figures["rooms"] == 20


def test_the_resume_benchmark_resumes_from_a_snapshot_and_by_replay() -> None:
    figures = json.loads(run("table_resume.py", "--steps", "40", "--every", "15",
                             "--json")[-1])
    assert figures["snapshot_step"] == 30 and figures["steps_after_snapshot"] == 10
    assert figures["replay_seconds"] > 0 and figures["resume_seconds"] > 0
    assert figures["snapshot_bytes"] > 0


def test_the_audit_overhead_benchmark_prints_both_modes() -> None:
    document = json.loads(run("audit_overhead.py", "--games", "1", "--rounds", "1",
                              "--json")[-1])
    assert document["games_per_second_off"] > 0 and document["games_per_second_on"] > 0
    assert document["ratio"] == round(document["games_per_second_on"]
                                      / document["games_per_second_off"], 4)


def test_the_party_split_benchmark_prints_the_shares_apart() -> None:
    document = json.loads(run("amulet_party_split.py", "--games", "1", "--json")[-1])
    assert document["games"] == 1 and 0 <= document["steps_apart"] <= 1
    assert document["rounds_p90"] == document["rounds_median"] > 0


def test_the_same_games_check_finds_a_changed_game(tmp_path: Path) -> None:
    saved = tmp_path / "games.json"
    run("same_games.py", "--games", "2", "--systems", "squad,cardcrawl", "--save", str(saved))
    assert run("same_games.py", "--games", "2", "--systems", "squad,cardcrawl",
               "--against", str(saved))[-1].startswith("identical")
    document = json.loads(saved.read_text())
    document["squad"][1]["events"] = "0" * 16
    saved.write_text(json.dumps(document))
    done = subprocess.run([sys.executable, str(BENCH / "same_games.py"), "--games", "2",
                           "--systems", "squad,cardcrawl", "--against", str(saved)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 1 and "squad seed 1: events differ" in done.stdout


def test_the_startup_benchmark_times_both_commands() -> None:
    document = json.loads("\n".join(run("startup.py", "--runs", "1", "--json")))
    assert document["runs"] == 1
    assert document["help_median_seconds"] > 0 and document["roll_best_seconds"] > 0
    assert document["heavy_loaded_by_import"] == []


def test_the_worker_start_benchmark_prints_its_figures() -> None:
    document = json.loads("\n".join(run("worker_start.py", "--runs", "1", "--json")))
    assert document["runs"] == 1
    assert 0 < document["start_cpu_seconds_median"] < document[
        "after_two_games_cpu_seconds_median"]
    assert document["heavy_held"] == []
