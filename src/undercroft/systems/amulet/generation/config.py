"""Settings of Amulet's level generator; defaults follow the seeds, house rules are named.

Every field that fills a gap in seed 001 is listed in docs/rules/amulet.md with
the passage it fills.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from undercroft.maps.model import MAX_LEVEL_SIZE

DEFAULT_LEVEL_SIZE = 12


class LevelConfig(BaseModel):
    """How one Amulet level is generated."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    level_size: int = Field(DEFAULT_LEVEL_SIZE, ge=1, le=MAX_LEVEL_SIZE,
                            title="Level size (units across)")
    """LEVEL SIZE: each level is level_size x level_size units (house rule: 12, about 27 rooms)."""
    gm_choice: Literal["reroll", "ask"] = Field("reroll", title="A \"GM\" roll means")
    """What a "GM" result means with no game master: roll again, or ask the person."""
    specials: bool = Field(True, title="Special results")
    """SPECIAL: "If no Specials are desired, this result becomes a Roll 2."."""
    max_contents: int = Field(8, ge=1, le=50, title="Most contents in a room")
    """House rule: Roll 2 / Roll 3 chains stop adding contents past this many."""
    max_encounters: int = Field(4, ge=1, le=20, title="Most encounters in a room")
    """House rule: an encounter of Roll 2 chains stops past this many encounters."""
    teleport_to_existing: float = Field(0.5, ge=0.0, le=1.0,
                                        title="Chance a teleporter links to an existing one")
    """House rule: chance a teleporter links to an unused teleporter when one exists."""
    max_exit_width: int = Field(3, ge=1, le=10, title="Widest open exit (units)")
    """House rule: longest Open exit the mapper draws (the seed says "one or more units")."""
