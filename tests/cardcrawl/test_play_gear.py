"""Gear acquired from adventuring: rooms hold it, a character takes it between encounters
(equipped within the equip limit, else carried) and swaps untapped gear between
encounters."""

from __future__ import annotations

from play_table import fighter, table

from undercroft.systems.cardcrawl.play.actions import Play, parse_play
from undercroft.systems.cardcrawl.play.config import CardCrawlConfig
from undercroft.systems.cardcrawl.play.rules import legal, step
from undercroft.systems.cardcrawl.play.setup import new_game
from undercroft.systems.cardcrawl.play.state import Card
from undercroft.systems.cardcrawl.play.view import view

ROPE = Card("Rope", "gear", 0, "boost", 2, "", content="cardcrawl.gear.rope",
            skills=("athletics",))


def test_rooms_hold_gear_as_often_as_loot_percent_says_and_enemies_stay_as_they_were() -> None:
    full = new_game(CardCrawlConfig(loot_percent=100), 3)
    bare = new_game(CardCrawlConfig(loot_percent=0), 3)
    assert all(len(room.gear) == 1 for room in full.rooms.values())
    assert not any(room.gear for room in bare.rooms.values())
    assert [r.stock for r in full.rooms.values()] == [r.stock for r in bare.rooms.values()]
    some = [len(r.gear) for seed in range(20)
            for r in new_game(CardCrawlConfig(), seed).rooms.values()]
    assert 0.25 < sum(some) / len(some) < 0.55  # loot_percent 40


def test_gear_is_taken_between_encounters_equipped_within_the_limit_else_carried() -> None:
    state = table(fighter(), foes=[[6]])
    state.rooms[1].gear.append(ROPE)
    assert Play("take", card="Rope") not in legal(state, "Seat-1")  # a goblin stands
    state = table(fighter())
    state.rooms[1].gear.append(ROPE)
    me = state.fighters[0]  # one gear equipped (Salve), a limit of one
    step(state, {"Seat-1": Play("take", card="Rope")})
    assert me.pack == [ROPE] and "rope" in me.owned and not state.rooms[1].gear
    roomy = table(fighter())
    roomy.rooms[1].gear.append(ROPE)
    roomy.fighters[0].equip_limit = 2
    step(roomy, {"Seat-1": Play("take", card="Rope")})
    assert [c.name for c in roomy.fighters[0].equipped] == ["Salve", "Rope"]


def test_no_card_is_owned_twice() -> None:
    state = table(fighter())
    state.rooms[1].gear.append(ROPE)
    state.fighters[0].owned.add("rope")
    assert Play("take", card="Rope") not in legal(state, "Seat-1")


def test_untapped_gear_is_swapped_between_encounters() -> None:
    state = table(fighter())
    me = state.fighters[0]
    me.pack.append(ROPE)
    swap = Play("swap", card="Salve", using="Rope")
    assert swap in legal(state, "Seat-1") and parse_play(swap.text) == swap
    me.cards[3].state = "tapped"
    assert swap not in legal(state, "Seat-1")  # "any piece ... that hasn't been tapped"
    me.cards[3].state = "ready"
    fight = table(fighter(), foes=[[6]])
    fight.fighters[0].pack.append(ROPE)
    assert swap not in legal(fight, "Seat-1")  # between encounters only
    step(state, {"Seat-1": swap})
    assert [c.name for c in me.equipped] == ["Rope"] and [c.name for c in me.pack] == ["Salve"]
    assert len(me.equipped) <= me.equip_limit


def test_gear_in_a_room_shows_once_the_party_has_been_in_it() -> None:
    state = table(fighter())
    state.rooms[2].gear.append(ROPE)
    seen = view(state, "Seat-1")
    assert "gear" not in next(r for r in seen["rooms"] if r["room"] == 2)
    step(state, {"Seat-1": Play("move", "room 2")})
    room = next(r for r in view(state, "Seat-1")["rooms"] if r["room"] == 2)
    assert [card["name"] for card in room["gear"]] == ["Rope"]
    assert parse_play("take Rope") == Play("take", card="Rope")
