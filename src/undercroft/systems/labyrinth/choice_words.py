"""Each Labyrinth choice said for a person: "Buy Rations for 3 silver, 7 left (buy rations#3)".

A phone or the terminal shows these beside the choices' own texts (the ids records
keep), so item copies read as their cards' names and a monster as its Appendix E
name; an attack says what it needs on the d20 against the monster's armour class
(open to the table, ``view``). Marked, from the rules alone (docs/rules/labyrinth.md,
"Choices at the table"): an attack that cannot reach the armour class on a 20, or a
check for traps that cannot reach its difficulty, is futile; a wizard's attack with
the weaker of Strength and Intelligence is pointless (the same attack, less often a
hit), and so is waiting outside a battle when no other adventurer lives. Reading a
state for words never changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from undercroft.engine.capabilities import Wording
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.adventurer.character import attack_bonus, modifier
from undercroft.systems.labyrinth.adventurer.specials import (
    STATS,
    attacks_per_turn,
    may_attack_with_intelligence,
)
from undercroft.systems.labyrinth.adventurer.state import Adventurer
from undercroft.systems.labyrinth.content.cards import (
    ConsumableItem,
    CursedItem,
    EquipmentItem,
    StatueItem,
)
from undercroft.systems.labyrinth.state import LabyrinthState

D20: Final = 20


def choice_words(state: LabyrinthState, seat: str, actions: Sequence[Choice]) -> list[Wording]:
    """One wording per action, in order: words first, the action's text in brackets."""
    member = state.adventurer(seat)
    return [_WORDS.get(action.verb, _wait)(state, member, action).with_id(action)
            for action in actions]



def _item(state: LabyrinthState, copy: str) -> str:
    """A card copy (``rations#3``) by its card's name ("Rations")."""
    return state.item(copy).name


def _coins(amount: int) -> str:
    return f"{amount} silver"


def _buy(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    cost = state.item(action.target).cost or 0
    return Wording(f"Buy {_item(state, action.target)} for {_coins(cost)}, "
                   f"{member.silver - cost} left")


def _sell(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    price = state.item(action.target).sell_price or 0
    worn = ", worn now," if action.target in member.equipped else ""
    return Wording(f"Sell {_item(state, action.target)}{worn} for {_coins(price)}")


def _lift(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    card = state.item(action.target)
    cost = card.remove_cost if isinstance(card, CursedItem) else None
    return Wording(f"Pay the wizard {_coins(cost or 0)} to lift the curse of the {card.name}")


def _enter(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    return Wording(f"Set out for floor {action.target} of the dungeon")


def _next(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    left = len(state.encounters.draw)
    return Wording(f"Open the next door: {left} room{'' if left == 1 else 's'} left on "
                   f"floor {state.floor}")


def _return(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    done = state.unlocked >= state.config.goal_floor
    return Wording("Lead the party back to town"
                   + (": the mayor's commission is done" if done else ", to rest and shop"))


def _use(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    card = state.item(action.target)
    if isinstance(card, StatueItem):
        return Wording(f"Roll the {card.name}: a d{card.die} that may help or harm")
    heal = card.heal if isinstance(card, ConsumableItem) else "?"
    return Wording(f"Use the {card.name}: regain {heal} health, "
                   f"{member.health} of {member.max_health} now")


def _equip(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    return Wording(f"Equip the {_item(state, action.target)}")


def _unequip(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    return Wording(f"Take off the {_item(state, action.target)}")


def _open(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    room = state.room
    if room is not None and room.chest_safe:
        how = "its trap found and made safe"
    elif room is not None and room.chest_checked:
        how = "checked, no trap found"
    else:
        how = "not checked for traps"
    return Wording(f"Open the chest, {how}")


def _search(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    luck = modifier(member, "luck", state.worn(member))
    difficulty = state.config.search_difficulty
    futile = None if D20 + luck >= difficulty else \
        f"even a 20 with Luck {luck:+d} cannot reach {difficulty}"
    return Wording(f"Check the chest for traps: d20 {luck:+d} (Luck) against {difficulty}",
                   futile)


def _down(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    return Wording(f"Take the stairs down to floor {action.target}; another stairwell "
                   "must be found before going back to town")


def _attack(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    fight = state.fight
    monster = None if fight is None else next(
        (m for m in fight.monsters if m.id == action.target), None)
    if monster is None:
        return Wording(f"Attack {action.target}")
    stats = state.content.monsters[monster.kind]
    number = monster.id.rsplit("-", 1)[-1]
    worn = state.worn(member)
    smart = "intelligence" in action.ways
    bonus = attack_bonus(member, worn, smart)
    needed = stats.armour_class - bonus
    stat = "Intelligence" if smart else "Strength"
    twice = " twice" if attacks_per_turn(member) > 1 else ""
    words = (f"Attack {stats.name} {number}{twice} with {stat}: "
             f"{_needs(needed)} against armour class {stats.armour_class}, "
             f"{monster.health} health left")
    if "brace" in action.ways:
        words += "; brace: +2d6 armour class against the next attack, then skip an attack"
    futile = f"even a 20 {bonus:+d} cannot reach armour class {stats.armour_class}" \
        if needed > D20 else None
    return Wording(words, futile, _weaker_stat(member, worn, smart))


def _needs(needed: int) -> str:
    if needed <= 1:
        return "hits on any roll"
    if needed > D20:
        return "cannot hit"
    return f"needs {needed}+ on the d20"


def _weaker_stat(member: Adventurer, worn: Sequence[EquipmentItem | CursedItem],
                 smart: bool) -> bool:
    """A wizard's attack with Intelligence when it adds no more than Strength, or with
    Strength when Intelligence adds more: the same attack, hitting less often or no more
    often than the other."""
    if not may_attack_with_intelligence(member):
        return False
    with_intelligence = attack_bonus(member, worn, True)
    with_strength = attack_bonus(member, worn, False)
    return with_intelligence <= with_strength if smart else with_intelligence > with_strength


def _statue(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    pending = state.statue
    amount = 1 if pending is None else pending.amount
    if action.verb == "keep":
        return Wording("Keep the stats as they are")
    stat = next(stat for stat in STATS if stat == action.target)
    value = member.stats[stat]
    if action.verb == "swap":
        luck = member.stats["luck"]
        return Wording(f"Swap Luck, {luck}, with {stat.title()}, {value}")
    change = amount if action.verb == "raise" else -amount
    return Wording(f"{action.verb.title()} {stat.title()} by {amount}, "
                   f"{value} to {value + change}")


def _wait(state: LabyrinthState, member: Adventurer, action: Choice) -> Wording:
    """Waiting outside a battle passes the turn to the next living seat; with no other
    living seat it changes nothing but the step count (nothing in Labyrinth happens with
    time outside a battle), so it is pointless."""
    if state.phase == "fight":
        return Wording("Skip this attack: braced last turn")
    if all(other is member for other in state.living()):
        return Wording("Wait: nothing happens, the turn comes back", pointless=True)
    return Wording(f"Wait: pass the turn to {_next_living(state, member)}")


def _next_living(state: LabyrinthState, member: Adventurer) -> str:
    index = state.party.index(member)
    count = len(state.party)
    return next(state.party[(index + step) % count].seat for step in range(1, count)
                if state.party[(index + step) % count].alive)


_WORDS: Final[dict[str, Callable[[LabyrinthState, Adventurer, Choice], Wording]]] = {
    "buy": _buy, "sell": _sell, "lift": _lift, "enter": _enter, "next": _next,
    "return": _return, "use": _use, "equip": _equip, "unequip": _unequip, "open": _open,
    "search": _search, "down": _down, "attack": _attack, "raise": _statue,
    "lower": _statue, "swap": _statue, "keep": _statue, "wait": _wait,
}
"""How each verb of ``actions`` is said."""
