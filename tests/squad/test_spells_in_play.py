"""Every spell of seed 003 in play: each is offered to the hero who holds it, cast with a
Mage roll, and does what its row says at its rating (docs/rules/squad-heroes.md,
Spells); Divine Insight spreads a spell on heroes; a summoned companion fights and can
be attacked."""

from __future__ import annotations

import pytest

from scripted_dice import Faces
from undercroft.systems.squad.heroes.hero import Stuff
from undercroft.systems.squad.heroes.spells import spell
from undercroft.systems.squad.play.actions import Move, parse_move
from undercroft.systems.squad.play.config import HELPING_SPELLS, SquadConfig
from undercroft.systems.squad.play.rules import legal, step
from undercroft.systems.squad.play.setup import new_game
from undercroft.systems.squad.play.state import GM, SquadState

GUIDE = "Guide-1"


def faf_holding(spell_id: str, special: str = "arcane-vigor") -> SquadState:
    """Faf and Urd (the seed's example heroes) at a two-Guide table, Faf's Chitin Bracers
    swapped for a d6 spell; one goblin attacks: Faf's turn."""
    state = new_game(SquadConfig(players=2, party="example"), 1)
    faf = state.heroes["Faf"]
    faf.stuff[1] = Stuff(spell(spell_id).name, "spell", 6, spell_id)
    faf.special = special
    step(state, {GM: Move("bring", "", "goblin", "1")})
    assert state.phase == "heroes" and state.standing_heroes()[state.turn] == "Faf"
    return state


def cast(state: SquadState, spell_id: str, target: str, *faces: int, how: str = "") -> None:
    move = Move("cast", "Faf", target, spell(spell_id).name, how)
    assert move in legal(state, GUIDE)
    state.dice = Faces(*faces)
    step(state, {GUIDE: move})


@pytest.mark.parametrize("spell_id", HELPING_SPELLS)
def test_every_spell_on_heroes_is_offered_on_each_standing_hero(spell_id: str) -> None:
    state = faf_holding(spell_id)
    moves = [m.text for m in legal(state, GUIDE)]
    name = spell(spell_id).name
    assert f"Faf casts {name} on Faf" in moves and f"Faf casts {name} on Urd" in moves
    assert "Faf casts Lightning Arc on goblin-1" in moves


def test_heal_recovers_a_roll_of_its_rating_die() -> None:
    state = faf_holding("heal")
    state.heroes["Urd"].hit_points = 6
    cast(state, "heal", "Urd", 9, 5)  # Faf's d12 shows 9; the Heal's d6 shows 5
    assert state.heroes["Urd"].hit_points == 11


def test_a_failed_mage_roll_casts_nothing() -> None:
    state = faf_holding("heal")
    state.heroes["Urd"].hit_points = 6
    cast(state, "heal", "Urd", 3)
    assert state.heroes["Urd"].hit_points == 6


def test_bless_rerolls_one_failed_roll_with_its_rating_die() -> None:
    state = faf_holding("bless")
    cast(state, "bless", "Urd", 9)  # the blessing: a d6 reroll
    assert state.effects["Urd"]["bless"] == 6
    state.dice = Faces(2, 5, 3)  # Urd's d12 fails (2), the Bless's d6 shows 5
    events = step(state, {GUIDE: Move("attack", "Urd", "goblin-1", "Goblinbane")})
    assert "bless" not in state.effects["Urd"]  # spent on that roll
    assert [e.text for e in events if e.kind == "bless"] == [
        "Urd the Indomitable rerolls the warrior roll with the Bless's d6: 5, a success"]
    assert state.scene[0].hit_points == 0  # Goblinbane's 3 drops the goblin


def test_haste_gives_one_more_action_on_the_targets_next_turn() -> None:
    state = faf_holding("haste")
    state.scene[0].hit_points = 10  # a tough goblin, so the fight goes on
    cast(state, "haste", "Urd", 9)
    assert state.standing_heroes()[state.turn] == "Urd"
    state.dice = Faces(1, 1)  # two misses
    step(state, {GUIDE: Move("attack", "Urd", "goblin-1", "Goblinbane")})
    assert state.phase == "heroes" and state.standing_heroes()[state.turn] == "Urd"
    step(state, {GUIDE: Move("attack", "Urd", "goblin-1", "Goblinbane")})
    assert state.phase == "monsters"


def test_haste_on_oneself_waits_for_the_next_turn() -> None:
    state = faf_holding("haste")
    state.scene[0].hit_points = 10
    cast(state, "haste", "Faf", 9)
    assert state.standing_heroes()[state.turn] == "Urd"  # no extra action this turn
    assert state.effects["Faf"]["haste"] == 1


def test_invisibility_keeps_monsters_from_attacking_for_a_roll_of_rounds() -> None:
    state = faf_holding("invisibility")
    state.scene[0].hit_points = 10
    cast(state, "invisibility", "Urd", 9, 2)  # two rounds
    step(state, {GUIDE: Move("wait", "Urd")})
    targets = {m.target for m in legal(state, GM) if m.verb == "monster"}
    assert targets == {"Faf"}
    step(state, {GM: Move("hold", "goblin-1")})
    step(state, {GUIDE: Move("wait", "Faf")})
    step(state, {GUIDE: Move("wait", "Urd")})
    assert {m.target for m in legal(state, GM) if m.verb == "monster"} == {"Faf"}
    step(state, {GM: Move("hold", "goblin-1")})
    step(state, {GUIDE: Move("wait", "Faf")})
    step(state, {GUIDE: Move("wait", "Urd")})
    assert {m.target for m in legal(state, GM) if m.verb == "monster"} == {"Faf", "Urd"}


def test_mirror_image_illusions_take_the_hits() -> None:
    state = faf_holding("mirror-image")
    cast(state, "mirror-image", "Urd", 9, 1)  # one illusion
    step(state, {GUIDE: Move("wait", "Urd")})
    state.dice = Faces(4)  # the goblin hits: the illusion, not Urd
    step(state, {GM: Move("monster", "goblin-1", "Urd")})
    assert state.heroes["Urd"].hit_points == 15 and state.effects["Urd"]["illusions"] == 0


def test_shield_gives_armour_of_its_rating_for_the_scene() -> None:
    state = faf_holding("shield")
    state.heroes["Urd"].stuff = [s for s in state.heroes["Urd"].stuff if s.kind != "armour"]
    cast(state, "shield", "Urd", 9)
    step(state, {GUIDE: Move("wait", "Urd")})
    state.dice = Faces(4, 4, 3)  # a hit for 4, the Shield's d6 soaks 3
    step(state, {GM: Move("monster", "goblin-1", "Urd")})
    assert state.heroes["Urd"].hit_points == 14


def test_a_summoned_companion_fights_and_can_be_attacked() -> None:
    state = faf_holding("summon")
    state.scene[0].hit_points = 10
    cast(state, "summon", "Faf", 9, 3)  # a d6 companion with 3 hit points
    assert state.effects["Faf"]["companion"] == 6
    assert state.effects["Faf"]["companion_hp"] == 3
    state.dice = Faces(1, 5, 4)  # Urd misses; Faf's companion: 5 hits, 4 damage
    step(state, {GUIDE: Move("attack", "Urd", "goblin-1", "Goblinbane")})
    # the companion acted after its summoner's turn, before Urd's
    assert state.scene[0].hit_points == 6
    attack = Move("monster", "goblin-1", "Faf", "", "companion")
    assert attack in legal(state, GM)
    assert parse_move(attack.text) == attack
    assert attack.text == "goblin-1 attacks Faf's companion"
    state.dice = Faces(4, 3)  # the goblin hits the companion for 3
    step(state, {GM: Move("monster", "goblin-1", "Faf", "", "companion")})
    assert "companion" not in state.effects["Faf"]
    assert state.heroes["Faf"].hit_points == 15


def test_divine_insight_spreads_a_spell_on_heroes_for_a_penny() -> None:
    state = faf_holding("heal", special="divine-insight")
    faf, urd = state.heroes["Faf"], state.heroes["Urd"]
    faf.pennies, state.coins.with_heroes = 1, 1
    faf.hit_points, urd.hit_points = 10, 8
    cast(state, "heal", "Urd", 9, 4, how="special")
    assert (faf.hit_points, urd.hit_points, faf.pennies) == (14, 12, 0)


def test_a_random_mage_with_divine_insight_holds_a_spell_on_heroes() -> None:
    dealt = 0
    for seed in range(60):
        state = new_game(SquadConfig(), seed)
        for hero in state.heroes.values():
            if hero.special == "divine-insight":
                dealt += 1
                assert any(s.spell and spell(s.spell).targets == "hero" for s in hero.stuff)
    assert dealt
    plain = new_game(SquadConfig(helping_spells=()), 3)
    assert all(h.special != "divine-insight" for h in plain.heroes.values())


def test_deadly_strike_adds_to_a_damaging_spell_too() -> None:
    """"Deal L additional damage": any damage, a spell's as a weapon's."""
    state = faf_holding("heal", special="deadly-strike")
    faf = state.heroes["Faf"]
    faf.pennies, state.coins.with_heroes = 1, 1
    state.scene[0].hit_points = state.scene[0].full = 10
    state.dice = Faces(9, 2)
    step(state, {GUIDE: Move("cast", "Faf", "goblin-1", "Lightning Arc", "special")})
    assert state.scene[0].hit_points == 10 - 2 - 1 and faf.pennies == 0
