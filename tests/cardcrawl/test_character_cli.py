"""`undercroft cardcrawl character new|show`: JSON, SVG, seeds, saved files and bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run

SVG = "{http://www.w3.org/2000/svg}"


def test_new_json_is_one_document_with_the_cards_sheets_and_bonuses(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "cardcrawl", "character", "new", "--seed", "4", "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert {"system", "document", "version", "seed", "cards", "sheets", "carried_defence",
            "equipped", "computed"} == set(document)
    assert document["seed"] == 4 and document["system"] == "cardcrawl"
    assert set(document["cards"]) == {"race", "character", "attack", "defence", "gear", "spell"}
    assert len(document["sheets"]["character"]) == 3
    assert all(len(row) == 3 for row in document["sheets"]["attack"])
    computed = document["computed"]
    assert computed["title"] == "The dwarf Fighter"
    assert computed["skill_bonuses"] == {"craft": 4}
    assert computed["seams"] == [{"from": "fighter", "to": "dwarf", "side": "bottom",
                                  "skill": "craft", "bonus": 4}]
    assert computed["defence"]["limit"] == 3 and len(computed["defence"]["cards"]) == 3
    assert computed["equipment"]["limit"] == 1
    attack = computed["attacks"][0]
    assert {"id", "name", "bonus", "difficulty", "effect", "row", "column", "combo_right",
            "combo_bottom"} <= set(attack)
    assert (attack["row"], attack["column"]) == (2, 2) and attack["bonus"] == 1


def test_the_same_seed_gives_the_same_character(capsys: pytest.CaptureFixture[str]) -> None:
    for options in (["--json"], []):
        first = run(capsys, "cardcrawl", "character", "new", "--seed", "11", *options)
        again = run(capsys, "cardcrawl", "character", "new", "--seed", "11", *options)
        assert first.code == again.code == 0 and first.out == again.out
    others = {run(capsys, "cardcrawl", "character", "new", "--seed", str(seed), "--json").out
              for seed in range(6)}
    assert len(others) > 1


def test_without_a_seed_the_seed_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "cardcrawl", "character", "new")
    assert text.code == 0 and "seed " in text.out and "Skill bonuses" in text.out
    document = json.loads(run(capsys, "cardcrawl", "character", "new", "--json").out)
    assert isinstance(document["seed"], int)


def test_a_saved_character_shows_the_same_as_when_it_was_made(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "hero.json"
    made = run(capsys, "cardcrawl", "character", "new", "--seed", "9", "--json", "--out",
               str(saved))
    assert made.code == 0 and json.loads(saved.read_text()) == json.loads(made.out)
    shown = run(capsys, "cardcrawl", "character", "show", str(saved), "--json")
    assert shown.code == 0 and shown.out == made.out
    text = run(capsys, "cardcrawl", "character", "show", str(saved))
    assert text.code == 0 and json.loads(made.out)["computed"]["title"] in text.out


def test_rearranging_a_saved_sheet_changes_its_bonuses_and_computed_is_ignored(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "hero.json"
    run(capsys, "cardcrawl", "character", "new", "--seed", "4", "--out", str(saved))
    document = json.loads(saved.read_text())
    document["sheets"]["character"] = [[None, None, None], [None, "fighter", "dwarf"],
                                       [None, None, None]]
    document["computed"]["skill_bonuses"] = {"everything": 99}
    saved.write_text(json.dumps(document))
    shown = json.loads(run(capsys, "cardcrawl", "character", "show", str(saved), "--json").out)
    assert shown["computed"]["skill_bonuses"] == {"endurance": 4}


def test_svg_draws_both_sheets_with_sides_and_seams(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    drawn, saved = tmp_path / "sheets.svg", tmp_path / "hero.json"
    result = run(capsys, "cardcrawl", "character", "new", "--seed", "4", "--svg", str(drawn),
                 "--out", str(saved))
    assert result.code == 0, result.err
    root = ElementTree.fromstring(drawn.read_text())
    texts = [element.text or "" for element in root.iter(f"{SVG}text")]
    assert {"Dwarf", "Fighter", "Throw", "craft", "melee", "+4"} <= set(texts)
    assert "↓ craft +4" in texts
    cards = [rect for rect in root.iter(f"{SVG}rect") if "card" in rect.get("class", "")]
    empty = [rect for rect in root.iter(f"{SVG}rect") if rect.get("class") == "empty"]
    assert len(cards) == 3 and len(empty) == 15
    again = tmp_path / "again.svg"
    assert run(capsys, "cardcrawl", "character", "show", str(saved), "--svg", str(again)).code == 0
    assert again.read_text() == drawn.read_text()


def broken(tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str) -> Path:
    saved = tmp_path / "hero.json"
    run(capsys, "cardcrawl", "character", "new", "--seed", "4", "--out", str(saved))
    document = json.loads(saved.read_text())
    if change == "disconnected":
        document["sheets"]["character"] = [["dwarf", None, None], [None, "fighter", None],
                                           [None, None, None]]
    elif change == "unknown card":
        document["cards"]["attack"] = ["zap"]
    elif change == "two grid rows":
        document["sheets"]["attack"] = document["sheets"]["attack"][:2]
    elif change == "too much gear":
        document["cards"]["gear"].append("rope")
        document["equipped"].append("rope")
    saved.write_text(json.dumps(document))
    return saved


@pytest.mark.parametrize(("change", "field"), [
    ("disconnected", "field sheets.character: card 'dwarf' at row 1, column 1 is not joined"),
    ("unknown card", "field cards.attack.0: 'zap': no such card"),
    ("two grid rows", "field sheets.attack"),
    ("too much gear", "field equipped: 2 gear and spell cards, but the limit is 1"),
])
def test_show_of_a_broken_file_names_file_and_field(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path, change: str,
                                                    field: str) -> None:
    saved = broken(tmp_path, capsys, change)
    result = run(capsys, "cardcrawl", "character", "show", str(saved))
    assert_bad_input(result, f"{saved}, {field}")


def test_show_of_a_missing_or_unreadable_file_is_one_line(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    assert_bad_input(run(capsys, "cardcrawl", "character", "show", str(tmp_path / "no.json")),
                     "file not found")
    garbled = tmp_path / "garbled.json"
    garbled.write_text("{not json")
    assert_bad_input(run(capsys, "cardcrawl", "character", "show", str(garbled)),
                     f"{garbled}: not valid JSON")
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"system": "amulet"}')
    assert_bad_input(run(capsys, "cardcrawl", "character", "show", str(wrong)),
                     f"{wrong}, field system")


@pytest.mark.parametrize("args", [
    ["new", "--seed", "abc"],
    ["new", "--out", "/no/such/folder/hero.json"],
    ["new", "--svg", "/no/such/folder/hero.svg"],
    ["new", "--bogus"],
    ["show"],
])
def test_bad_options_exit_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                          args: list[str]) -> None:
    assert_bad_input(run(capsys, "cardcrawl", "character", *args))
