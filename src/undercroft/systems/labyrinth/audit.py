"""What the rules-health audit looks for in whole games of Labyrinth (engine.audit).

The auditor follows a game step by step and compares each step's state with the one
before it, so that a fault is caught at the step that made it:

- a death that skips Character Death (the dead keep their items or silver, their items
  do not go back into the item deck, or no death is told);
- a card drawn outside its level range (the decks follow the deepest floor unlocked,
  whichever floor the party is on);
- a choice offered among the legal ones that ``step`` then refuses: every choice offered
  is tried on a copy of the game, so a refusal is found whether or not a player takes it;
- one copy of a card in two places at once, an adventurer's sheet that breaks a rule, a
  dead adventurer asked to act, a floor entered whose encounter deck holds no card;
- an item held that the game would never let its holder use: probed, as it comes into a
  living adventurer's hands, with the game's own choices on a copy of the game set where
  its use belongs (``unusable``);
- and, as a figure to watch, a party wiped out before it ever unlocked floor 2.

Steps are counted by where the party was when the step was taken (``town``, ``floor N``)
and by what the step did (``fight``, ``market``, ``travel``, ``explore``, ``chest``,
``items``, ``waiting``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from undercroft.content import packs
from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.audit import AnomalyKind, Findings
from undercroft.engine.tally import tallying
from undercroft.engine.turns import TextEvent
from undercroft.errors import BadInput
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.adventurer.elements import ELEMENTS
from undercroft.systems.labyrinth.adventurer.races_classes import classes, races
from undercroft.systems.labyrinth.adventurer.specials import SPECIALS
from undercroft.systems.labyrinth.adventurer.state import Adventurer, problem
from undercroft.systems.labyrinth.content.cards import CursedItem, MonsterEncounter
from undercroft.systems.labyrinth.content.loader import load_content
from undercroft.systems.labyrinth.decks import Deck, card_of
from undercroft.systems.labyrinth.fight import Fight
from undercroft.systems.labyrinth.rules import acting, legal, step
from undercroft.systems.labyrinth.setup import PACKS
from undercroft.systems.labyrinth.state import LabyrinthState, Room

DEATH: Final = AnomalyKind(
    "labyrinth.death-skips-rules", "an adventurer died without Character Death: items or "
    "silver kept, items not shuffled back into the item deck, or no death told")
OUT_OF_RANGE: Final = AnomalyKind(
    "labyrinth.card-out-of-range", "a card was drawn outside its level range (the decks "
    "follow the deepest floor unlocked, whichever floor the party is on)")
REFUSED: Final = AnomalyKind(
    "labyrinth.refused-choice", "a choice offered among the legal ones is refused (or "
    "raises) when taken")
TWICE: Final = AnomalyKind(
    "labyrinth.card-twice", "one copy of a card is in two places at once (draw pile, "
    "discard pile, market, an adventurer's items)")
SHEET: Final = AnomalyKind(
    "labyrinth.broken-sheet", "an adventurer's sheet breaks a rule (health above its "
    "maximum, alive at 0 health, silver below 0, an item equipped twice, ...)")
DEAD_ACTS: Final = AnomalyKind(
    "labyrinth.dead-acts", "a dead adventurer is asked to act")
EMPTY_FLOOR: Final = AnomalyKind(
    "labyrinth.empty-floor", "the party entered a floor whose encounter deck holds no card "
    "(a floor beyond every card's levels)")
UNUSABLE: Final = AnomalyKind(
    "labyrinth.unusable-item", "an adventurer holds an item the game would never let it "
    "use: no equip, no use (hurt, in an empty room), no lifting of a curse, no effect worn")
WIPED: Final = AnomalyKind(
    "labyrinth.wiped-on-floor-1", "the party was wiped out without ever unlocking floor 2",
    must_be_zero=False)

KINDS: tuple[AnomalyKind, ...] = (DEATH, OUT_OF_RANGE, REFUSED, TWICE, SHEET, DEAD_ACTS,
                                  EMPTY_FLOOR, UNUSABLE, WIPED)
"""The faults this system's auditor can report."""

DOING: Final[dict[str, str]] = {
    "buy": "market", "sell": "market", "lift": "market",
    "enter": "travel", "return": "travel", "down": "travel",
    "next": "explore", "open": "chest", "search": "chest",
    "equip": "items", "unequip": "items", "use": "items",
    "raise": "items", "lower": "items", "swap": "items", "keep": "items",
    "attack": "fight", "wait": "waiting",
}
"""What a step did, by its verb (every step of a battle is ``fight``)."""


USABLE: frozenset[str] = frozenset({"item", "special"})
"""The catalogue's kinds whose content is there to be put to use (engine.audit)."""


def catalogue(config: Any) -> Mapping[str, Sequence[str]]:
    """Every piece of content a game of ``config`` may draw, by kind: the encounter and
    item cards of its packs, the monsters some encounter card brings (Appendix E lists
    five that no card of the seed names: they cannot come into a game), every race, class
    and element, and the specials that act in play."""
    packs_named: tuple[str, ...] = getattr(config, "packs", ())
    content = load_content(packs.find(packs_named, PACKS))
    monsters = {group.monster for card in content.encounters.values()
                if isinstance(card, MonsterEncounter) for group in card.groups}
    return {
        "encounter": [f"labyrinth.encounter.{card}" for card in sorted(content.encounters)],
        "monster": [f"labyrinth.monster.{monster}" for monster in sorted(monsters)],
        "item": [f"labyrinth.item.{card}" for card in sorted(content.items)],
        "race": [f"labyrinth.race.{race}" for race in races()],
        "class": [f"labyrinth.class.{klass}" for klass in classes()],
        "element": [f"labyrinth.element.{element}" for element in ELEMENTS],
        "special": [f"labyrinth.special.{special}" for special in SPECIALS],
    }


def where(state: LabyrinthState) -> str:
    return "town" if state.phase == "town" else f"floor {state.floor}"


@dataclass(frozen=True)
class _Before:
    """What the auditor keeps of the state before a step, to compare with after it."""

    where: str
    phase: str
    sheets: dict[str, tuple[bool, tuple[str, ...], int]]
    """Each seat: alive, the item copies owned, silver."""
    market: tuple[str, ...]

    @classmethod
    def of(cls, state: LabyrinthState) -> _Before:
        return cls(where(state), state.phase,
                   {m.seat: (m.alive, tuple(m.items), m.silver) for m in state.party},
                   tuple(state.market))


class LabyrinthAuditor:
    """Follows one game of Labyrinth (engine.audit.GameAuditor)."""

    def __init__(self, state: LabyrinthState, probe: bool = True) -> None:
        self.findings = Findings()
        self.probe = probe
        """Try every choice offered on a copy of the game (``refused-choice``)."""
        self._told: set[tuple[str, str]] = set()
        self._trial_dice = LoggedStream(state.seed, "labyrinth/audit-trial")
        self._before = _Before.of(state)
        self._look(state, 0, ())

    def see(self, state: Any, step: int, choices: Mapping[str, Any],
            events: Sequence[Any]) -> None:
        before = self._before
        choice = next(iter(choices.values()), None)
        verb = choice.verb if isinstance(choice, Choice) else "wait"
        self.findings.count(before.where,
                            "fight" if before.phase == "fight" else DOING.get(verb, verb))
        self._deaths(state, step, before, events)
        self._ranges(state, step, before, events)
        self._held(state, step, before)
        self._look(state, step, events)
        self._before = _Before.of(state)

    def finish(self, state: Any, step: int) -> None:
        if state.ended == "defeated" and state.unlocked < 2:
            self.findings.add(WIPED.kind, step, f"every adventurer died by step {step}, on "
                              f"floor {state.floor}; floor 2 never unlocked")

    def _add(self, kind: str, step: int, key: str, detail: str) -> None:
        """A finding, once per game for each ``key`` of its kind."""
        if (kind, key) not in self._told:
            self._told.add((kind, key))
            self.findings.add(kind, step, detail)

    def _look(self, state: LabyrinthState, step: int, events: Sequence[TextEvent]) -> None:
        """What holds of any state: one place per copy, sound sheets, the living act, a
        floor has rooms, and every choice offered can be taken."""
        for deck_name, places in (("items", _item_places(state)),
                                  ("encounters", _deck_places(state.encounters))):
            seen: dict[str, str] = {}
            for place, copies in places:
                for card in copies:
                    if card in seen:
                        self._add(TWICE.kind, step, card, f"{card} ({deck_name}) is in "
                                  f"{seen[card]} and in {place}")
                    seen[card] = place
        for member in state.party:
            found = problem(member)
            if found is not None:
                self._add(SHEET.kind, step, f"{member.seat} {found[0]}",
                          f"{member.seat}, {found[0]}: {found[1]}")
        actor = acting(state)
        if actor is not None and not actor.alive:
            self._add(DEAD_ACTS.kind, step, actor.seat, f"{actor.seat} is dead and asked "
                      f"to act ({state.phase})")
        for event in events:
            if event.kind == "floor" and not state.encounters.draw:
                self._add(EMPTY_FLOOR.kind, step, str(state.floor), f"floor {state.floor}: "
                          "no encounter card holds this level; the floor has no rooms")
        if self.probe and state.ended is None:
            for text, why in refusals(state, self._trial_dice):
                self._add(REFUSED.kind, step, text, f"{text}: {why}")

    def _deaths(self, state: LabyrinthState, step: int, before: _Before,
                events: Sequence[TextEvent]) -> None:
        """Character Death: "all item it owned are shuffled back into the item deck, and
        it's money is lost" (and the table is told)."""
        for member in state.party:
            alive, owned, _ = before.sheets[member.seat]
            if not alive or member.alive:
                continue
            skipped = []
            if member.items:
                skipped.append(f"keeps {', '.join(member.items)}")
            if member.silver:
                skipped.append(f"keeps {member.silver} sp")
            lost = [card for card in owned if card not in member.items
                    and _belongs(state.items, card) and card not in state.items.draw
                    and card not in state.items.discard]  # used up as it killed (a statue)
            if lost:
                skipped.append(f"{', '.join(lost)} not back in the item deck")
            if not any(e.kind == "death" and e.data.get("seat") == member.seat
                       for e in events):
                skipped.append("no death told")
            if skipped:
                cause = next((e.kind for e in reversed(events)
                              if e.data.get("seat") == member.seat), "?")
                self._add(DEATH.kind, step, member.seat, f"{member.seat} ({member.race} "
                          f"{member.klass}) died (last: {cause}): " + "; ".join(skipped))

    def _held(self, state: LabyrinthState, step: int, before: _Before) -> None:
        """Each item as it comes into a living adventurer's hands: could it be used?"""
        for member in state.living():
            owned = before.sheets[member.seat][1]
            for copy_name in member.items:
                if copy_name in owned:
                    continue
                why = unusable(state, member.seat, copy_name)
                if why is not None:
                    self._add(UNUSABLE.kind, step, f"{member.seat} {copy_name}",
                              f"{copy_name} held by {member.seat} ({member.race} "
                              f"{member.klass}): {why}")

    def _ranges(self, state: LabyrinthState, step: int, before: _Before,
                events: Sequence[TextEvent]) -> None:
        """Seed 002, Card Levels and Chapter 3: the decks hold the cards of the deepest
        floor unlocked, whichever floor the party is on (rooms, items found, the market)."""
        for event in events:
            if event.kind == "room":
                self._check_card(step, state, "encounters", str(event.data.get("card")),
                                 "room")
            elif event.kind in ("item", "treasure"):
                self._check_card(step, state, "items", str(event.data.get("item")), "found")
        for card in state.market:
            if card not in before.market:
                self._check_card(step, state, "items", card_of(card), "market")

    def _check_card(self, step: int, state: LabyrinthState, deck_name: str, card: str,
                    how: str) -> None:
        deck: Deck = getattr(state, deck_name)
        spec = deck.cards.get(card)
        if spec is None:
            self._add(OUT_OF_RANGE.kind, step, card, f"{card} ({how}) is not a card of the "
                      f"{deck_name} deck")
            return
        low, high = spec.levels
        level = state.unlocked
        if not spec.holds(level) or deck.level != level:
            self._add(OUT_OF_RANGE.kind, step, f"{card} {deck.level}", f"{card} ({how}, levels "
                      f"{low}-{high}) drawn from the {deck_name} deck at level {deck.level}; "
                      f"floor {state.floor}, unlocked {level}")


def unusable(state: LabyrinthState, seat: str, copy_name: str) -> str | None:
    """Why the holder could never use the item, or None when it could: the game's own
    choices, offered on a copy of the game set where the item's use belongs (its holder
    hurt, slots free, in an empty room; in town with silver to spend). A cursed item is
    used by being worn; a Treasure Hoard is spent when found and never held."""
    card = state.item(copy_name)
    member = state.adventurer(seat)
    if isinstance(card, CursedItem):
        return None if copy_name in member.worn else "cursed, and not worn"
    wanted = {"equipment": "equip", "consumable": "use", "statue": "use"}.get(card.kind)
    if wanted is None:
        return f"a {card.kind} card is spent when found; no choice uses it once held"
    trial = trial_copy(state, LoggedStream(state.seed, "labyrinth/audit-probe"))
    holder = trial.adventurer(seat)
    holder.equipped, holder.health = [], 1 if holder.max_health > 1 else holder.health
    trial.phase, trial.fight, trial.statue, trial.ended = "explore", None, None, None
    trial.room = Room("probe", "empty", resolved=True)
    trial.turn = trial.party.index(holder)
    with tallying():
        offered = legal(trial, seat)
    if any(choice.verb == wanted and choice.target == copy_name for choice in offered):
        return None
    return f"never offered to {wanted} (hurt, with free slots, in an empty room)"


def _belongs(deck: Deck, copy_name: str) -> bool:
    """Whether a copy's card belongs in the deck at its level (it goes back when it does)."""
    spec = deck.cards.get(card_of(copy_name))
    return spec is not None and spec.holds(deck.level)


def _deck_places(deck: Deck) -> list[tuple[str, Sequence[str]]]:
    return [("the draw pile", deck.draw), ("the discard pile", deck.discard)]


def _item_places(state: LabyrinthState) -> list[tuple[str, Sequence[str]]]:
    return [*_deck_places(state.items), ("the market", state.market),
            *((f"{m.seat}'s items", m.items) for m in state.party)]


def refusals(state: LabyrinthState, dice: LoggedStream | None = None) -> list[tuple[str, str]]:
    """Each choice the acting seat is offered that ``step`` refuses or fails on, as
    ("Seat-1: buy rations#2", why), tried on copies of the game (nothing counted) that
    roll ``dice`` (a stream of the trials' own)."""
    member = acting(state)
    if member is None:
        return []
    dice = dice or LoggedStream(state.seed, "labyrinth/audit-trial")
    found = []
    for choice in legal(state, member.seat):
        trial = trial_copy(state, dice)
        try:
            with tallying():
                step(trial, {member.seat: choice})
        except BadInput as error:
            found.append((f"{member.seat}: {choice.text}", f"refused: {error}"))
        except Exception as error:  # a choice offered that breaks the rules is the finding
            found.append((f"{member.seat}: {choice.text}",
                          f"{type(error).__name__}: {' '.join(str(error).split())[:120]}"))
    return found


def trial_copy(state: LabyrinthState, dice: LoggedStream) -> LabyrinthState:
    """A copy to try a choice on: a new container for everything play changes, sharing what
    it never does (the content, the config, the cards' specs, the dice rolled at creation),
    without the log, and rolling ``dice``, so that trying a choice leaves the game and its
    dice as they were (whether a choice is refused does not depend on the dice)."""
    trial = copy.copy(state)
    trial.party = [_member_copy(m) for m in state.party]
    trial.encounters, trial.items = _deck_copy(state.encounters), _deck_copy(state.items)
    trial.dice = dice
    trial.room = copy.copy(state.room)
    trial.market, trial.events = list(state.market), []
    fight = state.fight
    trial.fight = None if fight is None else Fight(
        [copy.copy(m) for m in fight.monsters], list(fight.order), dict(fight.initiative),
        fight.turn, fight.round, fight.reward, set(fight.braced))
    return trial


def _member_copy(member: Adventurer) -> Adventurer:
    twin = copy.copy(member)
    twin.stats, twin.items = dict(member.stats), list(member.items)
    twin.equipped, twin.cursed = list(member.equipped), list(member.cursed)
    return twin


def _deck_copy(deck: Deck) -> Deck:
    return Deck(deck.cards, deck.level, list(deck.draw), list(deck.discard))


def auditor(state: Any) -> LabyrinthAuditor:
    return LabyrinthAuditor(state)


def _sheet(member: Adventurer) -> tuple[Any, ...]:
    return (member.seat, member.alive, member.health, member.silver, tuple(member.items),
            tuple(member.equipped), tuple(member.cursed), tuple(member.stats.values()),
            member.health_bonus, member.armour_bonus, member.skip_next_attack)


def fingerprint(state: LabyrinthState) -> object:
    """What a player sees change: where the party is, whose turn, the sheets, the market,
    the room, the battle, the decks' sizes and discards (no counters, no log, not the
    order of the draw piles)."""
    member = acting(state)
    room, fight = state.room, state.fight
    return (state.phase, state.floor, state.unlocked, state.stairs_owed, state.ended,
            None if member is None else member.seat,
            None if state.statue is None else tuple(state.statue.to_dict().values()),
            tuple(_sheet(m) for m in state.party), tuple(state.market),
            None if room is None else (room.card, room.resolved, room.chest_checked,
                                       room.chest_safe),
            None if fight is None else (tuple((m.id, m.health) for m in fight.monsters),
                                        fight.acting, tuple(sorted(fight.braced))),
            tuple((deck.level, len(deck.draw), tuple(deck.discard))
                  for deck in (state.encounters, state.items)))


def may_do_nothing(action: Any) -> bool:
    """An attack may miss, and the monsters' answers may miss too; a seat may pass
    ("wait"), which changes nothing when it is the only one left to act."""
    return isinstance(action, Choice) and action.verb in ("attack", "wait")
