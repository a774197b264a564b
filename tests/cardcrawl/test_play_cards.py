"""Cards do what they say in play: attacks' effects, defence and gear cards tapped, healing
you or an ally, a combo for the next action only, and the abilities of race and class
cards."""

from __future__ import annotations

import pytest
from play_table import SLASH, fighter, said, states, table

from undercroft.engine.tally import tallying
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.character.build import STREAM, new_character
from undercroft.systems.cardcrawl.character.cards import starter_cards
from undercroft.systems.cardcrawl.play.actions import Play, parse_play
from undercroft.systems.cardcrawl.play.effects import play_effect
from undercroft.systems.cardcrawl.play.rules import legal, step
from undercroft.systems.cardcrawl.play.setup import ROLLED_SKILLS
from undercroft.systems.cardcrawl.play.skills import skill_bonus
from undercroft.systems.cardcrawl.play.state import Attack, Card

FEINT = Attack("Feint", 1, ("melee",), 10, (("Slash", 3),), damage=False)


# --- attacks -------------------------------------------------------------------------------

def test_feint_deals_no_damage_when_it_hits_and_readies_its_combo() -> None:
    """d12 12 + 1 + 2 = 15 vs 6 + 1 + 10 - 9 = 8: a hit, and the goblin keeps its die."""
    state = table(fighter(attacks=[FEINT, SLASH]), foes=[[2]], faces=(12, 1))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Feint", "aggressive")})
    assert state.rooms[1].enemies[0].creatures == [[2]]
    assert state.fighters[0].combo == {"Slash": 3}
    assert said(state, "hit")[0]["damage"] is False


def test_no_starting_character_has_only_an_attack_that_deals_no_damage() -> None:
    attacks = {new_character(Stream(seed, STREAM)).owned[2] for seed in range(300)}
    assert "feint" not in attacks and {"strike", "throw", "shove"} <= attacks


def test_shove_costs_a_creature_its_next_attack() -> None:
    """Margin 1 takes a goblin; of the two left, one is pushed back: one attack (a miss)."""
    shove = Attack("Shove", 1, ("melee",), 9, (), stagger=1)
    state = table(fighter(attacks=[shove]), foes=[[6], [6], [6]], faces=(5, 1))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Shove", "aggressive")})
    assert len(said(state, "enemy miss")) == 1 and len(said(state, "staggered")) == 2
    assert state.rooms[1].enemies[0].staggered == 0


def test_cutting_words_takes_one_off_the_foes_next_attack() -> None:
    """The first goblin's 9 + 2 - 1 = 10 vs 8 hits by 2 (Dodge), not 3 (Mail)."""
    words = Attack("Words", 1, ("melee",), 9, (), weaken=1)
    state = table(fighter(attacks=[words]), foes=[[6], [6], [6]], faces=(5, 9, 1))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Words", "aggressive")})
    assert states(state.fighters[0]) == ["ready", "discarded", "ready"]


@pytest.mark.parametrize(("attack", "setup", "margin"), [
    (Attack("Sneak", 1, ("melee",), 9, (), extra=2, when="engaged"), "engaged", 3),
    (Attack("Sneak", 1, ("melee",), 9, (), extra=2, when="engaged"), "", 1),
    (Attack("Aim", 1, ("melee",), 9, (), extra=1, when="unmoved"), "", 2),
    (Attack("Aim", 1, ("melee",), 9, (), extra=1, when="unmoved"), "moved", 1),
    (Attack("Smite", 1, ("melee",), 9, (), extra=1, undead=3), "", 2),
    (Attack("Smite", 1, ("melee",), 9, (), extra=1, undead=3), "undead", 4),
])
def test_extra_damage_comes_when_the_cards_condition_holds(attack: Attack, setup: str,
                                                           margin: int) -> None:
    """d12 5 + 1 + 2 = 8 vs 7 (goblins) or 6 (skeletons: one less to beat, margin 2)."""
    kind = "skeleton" if setup == "undead" else "goblin"
    state = table(fighter(attacks=[attack]), foes=[[12], [12], [12]], kind=kind,
                  faces=(5 if kind == "goblin" else 4, 1, 1, 1))
    group = state.rooms[1].enemies[0]
    group.last_target = "Seat-2" if setup == "engaged" else ""
    state.fighters[0].moved = setup == "moved"
    step(state, {"Seat-1": Play("attack", group.id, attack.name, "aggressive")})
    assert said(state, "hit")[0]["margin"] == margin


# --- cards tapped ---------------------------------------------------------------------------

def test_the_starter_cards_effects_in_play_follow_their_words() -> None:
    cards = starter_cards()
    effects = {card: play_effect(cards.get(card), ROLLED_SKILLS)[::2]  # type: ignore[arg-type]
               for card in ("parry", "duck", "grit", "leather-armour", "chain-shirt",
                            "iron-will", "torch", "rope", "healing-kit", "crowbar",
                            "lantern", "steady")}
    assert effects == {
        "parry": ("ward", ()), "duck": ("boost", ("nimbleness",)), "grit": ("none", ()),
        "leather-armour": ("boost", ("stealth", "athletics")),
        "chain-shirt": ("boost", ("endurance",)), "iron-will": ("none", ()),
        "torch": ("boost", ("perception",)), "rope": ("boost", ("athletics",)),
        "healing-kit": ("heal", ()), "crowbar": ("none", ()),
        "lantern": ("boost", ("perception",)), "steady": ("none", ())}
    assert cards.get("healing-kit").mechanic.target == "any"  # type: ignore[union-attr]


def test_a_roll_bonus_waits_for_one_roll_with_its_skill() -> None:
    """Rope: "+2 on one climbing or athletics roll": not a melee roll; the next athletics
    roll takes it, and only that one."""
    me = fighter(skills={"athletics": 1})
    state = table(me)
    me.boosts = {"athletics": 2}
    assert skill_bonus(state, me, ("melee",)) == 0 and me.boosts == {"athletics": 2}
    assert skill_bonus(state, me, ("athletics", "archery")) == 3 and me.boosts == {}
    assert skill_bonus(state, me, ("athletics",)) == 1


def test_chain_shirt_adds_2_to_one_endurance_roll_against_a_blow() -> None:
    """Tapped: the goblin's 7 + 2 = 9 is against 6 + 2 and hits by 1 (Parry), not by 3."""
    shirt = Card("Chain Shirt", "defence", 3, "boost", 2, "", skills=("endurance",))
    me = fighter(skills={}, cards=[Card("Parry", "defence", 1, "none", 0, ""), shirt,
                                   Card("Mail", "defence", 3, "none", 0, "")])
    state = table(me, foes=[[6]], faces=(7,))
    step(state, {"Seat-1": Play("tap", card="Chain Shirt")})
    assert states(me) == ["discarded", "tapped", "ready"] and me.boosts == {}


def test_a_healing_kit_heals_you_or_an_ally_and_is_offered_only_where_it_can() -> None:
    kit = Card("Healing Kit", "gear", 0, "heal", 1, "", target="any")
    medic = fighter("Seat-1", cards=[Card("Parry", "defence", 1, "none", 0, ""), kit])
    hurt = fighter("Seat-2")
    hurt.defence[0].state = hurt.defence[1].state = "discarded"
    state = table(medic, hurt)
    kits = [play for play in legal(state, "Seat-1") if play.card == "Healing Kit"]
    assert kits == [Play("tap", "Seat-2", "Healing Kit")]  # Seat-1 has lost nothing
    assert parse_play(kits[0].text) == kits[0] and kits[0].text == "tap Healing Kit for Seat-2"
    step(state, {"Seat-1": kits[0]})
    assert states(hurt) == ["ready", "discarded", "ready"] and hurt.healed
    state.fighters[0].cards[1].state = "ready"
    assert not [play for play in legal(state, "Seat-1") if play.card == "Healing Kit"]


def test_the_combo_holds_for_the_next_action_only() -> None:
    """A hit readies Thrust's +2; tapping a card is the next action, and spends it."""
    state = table(fighter(), foes=[[6], [6], [6]], faces=(5, 1, 1, 1))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert state.fighters[0].combo == {"Thrust": 2}
    step(state, {"Seat-1": Play("tap", card="Parry")})
    assert state.fighters[0].combo == {}


# --- abilities ----------------------------------------------------------------------------

def test_second_wind_untaps_a_defence_card_once_per_long_rest() -> None:
    me = fighter(abilities=("Second wind",))
    state = table(me)
    assert Play("use", card="Second wind") not in legal(state, "Seat-1")  # nothing tapped
    me.defence[1].state = "tapped"
    step(state, {"Seat-1": Play("use", card="Second wind")})
    assert states(me) == ["ready", "ready", "ready"]
    me.defence[1].state = "tapped"
    assert Play("use", card="Second wind") not in legal(state, "Seat-1")
    step(state, {"Seat-1": Play("rest")})
    me.defence[1].state = "tapped"
    assert Play("use", card="Second wind") in legal(state, "Seat-1")


def test_lay_on_hands_restores_an_allys_card_of_rating_2_or_less() -> None:
    cleric = fighter("Seat-1", abilities=("Lay on hands",))
    cleric.defence[0].state = "discarded"
    ally = fighter("Seat-2")
    ally.defence[1].state = ally.defence[2].state = "discarded"
    state = table(cleric, ally)
    uses = [play for play in legal(state, "Seat-1") if play.verb == "use"]
    assert uses == [Play("use", "Seat-2", "Lay on hands")]  # an ally, not the cleric
    with tallying() as tally:
        step(state, {"Seat-1": uses[0]})
    assert states(ally) == ["ready", "ready", "discarded"]
    assert tally.used["cardcrawl.class-ability.lay-on-hands"] == 1


def test_inspire_taps_a_gear_card_for_an_allys_plus_1() -> None:
    bard, ally = fighter("Seat-1", abilities=("Inspire",)), fighter("Seat-2")
    state = table(bard, ally, foes=[[6]])
    play = Play("use", "Seat-2", "Inspire", using="Salve")
    assert play in legal(state, "Seat-1") and parse_play(play.text) == play
    step(state, {"Seat-1": play})
    assert bard.cards[3].state == "tapped" and ally.focus == 1


def test_lucky_rolls_the_first_failed_check_of_the_session_again() -> None:
    """d12 1 fails, rolled again: 10 hits. The next failure stands."""
    state = table(fighter(abilities=("Lucky",)), foes=[[6], [6], [6]], faces=(1, 10, 1, 1, 1))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert state.rooms[1].enemies[0].standing == 2
    step(state, {"Seat-1": Play("attack", "goblin-1", "Thrust", "aggressive")})
    assert len(said(state, "miss")) == 1 and len(said(state, "ability")) == 1


def test_relentless_keeps_an_orc_up_until_the_end_of_the_next_exchange() -> None:
    orc = fighter(abilities=("Relentless",))
    orc.defence[1].state = orc.defence[2].state = "discarded"
    state = table(orc, foes=[[6]], faces=(12, 1))
    step(state, {"Seat-1": Play("wait")})  # the goblin hits: Parry goes
    assert not orc.ready_defence and not orc.incapacitated and state.ended is None
    step(state, {"Seat-1": Play("wait")})  # the next exchange ends: the orc falls
    assert orc.incapacitated and state.ended == "defeated"


def test_backstab_adds_2_against_a_foe_that_has_not_noticed_the_rogue() -> None:
    state = table(fighter(abilities=("Backstab",)), foes=[[12], [12], [12]],
                  faces=(5, 1, 1, 5))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert [hit["margin"] for hit in said(state, "hit")] == [3, 1]


def test_adaptable_lifts_the_first_roll_below_2_to_2() -> None:
    """No skill for Slash: d12 4 + 1 + 2 (Adaptable) = 7 ties 7; once a session."""
    human = fighter(skills={}, abilities=("Adaptable",))
    state = table(human, foes=[[6]], faces=(4, 1))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert any("4 + 3 = 7 vs 7" in event.text for event in state.events)
    assert "Adaptable" in human.spent
    assert skill_bonus(state, human, ("melee",)) == 0
