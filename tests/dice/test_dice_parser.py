"""Parsing dice notation: canonical forms, round trips, errors with columns, limits."""

from __future__ import annotations

import pytest
from dice_helpers import expressions
from hypothesis import given, settings

from undercroft.dice import (
    MAX_DICE,
    Comparison,
    Constant,
    Contest,
    Dice,
    Keep,
    Sum,
    Term,
    parse,
)
from undercroft.errors import BadInput


def one(item: Dice | Constant, negative: bool = False) -> Sum:
    return Sum((Term(item, negative),))


def test_plain_dice_and_constants() -> None:
    assert parse("2d8") == one(Dice(2, 8))
    assert parse("d8") == one(Dice(1, 8))
    assert parse("1d8+1d6+2") == Sum((Term(Dice(1, 8)), Term(Dice(1, 6)), Term(Constant(2))))
    assert parse("d8-d8") == Sum((Term(Dice(1, 8)), Term(Dice(1, 8), negative=True)))
    assert parse("-d6+10") == Sum((Term(Dice(1, 6), True), Term(Constant(10))))


def test_percentile_die_is_a_d100() -> None:
    assert parse("d%") == parse("d100") == one(Dice(1, 100))
    assert str(parse("d%")) == "d%"
    assert str(parse("3D%")) == "3d%"


@pytest.mark.parametrize(("text", "keep"), [
    ("4d6kh3", Keep("kh", 3)), ("4d6k3", Keep("kh", 3)), ("2d8kl1", Keep("kl", 1)),
    ("4d6dl1", Keep("dl", 1)), ("4d6dh1", Keep("dh", 1)),
])
def test_keep_and_drop(text: str, keep: Keep) -> None:
    expression = parse(text)
    assert isinstance(expression, Sum)
    item = expression.terms[0].item
    assert isinstance(item, Dice) and item.keep == keep


def test_k_alone_means_keep_highest() -> None:
    assert str(parse("4d6k3")) == "4d6kh3"
    assert parse("4d6k3") == parse("4d6kh3")


@pytest.mark.parametrize(("text", "op"), [
    ("d8 >= 4", ">="), ("d8<=4", "<="), ("d8 > 4", ">"), ("d8 < 4", "<"),
    ("d8 == 4", "=="), ("d8 = 4", "=="), ("d8 != 4", "!="),
])
def test_comparisons(text: str, op: str) -> None:
    expression = parse(text)
    assert isinstance(expression, Comparison)
    assert expression.op == op
    assert expression.left == one(Dice(1, 8)) and expression.right == one(Constant(4))


def test_contest() -> None:
    expression = parse("d8+3 vs d6+2")
    assert expression == Contest(parse("d8+3"), parse("d6+2"))  # type: ignore[arg-type]
    assert str(expression) == "d8+3 vs d6+2"


def test_case_and_whitespace_do_not_matter() -> None:
    assert parse("  4D6 KH3 + 2  ") == parse("4d6kh3+2")
    assert parse("D8+3 VS d6 + 2") == parse("d8+3 vs d6+2")
    assert parse("3d6\t>=\n15") == parse("3d6 >= 15")


def test_canonical_text_keeps_how_a_die_was_written() -> None:
    assert str(parse("1d8 + 1d6 + 2")) == "1d8+1d6+2"
    assert str(parse("d8 = 4")) == "d8 == 4"
    assert parse("1d8") == parse("d8")  # the spelling is not part of equality


@settings(max_examples=300)
@given(expressions())
def test_text_round_trips(expression: Sum | Comparison | Contest) -> None:
    text = str(expression)
    assert parse(text) == expression
    assert parse(text.upper()) == expression
    assert parse(" " + text.replace(" ", "   ") + " ") == expression
    assert str(parse(text)) == text


@pytest.mark.parametrize(("text", "message"), [
    ("2d", "dice expression '2d' : expected die size after 'd' at column 3"),
    ("", "dice expression '' : expected a number or a die, found the end at column 1"),
    ("2d6 * 3", "dice expression '2d6 * 3' : unexpected character '*' at column 5"),
    ("d8 >=", "dice expression 'd8 >=' : expected a number or a die, found the end at column 6"),
    ("4d6k", "dice expression '4d6k' : expected a number after 'k', found the end at column 5"),
    ("2d6 3", "dice expression '2d6 3' : expected '+', '-', a comparison, 'vs' or the end, "
              "found '3' at column 5"),
    ("d8 >= 4 vs 3", "dice expression 'd8 >= 4 vs 3' : expected '+', '-' or the end, "
                     "found 'vs' at column 9"),
    ("4d6kh5", "dice expression '4d6kh5' : cannot keep 5 of 4 dice at column 4"),
    ("4d6kh0", "dice expression '4d6kh0' : 'kh0' keeps no dice; keep at least 1 at column 4"),
    ("4d6dl4", "dice expression '4d6dl4' : cannot drop 4 of 4 dice; at least 1 must stay "
               "at column 4"),
    ("d+3", "dice expression 'd+3' : expected die size after 'd' at column 2"),
    ("3 vs", "dice expression '3 vs' : expected a number or a die, found the end at column 5"),
])
def test_malformed_input_names_expression_and_column(text: str, message: str) -> None:
    with pytest.raises(BadInput) as raised:
        parse(text)
    assert str(raised.value) == message


@pytest.mark.parametrize(("text", "fragment"), [
    ("1001d6", "dice count must be between 1 and 1000, got 1001 at column 1"),
    ("0d6", "dice count must be between 1 and 1000, got 0 at column 1"),
    ("2d1001", "die size must be between 1 and 1000, got 1001 at column 3"),
    ("2d0", "die size must be between 1 and 1000, got 0 at column 3"),
    ("600d6 vs 600d6", "more than 1000 dice in all at column 10"),
    ("500d6+500d6+d6", "more than 1000 dice in all at column 13"),
    ("d6+1000001", "number 1000001 is too large (limit 1000000) at column 4"),
    ("d6+" + "9" * 150, "is too large (limit 1000000) at column 4"),
])
def test_limits(text: str, fragment: str) -> None:
    with pytest.raises(BadInput, match=r"^dice expression .* : ") as raised:
        parse(text)
    assert str(raised.value).endswith(fragment)


def test_limits_at_the_edge_are_accepted() -> None:
    assert isinstance(parse("500d6 vs 500d1000"), Contest)
    assert isinstance(parse("d1000+1000000"), Sum)
    assert len(" " * 190 + "d6") == 192 and parse(" " * 190 + "d6") == parse("d6")


def test_text_longer_than_200_characters_is_refused() -> None:
    text = "+".join(["d6"] * 67)  # 200 characters: fine
    assert len(text) == 200
    parse(text)
    with pytest.raises(BadInput, match="201 characters long; the limit is 200"):
        parse(text + " ")


def test_errors_are_one_line_even_for_odd_text() -> None:
    with pytest.raises(BadInput) as raised:
        parse("2d6\n*")
    assert "\n" not in str(raised.value)
    assert "column 5" in str(raised.value)


def test_values_built_in_code_obey_the_same_limits() -> None:
    with pytest.raises(BadInput, match="cannot keep 3 of 2 dice"):
        Dice(2, 6, Keep("kh", 3))
    with pytest.raises(BadInput, match="die size must be between 1 and 1000"):
        Dice(1, 1001)
    big = Term(Dice(MAX_DICE, 6))
    with pytest.raises(BadInput, match="1001 dice in all; the limit is 1000"):
        Sum((big, Term(Dice(1, 6))))
    with pytest.raises(BadInput, match="2000 dice in all"):
        Contest(Sum((big,)), Sum((big,)))
    with pytest.raises(BadInput, match="number must be between 0 and"):
        Constant(-1)
    with pytest.raises(BadInput):
        parse(42)  # type: ignore[arg-type]
