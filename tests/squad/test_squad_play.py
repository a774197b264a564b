"""Playing Dungeon Squad! + Coin-Op: the seed's example of play as a scripted game, the GM's
seat, coins pushed and collected, traps, loot, camp, and the end of the adventure."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pydantic import ValidationError
from rich.console import Console

from cli_helpers import assert_bad_input, run
from scripted_dice import Faces
from undercroft.cli.play_squad import show_table
from undercroft.engine import registry
from undercroft.engine.record import new_record
from undercroft.engine.runner import play_out
from undercroft.errors import BadInput
from undercroft.systems.squad.heroes.hero import Stuff
from undercroft.systems.squad.play.actions import Move, parse_move
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.rules import legal, step
from undercroft.systems.squad.play.setup import new_game
from undercroft.systems.squad.play.state import GM, SquadState
from undercroft.systems.squad.play.view import view

RULESET = registry.get("squad")


def example() -> SquadState:
    """Faf and Urd, played by one Guide at a table of two Guides: with one, the seed's
    recommended Stage Value (5 a Guide) cannot pay for its own example's four goblins
    and a trap on two heroes (docs/rules/squad-gm.md)."""
    return new_game(SquadConfig(players=2, party="example"), 1)


def test_the_seeds_example_of_play() -> None:
    """Faf and Urd against four goblins and the Crushing Boulders trap, die for die."""
    state = example()
    faf, urd = state.heroes["Faf"], state.heroes["Urd"]
    assert (faf.hit_points, urd.hit_points) == (15, 15)
    step(state, {GM: Move("bring", "", "goblin", "4")})  # four goblins rush from the caves
    assert [m.id for m in state.foes()] == ["goblin-1", "goblin-2", "goblin-3", "goblin-4"]
    assert sum(state.coins.pushed.values()) == 4  # their cost pushed as they rush in
    state.dice = Faces(8, 2,  # Faf: d12 8 hits, Lightning Arc d4 deals 2
                                4, 6,  # Urd: d12 4 "barely" hits, Goblinbane d6 deals 6
                                2,  # a goblin's d4 misses Urd
                                4, 3, 2)  # one hits, 3 damage, the Tattoos' d4 soaks 2
    step(state, {"Guide-1": Move("cast", "Faf", "goblin-1", "Lightning Arc")})
    step(state, {"Guide-1": Move("attack", "Urd", "goblin-2", "Goblinbane")})
    assert [m.id for m in state.foes()] == ["goblin-3", "goblin-4"]  # only two left
    assert state.phase == "monsters"
    step(state, {GM: Move("monster", "goblin-3", "Urd")})
    step(state, {GM: Move("monster", "goblin-4", "Urd")})
    assert urd.hit_points == 14  # "the Goblin only dealt 1 point of damage"
    assert (faf.pennies, urd.pennies) == (1, 1)  # each collected a goblin's penny
    state.dice = Faces(8, 2, 4, 6,  # the next round the last two fall
                                1, 1)  # and neither hero finds loot
    step(state, {"Guide-1": Move("cast", "Faf", "goblin-3", "Lightning Arc")})
    step(state, {"Guide-1": Move("attack", "Urd", "goblin-4", "Goblinbane")})
    assert faf.pennies == 2 and urd.pennies == 2 and not state.coins.pushed
    assert state.phase == "camp"
    step(state, {"Guide-1": Move("ready", "Guide-1")})
    state.dice = Faces(2, 4, 2)  # Faf's d8 shows 2, Urd's d4 shows 4; the trap 2
    step(state, {GM: Move("spring", "", "crushing-boulders")})
    assert faf.hit_points == 13 and urd.hit_points == 14  # "Oh, the irony"


def test_the_gm_brings_only_what_the_spare_stage_value_pays_for() -> None:
    state = new_game(SquadConfig(players=1, heroes_per_player=1), 2)  # 5 spare, 10 kept
    moves = legal(state, GM)
    assert Move("bring", "", "goblin", "5") in moves
    assert Move("bring", "", "goblin", "6") not in moves
    step(state, {GM: Move("bring", "", "goblin", "5")})
    assert state.coins.spare == 0 and state.coins.boss_reserve == 10


def test_a_fled_monster_unpursued_gives_its_coins_back() -> None:
    state = example()
    step(state, {GM: Move("bring", "", "goblin", "1")})
    state.dice = Faces(1, 4, 1, 1)  # the goblin misses, then flees on a 4; no loot
    step(state, {"Guide-1": Move("wait", "Faf")})
    step(state, {"Guide-1": Move("wait", "Urd")})
    step(state, {GM: Move("monster", "goblin-1", "Faf")})
    value = state.coins.stage_value
    step(state, {"Guide-1": Move("wait", "Faf")})
    step(state, {"Guide-1": Move("wait", "Urd")})
    step(state, {GM: Move("flee", "goblin-1")})  # 4 on its d4: it gets away
    assert state.phase == "camp" and state.coins.pushed == {"goblin-1": 1}
    step(state, {"Guide-1": Move("ready", "Guide-1")})  # no pursuit
    assert state.coins.stage_value == value + 1 and state.coins.pushed == {}


def test_coins_spent_on_ones_own_hero_go_back_to_the_stage() -> None:
    state = example()
    state.phase = "camp"
    faf = state.heroes["Faf"]
    faf.pennies, state.coins.with_heroes = 5, 5
    value = state.coins.stage_value
    step(state, {"Guide-1": Move("improve", "Faf", "", "Lightning Arc")})
    assert faf.stuff_named("Lightning Arc").die == 6 and faf.pennies == 0
    assert state.coins.stage_value == value + 5


def test_an_illegal_move_changes_nothing() -> None:
    state = example()
    with pytest.raises(BadInput, match="not their turn"):
        step(state, {"Guide-1": Move("wait", "Faf")})
    with pytest.raises(BadInput, match="not possible now"):
        step(state, {GM: Move("bring", "", "goblin", "99")})
    assert state.steps == 0


def test_sensible_seats_finish_games_and_the_lab_compares_kinds_of_hero(
        capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(3):
        state = RULESET.new(SquadConfig(), seed)
        outcome = play_out(RULESET, state, {s: RULESET.agents()["sensible"]()
                                            for s in RULESET.seats(state)}, seed)
        assert outcome is not None and outcome.result in ("victory", "defeated")
    result = run(capsys, "simulate", "squad", "--games", "4", "--seed", "1", "--workers", "1",
                 "--json")
    metrics = json.loads(result.out)["metrics"]
    assert {"damage.mage", "damage.warrior", "damage.explorer"} <= set(metrics)


def test_play_squad_runs_with_the_gm_automated_and_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "squad.json"
    result = run(capsys, "play", "squad", "--seed", "3", "--auto", "all", "--record",
                 str(record))
    assert result.code == 0 and "The game is over" in result.out
    replayed = json.loads(run(capsys, "replay", str(record), "--json").out)
    assert replayed["system"] == "squad"
    assert_bad_input(run(capsys, "play", "squad", "--players", "7"), "--players 7")


def test_loot_can_be_given_to_another_hero_in_camp() -> None:
    state = example()
    state.phase = "camp"
    state.heroes["Faf"].loot["E"] = 1
    give = Move("give", "Faf", "Urd", "1E")
    assert give in legal(state, "Guide-1")
    step(state, {"Guide-1": give})
    assert (state.heroes["Faf"].loot["E"], state.heroes["Urd"].loot["E"]) == (0, 1)


BAD_STAGES = [((), "at least 1 item"), (("mountain-pass", "nowhere"), "no stage 'nowhere'")]


@pytest.mark.parametrize(("stages", "fragment"), BAD_STAGES)
def test_the_config_refuses_no_stages_and_unknown_ones(stages: tuple[str, ...],
                                                      fragment: str) -> None:
    """A validation error naming the field (the web answers it with a 400), not a fault
    when play reaches the stage."""
    with pytest.raises(ValidationError) as refused:
        SquadConfig(stages=stages)
    assert refused.value.errors()[0]["loc"][0] == "stages"
    assert fragment in str(refused.value)
    assert SquadConfig(stages=("dark-forest", "dark-forest")).stages[1] == "dark-forest"


@pytest.mark.parametrize(("stages", "fragment"), BAD_STAGES)
def test_a_record_with_bad_stages_is_one_line(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, stages: tuple[str, ...],
                                              fragment: str) -> None:
    data = new_record(RULESET, SquadConfig(), 1).model_dump(mode="json")
    data["config"]["stages"] = list(stages)
    path = tmp_path / "squad.json"
    path.write_text(json.dumps(data))
    result = run(capsys, "replay", str(path))
    assert_bad_input(result, f"{path}: config stages: ")
    assert fragment in result.err
    sweep = run(capsys, "simulate", "squad", "--games", "1", "--set", "stages=nowhere")
    assert_bad_input(sweep, "--set stages=nowhere")


def test_helping_spells_deal_a_random_mage_a_spell_in_place_of_armour() -> None:
    """``helping_spells`` gives each random Mage one of the listed spells as its d4 or d6
    Stuff instead of Leather Armour (by default one of the seven spells on heroes); empty,
    every hero wears armour; an unknown spell is refused as the config is read."""
    plain = new_game(SquadConfig(players=3, helping_spells=()), 5)
    dealt = new_game(SquadConfig(players=3, helping_spells=("heal", "shield")), 5)
    for state in (plain, dealt):
        assert [h for h in state.heroes if h.startswith("Mage")] == ["Mage-1", "Mage-4"]
    for hero_id, hero in dealt.heroes.items():
        kinds = [(s.kind, s.spell) for s in hero.stuff]
        if hero_id.startswith("Mage"):
            assert kinds[0] == ("spell", "fireball")
            assert kinds[1] in (("spell", "heal"), ("spell", "shield"))
            assert sorted(s.die for s in hero.stuff) == [4, 6]
        else:
            assert kinds == [(s.kind, s.spell) for s in plain.heroes[hero_id].stuff]
    assert all(hero.stuff[1].kind == "armour" for hero in plain.heroes.values())
    with pytest.raises(ValidationError, match="no spell 'fly'"):
        SquadConfig(helping_spells=("fly",))


def test_the_seeds_dark_forest_example_loot_and_a_penny_pass_between_heroes() -> None:
    """"Faf collects 1 Penny and Urd collects 3 Pennies. The Hero Guide then rolls Faf's and
    Urd's Explorer Ability dice and only Faf succeeds ... the Goblins have either 1 E or
    1 W available. The Hero Guide gives 1 E to Faf ... transfers the 1 E to Urd ...
    transfers one Penny from Urd to Faf." """
    state = new_game(SquadConfig(players=2, party="example", stages=("dark-forest",)), 1)
    faf, urd = state.heroes["Faf"], state.heroes["Urd"]
    step(state, {GM: Move("bring", "", "goblin", "4")})  # four corrupted goblins
    state.dice = Faces(8, 2, 4, 6,  # Faf drops goblin-1, Urd goblin-2
                                1, 1,  # the other two miss
                                5, 3, 2,  # Urd drops goblin-3; goblin-4 misses
                                6, 2,  # Urd drops goblin-4
                                5, 2)  # the searches: Faf's d8 5, Urd's d4 2
    step(state, {"Guide-1": Move("cast", "Faf", "goblin-1", "Lightning Arc")})
    step(state, {"Guide-1": Move("attack", "Urd", "goblin-2", "Goblinbane")})
    step(state, {GM: Move("monster", "goblin-3", "Urd")})
    step(state, {GM: Move("monster", "goblin-4", "Faf")})
    step(state, {"Guide-1": Move("wait", "Faf")})
    step(state, {"Guide-1": Move("attack", "Urd", "goblin-3", "Goblinbane")})
    step(state, {GM: Move("monster", "goblin-4", "Faf")})
    step(state, {"Guide-1": Move("wait", "Faf")})
    step(state, {"Guide-1": Move("attack", "Urd", "goblin-4", "Goblinbane")})
    assert (faf.pennies, urd.pennies) == (1, 3)
    assert state.phase == "loot" and state.loot_due == ["Faf"]  # only Faf succeeds
    assert [m.text for m in legal(state, "Guide-1")] == ["Faf takes 1E", "Faf takes 1W"]
    step(state, {"Guide-1": Move("take", "Faf", "", "1E")})
    give = Move("give", "Faf", "Urd", "1E")
    pay = Move("pay", "Urd", "Faf")
    assert pay.text == "Urd gives a penny to Faf" and parse_move(pay.text) == pay
    assert give in legal(state, "Guide-1") and pay in legal(state, "Guide-1")
    value = state.coins.stage_value
    step(state, {"Guide-1": give})
    step(state, {"Guide-1": pay})
    assert (faf.loot["E"], urd.loot["E"]) == (0, 1)
    assert (faf.pennies, urd.pennies) == (2, 2)
    assert state.coins.stage_value == value and state.coins.with_heroes == 4


def test_a_hero_sets_a_trap_with_an_explorer_check_and_a_penny_a_monster() -> None:
    state = example()
    faf = state.heroes["Faf"]
    faf.pennies, state.coins.with_heroes = 3, 3
    step(state, {GM: Move("bring", "", "goblin", "3")})
    state.scene[2].hit_points = 1  # the weakest: caught first
    moves = [m.text for m in legal(state, "Guide-1")]
    assert "Faf sets a trap for 1 monster" in moves and "Faf sets a trap for 3 monsters" in moves
    trap = Move("trap", "Faf", "", "2")
    assert parse_move(trap.text) == trap
    value = state.coins.stage_value
    state.dice = Faces(6,  # Faf's Explorer d8: the trap is set
                                1, 5,  # goblin-3 (1 hit point) is caught: 5 on Faf's d8
                                4)  # goblin-1 gets away
    step(state, {"Guide-1": trap})
    assert [m.id for m in state.foes()] == ["goblin-1", "goblin-2"]
    assert faf.pennies == 3 - 2 + 1  # two paid, goblin-3's penny collected
    assert state.coins.stage_value == value + 2  # spent on her own side: back to the stage


def test_a_trap_that_is_not_set_costs_nothing() -> None:
    state = example()
    faf = state.heroes["Faf"]
    faf.pennies, state.coins.with_heroes = 1, 1
    step(state, {GM: Move("bring", "", "goblin", "1")})
    state.dice = Faces(2)
    step(state, {"Guide-1": Move("trap", "Faf", "", "1")})
    assert faf.pennies == 1 and state.scene[0].hit_points == 2


def test_a_pool_that_cannot_pay_the_next_boss_ends_the_game_apart() -> None:
    """One Guide, a Stage's Value of the boss's share only (13): after two stages the Pool
    cannot pay the third boss's share; the game ends "pool spent", not "victory"."""
    poor = SquadConfig(players=1, per_guide=0, boss_share=13, helping_spells=())
    state = RULESET.new(poor, 3)
    outcome = play_out(RULESET, state, {s: RULESET.agents()["sensible"]()
                                        for s in RULESET.seats(state)}, 3)
    assert outcome is not None and outcome.result == "pool spent"
    assert outcome.summary["stages_played"] == 2
    assert state.standing_heroes()
    assert state.events[-1].text.startswith("The Pool holds ")
    assert state.events[-1].text.endswith(
        "fewer than the boss's share of 13: The Caves of Frost cannot be played, and the "
        "adventure ends after 2 of 3 stages")


@pytest.mark.parametrize("seed", range(6))
def test_a_one_guide_victory_has_played_every_stage(seed: int) -> None:
    state = RULESET.new(SquadConfig(players=1), seed)
    outcome = play_out(RULESET, state, {s: RULESET.agents()["sensible"]()
                                        for s in RULESET.seats(state)}, seed)
    assert outcome is not None
    assert outcome.result in ("victory", "defeated", "pool spent")
    if outcome.result == "victory":
        assert outcome.summary["stages_played"] == 3


def test_the_stages_non_combat_characters_speak_as_it_opens() -> None:
    state = new_game(SquadConfig(), 1)
    said = [e.text for e in state.events if e.kind == "character"]
    assert said == ['Frightened Shepherd: "Goblins came down from the caves above the pass. '
                    'They took the flock, and my brother."']
    assert state.events.index(next(e for e in state.events if e.kind == "character")) > \
        state.events.index(next(e for e in state.events if e.kind == "stage"))


def test_the_terminal_shows_each_seat_its_own_heroes_whole_sheet() -> None:
    state = example()
    faf = state.heroes["Faf"]
    faf.loot["E"], faf.pennies, faf.special_level = 2, 3, 2
    step(state, {GM: Move("bring", "", "goblin", "1")})
    state.effects["Faf"] = {"shield": 6, "illusions": 2, "companion": 8, "companion_hp": 5}
    out = io.StringIO()
    show_table(Console(file=out, width=200), view(state, "Guide-1"), "Guide-1",
               legal(state, "Guide-1"))
    text = out.getvalue()
    assert "Guide-1 to act (Faf's turn)" in text
    assert "Faf of the Blue Steel (Faf): 15/15 hit points, 3 pennies" in text
    assert "Abilities: Explorer d8, Mage d12, Warrior d4" in text
    assert "Stuff: Lightning Arc d4 (spell: Fireball), Chitin Bracers d6 (armour)" in text
    assert "Special: Arcane Vigor +2: Your spell can hit 2 additional Monsters" in text
    assert "Loot: 2x1E (+1 to an Explorer roll)" in text
    assert "Now: Shield d6 armour, 2 illusions, a d8 companion (5 hp)" in text
    assert "goblin-1: d4, 2 of 2 hit points" in text
    table = new_game(SquadConfig(), 1)  # Guide-1: Mage-1, Warrior-2; Guide-2 the others
    table.heroes["Explorer-3"].loot["HP"] = 1
    table.effects["Explorer-3"] = {"hardy": 1}
    other = io.StringIO()
    show_table(Console(file=other, width=200), view(table, "Guide-1"), "Guide-1", [])
    text = other.getvalue()
    assert text.count("Abilities:") == 2 and "Mage-1: 15/15 hit points" in text
    assert "Explorer-3: 15/15 hp, 0 pennies; Hunting Bow d6, Leather Armour d4; loot 1x1HP; " \
        "Hardy Resilience ready" in text
    gm = io.StringIO()
    show_table(Console(file=gm, width=200), view(table, GM), GM, [])
    assert gm.getvalue().count("Abilities:") == 4  # the GM sees every sheet


def test_the_seeds_loot_example_faf_collects_1w_and_it_helps_her_warrior_roll() -> None:
    """"Faf's Hero Guide successfully rolls Faf's Explorer Ability die at the end of the
    combat scene with the Goblin ... the Goblins can award either 1 E or 1 W. Faf's Hero
    Guide states that Faf has collected 1 W. This will greatly increase the chances that
    Faf can perform a Warrior action when Faf needs it most." """
    state = example()
    step(state, {GM: Move("bring", "", "goblin", "1")})
    state.dice = Faces(8, 2,  # Faf's Lightning Arc drops the goblin
                                5, 1)  # Faf's Explorer d8 succeeds, Urd's d4 does not
    step(state, {"Guide-1": Move("cast", "Faf", "goblin-1", "Lightning Arc")})
    assert state.phase == "loot" and state.loot_due == ["Faf"]
    assert [m.text for m in legal(state, "Guide-1")] == ["Faf takes 1E", "Faf takes 1W"]
    step(state, {"Guide-1": Move("take", "Faf", "", "1W")})
    faf = state.heroes["Faf"]
    assert faf.loot["W"] == 1
    faf.stuff.append(Stuff("Dagger", "weapon", 4))  # a Warrior action for her d4
    step(state, {"Guide-1": Move("ready", "Guide-1")})
    step(state, {GM: Move("bring", "", "goblin", "1")})
    state.dice = Faces(3, 2)  # her Warrior d4 shows 3: the 1W makes it 4, a hit
    step(state, {"Guide-1": Move("attack", "Faf", "goblin-2", "Dagger", "loot")})
    assert faf.loot["W"] == 0 and state.scene[0].hit_points == 0
