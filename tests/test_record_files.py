"""Every command that keeps a game record checks the file it will write the same way,
and a record replays only under the rules it was made with."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run
from undercroft.engine.record import check_record_target, check_rules
from undercroft.engine.registry import get
from undercroft.errors import BadInput

WRITERS = {
    "play amulet": ["play", "amulet", "--auto", "all", "--seed", "1", "--party", "warrior",
                    "--depth-limit", "1"],
    "play squad": ["play", "squad", "--auto", "all", "--seed", "3"],
    "play cardcrawl": ["play", "cardcrawl", "--auto", "all", "--seed", "2"],
    "audit --game": ["audit", "squad", "--seed", "2", "--game", "0", "--until", "3"],
}


@pytest.mark.parametrize("writer", list(WRITERS))
def test_no_record_keeper_overwrites_a_file_that_is_not_a_record(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, writer: str) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", encoding="utf-8")
    assert_bad_input(run(capsys, *WRITERS[writer], "--record", str(notes)),
                     f"error: --record {notes}: exists and is not a game record; "
                     "not overwritten")
    assert notes.read_text(encoding="utf-8") == "my notes"


def test_a_record_target_may_be_nothing_or_a_record_in_a_folder(tmp_path: Path) -> None:
    check_record_target(tmp_path / "new" / "game.json", "record")
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    with pytest.raises(BadInput, match=r"^record: cannot write there: Not a directory$"):
        check_record_target(tmp_path / "a-file" / "game.json", "record")
    with pytest.raises(BadInput, match=r"^record: is a folder, not a regular file"):
        check_record_target(tmp_path, "record")


def test_a_game_replays_only_under_the_rules_it_was_made_with() -> None:
    ruleset = get("squad")
    check_rules(ruleset, ruleset.version, "table 3")
    with pytest.raises(BadInput) as refused:
        check_rules(ruleset, "0.0-old", "table 3")
    assert str(refused.value) == (f"table 3: made with squad rules 0.0-old, this is "
                                  f"{ruleset.version}; it would not replay the same")
