"""Playing Labyrinth: decks by level, the market, rooms and stairs, chests, initiative, attacks,
the specials in a fight, death, and the end of the campaign."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import assert_bad_input, run
from scripted_dice import Faces
from undercroft.engine import registry
from undercroft.engine.runner import play_out
from undercroft.errors import BadInput
from undercroft.systems.labyrinth.actions import Choice, parse_choice
from undercroft.systems.labyrinth.adventurer.items import gain_item
from undercroft.systems.labyrinth.config import LabyrinthConfig
from undercroft.systems.labyrinth.content.loader import load_content
from undercroft.systems.labyrinth.decks import card_of
from undercroft.systems.labyrinth.dungeon import enter_floor
from undercroft.systems.labyrinth.fight import Attack, roll_initiative
from undercroft.systems.labyrinth.rules import legal, step
from undercroft.systems.labyrinth.setup import new_game
from undercroft.systems.labyrinth.state import LabyrinthState, Room

RULESET = registry.get("labyrinth")




def game(*party: str, players: int | None = None) -> LabyrinthState:
    config = LabyrinthConfig(players=players or max(1, len(party)), party=party)
    return new_game(config, 7)


def deck_size(level: int, deck: str) -> int:
    content = load_content()
    cards = content.encounters_for(level) if deck == "encounters" else content.items_for(level)
    return sum(card.copies for card in cards)


def test_decks_hold_every_copy_of_the_level_and_are_rebuilt_on_a_new_level() -> None:
    state = game("human:warrior")
    assert len(state.encounters.draw) == deck_size(1, "encounters") == 10
    drawn = [state.encounters.take() for _ in range(4)]
    assert len(set(drawn)) == 4  # without replacement
    gain_item(state.party[0], "rations#1")
    enter_floor(state, 1)
    state.phase = "stairs"
    step(state, {"Seat-1": Choice("down", "2")})
    state.phase = "stairs"
    step(state, {"Seat-1": Choice("down", "3")})
    assert len(state.encounters.draw) == deck_size(3, "encounters") == 20
    assert "rations#1" not in state.items.draw  # held by a player
    assert all(load_content().encounters[card_of(c)].holds(3) for c in state.encounters.draw)


def test_a_card_of_levels_2_to_5_is_played_from_level_2_to_5_inclusively() -> None:
    """Seed 002, Card Levels: "a card with level 2-5 should only be played with between
    the levels of 2 and 5, inclusively" (the Kobold Knife is such a card)."""
    state = game("human:warrior")
    for level in range(1, 7):
        state.items.set_level(level, (), state.dice)
        knives = [c for c in state.items.draw if card_of(c) == "kobold-knife"]
        assert len(knives) == (2 if 2 <= level <= 5 else 0), level


def test_the_decks_follow_the_deepest_floor_unlocked_not_the_floor_entered() -> None:
    state = game("human:warrior")
    assert state.items.level == 1
    assert not any(card_of(c) == "kobold-knife" for c in state.items.draw)  # levels 2-5
    enter_floor(state, 1)
    state.phase = "stairs"
    step(state, {"Seat-1": Choice("down", "2")})
    state.phase = "stairs"
    step(state, {"Seat-1": Choice("down", "3")})
    state.stairs_owed = False
    step(state, {"Seat-1": Choice("return")})
    assert state.phase == "town" and state.unlocked == 3
    on_sale = state.market + state.items.draw
    assert any(card_of(c) == "kobold-knife" for c in on_sale)  # the market draws at level 3
    step(state, {"Seat-1": Choice("enter", "1")})
    assert state.floor == 1
    assert (state.encounters.level, state.items.level) == (3, 3)
    assert len(state.encounters.draw) == deck_size(3, "encounters")
    assert any(card_of(c) == "kobold-band" for c in state.encounters.draw)  # levels 3-5


@pytest.mark.parametrize("seed", range(8))
def test_the_market_shows_three_cards_that_can_be_bought_never_a_cursed_one(seed: int) -> None:
    state = new_game(LabyrinthConfig(players=1), seed)
    assert len(state.market) == 3
    assert all(state.item(copy).buyable for copy in state.market)


def test_buying_replaces_the_card_and_selling_pays_half_rounded_down() -> None:
    state = game("human:warrior")
    me = state.party[0]
    me.silver = 30
    bought = next(c for c in state.market if card_of(c) == "rations") \
        if any(card_of(c) == "rations" for c in state.market) else state.market[0]
    cost = state.item(bought).cost
    step(state, {"Seat-1": Choice("buy", bought)})
    assert bought in me.items and me.silver == 30 - cost and len(state.market) == 3
    step(state, {"Seat-1": Choice("sell", bought)})
    assert me.silver == 30 - cost + cost // 2 and bought not in me.items
    assert bought in state.items.draw  # shuffled back into the deck


def test_a_floor_has_no_more_rooms_than_its_encounter_deck_has_cards() -> None:
    state = game("oxkin:warrior")
    enter_floor(state, 1)
    state.encounters.draw = []
    assert Choice("next") not in legal(state, "Seat-1")
    assert Choice("return") in legal(state, "Seat-1")  # an exhausted floor: walk back


def test_after_going_down_another_stairwell_is_owed_before_returning() -> None:
    state = game("oxkin:warrior")
    enter_floor(state, 1)
    state.phase = "stairs"
    assert {Choice("return"), Choice("down", "2")} <= set(legal(state, "Seat-1"))
    step(state, {"Seat-1": Choice("down", "2")})
    assert (state.floor, state.unlocked, state.stairs_owed) == (2, 2, True)
    assert Choice("return") not in legal(state, "Seat-1")


def test_no_stairwell_leads_below_the_deepest_cards() -> None:
    state = game("oxkin:warrior")
    for floor, offered in ((4, True), (5, False)):
        state.unlocked = floor
        enter_floor(state, floor)
        state.phase = "stairs"
        assert (Choice("down", str(floor + 1)) in legal(state, "Seat-1")) is offered
    assert Choice("return") in legal(state, "Seat-1")
    with pytest.raises(BadInput, match="goal_floor 6: no encounter card goes below level 5"):
        new_game(LabyrinthConfig(goal_floor=6), 1)


def test_a_trapped_chest_hurts_its_opener_unless_a_check_made_it_safe() -> None:
    state = game("human:warrior")
    enter_floor(state, 1)
    me = state.party[0]
    state.room = Room("treasure-chest#1", "chest")
    state.dice = Faces(1, 3)  # the trap die shows 1; 1d4 damage 3
    step(state, {"Seat-1": Choice("open")})
    assert me.health == me.max_health - 3 and state.room.resolved
    assert "Seat-1 opens the chest: d4 1, it is trapped" in [e.text for e in state.events]
    state.room = Room("treasure-chest#2", "chest", chest_safe=True)
    state.dice = Faces(1, 5)  # trapped face, but made safe: 5 sp
    before = me.silver
    step(state, {"Seat-1": Choice("open")})
    assert me.silver == before + 5 and me.health == me.max_health - 3


def test_initiative_is_highest_first_and_ties_roll_again() -> None:
    order, first = roll_initiative(["Seat-1", "goblin", "Seat-2"], Faces(12, 12, 5, 3, 9))
    assert first == {"Seat-1": 12, "goblin": 12, "Seat-2": 5}
    assert order == ["goblin", "Seat-1", "Seat-2"]  # the tie rerolled: 3 against 9


def test_an_attack_hits_on_equal_to_the_armour_class() -> None:
    assert Attack(10, 5, 15, 3).hit and not Attack(9, 5, 15, 0).hit


def test_a_renegade_oxkin_attacks_twice_in_one_turn() -> None:
    state = game("oxkin:warrior:fire+water")  # water overcomes fire: destructive
    enter_floor(state, 1)
    state.room = Room("goblin-band#1", "monsters")
    from undercroft.systems.labyrinth.battle import start_fight
    state.dice = Faces(2, 20, 1)  # two goblins; the oxkin wins initiative
    start_fight(state, load_content().encounters["goblin-band"])
    assert state.fight is not None and state.fight.acting == "Seat-1"
    before = len(state.events)
    step(state, {"Seat-1": Choice("attack", "goblin-1")})
    attacks = [e for e in state.events[before:] if e.kind == "attack"]
    assert len(attacks) == 2


def test_death_sends_items_back_and_loses_the_silver() -> None:
    state = game("human:warrior", "woodfolk:medic")
    me = state.party[0]
    gain_item(me, "rations#3")
    me.silver = 12
    from undercroft.systems.labyrinth.losses import hurt
    hurt(state, me, 99, "a trap")
    assert not me.alive and me.silver == 0 and me.items == []
    assert "rations#3" in state.items.draw
    [death] = [e for e in state.events if e.kind == "death"]
    assert death.data == {"seat": "Seat-1", "source": "a trap", "items": ["rations#3"],
                          "silver_lost": 12}
    assert "killed by a trap" in death.text


def test_the_balance_lab_counts_each_death_by_its_cause() -> None:
    from undercroft.systems.labyrinth.figures import GameFigures
    from undercroft.systems.labyrinth.losses import hurt
    state = game("human:warrior", "oxkin:medic", "hollow:wizard", "woodfolk:archer")
    figures = GameFigures(state)
    for member, source in zip(state.party, ("Dragon Statue", "goblin-mage-2", "goblin-1",
                                            "destructive magic"), strict=True):
        start = len(state.events)
        hurt(state, member, 99, source)
        figures.see(state.events[start:])
    row = figures.row()
    assert {cause: row[f"killed_by.{cause}"] for cause in (
        "dragon statue", "goblin-mage", "goblin", "backlash", "dragon")} == {
        "dragon statue": 1, "goblin-mage": 1, "goblin": 1, "backlash": 1, "dragon": 0}


def test_alive_at_end_counts_each_adventurer_of_the_class() -> None:
    from undercroft.engine.figures import Share
    from undercroft.systems.labyrinth.figures import GameFigures
    from undercroft.systems.labyrinth.losses import hurt
    state = game("human:warrior", "oxkin:warrior", "hollow:wizard", "woodfolk:wizard")
    hurt(state, state.party[0], 99, "a trap")  # one warrior of two dies
    row = GameFigures(state).row()
    assert row["alive_at_end.warrior"] == Share(1, 2)
    assert row["alive_at_end.wizard"] == Share(2, 2)
    assert row["alive_at_end.medic"] == Share(0, 0)  # no medic: counts for nothing


def test_coming_back_to_town_restores_health_and_ends_the_campaign_at_the_goal() -> None:
    state = new_game(LabyrinthConfig(players=1, goal_floor=2, party=("human:warrior",)), 3)
    me = state.party[0]
    enter_floor(state, 2)
    state.unlocked = 2
    me.health = 3
    step(state, {"Seat-1": Choice("return")})
    assert me.health == me.max_health
    assert state.ended == "victory"


def test_choices_read_back_from_their_text_and_bad_ones_are_refused() -> None:
    for choice in (Choice("buy", "rations#2"), Choice("lift", "cursed-ring#1"),
                   Choice("enter", "3"), Choice("next"), Choice("return"), Choice("open"),
                   Choice("search"), Choice("down", "4"), Choice("attack", "goblin-2"),
                   Choice("attack", "goblin-2", "brace"), Choice("use", "rations#1"),
                   Choice("wait")):
        assert parse_choice(choice.text) == choice
    with pytest.raises(BadInput):
        parse_choice("dance a jig")
    state = game("human:warrior")
    with pytest.raises(BadInput, match="not possible now"):
        step(state, {"Seat-1": Choice("next")})  # in town


def test_the_party_choices_are_checked() -> None:
    with pytest.raises(BadInput, match="Seat-1"):
        game("human")
    with pytest.raises(BadInput):
        game("dragon:warrior")


def test_the_balance_lab_measures_survival_of_floor_1(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    result = run(capsys, "simulate", "labyrinth", "--games", "6", "--seed", "2", "--workers",
                 "1", "--agents", "careful", "--json")
    rates = json.loads(result.out)["rates"]
    assert rates["survived_floor_1"]["n"] == 6


def test_the_lab_plays_the_default_player_its_help_names(
        capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "audit"):
        help_text = " ".join(run(capsys, command, "--help").out.replace("│", " ").split())
        assert ("(default: the first of sensible, careful, scenario, random the system "
                "has)") in help_text
        played = json.loads(run(capsys, command, "labyrinth", "--games", "2", "--seed", "1",
                                "--workers", "1", "--json").out)
        assert played["agents"] == ["careful"]


def test_the_lab_writes_shares_in_its_rows(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    import csv
    parquet = pytest.importorskip("pyarrow.parquet")
    args = ("simulate", "labyrinth", "--games", "3", "--seed", "2", "--workers", "1", "--json")
    rates = json.loads(run(capsys, *args, "--out", str(tmp_path / "rows.csv")).out)["rates"]
    run(capsys, *args, "--out", str(tmp_path / "rows.parquet"))
    with (tmp_path / "rows.csv").open() as handle:
        from_csv = [row["alive_at_end.warrior"] for row in csv.DictReader(handle)]
    from_parquet = [row["alive_at_end.warrior"]
                    for row in parquet.read_table(tmp_path / "rows.parquet").to_pylist()]
    assert from_csv == from_parquet and all("/" in cell for cell in from_csv)
    warriors = sum(int(cell.split("/")[1]) for cell in from_csv)
    assert rates["alive_at_end.warrior"]["n"] == warriors  # adventurers, not games


def test_play_labyrinth_keeps_a_record_that_replays(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "lab.json"
    result = run(capsys, "play", "labyrinth", "--seed", "4", "--auto", "all", "--record",
                 str(record))
    assert result.code == 0 and "The game is over" in result.out
    first = json.loads(run(capsys, "replay", str(record), "--json").out)
    assert first["system"] == "labyrinth" and first["outcome"] in ("victory", "defeated",
                                                                    "time up")
    assert_bad_input(run(capsys, "play", "labyrinth", "--players", "9"), "--players 9")


def test_every_agent_finishes_a_game() -> None:
    for agent in sorted(RULESET.agents()):
        state = RULESET.new(LabyrinthConfig(players=3), 11)
        outcome = play_out(RULESET, state, {s: RULESET.agents()[agent]()
                                            for s in RULESET.seats(state)}, 11)
        assert outcome is not None


def test_a_medics_six_keeps_the_rations() -> None:
    state = game("human:warrior", "woodfolk:medic")
    enter_floor(state, 1)
    state.room = Room("empty-room#1", "empty", resolved=True)
    me = state.party[0]
    gain_item(me, "rations#1")
    me.health -= 5
    state.dice = Faces(2, 6)  # 1d4 heals 2; the medic's d6 shows 6
    step(state, {"Seat-1": Choice("use", "rations#1")})
    assert "rations#1" in me.items and me.health == me.max_health - 3


def test_healing_cards_are_expended_only_in_an_empty_room() -> None:
    state = game("human:warrior")
    me = state.party[0]
    gain_item(me, "rations#1")
    gain_item(me, "medical-supplies#1")
    me.health -= 5
    heals = {Choice("use", "rations#1"), Choice("use", "medical-supplies#1")}

    def offered() -> set[Choice]:
        return heals & set(legal(state, "Seat-1"))

    assert offered() == set()  # in town
    enter_floor(state, 1)
    assert offered() == set()  # before the first door
    state.room = Room("treasure-chest#1", "chest")
    assert offered() == set()  # a chest not yet opened
    state.room.resolved = True
    assert offered() == heals  # the chest opened: an empty room
    state.phase = "stairs"
    assert offered() == heals  # the stairwell's room, its guardian slain
    state.phase = "explore"
    state.room = Room("trapped-doorway#1", "trap", resolved=True)
    assert offered() == heals  # "treat this room as an empty room"
    me.health = me.max_health
    assert offered() == set()  # nothing to heal


def test_a_treasure_hoard_gives_every_player_five_silver() -> None:
    state = game("human:warrior", "oxkin:archer")
    from undercroft.systems.labyrinth.items_play import find_item
    state.items.draw.append("treasure-hoard#1")
    find_item(state, state.party[0])
    assert [m.silver for m in state.party] == [15, 15]


def statue_rolled(face: int, *party: str) -> LabyrinthState:
    """Seat-1 in town rolls the Dragon Statue, the d6 showing ``face``."""
    state = game(*(party or ("human:warrior", "oxkin:medic")))
    gain_item(state.party[0], "dragon-statue#1")
    state.dice = Faces(face)
    step(state, {"Seat-1": Choice("use", "dragon-statue#1")})
    return state


def test_the_dragon_statues_choices_are_its_rollers() -> None:
    state = statue_rolled(2)  # "you may increase a base stat by 1"
    me = state.party[0]
    before = dict(me.stats)
    assert RULESET.to_act(state) == {"Seat-1"}  # still Seat-1's to choose, not the next seat
    assert legal(state, "Seat-1") == [Choice("raise", "strength"),
                                      Choice("raise", "intelligence"),
                                      Choice("raise", "luck"), Choice("keep")]
    step(state, {"Seat-1": Choice("raise", "luck")})
    assert me.stats == {**before, "luck": before["luck"] + 1}
    assert RULESET.to_act(state) == {"Seat-2"} and state.statue is None
    state = statue_rolled(3)  # "you must decrease a base stat by 1": no declining
    assert Choice("keep") not in legal(state, "Seat-1")
    assert {c.verb for c in legal(state, "Seat-1")} == {"lower"}
    state = statue_rolled(4)  # "You may switch the value of your luck stat with another"
    me = state.party[0]
    before = dict(me.stats)
    assert legal(state, "Seat-1") == [Choice("swap", "strength"),
                                      Choice("swap", "intelligence"), Choice("keep")]
    step(state, {"Seat-1": Choice("swap", "intelligence")})
    assert (me.stats["luck"], me.stats["intelligence"]) == (before["intelligence"],
                                                            before["luck"])
    state = statue_rolled(2)
    with pytest.raises(BadInput, match="not possible now"):
        step(state, {"Seat-1": Choice("next")})
    for text in ("raise strength", "lower luck", "swap luck with intelligence",
                 "keep the stats as they are"):
        assert parse_choice(text).text == text


def test_the_dragon_statues_first_face_kills_by_the_death_rules() -> None:
    state = statue_rolled(1)
    me = state.party[0]
    assert not me.alive and me.items == [] and me.silver == 0
    [death] = [e for e in state.events if e.kind == "death"]
    assert death.data["source"] == "Dragon Statue"
    assert RULESET.to_act(state) == {"Seat-2"}


def test_the_automated_players_make_the_statues_choice_that_helps() -> None:
    for agent in ("careful", "bold"):
        state = statue_rolled(2, "human:wizard", "oxkin:medic")
        view = RULESET.view(state, "Seat-1")
        chosen = RULESET.agents()[agent]().choose(view, legal(state, "Seat-1"), Faces())
        assert chosen == Choice("raise", "intelligence")


def test_a_bracing_hollow_adds_2d6_to_its_armour_then_skips_its_next_attack() -> None:
    state = game("hollow:warrior")  # no elements: nullified, may brace
    enter_floor(state, 1)
    state.room = Room("goblin-band#1", "monsters")
    from undercroft.systems.labyrinth.battle import start_fight
    state.dice = Faces(1, 20, 1)  # two goblins; the hollow first
    start_fight(state, load_content().encounters["goblin-band"])
    me = state.party[0]
    assert Choice("attack", "goblin-1", "brace") in legal(state, "Seat-1")
    state.dice = Faces(1, 6, 6, 19, 6, 6, 19)  # miss; brace 12 each; goblins roll 19s
    step(state, {"Seat-1": Choice("attack", "goblin-1", "brace")})
    braces = [e for e in state.events if e.kind == "brace"]
    assert braces and me.skip_next_attack
    assert legal(state, "Seat-1") == [Choice("wait")]


def test_a_wizard_chooses_to_attack_with_intelligence() -> None:
    state = game("hollow:wizard")  # a hollow with no elements may brace too
    enter_floor(state, 1)
    state.room = Room("goblin-band#1", "monsters")
    from undercroft.systems.labyrinth.battle import start_fight
    state.dice = Faces(1, 20, 1)  # two goblins; the wizard first
    start_fight(state, load_content().encounters["goblin-band"])
    me = state.party[0]
    me.stats.update(strength=6, intelligence=16)  # modifiers -2 and +3
    assert [c.text for c in legal(state, "Seat-1") if c.target == "goblin-1"] == [
        "attack goblin-1", "attack goblin-1 with intelligence", "attack goblin-1, bracing",
        "attack goblin-1 with intelligence, bracing"]
    for choice in legal(state, "Seat-1"):
        assert parse_choice(choice.text) == choice
    state.dice = Faces(10, 1)  # d20 10; damage 1d4 1
    step(state, {"Seat-1": parse_choice("attack goblin-1 with intelligence")})
    [swing] = [e for e in state.events if e.kind == "attack"]
    assert "d20 10 + 5 = 15 vs AC 15: hits" in swing.text  # +2 unarmed, +3 Intelligence
    assert [(r["label"], r["dice"], r["forced"]) for r in swing.to_dict()["rolls"]] == [
        ("to hit", [10], True), ("damage", [1], True)]  # the damage dice are in the event
    assert RULESET.agents()["careful"]().choose(
        RULESET.view(state, "Seat-1"), [Choice("attack", "goblin-1"),
                                        Choice("attack", "goblin-1", "intelligence")],
        Faces()) == Choice("attack", "goblin-1", "intelligence")
    state = game("human:warrior")
    enter_floor(state, 1)
    state.room = Room("goblin-band#1", "monsters")
    state.dice = Faces(1, 20, 1)
    start_fight(state, load_content().encounters["goblin-band"])
    assert {c.how for c in legal(state, "Seat-1")} == {""}


def test_a_destructive_wizard_takes_1d4_after_attacking() -> None:
    state = game("human:wizard:fire+water")
    enter_floor(state, 1)
    state.room = Room("goblin-band#1", "monsters")
    from undercroft.systems.labyrinth.battle import start_fight
    state.dice = Faces(1, 20, 1)
    start_fight(state, load_content().encounters["goblin-band"])
    me = state.party[0]
    state.dice = Faces(1, 3)  # a miss, then the backlash die
    step(state, {"Seat-1": Choice("attack", "goblin-1")})
    assert any(e.kind == "backlash" and e.data["damage"] == 3 for e in state.events)
    assert me.health <= me.max_health - 3


@pytest.mark.parametrize(("percent", "bugbear"), [(100, 27), (50, 14), (10, 3)])
def test_monster_health_scales_every_monster_of_a_battle(percent: int, bugbear: int) -> None:
    config = LabyrinthConfig(players=1, party=("human:warrior",), monster_health=percent)
    state = new_game(config, 7)
    enter_floor(state, 1)
    state.room = Room("bugbear-band#1", "monsters")
    from undercroft.systems.labyrinth.battle import start_fight
    from undercroft.systems.labyrinth.view import view
    state.dice = Faces(1, 20, 1)  # two bugbears; the warrior first
    start_fight(state, load_content().encounters["bugbear-band"])
    assert state.fight is not None
    assert [m.health for m in state.fight.monsters] == [bugbear, bugbear]
    assert view(state, "Seat-1")["fight"]["kinds"]["bugbear"]["health"] == bugbear


def test_monster_health_is_a_percentage_within_bounds() -> None:
    assert LabyrinthConfig().monster_health == 100
    for wrong in (0, 9, 201):
        with pytest.raises(ValueError, match="monster_health"):
            LabyrinthConfig(monster_health=wrong)


def test_a_record_carries_monster_health_and_replays_with_it() -> None:
    from undercroft.engine.record import new_record, replay
    config = LabyrinthConfig(monster_health=50)
    state = RULESET.new(config, 3)
    record = new_record(RULESET, config, 3)
    play_out(RULESET, state, {s: RULESET.agents()["careful"]() for s in RULESET.seats(state)},
             3, record=record)
    assert record.config["monster_health"] == 50
    _, again, _ = replay(record)
    assert RULESET.view(again, None) == RULESET.view(state, None)
    record.config["monster_health"] = 100  # the seed's monsters: the choices go astray
    with pytest.raises(BadInput):
        replay(record)
