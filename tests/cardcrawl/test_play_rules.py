"""Playing Card Crawl: turns, attacks and their margins, combos, defence cards as hit points,
tapping, healing once per wound, long rests, the automated game master, the end."""

from __future__ import annotations

import pytest

from scripted_dice import Faces
from undercroft.errors import BadInput
from undercroft.rng import Stream
from undercroft.systems.cardcrawl.play.actions import Play, parse_play
from undercroft.systems.cardcrawl.play.checks import attack_difficulty
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.enemies import EnemyGroup
from undercroft.systems.cardcrawl.play.game_master import enemies_act
from undercroft.systems.cardcrawl.play.rules import legal, step, to_act
from undercroft.systems.cardcrawl.play.setup import new_game
from undercroft.systems.cardcrawl.play.state import (
    Attack,
    Card,
    CardCrawlState,
    Fighter,
    Room,
)


def fighter(seat: str = "Seat-1", skills: dict[str, int] | None = None) -> Fighter:
    slash = Attack("Slash", 1, ("melee",), 9, (("Thrust", 2),))
    thrust = Attack("Thrust", 1, ("melee",), 9, ())
    cards = [Card("Parry", "defence", 1, "ward", 1, ""),
             Card("Dodge", "defence", 2, "none", 0, ""),
             Card("Mail", "defence", 3, "none", 0, ""), Card("Salve", "gear", 0, "heal", 2, "")]
    return Fighter(seat, "The human Fighter", skills or {"melee": 2}, [slash, thrust], cards)


def table(*fighters: Fighter, foes: list[list[int]] | None = None,
          faces: tuple[int, ...] = ()) -> CardCrawlState:
    room = Room(1, 3, "Barracks", (0,), [EnemyGroup("goblin-1", "goblin", foes)] if foes else [])
    state = CardCrawlState(CardCrawlConfig(players=len(fighters)), 1, list(fighters), {1: room},
                           Stream(1), where=1, rests_left=1)
    state.dice = Faces(*faces)
    return state


def test_a_hit_takes_hit_dice_by_its_margin_and_readies_a_combo() -> None:
    """d12 8 + attack 1 + melee 2 = 11 vs 6 + a goblin's dodge 1: margin 4 takes the 1 and
    3 (two goblins)."""
    state = table(fighter(), foes=[[1], [3], [6]], faces=(8, 1))  # then the goblin misses
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert state.rooms[1].enemies[0].creatures == [[], [], [6]]
    assert state.fighters[0].combo == {"Thrust": 2}


def test_a_tie_misses_and_spends_the_combo() -> None:
    state = table(fighter(), foes=[[6]], faces=(4, 1))  # 4 + 1 + 2 = 7 vs 6 + 1
    state.fighters[0].combo = {"Thrust": 2}  # a combo for Thrust; Slash does not get it
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert state.rooms[1].enemies[0].standing == 1
    assert state.fighters[0].combo == {}


def test_an_attack_is_against_6_plus_the_foes_skill_moved_by_the_cards_difficulty() -> None:
    """Slash (difficulty 9) on a troll (endure +5): 6 + 5 = 11. d12 8 + 1 + melee 2 = 11
    ties and misses; 9 hits by 1. A card of difficulty 11 on a goblin (dodge +1): 6 + 1 + 2
    = 9. Under ``attack_against = "card"`` the card's 9 whatever the foe."""
    assert attack_difficulty(9, 5) == 11 and attack_difficulty(11, 1) == 9
    for face, standing in ((8, 1), (9, 0)):
        state = table(fighter(), foes=[[1]], faces=(face, 1, 1, 1))
        state.rooms[1].enemies[0].kind = "troll"
        step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
        assert state.rooms[1].enemies[0].standing == standing
    state = table(fighter(), foes=[[1]], faces=(7, 1, 1, 1))  # 7 + 3 = 10 vs 9: a hit
    state.config = CardCrawlConfig(attack_against="card")
    state.rooms[1].enemies[0].kind = "troll"
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert state.rooms[1].enemies[0].defeated


def test_a_character_rolls_with_skills_that_make_sense_and_foes_with_theirs() -> None:
    """A character whose one seam gives charm +5: Slash rolls with melee, +0 (d12 6 + 1 =
    7 vs 7 misses); a goblin's stab (+2) is against 6 + 0 (4 + 2 = 6 ties: a miss; 5
    hits). A lenient GM (``any_skill``) lets charm count both ways."""
    charming = fighter(skills={"charm": 5})
    state = table(charming, foes=[[1]], faces=(6, 4))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert state.rooms[1].enemies[0].standing == 1
    assert all(c.state == "ready" for c in charming.defence)
    state = table(fighter(skills={"charm": 5}), foes=[[1]], faces=(1, 5))
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert [c.state for c in state.fighters[0].defence] == ["discarded", "ready", "ready"]
    lenient = table(fighter(skills={"charm": 5}), foes=[[1], [1]], faces=(2, 3, 8))
    lenient.config = CardCrawlConfig(any_skill=True)  # 2 + 1 + 5 = 8 vs 7; 8 + 2 vs 11
    # (between them the goblins, half of them down, stay on a d6 of 3)
    step(lenient, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert lenient.rooms[1].enemies[0].standing == 1
    assert all(c.state == "ready" for c in lenient.fighters[0].defence)


def test_an_enemy_attacks_with_its_skill_at_attacking() -> None:
    """A kobold is only competent at stabbing: +0. d12 9 vs 6 + melee 2 = 8 hits by 1;
    a goblin (+2) rolling the same hits by 3."""
    for kind, lost in (("kobold", ["discarded", "ready", "ready"]),
                       ("goblin", ["ready", "ready", "discarded"])):
        state = table(fighter(), foes=[[4]], faces=(9,))
        state.rooms[1].enemies[0].kind = kind
        enemies_act(state)
        assert [c.state for c in state.fighters[0].defence] == lost, kind


def test_an_enemy_hit_discards_the_least_defence_covering_its_margin() -> None:
    """Goblin +2, aggressive d12 9 = 11 vs 6 + melee 2 = 8: margin 3 takes Mail (3), not
    Parry and Dodge... both total 3: the fewest cards go."""
    state = table(fighter(), foes=[[4]], faces=(9,))
    enemies_act(state)
    assert [c.state for c in state.fighters[0].defence] == ["ready", "ready", "discarded"]


def test_a_ward_takes_its_value_off_the_next_hit_before_the_next_turn() -> None:
    """Parry: "reduce the margin of one hit by 1". The goblin's 9 + 2 = 11 vs 8 hits by 3;
    the ward takes 1, so Dodge (2) goes, not Mail (3). Only one hit: the second goblin's
    identical hit takes 3 (Mail)."""
    state = table(fighter(), foes=[[4], [4]], faces=(9, 9))
    step(state, {"Seat-1": Play("tap", card="Parry")})
    assert [c.state for c in state.fighters[0].defence] == ["tapped", "discarded", "discarded"]
    assert state.fighters[0].ward == 0
    late = table(fighter(), foes=[[4]])
    late.fighters[0].ward = 2
    step(late, {"Seat-1": Play("wait")})  # a ward lasts until the holder's next turn
    assert late.fighters[0].ward == 0


def test_healing_brings_one_card_back_once_per_wound() -> None:
    state = table(fighter())
    me = state.fighters[0]
    me.defence[1].state = "discarded"  # Dodge (2)
    me.defence[2].state = "discarded"  # Mail (3): too big for a 2 heal
    assert Play("tap", card="Salve") in legal(state, "Seat-1")
    step(state, {"Seat-1": Play("tap", card="Salve")})
    assert [c.state for c in me.defence] == ["ready", "ready", "discarded"]
    assert me.healed
    me.cards[3].state = "ready"
    assert Play("tap", card="Salve") not in legal(state, "Seat-1")  # not again until hurt


def test_incapacitated_at_no_ready_defence_card_even_with_tapped_ones() -> None:
    me = fighter()
    me.defence[0].state = "tapped"
    me.defence[1].state = me.defence[2].state = "discarded"
    assert me.incapacitated


def test_a_long_rest_untaps_every_card_but_brings_none_back() -> None:
    state = table(fighter())
    me = state.fighters[0]
    me.defence[0].state = "tapped"
    me.defence[2].state = "discarded"
    step(state, {"Seat-1": Play("rest")})
    assert [c.state for c in me.defence] == ["ready", "ready", "discarded"]
    assert state.rests_left == 0
    assert Play("rest") not in legal(state, "Seat-1")


def test_seats_act_in_turn_and_an_illegal_choice_changes_nothing() -> None:
    state = table(fighter("Seat-1"), fighter("Seat-2"), foes=[[6]])
    assert to_act(state) == ["Seat-1"]
    with pytest.raises(BadInput, match="not their turn"):
        step(state, {"Seat-2": Play("wait")})
    with pytest.raises(BadInput, match="not possible now"):
        step(state, {"Seat-1": Play("move", "entrance")})  # enemies stand here
    assert state.steps == 0 and to_act(state) == ["Seat-1"]
    step(state, {"Seat-1": Play("wait")})
    assert to_act(state) == ["Seat-2"]


def test_the_game_ends_cleared_or_defeated() -> None:
    state = table(fighter(), foes=[[1]], faces=(12,))
    state.rooms[1].visited = True
    step(state, {"Seat-1": Play("attack", "goblin-1", "Slash", "aggressive")})
    assert state.ended == "cleared"
    lost = table(fighter(), foes=[[6]], faces=(12, 12, 12))
    me = lost.fighters[0]
    me.defence[0].state = me.defence[1].state = "discarded"
    step(lost, {"Seat-1": Play("wait")})
    assert lost.ended == "defeated"


def test_the_table_may_deal_larger_defence_cards() -> None:
    """Seed 004: "(or larger if the GM wants a lower-lethality game)"."""
    state = new_game(CardCrawlConfig(players=2, defence_ratings=(2, 3, 4)), 5)
    assert all(sorted(c.rating for c in f.defence) == [2, 3, 4] for f in state.fighters)
    with pytest.raises(ValueError, match="rated 1 to 9"):
        CardCrawlConfig(defence_ratings=(1, 2, 10))


def test_actions_read_back_from_their_text() -> None:
    for play in (Play("attack", "goblin-1", "Magic Missile", "cautious"),
                 Play("tap", card="Leather Armour"), Play("move", "room 4"),
                 Play("move", "entrance"), Play("rest"), Play("wait")):
        assert parse_play(play.text) == play
    with pytest.raises(BadInput, match="not a Card Crawl action"):
        parse_play("dance")


def test_a_new_game_seats_starting_characters_in_a_stocked_dungeon() -> None:
    state = new_game(CardCrawlConfig(players=2, rooms=8), 5)
    assert [f.seat for f in state.fighters] == ["Seat-1", "Seat-2"]
    for member in state.fighters:
        assert sorted(c.rating for c in member.defence) == [1, 2, 3]
        assert len(member.attacks) == 1 and member.attacks[0].bonus == 1
    assert len(state.rooms) == 8
    assert any(room.stock for room in state.rooms.values())
    assert all(room.stock for room in state.rooms.values() if room.size >= 4)
    for number, room in state.rooms.items():
        for link in room.links:
            assert link == 0 or number in state.rooms[link].links
