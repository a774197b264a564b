"""The names Card Crawl's content goes by in the rules-health audit (``engine.tally``).

Content is counted as ``cardcrawl.<kind>.<name>``: cards by their ID and kind
(``cardcrawl.race.elf``, ``cardcrawl.class.fighter``, ``cardcrawl.attack.strike``,
``cardcrawl.defence.parry``, ``cardcrawl.gear.torch``, ``cardcrawl.spell.sleep``; a
character card that is not a class goes by its aspect: ``cardcrawl.background.sailor``),
the abilities written on race and character cards by their name
(``cardcrawl.race-ability.keen-senses``, ``cardcrawl.class-ability.second-wind``),
enemies and their special abilities (``cardcrawl.enemy.giant-rat``,
``cardcrawl.enemy-special.cowardly``) and room types
(``cardcrawl.room-type.gathering-kitchen``). The rules and the audit's catalogue both
name content through these functions, so the two cannot drift apart.
"""

from __future__ import annotations

import re
from typing import Final

from undercroft.systems.cardcrawl.character.cards import CharacterCard, RaceCard

SYSTEM: Final = "cardcrawl"


def slug(text: str) -> str:
    """Lowercase words joined by dashes ("Gathering/Kitchen" -> "gathering-kitchen")."""
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))


def card_id(kind: str, card: str) -> str:
    """A card of ``kind`` (race, class, background, attack, defence, gear, spell) by ID."""
    return f"{SYSTEM}.{kind}.{card}"


def sheet_card_kind(card: RaceCard | CharacterCard) -> str:
    """A race card is a race; a character card is its aspect (class, background, ...)."""
    return "race" if isinstance(card, RaceCard) else card.aspect


def sheet_card_id(card: RaceCard | CharacterCard) -> str:
    return card_id(sheet_card_kind(card), card.id)


def ability_id(card: RaceCard | CharacterCard) -> str:
    """The ability a race or character card gives, by the name before its colon."""
    return f"{SYSTEM}.{sheet_card_kind(card)}-ability.{slug(card.ability.split(':')[0])}"


def enemy_id(kind: str) -> str:
    return f"{SYSTEM}.enemy.{slug(kind)}"


def special_id(special: str) -> str:
    """An enemy's special ability, by the name before its colon ("Cowardly: ...")."""
    return f"{SYSTEM}.enemy-special.{slug(special.split(':')[0])}"


def room_type_id(name: str) -> str:
    return f"{SYSTEM}.room-type.{slug(name)}"
