"""The sensible seats use their characters (docs/rules/squad.md, the automated seats):
heroes take the loot their Stuff rolls for, heal and help each other, cast their spells
on heroes, set traps, pursue, raise their specials and buy for each other; the GM
brings as many monsters as the table's ``gm_group`` asks and lets a beaten monster
run."""

from __future__ import annotations

from collections import Counter

from scripted_dice import Faces
from undercroft.engine import registry
from undercroft.engine.agents import agent_stream
from undercroft.sim.audit_game import audit_game
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.agents import GameMaster, SensibleSeat
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.rules import acting, legal, step
from undercroft.systems.squad.play.setup import new_game
from undercroft.systems.squad.play.state import GM, SquadState
from undercroft.systems.squad.play.view import view

RULESET = registry.get("squad")


def choice(state: SquadState) -> Move:
    seat = acting(state)
    assert seat is not None
    return SensibleSeat().choose(view(state, seat), legal(state, seat), agent_stream(1, seat))


def test_each_finder_takes_the_loot_its_stuff_rolls_for() -> None:
    state = new_game(SquadConfig(), 1)
    state.phase, state.offered = "loot", ("W", "M", "E")
    for hero, token in (("Mage-1", "1M"), ("Warrior-2", "1W"), ("Explorer-3", "1W")):
        state.loot_due = [hero]
        assert choice(state) == Move("take", hero, "", token)


def test_a_beaten_monster_runs_and_fit_heroes_pursue_it() -> None:
    state = new_game(SquadConfig(players=2, party="example"), 1)
    step(state, {GM: Move("bring", "", "wolf", "1")})
    step(state, {"Guide-1": Move("wait", "Faf")})
    step(state, {"Guide-1": Move("wait", "Urd")})
    state.scene[0].hit_points = 1  # a third of its 3
    assert choice(state) == Move("flee", "wolf-1")
    state.dice = Faces(5, 1, 1)  # it gets away; the searches find nothing
    step(state, {GM: Move("flee", "wolf-1")})
    assert state.phase == "camp"
    assert choice(state) == Move("pursue", "", "wolf-1")


def test_the_gm_brings_as_many_monsters_as_gm_group_asks() -> None:
    counts = {}
    for group in (0.5, 1.0, 2.0):
        state = new_game(SquadConfig(players=2, per_guide=10, gm_group=group), 1)
        move = GameMaster().choose(view(state, GM), legal(state, GM), agent_stream(1, GM))
        counts[group] = int(move.item)
    assert counts[0.5] < counts[1.0] < counts[2.0]


def test_sensible_heroes_use_their_characters_over_whole_games() -> None:
    """Over a few default games the sensible heroes heal and help each other with their
    spells and loot, set traps, use, raise and buy their specials, and pay for each
    other's Stuff."""
    fired: Counter[str] = Counter()
    for seed in range(20):
        game = audit_game(RULESET, SquadConfig(), ["sensible"], seed)
        assert game.result is not None
        fired.update(game.fired)
    wanted = {"squad.spell.heal", "squad.spell.shield", "squad.spell.mirror-image",
              "squad.spell.bless", "squad.spell.haste", "squad.spell.summon",
              "squad.spell.invisibility", "squad.trap.set-by-heroes",
              "squad.loop.specials", "squad.special.level-cost",
              "squad.spend.other-hero", "squad.loot.hit-points", "squad.loop.loot-spent"}
    assert sorted(wanted - set(fired)) == []


def test_the_gm_brings_a_swarm_then_the_strongest_kind_it_can_pay_for() -> None:
    state = new_game(SquadConfig(stages=("caves-of-frost",)), 1)  # 10 spare, four heroes
    gm = GameMaster()
    first = gm.choose(view(state, GM), legal(state, GM), agent_stream(1, GM))
    assert (first.target, first.item) == ("kobold", "4")
    second = gm.choose(view(state, GM), legal(state, GM), agent_stream(1, GM))
    assert second.target in ("ice-wraith", "troll") and second.item == "2"
