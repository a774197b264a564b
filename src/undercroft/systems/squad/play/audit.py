"""What the rules-health audit looks for in whole games of Dungeon Squad! (engine.audit).

A sound game lets a hero use what it holds: a weapon or a spell is offered as a move in
a fight, a Loot token can be spent after some roll, a Special Ability has something to
work with, and a penny paid "with the special" buys its effect. A game is won when the
last stage's boss falls, and no coin is made or lost. The auditor follows a game step by
step and reports each of these that fails, at the step it is first seen, so that the game
can be replayed to that moment:

- held content is probed with the game's own move list (``hero_moves.hero_legal``) as it
  comes into a hero's hands: a weapon or spell that no move would use in a fight, or
  whose holder's moves cannot even be listed, is unusable from that step on;
- Loot Types and Special Abilities are watched over the heroes' turns in fights: held
  for ``HELD`` of them and never once offered (loot) or never with anything to work on
  (a special), they are unusable;
- the rest is read off the state after each step.

It also counts where the steps go: per stage, and per doing (``gm`` setting a scene,
``fight``, ``boss fight``, ``rescue``, ``spoils``, ``loot``, ``camp``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from undercroft.engine.audit import AnomalyKind, Findings
from undercroft.engine.words import counted
from undercroft.systems.squad.gm.denizens import bestiary
from undercroft.systems.squad.gm.stages import stages
from undercroft.systems.squad.heroes.combat import ATTACK_ABILITY
from undercroft.systems.squad.heroes.examples import faf, urd
from undercroft.systems.squad.heroes.hero import LOOT_KINDS, Hero, Stuff
from undercroft.systems.squad.heroes.loot import ABILITY_LOOT
from undercroft.systems.squad.heroes.specials import SPECIALS
from undercroft.systems.squad.heroes.spells import load_spells, spell
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.content_ids import stuff_id
from undercroft.systems.squad.play.fight.hero_moves import HARMFUL, hero_legal
from undercroft.systems.squad.play.setup import OFFENCE
from undercroft.systems.squad.play.state import InPlay, SquadState

HELD: Final = 10
"""Turns of the heroes in fights a Loot Type may be held, or a Special Ability had, with
nothing to use it on before it counts as unusable: long enough that every standing
hero has acted several times, so a token one hero cannot spend is offered to another."""

KINDS: tuple[AnomalyKind, ...] = (
    AnomalyKind("squad.unusable-stuff", "a hero holds a weapon that no move in a fight "
                "would use, or with which its moves cannot be listed"),
    AnomalyKind("squad.unusable-spell", "a hero holds a spell that no move in a fight "
                "would cast, or with which its moves cannot be listed (the game stops "
                "at the hero's turn)"),
    AnomalyKind("squad.unusable-loot", f"a Loot Type held by heroes in a fight for {HELD} "
                "hero turns in fights that gave it something to work on (a wounded hero, a "
                "damaged monster, Stuff that rolls for it) and no move offered to spend"),
    AnomalyKind("squad.unusable-special", f"a hero's Special Ability had nothing to work "
                f"with (no Stuff it applies to) for {HELD} of the hero's turns in fights"),
    AnomalyKind("squad.special-no-effect", "a move 'with the special' paid a penny for a "
                "Special Ability that does nothing for that move, or Hardy Resilience was "
                "paid for on a hit it did not lessen"),
    AnomalyKind("squad.victory-stages-unplayed", "the game ended in victory with stages "
                "of the config never played"),
    AnomalyKind("squad.boss-stuff-die", "a boss's Stuff came to a hero at another die "
                "than the boss held it"),
    AnomalyKind("squad.death-skips-rules", "a hero fell to 0 Hit Points and was not said "
                "to be out of the game, with what did it, in that step; or a hero out of the "
                "game acted, was healed, gained Stuff, loot or pennies, or kept a spell or a "
                "companion"),
    AnomalyKind("squad.coins-unbalanced", "coins were made or lost: the total changed, "
                "or the heroes' purses disagree with the coins the Pool says they hold"),
)
"""The faults this system's auditor can report."""


USABLE: frozenset[str] = frozenset({"stuff", "spell", "special", "loot", "trap"})
"""The catalogue's kinds whose content is there to be put to use (engine.audit)."""


def catalogue(config: Any) -> Mapping[str, Sequence[str]]:
    """Every piece of content a game of ``config`` may draw, by kind: the denizens and
    the bosses' Stuff of its stages, the heroes' Stuff of its party, and the whole of
    the tables a hero's sheet draws on (every spell, Special Ability and Loot Type)."""
    table = bestiary()
    played = [stages()[stage_id] for stage_id in config.stages]
    bosses = [table.bosses[stage.boss] for stage in played]
    if config.party == "example":
        party = [item.name for hero in (faf(), urd()) for item in hero.stuff]
    else:
        party = [name for name, _, _ in OFFENCE.values()] + ["Leather Armour"] \
            + [spell(spell_id).name for spell_id in config.helping_spells]
    stuff = party + [item.name for boss in bosses for item in boss.stuff]

    def ids(kind: str, names: Sequence[str]) -> list[str]:
        return [f"squad.{kind}.{name}" for name in dict.fromkeys(names)]

    return {
        "stage": ids("stage", config.stages),
        "monster": ids("monster", [m for stage in played for m in stage.monsters]),
        "trap": ids("trap", [t for stage in played for t in stage.traps]),
        "character": ids("character", [c for stage in played for c in stage.characters]),
        "boss": ids("boss", [stage.boss for stage in played]),
        "stuff": list(dict.fromkeys(stuff_id(name) for name in stuff)),
        "spell": ids("spell", list(load_spells())),
        "special": ids("special", list(SPECIALS)),
        "loot": ids("loot", [kind.lower() for kind in LOOT_KINDS]),
    }


def works_with(hero: Hero, stuff: Stuff, foes: int = 2, present: int = 2) -> bool:
    """Whether the hero's Special Ability does something for a move made with ``stuff``
    in a fight of ``foes`` standing monsters and ``present`` heroes, as the seed's
    Descriptions say: Deadly Strike adds to any damage, Blurring Speed attacks again with
    a weapon, Inhuman Alacrity casts any spell again, Arcane Vigor adds monsters to a
    damaging spell (when there is another), Divine Insight heroes to a spell on heroes
    (when there is another). Hardy Resilience answers a monster's hit, not a move."""
    effect = SPECIALS[hero.special].effect
    harmful = stuff.kind == "weapon" or (
        stuff.kind == "spell" and spell(stuff.spell or "").effect in HARMFUL)
    if effect == "damage":
        return harmful
    if effect == "physical-attacks":
        return stuff.kind == "weapon"
    if effect == "spells":
        return stuff.kind == "spell"
    if effect == "monster-targets":
        return stuff.kind == "spell" and harmful and foes > 1
    if effect == "hero-targets":
        return stuff.kind == "spell" and not harmful and present > 1
    return False


def unusable(state: SquadState, hero_id: str, stuff: Stuff) -> str | None:
    """Why the hero could never use ``stuff`` in a fight, or None when it could: the
    game's own move list for the hero holding only that Stuff, in a fight with a foe."""
    probe = copy.copy(state)
    hero = state.heroes[hero_id]
    probe.heroes = {**state.heroes, hero_id: replace(hero, stuff=[stuff],
                                                     hit_points=max(1, hero.hit_points))}
    probe.scene = [InPlay("probe-1", "probe", 4, 2, 2, ())]
    try:
        moves = hero_legal(probe, hero_id)
    except Exception as error:  # the finding: what the game would raise at its turn
        text = " ".join(str(error).split())[:120]
        return f"listing {hero_id}'s moves raises {type(error).__name__}: {text}"
    if any(move.item == stuff.name for move in moves):
        return None
    return f"no move of {hero_id} in a fight uses it"


def _spends(state: SquadState, move: Move) -> set[str]:
    """The Loot Types a move offers to spend: 1HP on a hero, and with "spending loot" the
    token of the Ability it rolls (Explorer to flee or set a trap), 1C at a monster
    already damaged."""
    if move.verb == "mend":
        return {"HP"}
    if move.how not in ("loot", "both"):
        return set()
    if move.verb in ("flee", "trap"):
        return {"E"}
    stuff = state.heroes[move.actor].stuff_named(move.item)
    kinds = {ABILITY_LOOT[ATTACK_ABILITY[stuff.kind]]}
    target = next((m for m in state.foes() if m.id == move.target), None)
    if target is not None and target.damaged:
        kinds.add("C")
    return kinds


def _could_spend(state: SquadState, kind: str) -> bool:
    """Whether the fight gives a token of ``kind`` something to work on: a hero wounded
    (1HP), a monster already damaged (1C), a hero holding Stuff that rolls Warrior (1W, a
    weapon) or Mage (1M, a spell): a party left with no spell cannot use 1M by what it
    holds, not by the rules. Explorer rolls (fleeing) are always there."""
    heroes = [state.heroes[h] for h in state.present()]
    if kind == "HP":
        return any(h.hit_points < h.max_hit_points for h in heroes)
    if kind == "C":
        return any(m.damaged for m in state.foes())
    rolled = {"W": "weapon", "M": "spell"}.get(kind)
    return rolled is None or any(s.kind == rolled for h in heroes for s in h.stuff)


def _remains(hero: Hero) -> tuple[object, ...]:
    """What an out hero holds, which nothing may change: Hit Points, Stuff, loot, pennies."""
    return (hero.hit_points, tuple(hero.stuff), tuple(sorted(hero.loot.items())), hero.pennies)


class SquadAuditor:
    """Follows one game of Dungeon Squad! and reports what breaks it (module docstring)."""

    def __init__(self, state: SquadState) -> None:
        self.findings = Findings()
        self.held: dict[str, tuple[str, ...]] = {}
        """Each hero's Stuff by name, as last seen."""
        self.boss_stuff: dict[str, int] = {}
        """The dice of the Stuff of every boss seen in play, by name."""
        self.loot_turns: dict[str, int] = {}
        self.loot_offered: set[str] = set()
        self.special_turns: dict[str, int] = {}
        self.special_fits: set[str] = set()
        self.reported: set[tuple[str, ...]] = set()
        self.coins = state.coins.total
        self.opened: set[int] = set()
        self.before = (0, 0)
        """Standing monsters and heroes present before the step under way."""
        self.fallen: dict[str, tuple[object, ...]] = {}
        """Heroes out of the game, with what they held as they fell."""
        self.place = self._place(state)
        self._look(state, 0)

    def see(self, state: SquadState, step: int, choices: Mapping[str, Any],
            events: Sequence[Any]) -> None:
        self.findings.count(*self.place)
        for move in choices.values():
            if isinstance(move, Move):
                self._paid_special(state, step, move, events)
                self._check_out_acting(state, step, move)
        self._check_deaths(state, step, events)
        self._look(state, step)
        self.place = self._place(state)

    def finish(self, state: SquadState, step: int) -> None:
        unplayed = [stage for index, stage in enumerate(state.config.stages)
                    if index not in self.opened]
        if state.ended == "victory" and unplayed:
            played = len(state.config.stages) - len(unplayed)
            self._add("squad.victory-stages-unplayed", step,
                      f"victory after {played} of {len(state.config.stages)} stages: "
                      f"{', '.join(unplayed)} never played (the Pool holds "
                      f"{counted(state.coins.pool + state.coins.carried, 'penny', 'pennies')}; "
                      "a stage needs "
                      f"{state.config.boss_share} for its boss)")

    # --- what each step shows ------------------------------------------------------------

    def _place(self, state: SquadState) -> tuple[str, str]:
        where = f"stage {state.stage_index + 1}: {state.config.stages[state.stage_index]}"
        if state.phase in ("heroes", "monsters"):
            doing = "boss fight" if any(m.boss for m in state.foes()) else "fight"
        else:
            doing = state.phase
        return where, doing

    def _look(self, state: SquadState, step: int) -> None:
        self.before = (len(state.foes()), len(state.present()))
        if state.coins.stage_open:
            self.opened.add(state.stage_index)
        for monster in state.scene:
            if monster.boss:
                self.boss_stuff.update({s.name: s.die for s in monster.stuff})
        for hero_id, hero in state.heroes.items():
            names = tuple(s.name for s in hero.stuff)
            if names != self.held.get(hero_id):
                before = set(self.held.get(hero_id, ()))
                self.held[hero_id] = names
                for stuff in hero.stuff:
                    if stuff.name not in before:
                        self._new_stuff(state, step, hero_id, stuff)
        self._check_coins(state, step)
        if state.phase == "heroes" and state.ended is None:
            hero_id = state.present()[state.turn]
            self._special_turn(state, step, hero_id)
            self._loot_turn(state, step, hero_id)

    def _new_stuff(self, state: SquadState, step: int, hero_id: str, stuff: Stuff) -> None:
        boss_die = self.boss_stuff.get(stuff.name)
        if boss_die is not None and boss_die != stuff.die:
            self._add("squad.boss-stuff-die", step, f"{hero_id} took the boss's {stuff.name} "
                      f"at d{stuff.die}; the boss held it at d{boss_die}", stuff.name)
        if stuff.kind == "armour":
            return  # soaks a hit by itself: no move uses it
        why = unusable(state, hero_id, stuff)
        if why is None:
            return
        if stuff.kind == "spell":
            self._add("squad.unusable-spell", step, f"{stuff.name} ({stuff.spell}) held by "
                      f"{hero_id}: {why}", stuff.spell or stuff.name)
        else:
            self._add("squad.unusable-stuff", step, f"{stuff.name} ({stuff.kind}) held by "
                      f"{hero_id}: {why}", stuff.name)

    def _paid_special(self, state: SquadState, step: int, move: Move,
                      events: Sequence[Any]) -> None:
        """A penny paid for a special that does nothing: on a hero's move "with the
        special", judged by the fight as it stood before the move; for Hardy Resilience,
        a penny paid on a hit that it did not lessen."""
        paid = [e for e in events if e.kind == "special"]
        if not paid:
            return
        if move.verb == "monster":
            for event in paid:
                hero = event.data.get("hero", "")
                wounded = next((e for e in events if e.kind == "wounded"
                                and e.data.get("hero") == hero), None)
                if wounded is None or not wounded.data.get("ignored"):
                    self._add("squad.special-no-effect", step, f"{move.text}: "
                              f"{hero} paid a penny for Hardy Resilience and ignored no "
                              "damage", hero, "hardy")
            return
        hero = state.heroes.get(move.actor)
        stuff = next((s for s in hero.stuff if s.name == move.item), None) if hero else None
        if hero is None or stuff is None or works_with(hero, stuff, *self.before):
            return
        self._add("squad.special-no-effect", step, f"{move.text}: "
                  f"{SPECIALS[hero.special].name} does nothing for {stuff.name} "
                  f"({stuff.spell or stuff.kind}) with {self.before[0]} monster(s) and "
                  f"{self.before[1]} hero(es) in the fight", move.actor, move.item)

    def _special_turn(self, state: SquadState, step: int, hero_id: str) -> None:
        if hero_id in self.special_fits:
            return
        hero = state.heroes[hero_id]
        if SPECIALS[hero.special].effect == "ignore-damage" \
                or any(works_with(hero, s) for s in hero.stuff):
            self.special_fits.add(hero_id)
            return
        turns = self.special_turns[hero_id] = self.special_turns.get(hero_id, 0) + 1
        if turns == HELD:
            held = ", ".join(f"{s.name} ({s.spell or s.kind})" for s in hero.stuff)
            self._add("squad.unusable-special", step, f"{SPECIALS[hero.special].name} of "
                      f"{hero_id}: none of its Stuff ({held}) is anything it works with, "
                      f"for {HELD} of its turns", hero_id)

    def _loot_turn(self, state: SquadState, step: int, hero_id: str) -> None:
        standing = [state.heroes[h] for h in state.present()]  # a fled hero cannot help
        waiting = [kind for kind in LOOT_KINDS if kind not in self.loot_offered
                   and any(h.loot.get(kind, 0) for h in standing)
                   and _could_spend(state, kind)]
        if not waiting:
            return
        try:
            moves = hero_legal(state, hero_id)
        except Exception:  # an unusable spell, reported as it came into the hero's hands
            return
        for move in moves:
            self.loot_offered.update(_spends(state, move))
        for kind in waiting:
            if kind in self.loot_offered:
                continue
            turns = self.loot_turns[kind] = self.loot_turns.get(kind, 0) + 1
            if turns == HELD:
                holders = ", ".join(f"{h.name} {h.loot[kind]}" for h in standing
                                    if h.loot.get(kind, 0))
                self._add("squad.unusable-loot", step, f"1{kind} held ({holders}) for "
                          f"{HELD} hero turns in fights, never offered to spend", kind)

    def _check_deaths(self, state: SquadState, step: int, events: Sequence[Any]) -> None:
        """ "When a Hero is reduced to zero Hit Points, they are out of the game!": said in
        the step it happens, with its cause; and nothing of the game reaches the hero after:
        no Hit Points, Stuff, loot or pennies gained, no spell or companion kept."""
        said = {e.data.get("hero"): e.data.get("source") for e in events if e.kind == "out"}
        for hero_id, hero in state.heroes.items():
            kept = self.fallen.get(hero_id)
            if kept is None:
                if hero.hit_points > 0:
                    continue
                if not said.get(hero_id):
                    self._add("squad.death-skips-rules", step, f"{hero_id} fell to 0 Hit "
                              "Points and was not said to be out of the game with its cause",
                              hero_id, "unsaid")
                self.fallen[hero_id] = _remains(hero)
            elif _remains(hero) != kept:
                self._add("squad.death-skips-rules", step, f"{hero_id} is out of the game and "
                          f"still changed: {kept} became {_remains(hero)}", hero_id, "changed")
            if hero.out_of_game and state.effects.get(hero_id):
                self._add("squad.death-skips-rules", step, f"{hero_id} is out of the game and "
                          f"keeps {sorted(state.effects[hero_id])}", hero_id, "effects")

    def _check_out_acting(self, state: SquadState, step: int, move: Move) -> None:
        if move.actor in self.fallen:
            self._add("squad.death-skips-rules", step, f"{move.text}: {move.actor} is out of "
                      "the game", move.actor, "acts")

    def _check_coins(self, state: SquadState, step: int) -> None:
        coins = state.coins
        purses = sum(hero.pennies for hero in state.heroes.values())
        if coins.total == self.coins and purses == coins.with_heroes \
                and min(coins.pool, coins.stage_value, coins.with_heroes, purses) >= 0:
            return
        self._add("squad.coins-unbalanced", step, f"{coins.total} coins in all (at the "
                  f"start {self.coins}); the heroes' purses hold {purses}, the Pool counts "
                  f"{coins.with_heroes} with them", "coins")

    def _add(self, kind: str, step: int, detail: str, *key: str) -> None:
        """Report once per game per kind and ``key`` (a hero, a Stuff, a Loot Type)."""
        if (kind, *key) in self.reported:
            return
        self.reported.add((kind, *key))
        self.findings.add(kind, step, detail)


def auditor(state: SquadState) -> SquadAuditor:
    return SquadAuditor(state)


def fingerprint(state: SquadState) -> object:
    """What a player sees of the game, without whose turn it is or the round: a step that
    leaves it equal changed nothing but pass the turn (a miss, a wait). Cheaper than
    hashing the whole view, and copies only what later steps could change in place."""
    coins = state.coins
    return (
        state.phase, state.stage_index, state.ended, state.offered, tuple(state.loot_due),
        tuple(state.asking),
        frozenset(state.ready),
        tuple((h.hit_points, h.pennies, h.special_level, tuple(h.stuff),
               tuple(h.loot.values())) for h in state.heroes.values()),
        tuple((m.id, m.hit_points, m.fled) for m in state.scene),
        tuple((h, tuple(marks.items())) for h, marks in state.effects.items()),
        (coins.pool, coins.stage_value, coins.boss_reserve, coins.boss_defeated,
         coins.stage_open, coins.carried, coins.with_heroes, coins.out_of_play,
         tuple(coins.pushed.items()), tuple(coins.fled.items())),
    )


MAY_DO_NOTHING: Final = frozenset({"attack", "cast", "trap", "monster", "flee", "hold",
                                   "wait"})
"""Moves the rules let change nothing: an attack, a spell or setting a trap is a roll that
can fail (a monster's attack too, and a flight), and a hero may wait, a monster hold
back."""


def may_do_nothing(action: Any) -> bool:
    """Whether ``action`` may rightly change nothing (engine.audit.Auditable)."""
    return isinstance(action, Move) and action.verb in MAY_DO_NOTHING
