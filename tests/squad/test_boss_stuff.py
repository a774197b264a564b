"""A boss's Stuff in play (docs/rules/squad-gm.md, Bosses): the boss fights with it (its
die to hit, the Stuff's die for damage, its armour soaking the heroes' hits), and once
defeated its Stuff keeps its die and is divided by the Guides, who take turns."""

from __future__ import annotations

from scripted_dice import Faces
from undercroft.engine.agents import agent_stream
from undercroft.systems.squad.heroes.hero import Stuff
from undercroft.systems.squad.play import spoils
from undercroft.systems.squad.play.actions import Move, parse_move
from undercroft.systems.squad.play.agents import SensibleSeat
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.hero_agent import piece_worth
from undercroft.systems.squad.play.rules import acting, legal, step
from undercroft.systems.squad.play.setup import new_game
from undercroft.systems.squad.play.state import GM, SquadState
from undercroft.systems.squad.play.view import view

GUIDE = "Guide-1"


def grukk(players: int = 2, party: str = "example") -> SquadState:
    """The Goblin Warlord (d8, 12 hit points; Rusty Cleaver d6, Cookpot Helm d4 armour)
    brought against the party."""
    state = new_game(SquadConfig(players=players, party=party), 1)
    step(state, {GM: Move("boss")})
    assert state.phase == "heroes"
    return state


def test_a_boss_attacks_with_its_weapon_rolling_the_weapons_die() -> None:
    state = grukk()
    step(state, {GUIDE: Move("wait", "Faf")})
    step(state, {GUIDE: Move("wait", "Urd")})
    moves = [m.text for m in legal(state, GM)]
    assert "goblin-warlord attacks Faf with its Rusty Cleaver" in moves
    assert "goblin-warlord attacks Faf" not in moves  # it fights with its Stuff
    move = Move("monster", "goblin-warlord", "Faf", "Rusty Cleaver")
    assert parse_move(move.text) == move
    state.dice = Faces(5, 6, 1)  # its d8 hits; the Cleaver's d6 shows 6; Bracers 1
    step(state, {GM: move})
    assert state.heroes["Faf"].hit_points == 10


def test_a_bosss_spell_reaches_an_invisible_hero_and_its_weapon_does_not() -> None:
    state = new_game(SquadConfig(players=2, party="example",
                                 stages=("burning-village",)), 1)
    step(state, {GM: Move("boss")})  # the Ash Priest: d10, Brand of Embers d8 (fireball)
    state.effects["Faf"] = {"invisible": 2}
    step(state, {GUIDE: Move("wait", "Faf")})
    step(state, {GUIDE: Move("wait", "Urd")})
    targets = {m.target for m in legal(state, GM) if m.verb == "monster"}
    assert targets == {"Faf", "Urd"}
    grukk_state = grukk()
    grukk_state.effects["Faf"] = {"invisible": 2}
    step(grukk_state, {GUIDE: Move("wait", "Faf")})
    step(grukk_state, {GUIDE: Move("wait", "Urd")})
    assert {m.target for m in legal(grukk_state, GM) if m.verb == "monster"} == {"Urd"}


def test_a_bosss_armour_soaks_the_heroes_hits() -> None:
    state = grukk()
    step(state, {GUIDE: Move("wait", "Faf")})
    state.dice = Faces(9, 6, 2)  # Urd hits, Goblinbane 6, the Cookpot Helm's d4 2
    events = step(state, {GUIDE: Move("attack", "Urd", "goblin-warlord", "Goblinbane")})
    assert state.scene[0].hit_points == 8
    assert "its Cookpot Helm soaks 2: 4 damage" in events[-1].text


def test_a_defeated_bosss_stuff_keeps_its_die_and_the_guides_divide_it() -> None:
    state = grukk()
    state.scene[0].hit_points = 1
    state.dice = Faces(9, 4, 1,  # Faf's Lightning Arc: 4 less the Helm's 1
                                1, 1)  # the searches find nothing: the Stuff needs none
    step(state, {GUIDE: Move("cast", "Faf", "goblin-warlord", "Lightning Arc")})
    assert state.phase == "spoils" and acting(state) == GUIDE
    moves = legal(state, GUIDE)
    assert [m.text for m in moves] == ["Rusty Cleaver goes to Faf", "Rusty Cleaver goes to Urd"]
    assert all(parse_move(m.text) == m for m in moves)
    step(state, {GUIDE: moves[1]})
    step(state, {GUIDE: Move("claim", "Faf", "", "Cookpot Helm")})
    urd, faf = state.heroes["Urd"], state.heroes["Faf"]
    assert urd.stuff_named("Rusty Cleaver") == Stuff("Rusty Cleaver", "weapon", 6)
    assert faf.stuff_named("Cookpot Helm") == Stuff("Cookpot Helm", "armour", 4)
    assert state.phase == "camp"  # the stage is over; the next one's camp


def test_the_guides_take_turns_starting_with_the_guide_of_the_victor() -> None:
    state = grukk(players=2, party="random")
    victor = "Explorer-3"  # Guide-2's hero (Guide-1 holds Mage-1 and Warrior-2)
    state.scene[0].hit_points = 0
    state.scene[0].defeated_by = victor
    state.defeated = [state.scene[0]]
    spoils.offer_spoils(state, ["Guide-1", "Guide-2"])
    assert state.dividers == ["Guide-2", "Guide-1"]
    assert acting(state) == "Guide-2"
    first = legal(state, "Guide-2")[0]
    step(state, {"Guide-2": first})
    assert acting(state) == "Guide-1"


def test_a_piece_nobody_can_take_stays_with_the_boss() -> None:
    state = grukk()
    for hero in state.heroes.values():
        hero.stuff.append(Stuff("Rusty Cleaver", "weapon", 4))
    state.scene[0].hit_points = 0
    state.scene[0].defeated_by = "Urd"
    state.defeated = [state.scene[0]]
    spoils.offer_spoils(state, [GUIDE])
    assert [s.name for s in state.spoils] == ["Cookpot Helm"]


def test_sensible_guides_give_each_piece_to_the_hero_it_helps_most() -> None:
    state = new_game(SquadConfig(), 1)
    heroes = view(state, GUIDE)["heroes"]
    cleaver = {"name": "Rime Maul", "kind": "weapon", "die": "d8", "spell": None}
    worth = {h: piece_worth(heroes[h], cleaver) for h in heroes}
    assert max(worth, key=lambda h: worth[h]) == "Warrior-2"
    hide = {"name": "Glacier Hide", "kind": "armour", "die": "d6", "spell": None}
    mage = heroes["Mage-1"]
    assert all(s["kind"] != "armour" for s in mage["stuff"])  # a Mage holds a spell instead
    assert piece_worth(mage, hide) == 3.0
    state.phase, state.spoils, state.dividers = "spoils", [Stuff("Rime Maul", "weapon", 8)], \
        [GUIDE]
    seat = SensibleSeat()
    move = seat.choose(view(state, GUIDE), legal(state, GUIDE), agent_stream(1, GUIDE))
    assert move == Move("claim", "Warrior-2", "", "Rime Maul")
