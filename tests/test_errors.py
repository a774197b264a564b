"""Bad input in the domain's words, and the command line's option put in their place."""

from __future__ import annotations

import pytest

from undercroft.errors import BadInput, flag
from undercroft.store.urls import engine_url
from undercroft.systems.amulet.generation.generator import LevelGenerator


def test_domain_errors_speak_of_the_value_not_the_option() -> None:
    with pytest.raises(BadInput, match=r"^depth 0: a dungeon level is 1 or deeper$"):
        LevelGenerator(depth=0)
    with pytest.raises(BadInput, match=r"^database 'not a url': not a database URL"):
        engine_url("not a url")


def test_flag_puts_the_option_in_place_of_the_words_it_names() -> None:
    with pytest.raises(BadInput) as refused, flag("--db", "database"):
        engine_url("not a url")
    assert str(refused.value).startswith("--db 'not a url': not a database URL")
    with pytest.raises(BadInput, match=r"^--max-tables -1: expected$"), flag("--max-tables"):
        raise BadInput("max tables -1: expected")


def test_flag_leaves_other_lines_and_other_errors_alone() -> None:
    for words in ("depth first: x", "databases x: y", "x"):
        with pytest.raises(BadInput, match=f"^{words}$"), flag("--db", "database"):
            raise BadInput(words)
    with pytest.raises(KeyError), flag("--db", "database"):
        raise KeyError("database x")


def test_first_problem_gives_a_validators_own_message_without_pydantics_prefix() -> None:
    from pydantic import BaseModel, ValidationError, field_validator

    from undercroft.errors import first_problem

    class Level(BaseModel):
        depth: int

        @field_validator("depth")
        @classmethod
        def _deep_enough(cls, depth: int) -> int:
            if depth < 1:
                raise ValueError("a dungeon level is 1 or deeper")
            return depth

    with pytest.raises(ValidationError) as refused:
        Level(depth=0)
    problem = first_problem(refused.value)
    assert (problem.field, problem.message, problem.given) == (
        "depth", "a dungeon level is 1 or deeper", 0)


def test_flag_also_takes_the_words_followed_by_a_colon() -> None:
    with pytest.raises(BadInput, match=r"^--config: tokens: too low$"), \
            flag("--config", "config file"):
        raise BadInput("config file: tokens: too low")


@pytest.mark.parametrize(("words", "line"), [
    (["simulate", "squad", "--games", "1", "--set", "bogus=1"], "--set 'bogus': unknown setting"),
    (["audit", "squad", "--games", "1", "--set", "tokens=1,2"], "--set 'tokens': unknown"),
    (["simulate", "squad", "--games", "1", "--out", "rows.txt"],
     "--out rows.txt: expected a .csv or .parquet file"),
    (["simulate", "squad", "--games", "1", "--config", "no-such.toml"], "--config no-such.toml"),
])
def test_the_lab_names_the_option_a_person_typed(capsys: pytest.CaptureFixture[str],
                                                 words: list[str], line: str) -> None:
    from cli_helpers import assert_bad_input, run

    assert_bad_input(run(capsys, *words), f"undercroft: error: {line}")
