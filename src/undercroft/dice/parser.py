"""Parse dice notation into :mod:`undercroft.dice.nodes` values.

A regex tokenizer and a recursive-descent parser of our own: the grammar is
tiny, and owning it lets every mistake name the expression and the column in
one line (``dice expression '2d' : expected die size after 'd' at column 3``).
Everything is bounded: the text by length, numbers by value, and the dice by
count, so no input makes parsing or anything downstream run away.

Grammar (case-insensitive, spaces allowed between tokens)::

    expression := sum [ ("vs" | compare) sum ]
    sum        := ["+" | "-"] term { ("+" | "-") term }
    term       := NUMBER | [NUMBER] "d" (NUMBER | "%") [keep NUMBER]
    keep       := "kh" | "kl" | "k" | "dh" | "dl"        ("k" means "kh")
    compare    := ">=" | "<=" | ">" | "<" | "==" | "=" | "!="
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

from undercroft.dice.limits import MAX_CONSTANT, MAX_DICE, MAX_SIDES, MAX_TEXT
from undercroft.dice.nodes import (
    CompareOp,
    Comparison,
    Constant,
    Contest,
    Dice,
    Expression,
    Keep,
    KeepKind,
    Sum,
    Term,
    dice_problem,
)
from undercroft.errors import BadInput

_TOKEN = re.compile(
    r"(?P<space>\s+)|(?P<number>\d+)|(?P<compare>>=|<=|==|!=|=|>|<)|(?P<sign>[+-])"
    r"|(?P<vs>vs)|(?P<keep>kh|kl|dh|dl|k)|(?P<die>d)|(?P<percent>%)"
)
_MAX_DIGITS = len(str(MAX_CONSTANT)) + 1


@dataclass(frozen=True)
class _Token:
    kind: str
    text: str
    column: int


def _describe(token: _Token) -> str:
    return "the end" if token.kind == "end" else repr(token.text)


class _Parser:
    """One pass over the tokens of one expression."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = self._tokenize()
        self.index = 0
        self.dice = 0

    def fail(self, message: str, column: int) -> BadInput:
        return BadInput(f"dice expression {self.text!r} : {message} at column {column}")

    def _tokenize(self) -> list[_Token]:
        lowered = self.text.lower()
        tokens: list[_Token] = []
        position = 0
        while position < len(lowered):
            match = _TOKEN.match(lowered, position)
            if match is None:
                raise self.fail(f"unexpected character {self.text[position]!r}", position + 1)
            kind = cast(str, match.lastgroup)
            if kind != "space":
                tokens.append(_Token(kind, match.group(), position + 1))
            position = match.end()
        tokens.append(_Token("end", "", len(self.text) + 1))
        return tokens

    @property
    def peek(self) -> _Token:
        return self.tokens[self.index]

    def take(self) -> _Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def number(self, what: str) -> int:
        token = self.peek
        if token.kind != "number":
            raise self.fail(f"expected {what}, found {_describe(token)}", token.column)
        self.take()
        if len(token.text.lstrip("0")) > _MAX_DIGITS or int(token.text) > MAX_CONSTANT:
            raise self.fail(f"number {token.text} is too large (limit {MAX_CONSTANT})",
                            token.column)
        return int(token.text)

    def expression(self) -> Expression:
        left = self.sum()
        token = self.peek
        result: Expression = left
        if token.kind == "vs":
            self.take()
            result = Contest(left, self.sum())
        elif token.kind == "compare":
            self.take()
            op = "==" if token.text == "=" else token.text
            result = Comparison(left, cast(CompareOp, op), self.sum())
        end = self.peek
        if end.kind != "end":
            wanted = "'+', '-' or the end" if result is not left else \
                "'+', '-', a comparison, 'vs' or the end"
            raise self.fail(f"expected {wanted}, found {_describe(end)}", end.column)
        return result

    def sum(self) -> Sum:
        terms: list[Term] = []
        negative = False
        if self.peek.kind == "sign":
            negative = self.take().text == "-"
        terms.append(Term(self.term(), negative))
        while self.peek.kind == "sign":
            negative = self.take().text == "-"
            terms.append(Term(self.term(), negative))
        return Sum(tuple(terms))

    def term(self) -> Dice | Constant:
        start = self.peek
        if start.kind not in ("number", "die"):
            raise self.fail(f"expected a number or a die, found {_describe(start)}",
                            start.column)
        count: int | None = None
        if start.kind == "number":
            count = self.number("a number")
            if self.peek.kind != "die":
                return Constant(count)
            if not 1 <= count <= MAX_DICE:
                raise self.fail(f"dice count must be between 1 and {MAX_DICE}, got {count}",
                                start.column)
        self.take()
        sides_token = self.peek
        percent = sides_token.kind == "percent"
        if percent:
            self.take()
            sides = 100
        elif sides_token.kind == "number":
            sides = self.number("die size after 'd'")
            if not 1 <= sides <= MAX_SIDES:
                raise self.fail(f"die size must be between 1 and {MAX_SIDES}, got {sides}",
                                sides_token.column)
        else:
            raise self.fail("expected die size after 'd'", sides_token.column)
        keep_token = self.peek
        keep = self.keep()
        dice = 1 if count is None else count
        problem = dice_problem(dice, sides, keep)
        if problem is not None:
            raise self.fail(problem, keep_token.column)
        self.dice += dice
        if self.dice > MAX_DICE:
            raise self.fail(f"more than {MAX_DICE} dice in all", start.column)
        return Dice(dice, sides, keep, show_count=count is not None, percent=percent)

    def keep(self) -> Keep | None:
        if self.peek.kind != "keep":
            return None
        token = self.take()
        kind = "kh" if token.text == "k" else token.text
        return Keep(cast(KeepKind, kind), self.number(f"a number after {token.text!r}"))


def parse(text: str) -> Expression:
    """The expression written in ``text``; bad notation raises :class:`BadInput`."""
    if not isinstance(text, str):
        raise BadInput(f"a dice expression must be text, got {text!r}")
    if len(text) > MAX_TEXT:
        raise BadInput(f"dice expression {text[:40]!r}... is {len(text)} characters long; "
                       f"the limit is {MAX_TEXT}")
    return _Parser(text).expression()


def as_expression(expression: Expression | str) -> Expression:
    """Accept either notation or an already parsed expression."""
    return parse(expression) if isinstance(expression, str) else expression
