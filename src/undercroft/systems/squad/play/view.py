"""What a seat at the Dungeon Squad! table may know: everything on the table.

Heroes' sheets, the coins, the monsters in the scene and their Hit Points are all
in plain sight, as at a real table. The GM names the stage's boss ("at minimum, the
name or description of the Boss") but keeps its numbers until it appears: only the
whole truth (seat ``None``, for debugging and replay checks) shows its sheet, with
the seed.
"""

from __future__ import annotations

from typing import Any

from undercroft.systems.squad.gm.denizens import bestiary
from undercroft.systems.squad.heroes.document import hero_to_dict
from undercroft.systems.squad.play.rules import acting
from undercroft.systems.squad.play.state import SquadState


def view(state: SquadState, seat: str | None) -> dict[str, Any]:
    document: dict[str, Any] = {
        "round": state.round, "step": state.steps, "phase": state.phase,
        "turn": acting(state), "stage": state.stage.name, "setting": state.stage.setting,
        "stage_index": state.stage_index, "ended": state.ended,
        "heroes": {h: hero_to_dict(hero) for h, hero in state.heroes.items()},
        "guides": dict(state.guides), "gm_group": state.config.gm_group,
        "scene": [m.to_dict() for m in state.scene],
        "effects": {h: dict(marks) for h, marks in state.effects.items()},
        "coins": state.coins.to_dict(), "offered": list(state.offered),
        "loot_due": list(state.loot_due), "asking": list(state.asking),
        "spoils": [{"name": s.name, "kind": s.kind, "die": f"d{s.die}", "spell": s.spell}
                   for s in state.spoils],
        "rolls": {h: {"ability": c.ability, "die": f"d{c.die}", "roll": c.roll,
                      "total": c.total, "success": c.success} for h, c in state.rolls.items()},
        "events": [e.to_dict() for e in state.events[-12:]],
    }
    document["boss"] = state.stage.boss
    if seat is None:
        document["seed"] = state.seed
        boss = bestiary().bosses[state.stage.boss]
        document["boss_sheet"] = {"die": boss.die, "hit_points": boss.hit_points,
                                  "cost": boss.cost, "stuff": [s.name for s in boss.stuff]}
    return document
