"""What a seat may know of an encounter, and the whole truth for debugging.

A seat sees the room as a hero standing in it does: everyone's health and items,
the foes and contents of the room, the exits found, which heroes each swarm
holds, and its own line of the script for this step with the agent the scenario
gives its hero, and what the last step told the table (its events). It does
not see an unfound secret exit, the room beyond a murder hole until the hole is
open, or the seed (which would let a program foresee the dice). The truth (seat
None) adds all of these, the forced rolls still waiting and the choices made off
the script.
"""

from __future__ import annotations

from typing import Any

from undercroft.systems.amulet.encounter.rules import ending
from undercroft.systems.amulet.encounter.scenario import hero_names
from undercroft.systems.amulet.encounter.state import EncounterState

SYSTEM = "amulet-encounter"


def view(state: EncounterState, seat: str | None) -> dict[str, Any]:
    """The seat's view (a plain, JSON-ready dict); None is the whole truth."""
    scene = state.scene
    truth = seat is None
    places = ("room", "beyond") if truth or scene.hole_open() else ("room",)
    shown: dict[str, Any] = {
        "system": SYSTEM, "scenario": state.config.name, "step": state.steps,
        "round": scene.table.round, "action": scene.table.action, "size": scene.size,
        "level": scene.level, "friendly_fire": scene.table.friendly_fire,
        "ended": ending(state),
        "heroes": [{**hero.to_dict(), "numbers": hero.hero.printed} for hero in scene.heroes],
        "swarms": [{**swarm.to_dict(), "swarmed": list(swarm.swarmed)}
                   for swarm in scene.swarms if swarm.health > 0 and swarm.place in places],
        "monsters": [m.to_dict() for m in scene.monsters if m.health > 0 and m.place in places],
        "generators": [g.to_dict() for g in scene.generators
                       if g.health > 0 and g.place in places],
        "contents": [c.to_dict() for c in scene.contents if not c.gone],
        "exits": [e.to_dict() for e in scene.exits if truth or e.found],
        "seat": seat,
        "events": [event.to_dict() for event in state.events],
    }
    if seat is not None:
        agents = dict(zip(hero_names(state.config), state.config.heroes, strict=True))
        shown["script"] = state.script().get(seat)
        shown["agent"] = agents[seat].agent if seat in agents else None
    else:
        shown.update(seed=state.seed, beyond_size=scene.beyond_size,
                     forced_waiting=state.dice.unused(), off_script=state.off_script,
                     announced=sorted(scene.table.announced))
    return shown


def hidden(state: EncounterState) -> list[str]:
    """Fragments of JSON no seat's view may contain (the conformance suite's check): the
    seed, unfound exits, and what lies beyond a murder hole not yet open."""
    scene = state.scene
    fragments = ['"seed":']
    fragments += [f'"id": "{exit_.id}"' for exit_ in scene.exits if not exit_.found]
    if not scene.hole_open():
        fragments.append('"place": "beyond"')
    return fragments
