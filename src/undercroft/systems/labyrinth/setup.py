"""A new game of Labyrinth: the party rolled up, the decks built at level 1, the party in town.

Seed 002, Chapter 1: each player chooses a race, a class and up to two elements
and rolls 3d6 per statistic. The choices come from the config ("race:class:
element+element" per seat), or at random for seats not given (automated play).
"""

from __future__ import annotations

from typing import Final

from undercroft.content import packs
from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.tally import counting, drawn, fired
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.labyrinth.adventurer.character import new_adventurer, random_choices
from undercroft.systems.labyrinth.adventurer.specials import specials
from undercroft.systems.labyrinth.adventurer.state import Adventurer
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.content.loader import DATA, Content, load_content
from undercroft.systems.labyrinth.decks import CardSpec, Deck
from undercroft.systems.labyrinth.state import LabyrinthState
from undercroft.systems.labyrinth.town import arrive_in_town

FIRST_FLOOR: Final = 1
PACKS: Final = DATA / "packs"
"""Labyrinth's own content packs, chosen by name in the config."""


def new_game(config: LabyrinthConfig, seed: int, content: Content | None = None
             ) -> LabyrinthState:
    content = content or load_content(packs.find(config.packs, PACKS))
    deepest = max(card.levels[1] for card in content.encounters.values())
    if config.goal_floor > deepest:
        raise BadInput(f"goal_floor {config.goal_floor}: no encounter card goes below level "
                       f"{deepest}, so no stairwell leads to floor {deepest + 1}")
    fired("labyrinth.play.players")
    party = [_adventurer(config, n, seed) for n in range(1, config.players + 1)]
    if counting():
        for member in party:
            _report(member)
    encounters = Deck({c.id: CardSpec(c.id, c.copies, c.levels)
                       for c in content.encounters.values()})
    items = Deck({c.id: CardSpec(c.id, c.copies, c.levels) for c in content.items.values()})
    shuffle = Stream(seed, "labyrinth/decks")
    encounters.set_level(FIRST_FLOOR, (), shuffle)
    items.set_level(FIRST_FLOOR, (), shuffle)
    state = LabyrinthState(config, seed, content, party, encounters, items,
                           LoggedStream(seed, "labyrinth/play"))
    names = ", ".join(f"{m.seat} ({m.race} {m.klass}"
                      f"{', ' + '+'.join(m.elements) if m.elements else ''})" for m in party)
    state.say("start", f"The mayor's commission: {names}, 10 sp each, in the town of "
              "Labyrinth")
    arrive_in_town(state)
    return state


def _adventurer(config: LabyrinthConfig, number: int, seed: int) -> Adventurer:
    seat = f"Seat-{number}"
    stream = Stream(seed, f"labyrinth/character/{number}")
    if number <= len(config.party):
        race, klass, elements = _parse_choice(config.party[number - 1], seat)
    else:
        race, klass, elements = random_choices(stream)
    return new_adventurer(seat, race, klass, elements, stream)


def _report(member: Adventurer) -> None:
    """What the audit counts of a new character: its race, class, elements and specials."""
    drawn(f"labyrinth.race.{member.race}")
    drawn(f"labyrinth.class.{member.klass}")
    for element in member.elements:
        drawn(f"labyrinth.element.{element}")
    for special in specials(member):
        drawn(f"labyrinth.special.{special}")


def _parse_choice(text: str, seat: str) -> tuple[str, str, tuple[str, ...]]:
    """ "oxkin:warrior:metal+earth" -> ("oxkin", "warrior", ("metal", "earth"))."""
    parts = [part.strip().lower() for part in text.split(":")]
    if len(parts) not in (2, 3) or not all(parts[:2]):
        raise BadInput(f"party, {seat}: {text!r}: expected race:class or "
                       "race:class:element+element")
    elements = tuple(e for e in parts[2].split("+") if e) if len(parts) == 3 else ()
    return parts[0], parts[1], elements
