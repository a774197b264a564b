"""The rules-health audit of Dungeon Squad! (systems/squad/play/audit.py): each detector fires on
a game made to have its fault and stays silent on a sound one; the rule ids of the pages
and of the code agree; the content a game reports is the catalogue's; the steps are
counted where they go; a step that only passes the turn changes no fingerprint."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from scripted_dice import Faces
from undercroft.engine import registry
from undercroft.engine.agents import agent_stream
from undercroft.engine.audit import Anomaly
from undercroft.engine.tally import tallying
from undercroft.engine.turns import TextEvent
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.sim.audit_game import audit_game
from undercroft.sim.rule_ids import fireable, rule_rows
from undercroft.systems.squad.heroes.hero import Stuff
from undercroft.systems.squad.play import audit
from undercroft.systems.squad.play.actions import Move
from undercroft.systems.squad.play.agents import SensibleSeat
from undercroft.systems.squad.play.config import SquadConfig
from undercroft.systems.squad.play.rules import acting, legal, step
from undercroft.systems.squad.play.setup import new_game
from undercroft.systems.squad.play.state import GM, InPlay, SquadState
from undercroft.systems.squad.play.view import view

RULESET = registry.get("squad")
DOCS = Path(__file__).parents[2] / "docs" / "rules"
ALL_HELPING = ("heal", "bless", "haste", "invisibility", "mirror-image", "summon", "shield")


def kinds(anomalies: Sequence[Anomaly], kind: str) -> list[Anomaly]:
    return [a for a in anomalies if a.kind == kind]


def play(state: SquadState, auditor: audit.SquadAuditor, until: int = 5000,
         choose: Callable[[SquadState, str, list[Move]], Move | None] | None = None) -> int:
    """Sensible seats play ``state`` to its end (or ``until`` steps) under ``auditor``;
    ``choose`` may pick a move first (None: the seat's own choice)."""
    seats: dict[str, SensibleSeat] = {}
    streams: dict[str, Stream] = {}
    done = 0
    while state.ended is None and done < until:
        seat = acting(state)
        assert seat is not None
        moves = legal(state, seat)
        move = choose(state, seat, moves) if choose else None
        if move is None:
            agent = seats.setdefault(seat, SensibleSeat())
            move = agent.choose(view(state, seat), moves,
                                streams.setdefault(seat, agent_stream(1, seat)))
        events = step(state, {seat: move})
        done += 1
        auditor.see(state, done, {seat: move}, events)
    auditor.finish(state, done)
    return done


def to_first_fight(state: SquadState) -> None:
    """The GM brings one goblin: the heroes' turn of a fight."""
    bring = next(m for m in legal(state, GM) if m.verb == "bring" and m.target == "goblin")
    step(state, {GM: Move("bring", "", bring.target, "1")})
    assert state.phase == "heroes"


# --- the rule ids -------------------------------------------------------------------------

def test_every_rule_row_has_one_unique_id_and_every_fired_id_is_documented() -> None:
    ids: list[str] = []
    for page in sorted(DOCS.glob("squad*.md")):
        table = ""
        for line in page.read_text(encoding="utf-8").splitlines():
            if not line.startswith("|"):
                table = ""
                continue
            if not table:
                table = line  # the header names the table: rule-status tables only
                continue
            if line.startswith("|---") or not re.match(r"^\| (Rule|Spell) \| Status \|", table):
                continue
            found = re.match(r"^\| `(squad\.[a-z0-9-]+\.[a-z0-9-]+)` ", line)
            assert found, f"{page.name}: a rule row without an id: {line[:60]}"
            ids.append(found[1])
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    rows = rule_rows("squad")
    assert set(ids) == set(rows)
    assert all(row.status for row in rows.values() if row.id.startswith("squad.spell."))
    code = fireable("squad")
    assert sorted(code - set(rows)) == []
    assert len(code) >= 80  # the rules that happen at a moment of play fire


def test_a_whole_game_fires_only_documented_ids_and_draws_only_catalogued_content() -> None:
    for config, agents in ((SquadConfig(), ["sensible"]),
                           (SquadConfig(party="example", players=2), ["random"])):
        game = audit_game(RULESET, config, agents, 3)
        catalogue = {item for items in audit.catalogue(config).values() for item in items}
        assert sorted(set(game.fired) - set(rule_rows("squad"))) == []
        assert sorted(set(game.drawn) - catalogue) == []
        assert sorted(set(game.used) - catalogue) == []
        assert {"squad.loop.heroes-first", "squad.monster.one-die",
                "squad.stage.divide"} <= set(game.fired)
    helping = SquadConfig(helping_spells=("heal",))
    assert "squad.spell.heal" in audit.catalogue(helping)["spell"]
    assert "squad.stuff.heal" in audit.catalogue(helping)["stuff"]
    assert len(audit.catalogue(SquadConfig())["spell"]) == 8


# --- held but never usable ----------------------------------------------------------------

@pytest.mark.parametrize("spell_id", ALL_HELPING)
def test_a_helping_spell_held_is_usable_and_the_game_plays_on(spell_id: str) -> None:
    game = audit_game(RULESET, SquadConfig(helping_spells=(spell_id,)), ["random"], 1)
    assert kinds(game.anomalies, "squad.unusable-spell") == []
    assert kinds(game.anomalies, "game.exception") == []
    assert game.result in ("victory", "defeated")


def test_a_spell_whose_holders_moves_cannot_be_listed_is_unusable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The detector: a move list that raises for a hero holding a spell names the spell
    unusable as it comes into the hero's hands, with what the game would raise."""
    state = new_game(SquadConfig(helping_spells=("heal",)), 1)

    def broken(state: SquadState, hero_id: str) -> list[Move]:
        if any(s.spell == "heal" for s in state.heroes[hero_id].stuff):
            raise BadInput("Heal (heal) does not deal damage; cast it instead")
        return [Move("attack", hero_id, "probe-1", state.heroes[hero_id].stuff[0].name)]

    monkeypatch.setattr(audit, "hero_legal", broken)
    named = kinds(audit.auditor(state).findings.anomalies, "squad.unusable-spell")
    assert [a.step for a in named] == [0]  # once a game for each spell
    assert "Heal (heal) held by Mage-1: listing Mage-1's moves raises BadInput" in named[0].detail


def test_a_fireball_or_a_weapon_held_is_usable() -> None:
    for seed in (1, 2):
        game = audit_game(RULESET, SquadConfig(helping_spells=("fireball",)), ["random"], seed)
        assert kinds(game.anomalies, "squad.unusable-spell") == []
        assert kinds(game.anomalies, "squad.unusable-stuff") == []
        assert kinds(game.anomalies, "game.exception") == []


def test_a_weapon_no_move_offers_is_unusable(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move list that forgets weapons (a hero may only wait) makes every weapon held
    unusable, reported as the game starts; the real move list offers them."""
    state = new_game(SquadConfig(), 1)
    assert kinds(audit.auditor(state).findings.anomalies, "squad.unusable-stuff") == []
    monkeypatch.setattr(audit, "hero_legal", lambda state, hero: [Move("wait", hero)])
    found = kinds(audit.auditor(state).findings.anomalies, "squad.unusable-stuff")
    assert [a.detail.split(" held by ")[1].split(":")[0] for a in found] == [
        "Warrior-2", "Explorer-3"]
    assert "Longsword (weapon)" in found[0].detail and found[0].step == 0


def test_every_loot_type_held_is_offered_to_spend() -> None:
    state = new_game(SquadConfig(), 2)
    state.heroes["Warrior-2"].loot.update({"HP": 1, "W": 1, "E": 1, "C": 1, "M": 1})
    auditor = audit.auditor(state)
    play(state, auditor)
    assert kinds(auditor.findings.anomalies, "squad.unusable-loot") == []


def test_loot_never_offered_to_spend_is_unusable(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move list that never offers 1HP leaves a held 1HP token unusable, reported once a
    hero has been wounded for that many hero turns in a fight, and not before."""
    state = new_game(SquadConfig(), 2)
    to_first_fight(state)
    state.heroes["Warrior-2"].loot["HP"] = 1
    state.heroes["Mage-1"].hit_points = 5
    real = audit.hero_legal
    monkeypatch.setattr(audit, "hero_legal", lambda state, hero_id: [
        m for m in real(state, hero_id) if m.verb != "mend"])
    auditor = audit.auditor(state)  # the hero turn it starts at is the first
    for turn in range(1, audit.HELD - 1):
        auditor.see(state, turn, {}, [])
    assert kinds(auditor.findings.anomalies, "squad.unusable-loot") == []
    auditor.see(state, audit.HELD - 1, {}, [])
    found = kinds(auditor.findings.anomalies, "squad.unusable-loot")
    assert [(a.step, a.detail) for a in found] == [
        (audit.HELD - 1, "1HP held (Warrior-2 1) for 10 hero turns in fights, never offered to "
         "spend")]


def test_a_special_with_nothing_to_work_with_is_unusable() -> None:
    """Divine Insight helps heroes with a spell on heroes; a Mage holding only a Fireball
    never has one. Arcane Vigor works with that Fireball."""
    state = new_game(SquadConfig(helping_spells=()), 4)
    state.heroes["Mage-1"].special = "divine-insight"
    state.heroes["Mage-4"].special = "arcane-vigor"
    auditor = audit.auditor(state)
    play(state, auditor)
    found = kinds(auditor.findings.anomalies, "squad.unusable-special")
    assert [a.detail.split(":")[0] for a in found] == ["Divine Insight of Mage-1"]


@pytest.mark.parametrize(("special", "goblins", "offered"), [
    ("divine-insight", 1, False), ("inhuman-alacrity", 1, True), ("arcane-vigor", 1, False),
    ("arcane-vigor", 2, True), ("deadly-strike", 1, True), ("blurring-speed", 1, False)])
def test_a_special_is_offered_only_where_it_applies(special: str, goblins: int,
                                                    offered: bool) -> None:
    """Mage-1 casting Lightning Arc (a Fireball) "with the special": Divine Insight helps
    heroes, not monsters; Arcane Vigor needs a second monster; Deadly Strike adds to any
    damage; Blurring Speed makes physical attacks only."""
    state = new_game(SquadConfig(), 1)
    mage = state.heroes["Mage-1"]
    mage.special, mage.pennies = special, 1
    state.coins.with_heroes += 1
    step(state, {GM: Move("bring", "", "goblin", str(goblins))})
    cast = Move("cast", "Mage-1", state.scene[0].id, "Lightning Arc", "special")
    assert (cast in legal(state, "Guide-1")) == offered
    if offered:
        auditor = audit.auditor(state)
        events = step(state, {"Guide-1": cast})
        auditor.see(state, 1, {"Guide-1": cast}, events)
        assert events[0].kind == "special"  # the penny is paid
        assert kinds(auditor.findings.anomalies, "squad.special-no-effect") == []


def test_a_penny_paid_for_a_special_that_does_nothing_is_reported() -> None:
    """The detector, fed a step the rules no longer make: a penny for Divine Insight on a
    Fireball, judged by the fight as it stood before the move."""
    state = new_game(SquadConfig(), 1)
    state.heroes["Mage-1"].special = "divine-insight"
    to_first_fight(state)
    auditor = audit.auditor(state)
    cast = Move("cast", "Mage-1", "goblin-1", "Lightning Arc", "special")
    paid = TextEvent(1, "special", "Mage-1 spends a penny on Divine Insight",
                     {"hero": "Mage-1"})
    auditor.see(state, 1, {"Guide-1": cast}, [paid])
    found = kinds(auditor.findings.anomalies, "squad.special-no-effect")
    assert [a.detail for a in found] == [
        "Mage-1 casts Lightning Arc on goblin-1, with the special: Divine Insight does "
        "nothing for Lightning Arc (fireball) with 1 monster(s) and 4 hero(es) in the fight"]


def test_hardy_resilience_is_paid_for_on_a_hit_it_lessens_and_only_then() -> None:
    state = new_game(SquadConfig(players=2, party="example"), 1)
    urd = state.heroes["Urd"]
    urd.pennies, state.coins.with_heroes = 1, 1
    step(state, {GM: Move("bring", "", "goblin", "1")})
    step(state, {"Guide-1": Move("wait", "Faf")})
    ready = Move("attack", "Urd", "goblin-1", "Goblinbane", "special")
    assert ready in legal(state, "Guide-1")
    state.dice = Faces(1)  # a miss: but Hardy Resilience is readied, for free
    step(state, {"Guide-1": ready})
    assert urd.pennies == 1 and state.effects["Urd"]["hardy"] == 1
    auditor = audit.auditor(state)
    state.dice = Faces(4, 2, 3)  # a hit for 2, the Tattoos' d4 soak 3: nothing
    move = Move("monster", "goblin-1", "Urd")
    auditor.see(state, 1, {GM: move}, step(state, {GM: move}))
    assert urd.pennies == 1 and state.effects["Urd"]["hardy"] == 1
    step(state, {"Guide-1": Move("wait", "Faf")})
    assert Move("attack", "Urd", "goblin-1", "Goblinbane", "special") not in legal(
        state, "Guide-1")  # already readied
    step(state, {"Guide-1": Move("wait", "Urd")})
    state.dice = Faces(4, 4, 1)  # a hit for 4, soaked 1: Hardy +1 ignores 1
    auditor.see(state, 2, {GM: move}, step(state, {GM: move}))
    assert urd.pennies == 0 and urd.hit_points == 15 - 2
    assert "hardy" not in state.effects["Urd"]
    assert kinds(auditor.findings.anomalies, "squad.special-no-effect") == []


# --- victory, boss Stuff, coins -----------------------------------------------------------

def test_a_victory_with_stages_unplayed_is_reported() -> None:
    """The detector, on a game told it is won after its first stage; the rules end such a
    game "pool spent" instead, and a sound game is won with every stage played."""
    state = new_game(SquadConfig(), 1)
    auditor = audit.auditor(state)
    state.ended = "victory"
    auditor.finish(state, 7)
    found = kinds(auditor.findings.anomalies, "squad.victory-stages-unplayed")
    assert [a.step for a in found] == [7]
    assert "after 1 of 3 stages: burning-village, caves-of-frost never played" in \
        found[0].detail
    poor = SquadConfig(players=1, per_guide=0, boss_share=13, helping_spells=())
    spent = audit_game(RULESET, poor, ["sensible"], 3)
    assert spent.result == "pool spent"
    assert kinds(spent.anomalies, "squad.victory-stages-unplayed") == []
    sound = audit_game(RULESET, SquadConfig(), ["sensible"], 1)
    assert sound.result == "victory"
    assert kinds(sound.anomalies, "squad.victory-stages-unplayed") == []


def test_boss_stuff_taken_at_another_die_is_reported() -> None:
    state = new_game(SquadConfig(), 1)
    state.scene = [InPlay("goblin-warlord", "goblin-warlord", 8, 12, 12, (),
                          (Stuff("Rusty Cleaver", "weapon", 6),), boss=True)]
    auditor = audit.auditor(state)
    state.heroes["Warrior-2"].stuff.append(Stuff("Rusty Cleaver", "weapon", 6))
    auditor.see(state, 1, {}, [])
    assert kinds(auditor.findings.anomalies, "squad.boss-stuff-die") == []
    state.heroes["Explorer-3"].stuff.append(Stuff("Rusty Cleaver", "weapon", 4))
    auditor.see(state, 2, {}, [])
    found = kinds(auditor.findings.anomalies, "squad.boss-stuff-die")
    assert [(a.step, a.detail) for a in found] == [
        (2, "Explorer-3 took the boss's Rusty Cleaver at d4; the boss held it at d6")]
    game = audit_game(RULESET, SquadConfig(), ["sensible"], 1)  # the loop keeps the die
    assert kinds(game.anomalies, "squad.boss-stuff-die") == []


def test_coins_made_from_nothing_are_reported_and_a_whole_game_keeps_them() -> None:
    game = audit_game(RULESET, SquadConfig(), ["random"], 2)
    assert game.result is not None
    assert kinds(game.anomalies, "squad.coins-unbalanced") == []
    state = new_game(SquadConfig(), 2)
    auditor = audit.auditor(state)
    state.heroes["Mage-1"].pennies += 3
    auditor.see(state, 1, {}, [])
    found = kinds(auditor.findings.anomalies, "squad.coins-unbalanced")
    assert [a.step for a in found] == [1] and "purses hold 3" in found[0].detail


# --- where the steps go, fingerprints, idle choices ---------------------------------------

def test_every_step_is_counted_by_stage_and_by_doing() -> None:
    game = audit_game(RULESET, SquadConfig(), ["sensible"], 1)
    assert sum(game.where.values()) == sum(game.doing.values()) == game.steps
    assert set(game.where) == {"stage 1: mountain-pass", "stage 2: burning-village",
                               "stage 3: caves-of-frost"}
    assert {"gm", "fight", "boss fight", "spoils", "loot", "camp"} <= set(game.doing) <= {
        "gm", "fight", "boss fight", "rescue", "spoils", "loot", "camp"}
    assert game.doing["fight"] > game.doing["gm"]


def test_a_step_that_only_passes_the_turn_changes_no_fingerprint() -> None:
    state = new_game(SquadConfig(), 1)
    to_first_fight(state)
    before = audit.fingerprint(state)
    hero = state.standing_heroes()[state.turn]
    step(state, {"Guide-1": Move("wait", hero)})
    assert audit.fingerprint(state) == before
    assert state.standing_heroes()[state.turn] != hero
    state.heroes["Warrior-2"].loot["W"] += 1  # changed in place: no alias of the old print
    assert audit.fingerprint(state) != before
    assert audit.may_do_nothing(Move("wait", hero))
    assert audit.may_do_nothing(Move("attack", hero, "goblin-1", "Longsword"))
    assert audit.may_do_nothing(Move("hold", "goblin-1"))
    assert not audit.may_do_nothing(Move("take", hero, "", "1W"))
    assert not audit.may_do_nothing(Move("bring", "", "goblin", "2"))


def test_sound_games_show_no_idle_choice_and_no_stall() -> None:
    for agents in (["sensible"], ["random"]):
        with tallying():
            game = audit_game(RULESET, SquadConfig(), agents, 5)
        assert [a for a in game.anomalies
                if a.kind in ("game.idle-choice", "game.stalled", "game.exception")] == []


# --- deaths ---------------------------------------------------------------------------------

def test_a_death_that_skips_the_rules_is_reported_and_whole_games_have_none() -> None:
    state = new_game(SquadConfig(), 1)
    auditor = audit.auditor(state)
    state.heroes["Mage-1"].hit_points = 0  # no "out" event said
    auditor.see(state, 1, {}, [])
    out = TextEvent(1, "out", "Warrior-2 is out of the game",
                    {"hero": "Warrior-2", "source": "goblin"})
    state.heroes["Warrior-2"].hit_points = 0
    auditor.see(state, 2, {}, [out])
    state.heroes["Warrior-2"].loot["W"] += 1  # loot reaches a hero out of the game
    state.effects["Warrior-2"] = {"shield": 6}
    wait = Move("wait", "Warrior-2")
    auditor.see(state, 3, {"Guide-1": wait}, [])
    found = kinds(auditor.findings.anomalies, "squad.death-skips-rules")
    assert [(a.step, a.detail.split(":")[0]) for a in found] == [
        (1, "Mage-1 fell to 0 Hit Points and was not said to be out of the game with its "
            "cause"),
        (3, "Warrior-2 waits"),
        (3, "Warrior-2 is out of the game and still changed"),
        (3, "Warrior-2 is out of the game and keeps ['shield']")]
    for agents in (["sensible"], ["random"]):
        for seed in range(4):
            game = audit_game(RULESET, SquadConfig(), agents, seed)
            assert kinds(game.anomalies, "squad.death-skips-rules") == []
