"""`undercroft roll` and `undercroft odds`: the dice core from the command line.

Both commands are thin: parse, call :mod:`undercroft.dice`, print. Bad input
(notation, limits, an unknown ``--ties``) is raised as
:class:`~undercroft.errors.BadInput` so that ``undercroft.cli.main`` turns it
into one line on stderr and exit code 2, and ``--json`` prints exactly one
JSON document on stdout.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from undercroft.dice import parse, parse_ties, roll
from undercroft.rng import Stream, fresh_seed

if TYPE_CHECKING:
    from rich.table import Table

    from undercroft.dice.exact import Odds

ExpressionArg = Annotated[str, typer.Argument(help="Dice expression, e.g. '4d6kh3' or "
                                              "'d8+3 vs d6+2'.", show_default=False)]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
TiesOption = Annotated[str, typer.Option("--ties", help="Who wins a tied contest: "
                                         "'defender' or 'reroll'.")]
SeedOption = Annotated[int | None, typer.Option("--seed", help="Seed, to repeat a roll.",
                                                show_default=False)]

_BAR = 30


def _print_json(document: dict[str, Any]) -> None:
    typer.echo(json.dumps(document))


def roll_command(expression: ExpressionArg, seed: SeedOption = None,
                 json_output: JsonOption = False, ties: TiesOption = "defender") -> None:
    """Roll a dice expression and show the working."""
    rule = parse_ties(ties)
    expr = parse(expression)
    chosen = seed if seed is not None else fresh_seed(48)
    result = roll(expr, Stream(chosen, "roll"), rule)
    if json_output:
        _print_json({**result.to_dict(), "seed": chosen})
        return
    typer.echo(result.explain())
    if seed is None:
        typer.echo(f"(seed {chosen}; repeat with --seed {chosen})")


def _decimal(value: Fraction) -> str:
    return f"{float(value):.6f}"


def _table(result: Odds) -> Table:
    """The odds as a small table a person can read at a glance."""
    from rich.table import Table

    from undercroft.dice.exact import ComparisonOdds, ContestOdds, DistributionOdds

    if isinstance(result, DistributionOdds):
        table = Table(title=str(result.expression),
                      caption=f"mean {result.mean} = {_decimal(result.mean)}, "
                              f"min {result.minimum}, max {result.maximum}")
        for column in ("value", "probability", "decimal"):
            table.add_column(column, justify="right")
        table.add_column("", justify="left")
        top = max(result.distribution.values())
        for value, chance in result.distribution.items():
            table.add_row(str(value), str(chance), _decimal(chance),
                          "█" * round(_BAR * chance / top))
        return table
    table = Table(title=str(result.expression))
    for column in ("outcome", "probability", "decimal"):
        table.add_column(column, justify="right" if column != "outcome" else "left")
    if isinstance(result, ComparisonOdds):
        rows = [("true", result.p_true), ("false", 1 - result.p_true)]
    else:
        assert isinstance(result, ContestOdds)
        rows = [("attacker wins", result.p_win), ("tie", result.p_tie),
                ("attacker loses", result.p_lose),
                (f"attacker wins (ties: {result.ties})", result.p_attacker)]
    for label, chance in rows:
        table.add_row(label, str(chance), _decimal(chance))
    return table


def odds_command(expression: ExpressionArg, json_output: JsonOption = False,
                 ties: TiesOption = "defender") -> None:
    """Show the exact odds of a dice expression."""
    from undercroft.dice.exact import odds  # icepool: loaded for this command only

    rule = parse_ties(ties)
    result = odds(parse(expression), rule)
    if json_output:
        _print_json(result.to_dict())
        return
    from rich.console import Console

    Console(highlight=False).print(_table(result))


def register(app: typer.Typer) -> None:
    """Add the dice commands to ``app``."""
    app.command("roll")(roll_command)
    app.command("odds")(odds_command)
