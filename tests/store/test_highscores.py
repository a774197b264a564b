"""The local high-score table: ranked right, kept per table of friends, never harming a file."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, event

from undercroft.errors import BadInput
from undercroft.store.highscores import (
    FILE_NAME,
    Score,
    default_path,
    record_score,
    table_key,
    top_scores,
)

START = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
FRIENDS = ["Ann", "Bob"]


def record(path: Path, **changes: Any) -> int:
    """Record one Amulet game with sensible defaults, overridden by ``changes``."""
    game: dict[str, Any] = {
        "system": "amulet",
        "players": FRIENDS,
        "depth": 1,
        "treasure": {"Thyra": 2},
        "seed": 42,
        "rounds": 10,
        "when": START,
    }
    game.update(changes)
    return record_score(path, **game)


def test_a_score_comes_back_as_it_went_in(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / FILE_NAME
    new_id = record(path, depth=4, treasure={"Thyra": 3, "Merlin": 5}, seed=2**80, rounds=37)
    assert path.is_file()
    assert top_scores(path, system="amulet", players=FRIENDS) == [
        Score(rank=1, depth=4, total_treasure=8, treasure_by_hero={"Thyra": 3, "Merlin": 5},
              seed=2**80, rounds=37, when=START, id=new_id)
    ]


def test_a_time_in_another_zone_comes_back_as_the_same_instant_in_utc(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    eastern = START.astimezone(timezone(timedelta(hours=5)))
    record(path, when=eastern)
    [score] = top_scores(path, system="amulet", players=FRIENDS)
    assert score.when == START
    assert score.when.utcoffset() == timedelta(0)


def test_deeper_beats_richer_and_the_earlier_game_wins_a_tie(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    shallow_rich = record(path, depth=1, treasure={"A": 99})
    deep_late = record(path, depth=3, treasure={"A": 1}, when=START + timedelta(days=2))
    deep_early = record(path, depth=3, treasure={"A": 1}, when=START)
    deep_richer = record(path, depth=3, treasure={"A": 1, "B": 1}, when=START + timedelta(days=9))
    scores = top_scores(path, system="amulet", players=FRIENDS)
    assert [score.id for score in scores] == [deep_richer, deep_early, deep_late, shallow_rich]
    assert [score.rank for score in scores] == [1, 2, 3, 4]
    assert top_scores(path, system="amulet", players=FRIENDS, limit=2) == scores[:2]
    assert top_scores(path, system="amulet", players=FRIENDS, limit=0) == []


def test_the_same_friends_share_a_table_in_any_order_and_case(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    ours = record(path, players=["Ann", "Bob"])
    theirs = record(path, players=["Ann", "Bob", "Cy"])
    other_game = record(path, system="labyrinth", players=["Ann", "Bob"])

    def ids(system: str, players: list[str]) -> list[int]:
        return [score.id for score in top_scores(path, system=system, players=players)]

    assert ids("amulet", ["  BOB ", "ann"]) == [ours]
    assert ids("amulet", ["cy", "bob", "ANN"]) == [theirs]
    assert ids("labyrinth", ["Bob", "Ann"]) == [other_game]
    assert ids("amulet", ["Ann"]) == []
    assert table_key(["Straße", "Ann"]) == table_key(["ANN", "STRASSE"])
    assert table_key(["a, b"]) != table_key(["a", "b"])


def test_reading_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / FILE_NAME
    assert top_scores(path, system="amulet", players=FRIENDS) == []
    assert not path.parent.exists()


def test_an_empty_file_is_an_empty_table_and_can_be_written(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b"")
    assert top_scores(path, system="amulet", players=FRIENDS) == []
    assert path.read_bytes() == b""
    new_id = record(path)
    assert [score.id for score in top_scores(path, system="amulet", players=FRIENDS)] == [new_id]


def assert_refused_untouched(path: Path, call: Callable[[], object], words: str) -> None:
    """``call`` raises one line of BadInput naming the file, and the file is byte for byte kept."""
    before = path.read_bytes()
    with pytest.raises(BadInput) as raised:
        call()
    message = str(raised.value)
    assert str(path) in message
    assert words in message
    assert "\n" not in message
    assert path.read_bytes() == before


def both_calls(path: Path) -> list[Callable[[], object]]:
    return [lambda: top_scores(path, system="amulet", players=FRIENDS), lambda: record(path)]


def test_a_file_that_is_not_sqlite_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(bytes(range(256)) * 20)
    for call in both_calls(path):
        assert_refused_untouched(path, call, "not an SQLite database")
    assert sorted(tmp_path.iterdir()) == [path]


def sqlite_file(path: Path, *statements: str) -> Path:
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()
    return path


def test_a_score_table_without_our_columns_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = sqlite_file(tmp_path / FILE_NAME, "CREATE TABLE scores (id INTEGER, depth INTEGER)",
                       "INSERT INTO scores VALUES (1, 3)")
    for call in both_calls(path):
        assert_refused_untouched(path, call, "table 'scores' is broken")


def test_someone_elses_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = sqlite_file(tmp_path / FILE_NAME, "CREATE TABLE recipes (name TEXT)")
    for call in both_calls(path):
        assert_refused_untouched(path, call, "without a 'scores' table")


def test_a_failed_write_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    """A trigger that refuses new rows: the insert fails inside the transaction."""
    path = tmp_path / FILE_NAME
    record(path)
    sqlite_file(path, "CREATE TRIGGER closed BEFORE INSERT ON scores "
                      "BEGIN SELECT RAISE(ABORT, 'the table is closed'); END")
    before = top_scores(path, system="amulet", players=FRIENDS)
    assert_refused_untouched(path, lambda: record(path, depth=9), "the table is closed")
    assert top_scores(path, system="amulet", players=FRIENDS) == before


@pytest.mark.parametrize("existing", [True, False])
def test_schema_and_row_are_written_together_or_not_at_all(
    tmp_path: Path, existing: bool
) -> None:
    """The insert fails after the table was made: no table alone, and no new file, is left."""
    path = tmp_path / FILE_NAME
    if existing:
        path.write_bytes(b"")

    def full_disk(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        if statement.startswith("INSERT"):
            raise sqlite3.OperationalError("database or disk is full")

    event.listen(Engine, "before_cursor_execute", full_disk)
    try:
        with pytest.raises(BadInput, match="disk is full"):
            record(path)
    finally:
        event.remove(Engine, "before_cursor_execute", full_disk)
    if existing:
        assert path.read_bytes() == b""
    else:
        assert list(tmp_path.iterdir()) == []


def test_a_file_from_a_newer_undercroft_is_refused(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    record(path)
    sqlite_file(path, "PRAGMA user_version = 99")
    for call in both_calls(path):
        assert_refused_untouched(path, call, "newer Undercroft")


@pytest.mark.parametrize(
    ("column", "value", "words"),
    [
        ("treasure", "'{not json'", "unreadable row"),
        ("treasure", "'{\"A\": 5}'", "does not add up"),
        ("depth", "'deep'", "depth is 'deep'"),
        ("seed", "'lucky'", "seed is 'lucky'"),
    ],
)
def test_a_damaged_row_is_reported_not_returned(
    tmp_path: Path, column: str, value: str, words: str
) -> None:
    path = tmp_path / FILE_NAME
    record(path)
    sqlite_file(path, f"UPDATE scores SET {column} = {value}")
    assert_refused_untouched(path, both_calls(path)[0], words)


def test_a_folder_is_not_a_score_file(tmp_path: Path) -> None:
    for call in both_calls(tmp_path):
        with pytest.raises(BadInput, match="a folder, not a score file"):
            call()


@pytest.mark.parametrize(
    ("changes", "argument"),
    [
        ({"depth": -1}, "depth"),
        ({"depth": 2.5}, "depth"),
        ({"players": []}, "players"),
        ({"players": "Ann"}, "players"),
        ({"players": ["Ann", "  "]}, "players"),
        ({"rounds": -3}, "rounds"),
        ({"treasure": {"Thyra": -1}}, "treasure"),
        ({"system": ""}, "system"),
        ({"seed": True}, "seed"),
    ],
)
def test_bad_arguments_are_named_and_nothing_is_written(
    tmp_path: Path, changes: dict[str, Any], argument: str
) -> None:
    path = tmp_path / FILE_NAME
    with pytest.raises(BadInput, match=rf"^{argument}\b"):
        record(path, **changes)
    assert not path.exists()


def test_a_negative_limit_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match=r"^limit"):
        top_scores(tmp_path / FILE_NAME, system="amulet", players=FRIENDS, limit=-1)


def test_the_default_file_follows_undercroft_data_else_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("UNDERCROFT_DATA", raising=False)
    assert default_path() == tmp_path / "home" / ".local" / "share" / "undercroft" / FILE_NAME
    monkeypatch.setenv("UNDERCROFT_DATA", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / FILE_NAME
    monkeypatch.setenv("UNDERCROFT_DATA", "")
    assert default_path().parent.name == "undercroft"


games = st.lists(
    st.tuples(
        st.integers(0, 4),
        st.dictionaries(st.sampled_from(["A", "B", "C"]), st.integers(0, 3), max_size=3),
        st.integers(0, 5),
    ),
    max_size=12,
)


@settings(max_examples=25, deadline=None)
@given(games=games, limit=st.integers(0, 15))
def test_top_scores_are_sorted_and_never_more_than_the_limit(
    games: list[tuple[int, dict[str, int], int]], limit: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / FILE_NAME
        for depth, treasure, day in games:
            record(path, depth=depth, treasure=treasure, when=START + timedelta(days=day))
        scores = top_scores(path, system="amulet", players=FRIENDS, limit=limit)
    assert len(scores) == min(limit, len(games))
    keys = [(-s.depth, -s.total_treasure, s.when) for s in scores]
    assert keys == sorted(keys)
    assert [s.rank for s in scores] == list(range(1, len(scores) + 1))
    best = sorted((-d, -sum(t.values()), START + timedelta(days=day)) for d, t, day in games)
    assert keys == best[:limit]
