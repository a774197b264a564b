"""Every Loot Type of seed 003 is spent in play: 1E on any Explorer roll (a trap dodge, a
loot search, fleeing), 1HP on any hero's Hit Points, 1C on a monster already damaged,
beside 1W and 1M on attacks and spells (docs/rules/squad-heroes.md, Loot)."""

from __future__ import annotations

from scripted_dice import Faces
from undercroft.systems.squad.play.actions import Move, parse_move
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.rules import legal, step
from undercroft.systems.squad.play.setup import new_game
from undercroft.systems.squad.play.state import GM, SquadState

GUIDE = "Guide-1"


def example() -> SquadState:
    """Faf (Explorer d8) and Urd (Explorer d4), the seed's heroes, at a two-Guide table."""
    return new_game(SquadConfig(players=2, party="example"), 1)


def spring_boulders(state: SquadState, *faces: int) -> None:
    state.dice = Faces(*faces)
    step(state, {GM: Move("spring", "", "crushing-boulders")})


def test_1e_saves_a_trap_dodge_when_the_guide_says_so() -> None:
    state = example()
    urd = state.heroes["Urd"]
    urd.loot["E"] = 1
    spring_boulders(state, 2, 3)  # Faf's d8 shows 2 (two short), Urd's d4 shows 3 (one)
    assert state.phase == "rescue" and state.asking == ["Urd"]  # 1E cannot save Faf's 2
    moves = legal(state, GUIDE)
    assert [m.text for m in moves] == ["Urd spends loot on the explorer roll",
                                       "Urd lets the explorer roll fail"]
    assert all(parse_move(m.text) == m for m in moves)
    state.dice = Faces(2)  # the trap's d4 for Faf only
    step(state, {GUIDE: moves[0]})
    assert urd.loot["E"] == 0 and urd.hit_points == 15
    assert state.heroes["Faf"].hit_points == 13
    assert urd.pennies == 1  # Urd got away: his share of the trap's cost
    assert state.phase == "camp"


def test_a_failed_dodge_the_guide_lets_stand_is_caught() -> None:
    state = example()
    state.heroes["Faf"].loot["E"] = 2  # tokens are pooled: Faf's may save Urd
    spring_boulders(state, 5, 3, 2)  # Urd's 3 fails; the trap's d4 then shows 2
    assert state.asking == ["Urd"]
    step(state, {GUIDE: Move("fail", "Urd", "", "explorer")})
    assert state.phase == "camp" and state.heroes["Faf"].loot["E"] == 2
    assert state.heroes["Urd"].hit_points == 13


def test_no_rescue_is_asked_when_the_tokens_cannot_save_the_roll() -> None:
    state = example()
    state.heroes["Urd"].loot["E"] = 1
    spring_boulders(state, 5, 1, 2)  # Urd's 1 needs 3 tokens: caught at once
    assert state.phase == "camp" and state.heroes["Urd"].hit_points == 13
    assert state.heroes["Urd"].loot["E"] == 1


def test_1e_saves_a_loot_search() -> None:
    state = example()
    state.heroes["Urd"].loot["E"] = 1
    step(state, {GM: Move("bring", "", "goblin", "1")})
    state.dice = Faces(9, 2,  # Faf's Lightning Arc drops the goblin
                                1, 3)  # the searches: Faf's d8 1, Urd's d4 3
    step(state, {GUIDE: Move("cast", "Faf", "goblin-1", "Lightning Arc")})
    assert state.phase == "rescue" and state.asking == ["Urd"]
    step(state, {GUIDE: Move("rescue", "Urd", "", "explorer")})
    assert state.phase == "loot" and state.loot_due == ["Urd"]
    assert {m.item for m in legal(state, GUIDE)} == {"1E", "1W"}


def test_a_search_with_nothing_to_find_asks_nothing() -> None:
    state = example()
    state.heroes["Urd"].loot["E"] = 1
    step(state, {GM: Move("bring", "", "goblin", "1")})
    state.dice = Faces(4, 1, 3)  # the goblin flees; both searches fail
    step(state, {GUIDE: Move("wait", "Faf")})
    step(state, {GUIDE: Move("wait", "Urd")})
    step(state, {GM: Move("flee", "goblin-1")})
    assert state.phase == "camp" and state.heroes["Urd"].loot["E"] == 1


def test_1e_helps_a_hero_flee_and_a_fled_hero_is_out_of_the_fight() -> None:
    state = example()
    state.heroes["Urd"].loot["E"] = 1
    step(state, {GM: Move("bring", "", "goblin", "2")})
    step(state, {GUIDE: Move("wait", "Faf")})
    flee = Move("flee", "Urd", "", "", "loot")
    assert flee in legal(state, GUIDE) and flee.text == "Urd flees, spending loot"
    assert parse_move(flee.text) == flee
    state.dice = Faces(3)  # one short on his d4: the 1E makes it
    step(state, {GUIDE: flee})
    assert state.heroes["Urd"].loot["E"] == 0 and state.present() == ["Faf"]
    assert state.phase == "monsters"
    assert {m.target for m in legal(state, GM) if m.verb == "monster"} == {"Faf"}


def test_when_every_hero_has_fled_the_scene_ends_and_the_coins_go_back() -> None:
    state = example()
    step(state, {GM: Move("bring", "", "goblin", "1")})
    value = state.coins.stage_value
    state.dice = Faces(6, 4)  # Faf's d8 and Urd's d4: both get away
    step(state, {GUIDE: Move("flee", "Faf")})
    step(state, {GUIDE: Move("flee", "Urd")})
    assert state.phase == "camp" and state.foes() == []
    assert state.coins.stage_value == value + 1 and state.coins.pushed == {}
    step(state, {GUIDE: Move("ready", GUIDE)})
    assert state.phase == "gm" and state.present() == ["Faf", "Urd"]


def test_1hp_heals_any_hero_in_a_fight_without_ending_the_turn_and_in_camp() -> None:
    state = example()
    faf, urd = state.heroes["Faf"], state.heroes["Urd"]
    faf.loot["HP"], urd.hit_points = 2, 10
    step(state, {GM: Move("bring", "", "goblin", "1")})
    mend = Move("mend", "Faf", "Urd", "1HP")
    assert mend in legal(state, GUIDE) and Move("mend", "Faf", "Faf", "1HP") not in legal(
        state, GUIDE)  # Faf is not wounded
    assert parse_move(mend.text) == mend
    step(state, {GUIDE: mend})
    assert urd.hit_points == 11 and faf.loot["HP"] == 1
    assert state.present()[state.turn] == "Faf"  # still Faf's turn
    state.dice = Faces(9, 2, 1, 1)
    step(state, {GUIDE: Move("cast", "Faf", "goblin-1", "Lightning Arc")})
    assert state.phase == "camp"
    step(state, {GUIDE: mend})
    assert urd.hit_points == 12 and faf.loot["HP"] == 0


def test_1c_finishes_a_monster_already_damaged_and_only_then() -> None:
    state = example()
    urd = state.heroes["Urd"]
    urd.loot["C"] = 2
    step(state, {GM: Move("bring", "", "goblin", "1")})
    goblin = state.scene[0]
    goblin.hit_points, goblin.full = 4, 5  # already damaged
    hit = Move("attack", "Urd", "goblin-1", "Goblinbane", "loot")
    step(state, {GUIDE: Move("wait", "Faf")})
    assert hit in legal(state, GUIDE)
    state.dice = Faces(6, 2, 1, 1)  # a hit for 2: two short, two 1C finish it
    step(state, {GUIDE: hit})
    assert goblin.hit_points == 0 and urd.loot["C"] == 0


def test_1c_is_not_spent_when_it_cannot_finish_the_monster() -> None:
    state = example()
    urd = state.heroes["Urd"]
    urd.loot["C"] = 1
    step(state, {GM: Move("bring", "", "goblin", "1")})
    goblin = state.scene[0]
    goblin.hit_points, goblin.full = 9, 10
    step(state, {GUIDE: Move("wait", "Faf")})
    state.dice = Faces(6, 2)
    step(state, {GUIDE: Move("attack", "Urd", "goblin-1", "Goblinbane", "loot")})
    assert goblin.hit_points == 7 and urd.loot["C"] == 1


def test_1c_is_not_offered_against_a_monster_at_full_hit_points() -> None:
    state = example()
    state.heroes["Urd"].loot["C"] = 1
    step(state, {GM: Move("bring", "", "goblin", "1")})
    step(state, {GUIDE: Move("wait", "Faf")})
    assert Move("attack", "Urd", "goblin-1", "Goblinbane", "loot") not in legal(state, GUIDE)
