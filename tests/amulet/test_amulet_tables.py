"""Seed 001's tables: our data file, the consolidated table and the per-section tables agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from undercroft.content.tables import load_tables
from undercroft.errors import BadInput
from undercroft.systems.amulet.generation.tables import ALLOWED, TABLES_FILE, amulet_tables

EXCERPT = Path(__file__).parent.parent / "data" / "seed001_tables.txt"
COLUMNS = ["size", "shape", "exit_location", "exit_type", "exit_number", "contents",
           "swarm_size", "encounter", "monster"]
# The seed's abbreviations and spellings, as the seed's own keys define them.
# "Ti" appears once in ROOM SHAPE where the key only knows "Tr" (Triangle).
WORDS = {
    "sq": "square", "re": "rectangle", "ha": "hallway", "tr": "triangle", "ti": "triangle",
    "ci": "circle", "n": "north", "s": "south", "e": "east", "w": "west", "st": "stair",
    "cr": "crumble", "se": "secret", "wa": "walldoor", "do": "door", "op": "open", "fo": "food",
    "te": "teleport", "pa": "password", "r2": "roll 2", "sp": "special", "po": "potion",
    "mu": "murder hole", "ke": "key", "tz": "treasure", "no": "none", "al": "ale",
    "pz": "poison", "r3": "roll 3", "murdhol": "murder hole", "gen": "generator",
    "barb": "barbarian", "gm": "gm",
}
SECTION_WORDS = {**WORDS, "tr": "trap", "wa": "ward"}  # CONTENTS key: Tr=Trap, Wa=Ward


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def consolidated() -> dict[str, dict[int, str]]:
    text = EXCERPT.read_text()
    body = text.split("Dungeon Generation Tables:")[1]
    tables: dict[str, dict[int, str]] = {name: {} for name in COLUMNS}
    for line in body.splitlines():
        cells = _cells(line)
        if not cells or not cells[0].isdigit():
            continue
        total = int(cells[0])
        for name, cell in zip(COLUMNS, cells[1:], strict=True):
            tables[name][total] = WORDS.get(cell.lower(), cell.lower())
    return tables


def sections() -> dict[str, dict[int, str]]:
    """ROOM SIZE, ROOM SHAPE, EXITS (Num, Loc, Type) and CONTENTS, in the seed's order."""
    text = EXCERPT.read_text().split("Dungeon Generation Tables:")[0]
    rows = [_cells(line) for line in text.splitlines() if re.match(r"^(Result|Num|Loc|Type) \|",
                                                                   line)]
    names = ["size", "shape", "exit_number", "exit_location", "exit_type", "contents"]
    found: dict[str, dict[int, str]] = {}
    for name, row in zip(names, rows, strict=True):
        words = SECTION_WORDS if name == "contents" else WORDS
        if name == "exit_type":
            words = {**WORDS, "tr": "treasure"}
        found[name] = {total: words.get(cell.lower(), cell.lower())
                       for total, cell in zip(range(2, 17), row[1:], strict=True)}
    return found


def test_data_file_is_the_consolidated_table() -> None:
    loaded = amulet_tables()
    assert list(loaded) == COLUMNS
    for name, rows in consolidated().items():
        assert dict(loaded[name].results) == rows, name


def test_section_tables_agree_with_the_consolidated_table() -> None:
    final = consolidated()
    parts = sections()
    assert set(parts) == {"size", "shape", "exit_number", "exit_location", "exit_type", "contents"}
    for name, rows in parts.items():
        assert rows == final[name], name


def test_section_parser_would_notice_a_disagreement() -> None:
    """The comparison above can fail: a changed row is seen."""
    parts = sections()
    parts["shape"][10] = "circle"
    assert parts["shape"] != consolidated()["shape"]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tables.toml"
    path.write_text(text)
    return path


def test_a_bad_result_names_file_table_and_row(tmp_path: Path) -> None:
    text = TABLES_FILE.read_text().replace('5 = "triangle"', '5 = "trapezoid"', 1)
    path = _write(tmp_path, text)
    with pytest.raises(BadInput) as error:
        load_tables(path, ALLOWED)
    message = str(error.value)
    assert str(path) in message and "'shape'" in message and "row 5" in message
    assert "trapezoid" in message and "\n" not in message


def test_a_missing_row_is_named(tmp_path: Path) -> None:
    text = TABLES_FILE.read_text().replace(', 16 = "gm" }', " }", 1)
    with pytest.raises(BadInput, match=r"table 'size', row 16: missing"):
        load_tables(_write(tmp_path, text), ALLOWED)


def test_a_missing_table_and_broken_toml_are_named(tmp_path: Path) -> None:
    text = TABLES_FILE.read_text().split("[monster]")[0]
    with pytest.raises(BadInput, match=r"table 'monster' is missing"):
        load_tables(_write(tmp_path, text), ALLOWED)
    with pytest.raises(BadInput, match=r"not valid TOML"):
        load_tables(_write(tmp_path, "[size\n"), ALLOWED)
