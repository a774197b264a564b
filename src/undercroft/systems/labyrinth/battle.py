"""A battle in a room of Labyrinth: players in initiative order, monsters run by the DM.

Seed 002, Chapter 4, with Appendices A, B and E. The automated dungeon master's
monsters attack a living adventurer at random, or the one with the least health
left (``dm_targets``, house rule), each monster once on its type's turn. An attack is
made with Strength, or by a wizard "with intelligence" when its player says so; a
renegade oxkin attacks twice; a destructive wizard takes 1d4 after attacking; a
hollow with a nullified
relation may brace when attacked (2d6 on its armour class), declared with its
attack ("attack X, bracing"), and then skips its next attack. Treasure is shared
among the living when the battle is won (house rule: the cards pay "per monster
defeated" to the party); a guardian with stairs leaves a stairwell.
"""

from __future__ import annotations

from undercroft.engine.tally import drawn, fired, used
from undercroft.systems.labyrinth.actions import Choice
from undercroft.systems.labyrinth.adventurer.character import (
    attack_bonus,
    brace,
    consume_skip,
    damage_dice,
    wizard_backlash,
)
from undercroft.systems.labyrinth.adventurer.specials import (
    archer_armour,
    attacks_per_turn,
    can_brace,
    may_attack_with_intelligence,
    woodfolk_armour,
)
from undercroft.systems.labyrinth.adventurer.state import Adventurer
from undercroft.systems.labyrinth.content.cards import MonsterEncounter
from undercroft.systems.labyrinth.decks import card_of
from undercroft.systems.labyrinth.fight import (
    Fight,
    Monster,
    attack,
    roll_initiative,
    roll_total,
    scaled_health,
)
from undercroft.systems.labyrinth.losses import hurt
from undercroft.systems.labyrinth.state import LabyrinthState


def start_fight(state: LabyrinthState, card: MonsterEncounter) -> None:
    fired("labyrinth.combat.initiative")
    if len(card.groups) > 1:
        fired("labyrinth.encounter.war-party")
    monsters: list[Monster] = []
    for group in card.groups:
        stats = state.content.monsters[group.monster]
        count = roll_total(str(group.count), state.dice, f"{group.monster} count")
        for _ in range(count):
            number = sum(1 for m in monsters if m.kind == group.monster) + 1
            health = scaled_health(stats.health, state.config.monster_health)
            monsters.append(Monster(f"{group.monster}-{number}", group.monster, health))
            drawn(f"labyrinth.monster.{group.monster}")
    names = [m.seat for m in state.living()] + list(dict.fromkeys(m.kind for m in monsters))
    order, rolls = roll_initiative(names, state.dice)
    state.fight = Fight(monsters, order, rolls)
    state.phase = "fight"
    state.say("fight", f"Battle: {', '.join(m.id for m in monsters)}; initiative "
              f"{', '.join(f'{n} {rolls[n]}' for n in order)}", order=order)
    run_monsters(state)


def fight_legal(state: LabyrinthState, member: Adventurer) -> list[Choice]:
    fight = state.fight
    assert fight is not None
    if member.skip_next_attack:
        return [Choice("wait")]
    ways = [""] + (["intelligence"] if may_attack_with_intelligence(member) else [])
    if can_brace(member):
        ways += [f"{way}+brace".lstrip("+") for way in ways]
    return [Choice("attack", monster.id, way) for monster in fight.living() for way in ways]


def player_turn(state: LabyrinthState, member: Adventurer, choice: Choice) -> None:
    fight = state.fight
    assert fight is not None
    if choice.verb == "wait":
        if consume_skip(member):
            fired("labyrinth.combat.brace")
            state.say("skip", f"{member.seat} braced and skips this attack", seat=member.seat)
    else:
        if "brace" in choice.ways:
            fight.braced.add(member.seat)
        with_intelligence = "intelligence" in choice.ways
        target = choice.target
        attacks = attacks_per_turn(member)
        if attacks > 1:
            fired("labyrinth.combat.renegade")
            fired("labyrinth.race.oxkin-renegade")
            used("labyrinth.special.renegade")
        for _ in range(attacks):
            monster = next((m for m in fight.living() if m.id == target), None) \
                or next(iter(fight.living()), None)
            if monster is None:
                break
            _player_attack(state, member, monster, with_intelligence)
        backlash = wizard_backlash(member, state.dice)
        if backlash is not None:
            fired("labyrinth.combat.wizard")
            state.say("backlash", f"{member.seat}'s destructive magic bites back: 1d4 "
                      f"{backlash}", seat=member.seat, damage=backlash)
            hurt(state, member, backlash, "destructive magic")
    advance(state)


def _player_attack(state: LabyrinthState, member: Adventurer, monster: Monster,
                   with_intelligence: bool) -> None:
    """One attack: d20 + the Strength modifier, or a wizard's Intelligence modifier when
    it chose to attack with intelligence, + the other modifiers, against armour class."""
    fight = state.fight
    assert fight is not None
    fired("labyrinth.combat.attack")
    used(f"labyrinth.race.{member.race}")
    used(f"labyrinth.class.{member.klass}")
    if member.klass == "wizard":
        fired("labyrinth.combat.wizard")
    worn = state.worn(member)
    stats = state.content.monsters[monster.kind]
    result = attack(state.dice, attack_bonus(member, worn, with_intelligence),
                    stats.armour_class, damage_dice(member, worn))
    monster.health = max(0, monster.health - result.damage)
    state.say("attack", f"{member.seat} attacks {monster.id}: {result.text()}"
              f"{f' ({monster.health} left)' if result.hit else ''}", seat=member.seat,
              target=monster.id, hit=result.hit, damage=result.damage)
    if not monster.alive:
        state.say("slain", f"{monster.id} is dead", target=monster.id)


def advance(state: LabyrinthState) -> None:
    """The next combatant's turn; monsters act at once, until a player is up or it is over."""
    fight = state.fight
    assert fight is not None
    while not _over(state):
        fight.turn += 1
        if fight.turn >= len(fight.order):
            fight.turn = 0
            fight.round += 1
        acting = fight.acting
        member = next((m for m in state.party if m.seat == acting), None)
        if member is not None:
            if member.alive:
                fight.braced.discard(member.seat)
                return
            continue
        _monsters_attack(state, acting)
    _finish(state)


def run_monsters(state: LabyrinthState) -> None:
    """At the start of a battle: monsters first in the order act before the first player."""
    fight = state.fight
    assert fight is not None
    fight.turn = -1
    advance(state)


def _monsters_attack(state: LabyrinthState, kind: str) -> None:
    fight = state.fight
    assert fight is not None
    stats = state.content.monsters[kind]
    for monster in fight.living(kind):
        targets = state.living()
        if not targets:
            return
        fired("labyrinth.combat.dm-monsters")
        fired("labyrinth.combat.attack")
        fired("labyrinth.character.armour-class")
        used(f"labyrinth.monster.{kind}")
        target = min(targets, key=lambda m: (m.health, m.seat)) \
            if state.config.dm_targets == "weakest" else state.dice.choice(targets)
        armour = target.armour_class
        if archer_armour(target):
            fired("labyrinth.class.archer")
            used("labyrinth.special.archer-armour")
        if woodfolk_armour(target):
            fired("labyrinth.race.woodfolk-armour")
            used("labyrinth.special.woodfolk-armour")
        bracing = target.seat in fight.braced
        fight.braced.discard(target.seat)
        if bracing and can_brace(target):
            fired("labyrinth.combat.brace")
            dice = brace(target, state.dice)
            armour += sum(dice)
            state.say("brace", f"{target.seat} braces: +{sum(dice)} armour class {dice}",
                      seat=target.seat)
        result = attack(state.dice, stats.attack_modifier, armour, stats.damage)
        state.say("monster attack", f"{monster.id} attacks {target.seat}: {result.text()}",
                  target=target.seat, hit=result.hit)
        if result.hit:
            hurt(state, target, result.damage, monster.id)


def _over(state: LabyrinthState) -> bool:
    fight = state.fight
    assert fight is not None
    return not fight.living() or not state.living()


def _finish(state: LabyrinthState) -> None:
    fight = state.fight
    assert fight is not None and state.room is not None
    state.fight = None
    if not state.living():
        return
    card = state.content.encounters[card_of(state.room.card)]
    assert isinstance(card, MonsterEncounter)
    fired("labyrinth.combat.rewards")
    used(f"labyrinth.encounter.{card.id}")
    silver = sum(card.reward.get(m.kind, 0) for m in fight.monsters)
    living = state.living()
    share, extra = divmod(silver, len(living))
    for index, member in enumerate(living):
        member.silver += share + (1 if index < extra else 0)
    state.room.resolved = True
    state.say("victory", f"The battle is won: {silver} sp shared among {len(living)}",
              silver=silver)
    if card.stairs_on_defeat:
        fired("labyrinth.encounter.stairs")
        state.phase = "stairs"
        state.say("stairs", f"Beyond the {card.name}: a stairwell")
    else:
        state.phase = "explore"
