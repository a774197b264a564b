"""A new game of Card Crawl: starting characters, a Random Dungeon, enemies where they live.

Each seat gets a starting character by seed 004's Character Creation
(``character.build.new_character``), and its cards are put into play as a
:class:`Fighter`: what each card does in a fight is read from the card's
``mechanic`` (house content, ``data/cards.toml``). The dungeon is seed 004's
Random Dungeons plan laid out on the grid; the party walks the corridors the map
could draw. Rooms are stocked with enemies that live in rooms of their type
(``data/bestiary.toml``): seed 004 says "stock it with an appropriate threat".
"""

from __future__ import annotations

from typing import Final

from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.tally import drawn, fired
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.character.build import Character, new_character
from undercroft.systems.cardcrawl.character.cards import (
    AttackCard,
    CharacterCard,
    DefenceCard,
    GearCard,
    RaceCard,
    SpellCard,
    starter_cards,
)
from undercroft.systems.cardcrawl.dungeon.layout import layout_dungeon
from undercroft.systems.cardcrawl.dungeon.plan import PlanConfig, generate_plan
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.content_ids import (
    ability_id,
    card_id,
    enemy_id,
    room_type_id,
    sheet_card_id,
    special_id,
)
from undercroft.systems.cardcrawl.play.effects import play_effect
from undercroft.systems.cardcrawl.play.enemies import enemy_kind, kinds_for_room
from undercroft.systems.cardcrawl.play.skills import DEFENSIVE_SKILLS, TRAP_SKILLS
from undercroft.systems.cardcrawl.play.state import (
    Attack,
    Card,
    CardCrawlState,
    Fighter,
    Room,
)

MAGIC_CLASSES: Final = frozenset({"wizard", "cleric"})
"""Classes whose own attacks are magic (seed 004: "casters also get magic attacks that
represent more commonly usable spells")."""
ROLLED_SKILLS: Final = frozenset({*DEFENSIVE_SKILLS, *TRAP_SKILLS,
                                  *(skill for card in starter_cards().of(AttackCard)
                                    for skill in card.skills)})
"""Every skill some roll in play uses: a card's bonus for any other does nothing here."""
ALWAYS_STOCKED_FROM: Final = 4
"""Rooms this size or larger always hold enemies (seed 004: "larger rooms tend to have
... more important stuff in them")."""


def new_game(config: CardCrawlConfig, seed: int) -> CardCrawlState:
    fighters = [fighter_for(f"Seat-{n}", new_character(Stream(seed, f"cardcrawl/character/{n}"),
                                                      defence_ratings=config.defence_ratings))
                for n in range(1, config.players + 1)]
    rooms = dungeon_rooms(config, seed)
    state = CardCrawlState(config, seed, fighters, rooms, LoggedStream(seed, "cardcrawl/play"),
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
    _hide_gear(config, seed, rooms)
    return rooms


def _hide_gear(config: CardCrawlConfig, seed: int, rooms: dict[int, Room]) -> None:
    """Seed 004: gear is "acquired from adventuring". House rule: each room holds a piece
    of gear with ``loot_percent`` chance, any of the card set's gear alike (its own
    stream, so the enemies of a seed stay as they were)."""
    loot = Stream(seed, "cardcrawl/loot")
    gear = starter_cards().of(GearCard)
    for number in sorted(rooms):
        if loot.randint(1, 100) <= config.loot_percent:
            fired("cardcrawl.play.loot")
            card = loot.choice(gear)
            rooms[number].gear.append(_card(card))
            drawn(card_id("gear", card.id))


def fighter_for(seat: str, character: Character) -> Fighter:
    """A character's cards as they work in a fight."""
    names = {slot.card.id: slot.card.name for slot in character.attacks()}
    attacks = [_attack(slot.card, names, character) for slot in character.attacks()]
    cards = [_card(card) for card in character.defence_cards()]
    cards += [_card(card) for card in character.equipment()]
    abilities = {sheet_card.ability.split(":")[0].strip(): ability_id(sheet_card)
                 for sheet_card in _sheet_cards(character)}
    fighter = Fighter(seat, character.title, dict(character.skill_bonuses()), attacks, cards,
                      seams=_seams(character), abilities=abilities,
                      equip_limit=character.equip_limit, owned=set(character.owned))
    for sheet_card in _sheet_cards(character):
        drawn(sheet_card_id(sheet_card))
        drawn(ability_id(sheet_card))
    for content in [attack.content for attack in attacks] + [c.content for c in cards]:
        drawn(content)
    return fighter


def _attack(card: AttackCard, names: dict[str, str], character: Character) -> Attack:
    """An attack card as it works in play: its mechanic says what a hit does besides
    taking hit dice."""
    follow = tuple((names[other], bonus) for other, bonus in character.combo_after(card.id).items())
    mechanic = card.mechanic
    kind = mechanic.kind if mechanic is not None else None
    amount = mechanic.amount if mechanic is not None else 0
    return Attack(card.name, card.bonus, card.skills, card.difficulty, follow,
                  extra=amount if kind == "extra_damage" else 0,
                  heal=amount if kind == "heal" else 0, text=card.effect,
                  content=card_id("attack", card.id), damage=kind != "no_damage",
                  stagger=amount if kind == "stagger" else 0,
                  weaken=amount if kind == "weaken" else 0,
                  when=(mechanic.when or "") if mechanic is not None else "",
                  undead=mechanic.undead if mechanic is not None else None,
                  heal_target=mechanic.target if mechanic is not None else "self",
                  magic=card.requires in MAGIC_CLASSES)


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


def _card(card: DefenceCard | GearCard | SpellCard) -> Card:
    effect, value, skills = play_effect(card, ROLLED_SKILLS)
    rating = card.rating if isinstance(card, DefenceCard) else 0
    target = card.mechanic.target if card.mechanic is not None else "self"
    return Card(card.name, card.kind, rating, effect, value, card.effect,
                content=card_id(card.kind, card.id), skills=skills, target=target)
