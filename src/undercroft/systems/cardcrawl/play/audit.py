"""What the rules-health audit looks for in whole games of Card Crawl (engine.audit).

A broken game of Card Crawl looks like one of these: a dungeon the party cannot enter,
or rooms it cannot walk to; a hit that succeeds and takes nothing; enemies no attack of
the party's can ever hit (there is no fleeing, so the fight is lost; a hit that lands
always takes a die); a character
put down by its own player's choice; a game called "cleared" with rooms nobody entered.
Figures worth watching but not faults by themselves: a card tapped for an effect that
could not act.

Steps are counted where the party stood when the choice was made (``entrance``,
``room N``) and by what it was doing: ``fight`` (a foe stood in the room), ``travel``,
``rest``, ``waiting`` or ``tap`` (a card tapped out of a fight).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from undercroft.engine.audit import AnomalyKind, Findings
from undercroft.engine.turns import TextEvent
from undercroft.systems.cardcrawl.character.build import deals_damage
from undercroft.systems.cardcrawl.character.cards import (
    AttackCard,
    CharacterCard,
    DefenceCard,
    GearCard,
    RaceCard,
    starter_cards,
)
from undercroft.systems.cardcrawl.dungeon.dice import die_plan
from undercroft.systems.cardcrawl.dungeon.room_types import TYPE_DIE, load_room_types
from undercroft.systems.cardcrawl.play.actions import Play
from undercroft.systems.cardcrawl.play.checks import ATTACK_DIFFICULTY, OPPONENT_BASE
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.content_ids import (
    ability_id,
    card_id,
    enemy_id,
    room_type_id,
    sheet_card_id,
    special_id,
)
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup, enemy_kind, kinds_for_room
from undercroft.systems.cardcrawl.play.game_over import entrance_links, reachable
from undercroft.systems.cardcrawl.play.setup import ALWAYS_STOCKED_FROM
from undercroft.systems.cardcrawl.play.state import ENTRANCE, CardCrawlState, Fighter

HIGHEST_FACE: Final = 12
"""The best a check's dice can show: 1d12 aggressive, 2d6 cautious."""
FOES_DOING: Final = frozenset({"wounded", "tapped"})
"""Events that take a character's defence cards by a foe's doing (a hit, a hex or a
trap tapping one), so a knock-out in the same step is not the seat's own choice."""

KINDS: tuple[AnomalyKind, ...] = (
    AnomalyKind("cardcrawl.no-entrance",
                "no room of the dungeon is joined to the entrance: the party cannot go in"),
    AnomalyKind("cardcrawl.unreachable-room",
                "rooms no corridor path joins to the entrance"),
    AnomalyKind("cardcrawl.hit-removes-nothing",
                "a successful hit on enemies took no hit die"),
    AnomalyKind("cardcrawl.unbeatable-foe",
                "enemies no attack of the party can ever hit: with no fleeing, the fight "
                "cannot be won"),
    AnomalyKind("cardcrawl.self-incapacitated",
                "a seat's own choice left its character with no ready defence card"),
    AnomalyKind("cardcrawl.cleared-unvisited",
                "the game ended \"cleared\" with rooms the party never entered"),
    AnomalyKind("cardcrawl.heal-heals-nothing",
                "a healing card offered and tapped brought no defence card back"),
    AnomalyKind("cardcrawl.wasted-tap",
                "a card tapped for an effect that could not act (a ward with no foe in "
                "the room, an untap with nothing tapped)", must_be_zero=False),
)
"""The faults this system's auditor can report."""


USABLE: frozenset[str] = frozenset({"attack", "defence", "gear", "race ability", "class ability",
                                       "enemy special"})
"""The catalogue's kinds whose content is there to be put to use (engine.audit)."""


def catalogue(config: Any) -> Mapping[str, Sequence[str]]:
    """Every piece of content a game of ``config`` may draw, by kind: the cards starting
    characters are made of (seed 004's Character Creation), the gear rooms may hold, the
    room types the dungeon's dice can reach, and the enemies (with their specials) that
    live in those rooms."""
    if not isinstance(config, CardCrawlConfig):
        config = CardCrawlConfig.model_validate(config)
    cards = starter_cards()
    races = cards.of(RaceCard)
    classes = [card for card in cards.of(CharacterCard)
               if card.aspect == "class" and (card.right, card.bottom) == (4, 4)]
    class_ids = {card.id for card in classes}
    attacks = [card for card in cards.of(AttackCard) if card.bonus == 1 and deals_damage(card)
               and (card.requires is None or card.requires in class_ids)]
    defence = [card for card in cards.of(DefenceCard) if card.rating in config.defence_ratings]
    gear = [card for card in cards.of(GearCard) if card.basic or config.loot_percent > 0]
    table = load_room_types()
    sizes = range(1, max(die_plan(config.rooms, vary=config.vary).dice) + 1)
    types = sorted({table.lookup(size + face) for size in sizes
                    for face in range(1, TYPE_DIE + 1)})
    stocked = {table.lookup(size + face) for size in sizes for face in range(1, TYPE_DIE + 1)
               if config.stocked_percent > 0 or size >= ALWAYS_STOCKED_FROM}
    enemies = sorted({kind for room_type in stocked for kind in kinds_for_room(room_type)})
    specials = sorted({special_id(special) for kind in enemies
                       for special in enemy_kind(kind).special})
    return {
        "race": [sheet_card_id(card) for card in races],
        "class": [sheet_card_id(card) for card in classes],
        "attack": [card_id("attack", card.id) for card in attacks],
        "defence": [card_id("defence", card.id) for card in defence],
        "gear": [card_id("gear", card.id) for card in gear],
        "race ability": [ability_id(card) for card in races],
        "class ability": [ability_id(card) for card in classes],
        "room type": [room_type_id(name) for name in types],
        "enemy": [enemy_id(kind) for kind in enemies],
        "enemy special": specials,
    }


class CardCrawlAuditor:
    """Follows one game of Card Crawl: its dungeon at the start, each step's choice and
    events, and how it ended."""

    def __init__(self, state: CardCrawlState) -> None:
        self.findings = Findings()
        self.where = state.where
        self.fight = bool(state.foes_here())
        self.ready = {f.seat: _ready(f) for f in state.fighters}
        if not entrance_links(state):
            self.findings.add("cardcrawl.no-entrance", 0, f"none of the {len(state.rooms)} "
                              "rooms has a corridor to the entrance")
        else:
            cut_off = sorted(set(state.rooms) - reachable(state))
            if cut_off:
                self.findings.add("cardcrawl.unreachable-room", 0,
                                  f"room{'s' if len(cut_off) > 1 else ''} "
                                  f"{', '.join(map(str, cut_off))} cannot be reached from "
                                  "the entrance")

    def see(self, state: CardCrawlState, step: int, choices: Mapping[str, Any],
            events: Sequence[Any]) -> None:
        for seat, play in choices.items():
            if isinstance(play, Play):
                self.findings.count(_place(self.where), _doing(play, self.fight))
                self._choice(state, step, seat, play, events)
        for event in events:
            if not isinstance(event, TextEvent):
                continue
            if event.kind == "hit" and event.data.get("damage", True) \
                    and not event.data.get("removed"):
                self.findings.add("cardcrawl.hit-removes-nothing", step, event.text)
            elif event.kind == "enemies":
                self._new_foes(state, step, str(event.data.get("group", "")))
            elif event.kind == "no healing":
                self.findings.add("cardcrawl.heal-heals-nothing", step, event.text)
        self.where = state.where
        self.fight = bool(state.foes_here())
        self.ready = {f.seat: _ready(f) for f in state.fighters}

    def finish(self, state: CardCrawlState, step: int) -> None:
        if state.ended != "cleared":
            return
        unvisited = sorted(n for n, room in state.rooms.items() if not room.visited)
        if unvisited:
            self.findings.add("cardcrawl.cleared-unvisited", step,
                              f"cleared after {state.round - 1} rounds with "
                              f"{len(unvisited)} of {len(state.rooms)} rooms never entered "
                              f"({', '.join(map(str, unvisited))})")

    def _choice(self, state: CardCrawlState, step: int, seat: str, play: Play,
                events: Sequence[Any]) -> None:
        fighter = state.fighter(seat)
        before = self.ready.get(seat, [])
        wounded = any(isinstance(e, TextEvent) and e.kind in FOES_DOING
                      and e.data.get("seat") == seat for e in events)
        if before and fighter.incapacitated and not wounded:
            self.findings.add("cardcrawl.self-incapacitated", step,
                              f"{seat} chose {play.text!r} with {', '.join(before)} its "
                              "only ready defence and was left with none, unhit")
        card = fighter.card(play.card) if play.verb == "tap" else None
        if card is None:
            return
        if card.effect == "ward" and not self.fight:
            self.findings.add("cardcrawl.wasted-tap", step,
                              f"{seat} tapped {card.name} to ward off a hit with no foe in "
                              "the room")
        elif card.effect == "untap" and any(isinstance(e, TextEvent) and e.kind == "tap"
                                            and "nothing else was tapped" in e.text
                                            for e in events):
            self.findings.add("cardcrawl.wasted-tap", step,
                              f"{seat} tapped {card.name} to untap with nothing tapped")

    def _new_foes(self, state: CardCrawlState, step: int, group_id: str) -> None:
        group = next((g for g in state.foes_here() if g.id == group_id), None)
        if group is None:
            return
        reach = _best_margin(state, group)
        if reach < 1:
            self.findings.add("cardcrawl.unbeatable-foe", step,
                              f"{group_id} cannot be hit: the party's best possible attack "
                              f"has a margin of {reach}")


def _ready(fighter: Fighter) -> list[str]:
    return [card.name for card in fighter.defence if card.state == "ready"]


def _place(room: int) -> str:
    return "entrance" if room == ENTRANCE else f"room {room}"


def _doing(play: Play, fight: bool) -> str:
    if fight:
        return "fight"
    return {"move": "travel", "rest": "rest", "wait": "waiting"}.get(play.verb, play.verb)


def _best_margin(state: CardCrawlState, group: EnemyGroup) -> int:
    """The most any damaging attack of the party can ever beat its difficulty against
    ``group`` by: the best face, the attack's bonus, the best seam bonus it may roll with, the best
    combo another attack can give it and every focus card tapped first (a hit needs at
    least 1). Worked out here, not by the rules, so that the audit fires no rule."""
    best: int | None = None
    for fighter in state.fighters:
        focus = sum(card.value for card in fighter.cards if card.effect == "focus")
        for attack in (a for a in fighter.attacks if a.damage):
            skill = max((bonus for skill, bonus in fighter.skills.items()
                         if state.config.any_skill or skill in attack.skills), default=0)
            combo = max((bonus for other in fighter.attacks
                         for name, bonus in other.follow_ups if name == attack.name),
                        default=0)
            difficulty = attack.difficulty
            if state.config.attack_against == "opponent":
                difficulty += OPPONENT_BASE + group.numbers.defence_skill - ATTACK_DIFFICULTY
            margin = HIGHEST_FACE + attack.bonus + skill + combo + focus - difficulty
            best = margin if best is None else max(best, margin)
    return 0 if best is None else best


def auditor(state: CardCrawlState) -> CardCrawlAuditor:
    return CardCrawlAuditor(state)


def fingerprint(state: CardCrawlState) -> object:
    """What a player sees change: where the party is, every card's state and the marks on
    each character (ward, focus, bonuses waiting, combo, healed, abilities spent, holding
    on), the foes in the room and what the party's cards did to them, the rooms visited
    and the rests left. Not whose turn it is: passing the turn alone changes nothing."""
    party = tuple((tuple(card.state for card in f.cards), f.ward, f.focus,
                   tuple(sorted(f.boosts.items())), tuple(sorted(f.combo.items())), f.healed,
                   tuple(sorted(f.spent)), f.holding_on) for f in state.fighters)
    foes = tuple((tuple(tuple(dice) for dice in group.creatures), group.staggered,
                  group.weakened, group.burned) for group in state.foes_here())
    visited = sum(1 for room in state.rooms.values() if room.visited)
    gear = tuple((tuple(card.name for card in f.equipped), tuple(card.name for card in f.pack))
                 for f in state.fighters)
    lying = sum(len(room.gear) for room in state.rooms.values())
    return (state.where, state.rests_left, state.ended, visited, party, foes, gear, lying)


def may_do_nothing(action: Any) -> bool:
    """An attack may miss (its roll can fail), and waiting is a seat's pass: both may
    rightly leave the table as it was. Every other choice changes a card or the room."""
    return isinstance(action, Play) and action.verb in ("attack", "wait")
