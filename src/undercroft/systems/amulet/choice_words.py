"""Amulet's choices said in words for a person (engine.capabilities.ChoiceWords).

A phone offered ``open c1``, ``descend by 1.1`` and ``attack c1 with shot`` with
nothing to say what c1 was. Here each legal choice becomes a sentence that names
what it is aimed at, words first and the choice's id second: ``Take the stair down
(1.1)``, ``Attack the demon swarm with a shot (swarm-1)``, ``Pick up the food (c3)``.

Only what the seat's view shows is named (a foe's kind, a content's kind, an exit's
kind and wall), so the words tell nothing the view does not. Two marks help a person
choose, and neither changes what is legal (docs/rules/amulet.md, "Choices on the
phones"):

- futile: the rules make the choice unable to help (a weapon on a weapon-proof
  slime, or flanking one: only potions hurt slimes).
- pointless: legal, but nobody would want it in play (shooting food, drinking
  poison, picking up an empty spot).

Plain Python outside the compiled folders: only the pages and the terminal read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from undercroft.engine.capabilities import Wording, with_choice_id
from undercroft.systems.amulet.characters.heroes import ABILITIES
from undercroft.systems.amulet.characters.monster_numbers import has
from undercroft.systems.amulet.room.actions import Action
from undercroft.systems.amulet.room.scene import (
    Content,
    ExitState,
    Generator,
    HeroState,
    Scene,
    Swarm,
)

WEAPON_PROOF: Final = "only potions hurt {kind}s"
"""Why a weapon on a weapon-proof foe is futile (room/harm.py, ``hurt_foe``)."""

EXIT_NAMES: Final = {
    "door": "the door", "walldoor": "the wall door", "open": "the open way",
    "crumble": "the crumbling wall", "secret": "the secret way", "food": "the food ward",
    "treasure": "the treasure wall", "stair": "the stair", "teleport": "the teleporter",
}
CONTENT_NAMES: Final = {
    "password": "the locked chest", "murder hole": "the murder hole",
    "none": "the empty spot", "treasure": "the treasure ward", "ward": "the ward",
    "trap": "the trap",
}
POINTLESS_PICKS: Final = frozenset({"poison", "none"})
"""Contents nobody would take: poison (most likely poison, never better than ale) and
an empty spot (nothing to find)."""


class RoomWords:
    """The words for one hero's choices in one room."""

    def __init__(self, scene: Scene | None, hero: HeroState | None, token_health: int = 0,
                 revive_health: int = 0) -> None:
        self.scene = scene
        self.hero = hero
        self.token_health = token_health
        self.revive_health = revive_health

    def word(self, action: Action) -> Wording:
        wording = self._word(action)
        if action.half:
            return Wording(with_choice_id(wording.words, "take half"), wording.futile,
                           wording.pointless)
        return wording

    def _word(self, action: Action) -> Wording:
        verb, target = action.verb, action.target or ""
        into = f" into room {action.room}" if action.room is not None else ""
        if verb == "attack":
            return self._attack(target, action.mode or "melee")
        if verb == "flank":
            foe = self._foe_name(target)
            return Wording(with_choice_id(f"Flank {foe}", target), self._proof(target))
        if verb == "pick up":
            return self._pick_up(target)
        if verb == "open":
            return self._open(target)
        if verb in ("leave", "sneak"):
            how = "Go through" if verb == "leave" else "Sneak out through"
            return Wording(with_choice_id(f"{how} {self._exit_name(target)}{into}", target))
        if verb == "descend":
            if target in _WALLS:
                return Wording(with_choice_id(f"Take the stairs down by the {target} wall", target))
            return Wording(with_choice_id(f"Take {self._exit_name(target)} down", target))
        if verb == "teleport":
            return Wording(with_choice_id(f"Step into {self._exit_name(target)}", target))
        if verb == "slip":
            return Wording(with_choice_id(f"Slip through the {target} wall{into}", target))
        if verb == "search":
            return Wording(with_choice_id(f"Search the {target} wall for a secret way", target))
        if verb == "cover":
            cover = self._content_name(target)
            return Wording(with_choice_id(f"Take cover behind {cover}", target))
        if verb == "ward":
            return Wording(with_choice_id(f"Let the ward open {self._far_door(target)}", target))
        if verb == "point":
            return Wording(with_choice_id(f"Spend a level point on {target}{self._raise(target)}",
                                    target))
        return self._plain(action)

    def _plain(self, action: Action) -> Wording:
        """The choices aimed at nothing: their words and their own text as the id."""
        verb, text = action.verb, action.plain().text
        hero = self.hero
        dead = hero is not None and hero.status == "dead"
        if verb == "wait":
            if dead:
                return Wording(with_choice_id("Stay down for now", text))
            if hero is not None and hero.ward_door:
                return Wording(with_choice_id("Let the ward's gift go", text))
            return Wording(with_choice_id("Wait", text))
        if verb == "token":
            if dead:
                return Wording(with_choice_id(f"Spend a token: back in the game with "
                                        f"{self.revive_health} health beside the party", text))
            return Wording(with_choice_id(f"Spend a token: +{self.token_health} health", text))
        said = {
            "potion": "Use a potion: six Magic dice on the nearest swarm and the generators",
            "read": "Read the scroll's magic word: every wall becomes a stair for a while",
            "alone": "Stand apart from the party", "formation": "Join the party's formation",
            "escape": "Try to climb out of the quicksand", "race": "Race for treasure",
        }
        return Wording(with_choice_id(said.get(verb, text.capitalize()), text))

    def _attack(self, target: str, mode: str) -> Wording:
        how = "in melee" if mode == "melee" else "with a shot"
        scene = self.scene
        if scene is not None and scene.foe(target) is None:
            exit_ = scene.exit(target)
            if exit_ is not None:
                return self._attack_exit(exit_, how)
            content = scene.content(target)
            if content is not None:
                return self._shoot(content)
        return Wording(with_choice_id(f"Attack {self._foe_name(target)} {how}", target),
                       self._proof(target))

    def _attack_exit(self, exit_: ExitState, how: str) -> Wording:
        name = self._exit_name(exit_.id)
        if exit_.kind == "food":
            return Wording(with_choice_id(f"Shoot open {name}, losing the food", exit_.id))
        if exit_.kind == "crumble":
            return Wording(with_choice_id(f"Strike {name} {how}", exit_.id))
        return Wording(with_choice_id(f"Strike the lock of {name} {how}", exit_.id))

    def _shoot(self, content: Content) -> Wording:
        name = self._content_name(content.id)
        if content.kind == "potion":
            return Wording(with_choice_id(f"Shoot {name}: it bursts for 6d6", content.id))
        return Wording(with_choice_id(f"Shoot {name} to destroy it", content.id),
                       pointless=content.kind == "food")

    def _pick_up(self, target: str) -> Wording:
        scene = self.scene
        exit_ = scene.exit(target) if scene is not None else None
        if exit_ is not None and exit_.kind == "food":
            return Wording(with_choice_id(f"Eat {self._exit_name(target)}: it opens the way",
                                    target))
        if exit_ is not None:
            return Wording(with_choice_id(f"Take treasure from {self._exit_name(target)}", target))
        content = scene.content(target) if scene is not None else None
        kind = content.kind if content is not None else ""
        verb = "Touch" if kind in ("treasure", "ward", "trap") else "Pick up"
        if kind == "none":
            verb = "Look in"
        return Wording(with_choice_id(f"{verb} {self._content_name(target)}", target),
                       pointless=kind in POINTLESS_PICKS)

    def _open(self, target: str) -> Wording:
        scene = self.scene
        content = scene.content(target) if scene is not None else None
        if content is not None and content.kind == "murder hole":
            return Wording(with_choice_id("Pull the loose masonry from the murder hole", target))
        if content is not None:
            return Wording(with_choice_id(f"Open {self._content_name(target)} with a key", target))
        return Wording(with_choice_id(f"Open {self._exit_name(target)} with a key", target))

    def _raise(self, ability: str) -> str:
        """What a level point does to ``ability``: ": d6 to d8", ": 3 to 4"."""
        hero = self.hero
        if hero is None or ability not in ABILITIES:
            return ""
        before, after = getattr(hero.hero, ability), getattr(hero.hero.raised(ability), ability)
        return f": {before} to {after}"

    def _proof(self, target: str) -> str | None:
        """Why a blow on ``target`` cannot hurt it, if the rules say so."""
        scene = self.scene
        foe = scene.foe(target) if scene is not None else None
        if foe is None or isinstance(foe, Generator) or not has(foe.kind, "weapon proof"):
            return None
        return WEAPON_PROOF.format(kind=foe.kind)

    def _foe_name(self, target: str) -> str:
        scene = self.scene
        foe = scene.foe(target) if scene is not None else None
        if foe is None:
            return target
        if isinstance(foe, Swarm):
            name = f"the {foe.kind} swarm"
        elif isinstance(foe, Generator):
            name = f"the {foe.kind} generator"
        else:
            name = f"the {foe.kind}"
        return name + (" beyond the murder hole" if foe.place == "beyond" else "")

    def _exit_name(self, target: str) -> str:
        scene = self.scene
        exit_ = scene.exit(target) if scene is not None else None
        if exit_ is None:
            return f"the way {target}"
        name = EXIT_NAMES.get(exit_.kind, f"the {exit_.kind}")
        if exit_.kind in ("food", "treasure") and exit_.open:
            name = "the opening"
        if exit_.kind in ("stair", "teleport"):
            return name if _only_one(scene, exit_) else f"{name} {_wall(exit_.wall)}"
        return f"{name} {_wall(exit_.wall)}"

    def _far_door(self, target: str) -> str:
        """A door the ward may open: in this room by its wall, else by its room (a whole
        game's players name an exit after the room they found it in: "7.3")."""
        scene = self.scene
        if scene is not None and scene.exit(target) is not None:
            return self._exit_name(target)
        room = target.split(".", 1)[0]
        return f"the door in room {room}" if room.isdigit() else "a door elsewhere"

    def _content_name(self, target: str) -> str:
        scene = self.scene
        content = scene.content(target) if scene is not None else None
        if content is None:
            return target
        return CONTENT_NAMES.get(content.kind, f"the {content.kind}")


_WALLS: Final = ("north", "south", "east", "west")


def _wall(wall: str) -> str:
    """An exit's wall as a person says it ("north", "north and east")."""
    return " and ".join(wall.split()) or "somewhere"


def _only_one(scene: Scene | None, exit_: ExitState) -> bool:
    """Whether ``exit_`` is the only found exit of its kind in the room."""
    if scene is None:
        return True
    return sum(1 for e in scene.exits if e.found and e.kind == exit_.kind) == 1




def word_all(words: RoomWords, actions: Sequence[Action]) -> list[Wording]:
    return [words.word(action) for action in actions]
