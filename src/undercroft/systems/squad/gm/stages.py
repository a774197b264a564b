"""Stages: a Setting, the Normal Denizens the GM may bring, and the Boss that ends it.

Seed 003, Stage: "The GM will divide the game into stages. Each stage should have
a distinctive Setting ("burning village", "caves of frost", "besieged airship"),
Normal Denizens (monsters, noncombat characters, traps), and a Special Denizen:
Boss". The stages are data (``data/stages.toml``), in play order, naming
denizens of the bestiary by id; a stage naming a denizen that is not there, or
not of that kind, is one :class:`BadInput` line naming file, stage and field.

A stage lists what the GM *may* bring; how many come is bought with the Stage's
Value (:mod:`undercroft.systems.squad.gm.coin_pool`). :func:`price_list` gives the
GM's agent the prices to ask ``CoinPool.affordable`` about.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from undercroft.content.loading import read_toml, validate
from undercroft.engine.tally import drawn, fired
from undercroft.errors import BadInput
from undercroft.systems.squad.gm.denizens import Bestiary, Boss, bestiary

STAGES_FILE: Final = Path(__file__).parent / "data" / "stages.toml"
_FIELDS: Final = (("monsters", "monster"), ("traps", "trap"), ("characters", "character"))


class Stage(BaseModel):
    """One stage as the data gives it: denizens by id."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    setting: str = Field(min_length=1)
    """What the GM describes as the stage opens ("the Gamemaster should describe out
    the first stage that the Heroes encounter")."""
    monsters: tuple[str, ...] = Field(min_length=1)
    traps: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    boss: str


def _check_refs(stage: Stage, denizens: Bestiary, where: str) -> None:
    """Every id names a denizen of the kind its field asks for."""
    checks = [*_FIELDS, ("boss", "boss")]
    for field_name, kind in checks:
        value = getattr(stage, field_name)
        ids = [value] if isinstance(value, str) else list(value)
        known = denizens.of_kind(kind)
        for index, denizen_id in enumerate(ids):
            if denizen_id not in known:
                field = field_name if isinstance(value, str) else f"{field_name}.{index}"
                raise BadInput(f"{where}, field {field}: no {kind} {denizen_id!r} in the "
                               f"bestiary (known: {', '.join(sorted(known))})")


def load_stages(path: Path = STAGES_FILE, denizens: Bestiary | None = None) -> dict[str, Stage]:
    """Every stage of the file by id, in the file's order (the order of play)."""
    denizens = bestiary() if denizens is None else denizens
    stages: dict[str, Stage] = {}
    for stage_id, values in read_toml(path).items():
        where = f"{path}: stage {stage_id!r}"
        stage = validate(Stage, values, where)
        _check_refs(stage, denizens, where)
        stages[stage_id] = stage
    if not stages:
        raise BadInput(f"{path}: no stages")
    return stages


@cache
def stages() -> dict[str, Stage]:
    """The house stages, ``data/stages.toml``, checked against the house bestiary."""
    return load_stages()


def boss_of(stage: Stage, denizens: Bestiary | None = None) -> Boss:
    """The stage's Boss, whose name and description are announced as it opens."""
    return (bestiary() if denizens is None else denizens).bosses[stage.boss]


def price_list(stage: Stage, targets: int, denizens: Bestiary | None = None) -> dict[str, int]:
    """What each Normal Denizen costs to bring into play now, by id.

    A monster costs its Cost; a trap costs one penny per target, priced here for
    ``targets`` heroes (every hero it would try to catch). Non-combat characters
    cost nothing and are not listed: they are no adversary.
    """
    table = bestiary() if denizens is None else denizens
    prices = {m: table.monsters[m].cost for m in stage.monsters}
    prices.update({t: table.traps[t].cost(targets) for t in stage.traps})
    return prices


def cheapest_cost(stage: Stage, denizens: Bestiary | None = None) -> int:
    """The fewest pennies that buy any Normal Denizen of the stage (a trap on one hero).

    ``CoinPool.boss_due(cheapest_cost(stage))`` says when the stage's value can pay
    for nothing but its Boss.
    """
    return min(price_list(stage, 1, denizens).values())


def opening_lines(stage: Stage, denizens: Bestiary | None = None) -> Mapping[str, str]:
    """What the non-combat characters of the stage say, by name (exposition only)."""
    table = bestiary() if denizens is None else denizens
    fired("squad.character.exposition")
    for character in stage.characters:
        drawn(f"squad.character.{character}")
    return {table.characters[c].name: table.characters[c].line for c in stage.characters}
