"""A defeated boss's Stuff, divided among the heroes by their Guides.

Seed 003: "In addition to any Loot a Boss might have, any Stuff it had is
automatically available and the Hero Guides will divide the Loot as they see fit."
Bosses "can also have Stuff", and "New Stuff will start D4 unless otherwise stated":
a boss's Stuff is otherwise stated, so a hero takes it at the die the boss held it.
The pieces are given out one at a time, the Guides taking turns, starting with the
Guide of the hero who defeated the boss; a Guide may give a piece to any standing
hero (its own or another Guide's) who holds nothing of that name.
"""

from __future__ import annotations

from undercroft.engine.tally import drawn, fired
from undercroft.systems.squad.heroes.hero import gain_stuff
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.content_ids import stuff_id
from undercroft.systems.squad.play.state import SquadState


def offer_spoils(state: SquadState, guides: list[str]) -> None:
    """Lay out the Stuff of every boss defeated in the scene for ``guides`` to divide
    (in the order they take turns)."""
    state.spoils = [s for m in state.defeated if m.boss for s in m.stuff]
    first = next((m.defeated_by for m in state.defeated if m.boss and m.defeated_by), "")
    start = guides.index(state.guides[first]) if first and state.guides[first] in guides \
        else 0
    state.dividers = guides[start:] + guides[:start]
    _drop_untakeable(state)
    if state.spoils:
        fired("squad.boss.stuff-or-loot")
        state.phase = "spoils"


def _takers(state: SquadState, name: str) -> list[str]:
    return [h for h in state.standing_heroes()
            if all(s.name != name for s in state.heroes[h].stuff)]


def _drop_untakeable(state: SquadState) -> None:
    """A piece every standing hero already holds by name stays with the fallen boss."""
    while state.spoils and not _takers(state, state.spoils[0].name):
        state.say("spoils", f"Nobody can take another {state.spoils.pop(0).name}")


def divider(state: SquadState) -> str:
    """The Guide who gives out the next piece."""
    return state.dividers[0]


def spoils_legal(state: SquadState) -> list[Move]:
    piece = state.spoils[0]
    return [Move("claim", h, "", piece.name) for h in _takers(state, piece.name)]


def give_out(state: SquadState, move: Move) -> bool:
    """The piece goes to the hero named, at its die; True when all are given out."""
    piece = state.spoils.pop(0)
    hero = state.heroes[move.actor]
    item = gain_stuff(hero, piece.name, piece.kind, piece.spell, piece.die)
    drawn(stuff_id(item.name))
    if item.spell is not None:
        drawn(f"squad.spell.{item.spell}")
    state.say("stuff", f"{hero.name} takes the boss's {item.name} (d{item.die})",
              hero=move.actor)
    state.dividers = state.dividers[1:] + state.dividers[:1]
    _drop_untakeable(state)
    return not state.spoils
