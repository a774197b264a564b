"""The state of a game of Dungeon Squad! + Coin-Op: heroes, coins, the stage, the scene.

One object holds everything that changes; ``rules.step`` is the only thing that
changes it. Phases: ``gm`` (the GM sets the next scene: monsters, a trap, or the
boss), ``heroes`` (each hero acts in turn, its Guide choosing), ``monsters``
(the GM acts for each monster in play), ``rescue`` (a Guide decides whether loot
saves a failed Explorer roll the GM's side asked for: a trap dodge, a loot search),
``spoils`` (the Guides divide a defeated boss's Stuff), ``loot`` (heroes whose
Explorer roll succeeded take a Loot Type), ``camp`` (between
scenes: spending coins, pursuit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal

from undercroft.dice.roll_log import LoggedStream
from undercroft.engine.turns import TextEvent
from undercroft.systems.squad.gm.coin_pool import CoinPool
from undercroft.systems.squad.gm.stages import Stage
from undercroft.systems.squad.heroes.combat import Check
from undercroft.systems.squad.heroes.hero import Hero, Stuff
from undercroft.systems.squad.play.config import SquadConfig

Phase = Literal["gm", "heroes", "monsters", "rescue", "spoils", "loot", "camp"]
GM: Final = "GM"
"""The Gamemaster's seat: the automated GM's, or a person's."""


@dataclass
class InPlay:
    """A monster (or the boss) in the scene."""

    id: str
    kind: str
    die: int
    hit_points: int
    full: int
    loot: tuple[str, ...]
    stuff: tuple[Stuff, ...] = ()
    boss: bool = False
    fled: bool = False
    defeated_by: str = ""
    """The hero whose damage brought it to 0 Hit Points."""

    @property
    def standing(self) -> bool:
        return self.hit_points > 0 and not self.fled

    @property
    def damaged(self) -> bool:
        return 0 < self.hit_points < self.full

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "die": f"d{self.die}",
                "hit_points": self.hit_points, "loot": list(self.loot), "boss": self.boss,
                "fled": self.fled, "full": self.full,
                "stuff": [{"name": s.name, "kind": s.kind, "die": f"d{s.die}"}
                          for s in self.stuff]}


@dataclass
class SquadState:
    """A game of Dungeon Squad! + Coin-Op in progress."""

    config: SquadConfig
    seed: int
    heroes: dict[str, Hero]
    """By the short id moves use ("Faf", "Urd"), in turn order."""
    guides: dict[str, str]
    """Each hero's Guide seat."""
    coins: CoinPool
    dice: LoggedStream
    """The game's dice: each roll is logged for the next event to carry."""
    stage_index: int = 0
    phase: Phase = "gm"
    scene: list[InPlay] = field(default_factory=list)
    defeated: list[InPlay] = field(default_factory=list)
    """Monsters defeated this scene (their Loot Types are offered)."""
    turn: int = 0
    """The hero (in the heroes phase) or monster (in the monsters phase) acting."""
    round: int = 1
    steps: int = 0
    loot_due: list[str] = field(default_factory=list)
    """Heroes who found loot and have yet to take it."""
    offered: tuple[str, ...] = ()
    ready: set[str] = field(default_factory=set)
    """Guides done spending in camp."""
    effects: dict[str, dict[str, int]] = field(default_factory=dict)
    """Marks on heroes this scene (``spell_effects``): spells, a companion, Hardy
    Resilience readied, ``fled`` for a hero who fled the fight."""
    rolls: dict[str, Check] = field(default_factory=dict)
    """The Explorer rolls of a trap dodge or a loot search under way, by hero."""
    asking: list[str] = field(default_factory=list)
    """Heroes whose failed roll among ``rolls`` the party's 1E could still save."""
    resume: tuple[str, ...] = ()
    """What the rolls are for: ``("trap", trap id, denizen id)`` or ``("search",)``."""
    spoils: list[Stuff] = field(default_factory=list)
    """A defeated boss's Stuff still to be divided, first piece first."""
    dividers: list[str] = field(default_factory=list)
    """The Guides who give out the spoils, one piece each in turn."""
    made: int = 0
    """Monsters brought into play so far (their ids are numbered in order)."""
    events: list[TextEvent] = field(default_factory=list)
    ended: str | None = None
    """"victory" (every stage played), "defeated" (every hero out), "pool spent" (the Pool
    cannot pay the next stage's boss) or "time up"."""

    @property
    def stage(self) -> Stage:
        from undercroft.systems.squad.gm.stages import stages

        return stages()[self.config.stages[self.stage_index]]

    def standing_heroes(self) -> list[str]:
        return [h for h, hero in self.heroes.items() if not hero.out_of_game]

    def present(self) -> list[str]:
        """The standing heroes still in the scene (not fled from it), in turn order."""
        return [h for h in self.standing_heroes() if not self.effects.get(h, {}).get("fled")]

    def foes(self) -> list[InPlay]:
        return [m for m in self.scene if m.standing]

    def monster(self, monster_id: str) -> InPlay:
        return next(m for m in self.scene if m.id == monster_id)

    def say(self, kind: str, text: str, **data: Any) -> TextEvent:
        event = TextEvent(self.round, kind, text, data, self.dice.take())
        self.events.append(event)
        return event
