"""Labyrinth's monster bands (seed 002, Appendix E, "Custom Encounter Cards").

Appendix E suggests a "monster band" card, "There are 1d4+1 X here.", for any
monster. A content pack writes only a recipe (monster, reward, levels) and this
module words the card as the seed's band cards are worded, so packs stay short
and every band card reads alike.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from undercroft.systems.labyrinth.content.cards import MonsterEncounter, MonsterGroup, MonsterStats
from undercroft.systems.labyrinth.content.fields import Count, EntryId, Levels

BAND_COUNT = "1d4+1"
"""Appendix E: a monster band card reads "There are 1d4+1 X here."."""


class BandRecipe(BaseModel):
    """Appendix E's "monster band": a card "There are 1d4+1 X here." with a reward."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    monster: EntryId
    reward: int = Field(ge=0)
    """Silver pieces per monster defeated."""
    levels: Levels
    copies: int = Field(1, ge=1)
    count: Count = BAND_COUNT
    name: str | None = Field(None, min_length=1)
    """Default: "<Monster> Band"."""
    plural: str | None = Field(None, min_length=1)
    """Default: :func:`plural` of the monster's name, in lower case."""


def plural(name: str) -> str:
    """A small English rule: "y" after a consonant -> "ies"; s, x, z, ch, sh -> "es"; else "s"."""
    word = name.lower()
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + ("es" if re.search(r"(s|x|z|ch|sh)$", word) else "s")


def band_card(card_id: str, recipe: BandRecipe, monster: MonsterStats) -> MonsterEncounter:
    """The encounter card a band recipe makes, worded as the seed's band cards are."""
    single = monster.name.lower()
    many = recipe.plural or plural(monster.name)
    there = f"There is 1 {single}" if recipe.count == "1" else \
        f"There are {recipe.count} {many}"
    text = f"{there} here. Treasure: {recipe.reward}sp per {single} defeated."
    return MonsterEncounter(
        id=card_id, name=recipe.name or f"{monster.name} Band", text=text,
        levels=recipe.levels, copies=recipe.copies,
        groups=(MonsterGroup(monster=monster.id, count=recipe.count),),
        reward={monster.id: recipe.reward})
