"""A new game of Card Crawl: starting characters, a Random Dungeon, enemies where they live.

Each seat gets a starting character by seed 004's Character Creation
(``character.new_character``), and its cards are put into play as a
:class:`Fighter`: what each card does in a fight is read from the card's
``mechanic`` (house content, ``data/cards.toml``). The dungeon is seed 004's
Random Dungeons plan laid out on the grid; the party walks the corridors the map
could draw. Rooms are stocked with enemies that live in rooms of their type
(``data/bestiary.toml``): seed 004 says "stock it with an appropriate threat".
"""

from __future__ import annotations

from typing import Final

from undercroft.engine.tally import drawn, fired
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.cards import (
    AttackCard,
    CharacterCard,
    DefenceCard,
    GearCard,
    RaceCard,
    SpellCard,
)
from undercroft.systems.cardcrawl.character import Character, new_character
from undercroft.systems.cardcrawl.content_ids import (
    ability_id,
    card_id,
    enemy_id,
    room_type_id,
    sheet_card_id,
    special_id,
)
from undercroft.systems.cardcrawl.dungeon_layout import layout_dungeon
from undercroft.systems.cardcrawl.dungeon_plan import PlanConfig, generate_plan
from undercroft.systems.cardcrawl.enemies import enemy_kind, kinds_for_room
from undercroft.systems.cardcrawl.play_config import CardCrawlConfig
from undercroft.systems.cardcrawl.play_skills import DEFENSIVE_SKILLS
from undercroft.systems.cardcrawl.play_state import (
    Attack,
    Card,
    CardCrawlState,
    Fighter,
    Room,
)

ATTACK_SKILLS: Final = {"fighter": "melee", "rogue": "stealth", "cleric": "faith",
                        "wizard": "arcana", "ranger": "archery", "bard": "charm"}
"""Each class's own attacking skill: a roll bonus card for one of them focuses (helps the
next attack)."""
ALWAYS_STOCKED_FROM: Final = 4
"""Rooms this size or larger always hold enemies (seed 004: "larger rooms tend to have
... more important stuff in them")."""


def new_game(config: CardCrawlConfig, seed: int) -> CardCrawlState:
    fighters = [fighter_for(f"Seat-{n}", new_character(Stream(seed, f"cardcrawl/character/{n}")))
                for n in range(1, config.players + 1)]
    rooms = dungeon_rooms(config, seed)
    state = CardCrawlState(config, seed, fighters, rooms, Stream(seed, "cardcrawl/play"),
                           rests_left=config.long_rests)
    names = ", ".join(f"{f.seat} ({f.title})" for f in fighters)
    state.say("start", f"{names} stand at the entrance of a dungeon of {len(rooms)} rooms")
    return state


def dungeon_rooms(config: CardCrawlConfig, seed: int) -> dict[int, Room]:
    """The rooms as the map draws them (linked by its corridors and their junctions), each
    with its stock of enemies."""
    plan = generate_plan(PlanConfig(rooms=config.rooms, vary=config.vary), seed)
    links = layout_dungeon(plan).passages()
    stock = Stream(seed, "cardcrawl/stock")
    rooms = {}
    for planned in plan.rooms:
        room = Room(planned.number, planned.size, planned.type.name,
                    tuple(sorted(links[planned.number])))
        drawn(room_type_id(room.type))
        if planned.size >= ALWAYS_STOCKED_FROM or stock.randint(1, 100) <= \
                config.stocked_percent:
            fired("cardcrawl.play.stocking")
            kind = stock.choice(kinds_for_room(room.type))
            numbers = enemy_kind(kind)
            low, high = numbers.group
            room.stock = (kind, stock.randint(low, high))
            drawn(enemy_id(kind))
            for special in numbers.special:
                drawn(special_id(special))
        rooms[planned.number] = room
    return rooms


def fighter_for(seat: str, character: Character) -> Fighter:
    """A character's cards as they work in a fight."""
    attacks = []
    names = {slot.card.id: slot.card.name for slot in character.attacks()}
    for slot in character.attacks():
        card = slot.card
        follow = tuple((names[other], bonus)
                       for other, bonus in character.combo_after(card.id).items())
        attacks.append(Attack(card.name, card.bonus, card.skills, card.difficulty,
                              follow, _amount(card, "extra_damage"), _amount(card, "heal"),
                              card.effect, card_id("attack", card.id)))
    cards = [_card(card) for card in character.defence_cards()]
    cards += [_card(card) for card in character.equipment()]
    fighter = Fighter(seat, character.title, dict(character.skill_bonuses()), attacks, cards,
                      seams=_seams(character))
    for sheet_card in _sheet_cards(character):
        drawn(sheet_card_id(sheet_card))
        drawn(ability_id(sheet_card))
    for content in [attack.content for attack in attacks] + [c.content for c in cards]:
        drawn(content)
    return fighter


def _seams(character: Character) -> dict[str, tuple[str, ...]]:
    """Each skill's best seam (the first of equals, as ``best_bonuses`` keeps it), as the
    two cards that make it."""
    sheet_cards = {card.id: card for card in _sheet_cards(character)}
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    for seam in character.seam_bonuses():
        if seam.bonus > best.get(seam.skill, (0, ()))[0]:
            best[seam.skill] = (seam.bonus, (sheet_card_id(sheet_cards[seam.giver]),
                                             sheet_card_id(sheet_cards[seam.taker])))
    return {skill: cards for skill, (_, cards) in best.items()}


def _sheet_cards(character: Character) -> list[RaceCard | CharacterCard]:
    return [*character.cards(RaceCard), *character.cards(CharacterCard)]


def _amount(card: AttackCard, kind: str) -> int:
    return card.mechanic.amount if card.mechanic is not None and card.mechanic.kind == kind \
        else 0


def _card(card: DefenceCard | GearCard | SpellCard) -> Card:
    effect, value = play_effect(card)
    rating = card.rating if isinstance(card, DefenceCard) else 0
    return Card(card.name, card.kind, rating, effect, value, card.effect,
                content=card_id(card.kind, card.id))


def play_effect(card: DefenceCard | GearCard | SpellCard | AttackCard) -> tuple[str, int]:
    """What tapping a card does in play, from its mechanic: a margin reduced or a defensive
    roll bonus guards; a roll bonus for any check, or for the skill attacks use, focuses;
    heal and untap are themselves; the rest (rerolls, skills no fight uses) are words for
    the table."""
    mechanic = card.mechanic
    if mechanic is None:
        return ("none", 0)
    if mechanic.kind == "reduce_margin":
        return ("guard", mechanic.amount)
    if mechanic.kind == "roll_bonus":
        if mechanic.skill is None or mechanic.skill in ATTACK_SKILLS.values():
            return ("focus", mechanic.amount)
        if mechanic.skill in DEFENSIVE_SKILLS:
            return ("guard", mechanic.amount)
        return ("none", 0)
    if mechanic.kind in ("heal", "untap"):
        return (mechanic.kind, max(1, mechanic.amount))
    return ("none", 0)
