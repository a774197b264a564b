"""What a spell cast on a hero does in play, and the summoned companion's part in a fight.

Seed 003, Spells: Heal "Recovers spell rating Hit Points"; Bless "Allows Target to
reroll one Ability roll with spell rating"; Invisibility "Target can't be physically
attacked for spell rating Rounds"; Mirror Image "Target is surrounded by spell rating
in illusions with 1 HP each"; Summon "Target summons companion with one Ability equal
to spell rating for Scene"; Shield "Target receives Armor equal to spell rating for
Scene"; Haste "???" (our reading: one more action on the target's next turn). The
marks each leaves on its target live in ``SquadState.effects`` until the scene ends:

- ``shield``: the armour die; ``invisible``: rounds left; ``illusions``: how many;
- ``bless``: the die of the reroll, until a failed roll spends it;
- ``haste``: extra actions waiting for the target's next turn; ``hasted``: extra
  actions in the turn under way;
- ``companion`` and ``companion_hp``: the companion's one Ability die and its Hit
  Points (one roll of the rating die: the seed gives none);
- ``hardy``: Hardy Resilience readied for the next monster's hit.
"""

from __future__ import annotations

from undercroft.engine.tally import fired
from undercroft.engine.words import counted
from undercroft.systems.squad.dice import difficulty_words, succeeds
from undercroft.systems.squad.heroes.hero import Hero, heal
from undercroft.systems.squad.heroes.spells import SpellEffect
from undercroft.systems.squad.play.fight.wounds import wound_monster
from undercroft.systems.squad.play.state import SquadState

COMPANION = "companion"
"""The ``how`` of a monster's move at a hero's companion ("goblin-2 attacks Faf's
companion")."""


def help_hero(state: SquadState, caster: Hero, target_id: str, effect: SpellEffect,
              source: str) -> None:
    """Apply one successful cast of a spell on heroes to ``target_id``."""
    target = state.heroes[target_id]
    marks = state.effects.setdefault(target_id, {})
    kind, amount, die = effect.effect, effect.amount, effect.die or effect.rating
    if kind == "heal":
        fired("squad.spell.heal")
        healed = heal(target, amount)
        text = (f"{target.name} recovers {counted(healed, 'hit point', 'hit points')} "
                f"({target.hit_points})")
    elif kind == "untargetable":
        fired("squad.spell.invisibility")
        marks["invisible"] = marks.get("invisible", 0) + amount
        text = (f"{target.name} cannot be physically attacked for "
                f"{counted(amount, 'round', 'rounds')}")
    elif kind == "illusions":
        marks["illusions"] = marks.get("illusions", 0) + amount
        text = f"{target.name} is surrounded by {counted(amount, 'illusion', 'illusions')}"
    elif kind == "armour":
        marks["shield"] = max(marks.get("shield", 0), die)
        text = f"{target.name} gains a d{marks['shield']} of armour for the scene"
    elif kind == "reroll":
        marks["bless"] = max(marks.get("bless", 0), die)
        text = f"{target.name} may reroll one failed ability roll with a d{marks['bless']}"
    elif kind == "extra-action":
        marks["haste"] = marks.get("haste", 0) + max(1, amount)
        text = f"{target.name} acts once more on its next turn"
    else:
        marks["companion"], marks["companion_hp"] = die, max(1, amount)
        text = (f"{target.name} summons a companion (d{die}, {marks['companion_hp']} hit "
                "points) for the scene")
    state.say("spell", f"{caster.name} casts {source} on {target.name}: {text}",
              hero=target_id, effect=kind)


def companion_acts(state: SquadState, hero_id: str) -> None:
    """A summoned companion "with one Ability equal to spell rating" acts after its
    summoner's turn, like a monster: its one die to hit (at least 4), again for damage,
    at the standing foe with the fewest Hit Points."""
    die = state.effects.get(hero_id, {}).get("companion", 0)
    foes = state.foes()
    if not die or not foes:
        return
    fired("squad.spell.summon")
    target = min(foes, key=lambda m: (m.hit_points, m.id))
    face = state.dice.die(die, "companion attack", difficulty_words())
    if not succeeds(face):
        state.say("miss", f"{state.heroes[hero_id].name}'s companion attacks {target.id} "
                  f"({face}): a miss", hero=hero_id, target=target.id)
        return
    wound_monster(state, hero_id, target, state.dice.die(die, "damage"), "a summoned companion",
                  face)


def has_companion(state: SquadState, hero_id: str) -> bool:
    return state.effects.get(hero_id, {}).get("companion", 0) > 0


def companion_hurt(state: SquadState, hero_id: str, damage: int, source: str) -> None:
    """A monster's hit on a hero's companion: no armour; at 0 Hit Points it is gone."""
    marks = state.effects[hero_id]
    marks["companion_hp"] = max(0, marks["companion_hp"] - damage)
    name = state.heroes[hero_id].name
    if marks["companion_hp"] > 0:
        state.say("companion hit", f"{source} hits {name}'s companion for {damage} "
                  f"({marks['companion_hp']} left)", hero=hero_id, damage=damage)
        return
    del marks["companion"], marks["companion_hp"]
    state.say("companion gone", f"{source} destroys {name}'s companion", hero=hero_id)
