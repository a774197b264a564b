"""Each Dungeon Squad! + Coin-Op choice said for a person, the move's text in brackets.

"Bring in 2 Goblins (d4, 2 Hit Points each): 2 pennies of the 7 spare in the Stage's
Value, 5 left (bring 2 goblin)": the GM sees what each denizen it may bring costs
and what would be left (seed 003, Coin-Op: the cost is pushed forward from the
Stage's Value; the boss's share is kept for the boss, so only the rest is spare).
A Guide sees which die a move rolls against the Difficulty Number, loot codes as
words ("1E": an Explorer token, +1 to any Explorer roll) and the Special Ability a
move "with the special" pays a penny for. Marked, from the rules alone
(docs/rules/squad.md, "Choices at the table"): a spell that cannot help its target
(Heal on a hero at full Hit Points, Bless or Shield on a hero already holding as good
or better) is futile. Reading a state for words never changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from undercroft.engine.capabilities import Wording
from undercroft.engine.words import counted
from undercroft.systems.squad.dice import DIFFICULTY, step_up
from undercroft.systems.squad.gm.denizens import bestiary
from undercroft.systems.squad.gm.stages import price_list
from undercroft.systems.squad.heroes.hero import Hero, Stuff
from undercroft.systems.squad.heroes.loot import ABILITY_LOOT, loot_kind, loot_needed
from undercroft.systems.squad.heroes.specials import SPECIALS
from undercroft.systems.squad.heroes.spells import spell
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.fight.hero_moves import move_ability
from undercroft.systems.squad.play.state import InPlay, SquadState

STUFF_STEP: Final = 5
"""Pennies a die step of Stuff or a level of a Special costs ("For the cost of 5 Pennies")."""

LOOT_WORDS: Final = {
    "E": ("an Explorer token", "+1 to any Explorer roll"),
    "M": ("a Mage token", "+1 to any Mage roll"),
    "W": ("a Warrior token", "+1 to any Warrior roll"),
    "HP": ("a Hit Point token", "+1 to any hero's Hit Points"),
    "C": ("a Critical token", "+1 damage on a monster already damaged"),
}
"""Seed 003, Loot Types, by kind: what a token is called and what it does."""


def choice_words(state: SquadState, seat: str, actions: Sequence[Move]) -> list[Wording]:
    """One wording per move, in order: words first, the move's text in brackets."""
    return [_WORDS[move.verb](state, move).with_id(move) for move in actions]



def pennies(count: int) -> str:
    return f"{count} penn{'y' if count == 1 else 'ies'}"


def loot_words(code: str) -> str:
    """A loot code as words: "1E" -> "an Explorer token (+1 to any Explorer roll)"."""
    name, does = LOOT_WORDS[loot_kind(code)]
    return f"{name} ({does})"


def _plural(name: str, count: int) -> str:
    if count == 1:
        return name
    if name.endswith("f"):
        return name[:-1] + "ves"
    return name + ("es" if name.endswith(("s", "x", "ch", "sh")) else "s")


def _counted(name: str, count: int) -> str:
    """ "a Goblin", "an Orc", "3 Mountain Wolves"."""
    if count == 1:
        return f"{'an' if name[0].lower() in 'aeiou' else 'a'} {name}"
    return f"{count} {_plural(name, count)}"


def _hero(state: SquadState, hero_id: str) -> str:
    hero = state.heroes.get(hero_id)
    return hero_id if hero is None else hero.name


def _foe(state: SquadState, monster_id: str) -> str:
    """A monster in the scene by its bestiary name and number ("Goblin 3"), a boss by name."""
    monster = next((m for m in state.scene if m.id == monster_id), None)
    if monster is None:
        return monster_id
    table = bestiary()
    if monster.boss:
        return table.bosses[monster.kind].name
    number = monster.id.rsplit("-", 1)[-1]
    return f"{table.monsters[monster.kind].name} {number}"


# --- the GM: setting a scene, running the monsters --------------------------------------


SPARE: Final = "spare in the Stage's Value"
WHOLE: Final = "in the Stage's Value"


def _spend(cost: int, have: int, where: str) -> str:
    """A denizen's cost said against what it comes out of: "2 pennies of the 7 spare in
    the Stage's Value, 5 left"."""
    return f"{pennies(cost)} of the {have} {where}, {have - cost} left"


def _bring(state: SquadState, move: Move) -> Wording:
    count = int(move.item)
    kind = bestiary().monsters[move.target]
    cost = price_list(state.stage, len(state.standing_heroes()))[move.target] * count
    spare = state.coins.spare
    return Wording(f"Bring in {_counted(kind.name, count)} (d{kind.die}, "
                   f"{counted(kind.hit_points, 'Hit Point', 'Hit Points')} each): "
                   f"{_spend(cost, spare, SPARE)}")


def _spring(state: SquadState, move: Move) -> Wording:
    trap = bestiary().traps[move.target]
    targets = len(state.standing_heroes())
    cost = trap.cost(targets)
    return Wording(f"Spring the {trap.name} (d{trap.die}) on {targets} "
                   f"hero{'' if targets == 1 else 'es'}: "
                   f"{_spend(cost, state.coins.spare, SPARE)}")


def _boss(state: SquadState, move: Move) -> Wording:
    boss = bestiary().bosses[state.stage.boss]
    if state.stage.boss in state.coins.pushed:
        return Wording(f"Bring back the boss, {boss.name}: its pennies are already on the "
                       "table")
    value = state.coins.stage_value
    return Wording(f"Bring in the boss, {boss.name} (d{boss.die}, {boss.hit_points} Hit "
                   f"Points): {_spend(boss.cost, value, WHOLE)}")


def _monster(state: SquadState, move: Move) -> Wording:
    monster = next((m for m in state.scene if m.id == move.actor), None)
    target = f"{_hero(state, move.target)}'s companion" if move.how == "companion" \
        else _hero(state, move.target)
    held = _held(monster, move.item)
    die = held.die if held is not None else (monster.die if monster is not None else 0)
    what = f" with its {move.item}" if move.item else ""
    return Wording(f"{_foe(state, move.actor)} attacks {target}{what}: d{die} to hit, "
                   f"{DIFFICULTY} or more")


def _held(monster: InPlay | None, name: str) -> Stuff | None:
    if monster is None or not name:
        return None
    return next((s for s in monster.stuff if s.name == name), None)


def _flee(state: SquadState, move: Move) -> Wording:
    if move.actor in state.heroes:
        return _hero_flee(state, move)
    monster = next((m for m in state.scene if m.id == move.actor), None)
    die = "" if monster is None else f" on its d{monster.die}"
    return Wording(f"{_foe(state, move.actor)} tries to flee the scene (a Monster Ability "
                   f"roll{die}); unless pursued, its pennies go back to the Stage's Value")


def _hold(state: SquadState, move: Move) -> Wording:
    return Wording(f"{_foe(state, move.actor)} holds back this round")


# --- the heroes in a fight ---------------------------------------------------------------


def _roll(hero: Hero, ability: str) -> str:
    return f"{ability.title()} d{hero.ability_die(ability)}, {DIFFICULTY} or more"


def _extras(state: SquadState, hero: Hero, move: Move, ability: str,
            foe: InPlay | None = None) -> str:
    """What "spending loot" and "with the special" add to a move, in words: loot is
    spent only to turn a failed roll into a success, and Critical tokens only to finish
    a monster already damaged (``hero_turns``)."""
    extra = ""
    if move.how in ("loot", "both"):
        token = LOOT_WORDS[ABILITY_LOOT[ability]][0]
        extra += f"; if the roll fails, spend the party's tokens ({token} each +1)"
        if foe is not None and foe.damaged:
            extra += ", and Critical tokens if they would finish it"
    if move.how in ("special", "both"):
        special = SPECIALS[hero.special]
        text = special.text(hero.special_level)
        if special.effect == "ignore-damage":
            extra += f"; ready {special.name} +{hero.special_level} ({text}), 1 penny " \
                     "when a hit comes"
        else:
            extra += f"; with {special.name} +{hero.special_level} ({text}) for 1 penny"
    return extra


def _attack(state: SquadState, move: Move) -> Wording:
    hero = state.heroes[move.actor]
    stuff = hero.stuff_named(move.item)
    foe = next((m for m in state.scene if m.id == move.target), None)
    left = "" if foe is None else f" ({counted(foe.hit_points, 'Hit Point', 'Hit Points')} left)"
    return Wording(f"{hero.name} attacks {_foe(state, move.target)}{left} with "
                   f"{stuff.name}: {_roll(hero, 'warrior')}, damage d{stuff.die}"
                   f"{_extras(state, hero, move, 'warrior', foe)}")


def _cast(state: SquadState, move: Move) -> Wording:
    hero = state.heroes[move.actor]
    stuff = hero.stuff_named(move.item)
    magic = spell(stuff.spell or "")
    aimed_at_foe = move.target not in state.heroes
    target = _foe(state, move.target) if aimed_at_foe else _hero(state, move.target)
    foe = next((m for m in state.scene if m.id == move.target), None)
    words = (f"{hero.name} casts {stuff.name} ({magic.name}, d{stuff.die}) on {target}: "
             f"{_roll(hero, move_ability(stuff))}{_extras(state, hero, move, 'mage', foe)}")
    futile = None if aimed_at_foe else _spell_futile(state, move.target, magic.effect,
                                                     stuff.die)
    return Wording(words, futile)


def _spell_futile(state: SquadState, hero_id: str, effect: str, die: int) -> str | None:
    """Why a spell on a hero cannot help now, or None: Heal on full Hit Points, Bless or
    Shield no better than the one the hero holds (the better die is kept)."""
    hero = state.heroes[hero_id]
    marks = state.effects.get(hero_id, {})
    if effect == "heal" and hero.hit_points >= hero.max_hit_points:
        return f"{hero.name} is at full Hit Points"
    if effect == "reroll" and marks.get("bless", 0) >= die:
        return f"{hero.name} already holds a d{marks['bless']} Bless"
    if effect == "armour" and marks.get("shield", 0) >= die:
        return f"{hero.name} already holds a d{marks['shield']} Shield"
    return None


def _trap(state: SquadState, move: Move) -> Wording:
    hero = state.heroes[move.actor]
    count = int(move.item)
    return Wording(f"{hero.name} sets a trap for {count} monster{'' if count == 1 else 's'}"
                   f": {_roll(hero, 'explorer')}, {pennies(count)}"
                   f"{_extras(state, hero, move, 'explorer')}")


def _hero_flee(state: SquadState, move: Move) -> Wording:
    hero = state.heroes[move.actor]
    return Wording(f"{hero.name} flees the fight: {_roll(hero, 'explorer')}"
                   f"{_extras(state, hero, move, 'explorer')}")


def _mend(state: SquadState, move: Move) -> Wording:
    target = state.heroes[move.target]
    return Wording(f"{_hero(state, move.actor)} spends a Hit Point token on {target.name}: "
                   f"+1 Hit Point, {target.hit_points} of {target.max_hit_points} now")


def _wait(state: SquadState, move: Move) -> Wording:
    return Wording(f"{_hero(state, move.actor)} waits and does nothing this turn")


def _rescue(state: SquadState, move: Move) -> Wording:
    check = state.rolls.get(move.actor)
    needed = 1 if check is None else loot_needed(check.total, check.difficulty)
    token = LOOT_WORDS[ABILITY_LOOT.get(move.item, "E")][0]
    rolled = "" if check is None else f" of {check.total}"
    return Wording(f"Save {_hero(state, move.actor)}'s failed {move.item.title()} roll"
                   f"{rolled}: the party spends {needed} token{'' if needed == 1 else 's'} "
                   f"({token} each +1)")


def _fail(state: SquadState, move: Move) -> Wording:
    check = state.rolls.get(move.actor)
    rolled = "" if check is None else f" of {check.total}"
    return Wording(f"Let {_hero(state, move.actor)}'s {move.item.title()} roll{rolled} fail "
                   "and keep the tokens")


# --- after a fight, and in camp ----------------------------------------------------------


def _take(state: SquadState, move: Move) -> Wording:
    return Wording(f"{_hero(state, move.actor)} takes {loot_words(move.item)}")


def _claim(state: SquadState, move: Move) -> Wording:
    piece = next((s for s in state.spoils if s.name == move.item), None)
    what = "" if piece is None else f" (the boss's {piece.kind}, d{piece.die})"
    return Wording(f"{move.item}{what} goes to {_hero(state, move.actor)}")


def _give(state: SquadState, move: Move) -> Wording:
    return Wording(f"{_hero(state, move.actor)} gives {loot_words(move.item)} to "
                   f"{_hero(state, move.target)}")


def _pay(state: SquadState, move: Move) -> Wording:
    giver = state.heroes[move.actor]
    return Wording(f"{giver.name} gives a penny to {_hero(state, move.target)} "
                   f"({pennies(giver.pennies)} held now)")


def _where_spent(move: Move) -> str:
    """Coin-Op, Coin Economy: on one's own hero the pennies go back to the Stage's Value
    ("the Stage becomes that much tougher"); on another they leave play."""
    return "back to the Stage's Value" if not move.target else "out of play"


def _improve(state: SquadState, move: Move) -> Wording:
    payer = state.heroes[move.actor]
    owner = state.heroes[move.target] if move.target else payer
    stuff = owner.stuff_named(move.item)
    whose = "" if not move.target else f"{owner.name}'s "
    return Wording(f"{payer.name} pays {pennies(STUFF_STEP)} to raise {whose}{stuff.name} "
                   f"from d{stuff.die} to d{step_up(stuff.die)} ({_where_spent(move)}; "
                   f"{pennies(payer.pennies)} held now)")


def _raise(state: SquadState, move: Move) -> Wording:
    payer = state.heroes[move.actor]
    owner = state.heroes[move.target] if move.target else payer
    special = SPECIALS[owner.special]
    whose = "" if not move.target else f"{owner.name}'s "
    return Wording(f"{payer.name} pays {pennies(STUFF_STEP)} to raise {whose}{special.name} "
                   f"from +{owner.special_level} to +{owner.special_level + 1} "
                   f"({_where_spent(move)}; {pennies(payer.pennies)} held now)")


def _pursue(state: SquadState, move: Move) -> Wording:
    return Wording(f"Pursue {_foe(state, move.target)}: it comes back fully recovered in "
                   "the next scene")


def _release(state: SquadState, move: Move) -> Wording:
    return Wording("Let the fled monsters go")


def _ready(state: SquadState, move: Move) -> Wording:
    return Wording("Done in camp: ready for the next scene")


_WORDS: Final[dict[str, Callable[[SquadState, Move], Wording]]] = {
    "bring": _bring, "spring": _spring, "boss": _boss, "monster": _monster, "flee": _flee,
    "hold": _hold, "attack": _attack, "cast": _cast, "trap": _trap, "mend": _mend,
    "wait": _wait, "rescue": _rescue, "fail": _fail, "take": _take, "claim": _claim,
    "give": _give, "pay": _pay, "improve": _improve, "raise": _raise, "pursue": _pursue,
    "release": _release, "ready": _ready,
}
"""How each verb of :class:`Move` is said."""
