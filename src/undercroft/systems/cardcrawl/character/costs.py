"""What cards cost, which cards a character may own, and how many it may use.

Seed 004's numbers, each in one small function so the rules read like the seed:

- character (and race) cards cost their highest bonus x 10 (+4/+4: 40, +7/+1: 70);
- attacks cost their innate bonus x 10 and are bought in a pyramid: a +n needs
  n - k + 1 attacks at +k first, for every k below n (two +1 before a +2;
  three +1 and two +2 before a +3; four +1, three +2 and two +3 before a +4);
- some attacks need a class card; defence cards cost their rating x 10;
- gear and spells are found on adventures, not bought (no cost);
- one race card (two if half-human), and "only one of each other category of
  card": read as *no card owned twice*. A "category" is one printed card
  (Fighter, Elf, Parry): reading it as "one class, one background" would cap a
  character sheet at a handful of cards, while the seed counts "two full 3 x 3
  grids" of character and attack cards;
- usable defence cards = usable (placed) character + attack cards;
- equipped gear + spells = the lowest card total of the other groups.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from undercroft.engine.tally import fired
from undercroft.systems.cardcrawl.character.cards import (
    AttackCard,
    Card,
    CharacterCard,
    DefenceCard,
    RaceCard,
    SheetCard,
)

POINTS_PER_BONUS = 10


def card_cost(card: Card) -> int | None:
    """Points to buy ``card`` outside creation; None for gear and spells (found, not bought)."""
    if isinstance(card, SheetCard):
        return card.highest_bonus * POINTS_PER_BONUS
    if isinstance(card, AttackCard):
        return card.bonus * POINTS_PER_BONUS
    if isinstance(card, DefenceCard):
        return card.rating * POINTS_PER_BONUS
    return None


def pyramid_needs(bonus: int) -> dict[int, int]:
    """How many attacks at each lower bonus must be owned before buying a +``bonus``."""
    return {lower: bonus - lower + 1 for lower in range(1, bonus)}


def pyramid_shortfall(owned: Iterable[int], bonus: int) -> str | None:
    """Why an attack of ``bonus`` cannot be bought yet, given owned attack bonuses."""
    have = Counter(owned)
    missing = {lower: need for lower, need in pyramid_needs(bonus).items() if have[lower] < need}
    if not missing:
        return None
    needs = " and ".join(f"{need} at +{lower}" for lower, need in pyramid_needs(bonus).items())
    has = " and ".join(f"{have[lower]} at +{lower}" for lower in pyramid_needs(bonus))
    return f"a +{bonus} attack needs {needs} first; owned: {has}"


def can_buy_attack(owned: Iterable[int], bonus: int) -> bool:
    return pyramid_shortfall(owned, bonus) is None


def pyramid_problem(bonuses: Sequence[int]) -> str | None:
    """Why a set of attack bonuses could not have been bought in a pyramid, or None.

    Buying in rising order is always possible when the final set meets the
    pyramid for every bonus in it, since lower cards are never lost by buying.
    """
    for bonus in sorted(set(bonuses)):
        if bonus > 1:
            fired("cardcrawl.attack.pyramid")
        shortfall = pyramid_shortfall(bonuses, bonus)
        if shortfall:
            return shortfall
    return None


def ownership_problem(owned: Sequence[Card]) -> str | None:
    """The first way ``owned`` breaks the seed's rules of ownership, or None."""
    fired("cardcrawl.character.one-of-each")
    counts = Counter(card.id for card in owned)
    twice = [card_id for card_id, count in counts.items() if count > 1]
    if twice:
        return f"card {twice[0]!r} is owned twice (a character owns each card at most once)"
    fired("cardcrawl.character.one-race")
    races = [card for card in owned if isinstance(card, RaceCard)]
    if not races:
        return "a character has one race card"
    if len(races) > 2:
        return f"{len(races)} race cards: one, or two for a half-human"
    if len(races) == 2 and not any(card.second_race for card in races):
        return (f"race cards {races[0].id!r} and {races[1].id!r}: a second race card is "
                f"only for a half-human (one of them must be Human)")
    classes = {card.id for card in owned if isinstance(card, CharacterCard)}
    for card in owned:
        if isinstance(card, AttackCard) and card.requires:
            fired("cardcrawl.attack.requires")
            if card.requires not in classes:
                return f"attack {card.id!r} needs the class card {card.requires!r}"
    return pyramid_problem([card.bonus for card in owned if isinstance(card, AttackCard)])


def purchase_problem(owned: Sequence[Card], card: Card) -> str | None:
    """Why ``card`` cannot be bought by a character owning ``owned``, or None.

    House rule: race cards are taken at creation only (a race is not learnt).
    """
    if isinstance(card, RaceCard):
        return f"race card {card.id!r}: races are chosen at creation, not bought"
    if card_cost(card) is None:
        return f"{card.kind} card {card.id!r}: found on adventures, not bought"
    if isinstance(card, AttackCard):
        shortfall = pyramid_shortfall(
            [have.bonus for have in owned if isinstance(have, AttackCard)], card.bonus)
        if shortfall:
            return shortfall
    return ownership_problem([*owned, card])


def defence_limit(character_cards: int, attack_cards: int) -> int:
    """Defence cards a character may bring: "equal to total usable character and attack cards"."""
    fired("cardcrawl.defence-card.limit")
    return character_cards + attack_cards


def equip_limit(character_cards: int, attack_cards: int, defence_cards: int) -> int:
    """Gear + spell cards a character may equip: "equal to lowest card total of any other
    group" (2 character, 1 attack and 3 defence cards: one)."""
    fired("cardcrawl.gear.equip-limit")
    return min(character_cards, attack_cards, defence_cards)
